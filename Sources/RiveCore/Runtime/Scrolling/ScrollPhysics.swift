import Foundation

/// The physics of one scroll constraint: how a released drag carries on and settles, as the
/// official runtime's clamped and elastic scroll physics do. Times are the pointer events'
/// (the runtime's deterministic mode), so a scripted drag plays the same every time.
struct ScrollPhysics: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    /// Stops at the range's ends, at once.
    case clamped
    /// Carries on with the release speed, slowed by friction; past an end it stretches by the
    /// elastic factor and springs back.
    case elastic(friction: Float, speedMultiplier: Float, elasticFactor: Float)
  }

  let kind: Kind
  /// The time of the last drag movement (seconds).
  private var lastTime: Float = 0
  /// The drag's speed and acceleration (points per second, and per second squared).
  private(set) var speed: (x: Float, y: Float) = (0, 0)
  private var acceleration: (x: Float, y: Float) = (0, 0)
  private var baseRunning = false
  /// Clamped physics: the value it settles at.
  private var settled: (x: Float, y: Float) = (0, 0)
  /// Elastic physics: one helper per scrolled axis while a drag or its settling lasts.
  private(set) var axisX: ElasticAxis?
  private(set) var axisY: ElasticAxis?

  init(kind: Kind) { self.kind = kind }

  static func == (a: ScrollPhysics, b: ScrollPhysics) -> Bool {
    a.kind == b.kind && a.lastTime == b.lastTime && a.speed == b.speed
      && a.acceleration == b.acceleration && a.baseRunning == b.baseRunning
      && a.settled == b.settled && a.axisX == b.axisX && a.axisY == b.axisY
  }

  /// Whether the physics decides the clamp (elastic while an axis helper exists, clamped while
  /// it runs).
  var isEnabled: Bool {
    switch kind {
    case .clamped: return baseRunning
    case .elastic: return axisX != nil || axisY != nil
    }
  }

  /// Whether the offset still moves on its own.
  var isRunning: Bool {
    switch kind {
    case .clamped: return baseRunning
    case .elastic: return axisX?.isRunning == true || axisY?.isRunning == true
    }
  }

  /// The drag starts: the speed is forgotten and (elastic) an axis helper made per direction
  /// (0 horizontal, 1 vertical, 2 both).
  mutating func prepare(direction: UInt32) {
    reset()
    guard case .elastic(let friction, let multiplier, let factor) = kind else { return }
    if direction == 0 || direction == 2 {
      axisX = ElasticAxis(friction: friction, speedMultiplier: multiplier, elasticFactor: factor)
    }
    if direction == 1 || direction == 2 {
      axisY = ElasticAxis(friction: friction, speedMultiplier: multiplier, elasticFactor: factor)
    }
  }

  mutating func stop() {
    baseRunning = false
    speed = (0, 0)
  }

  mutating func reset() {
    lastTime = 0
    speed = (0, 0)
    acceleration = (0, 0)
    stop()
    axisX = nil
    axisY = nil
  }

  mutating func clearVelocity() { speed = (0, 0) }

  /// A drag moved by `delta` at `time`: the speed and acceleration follow. A `stamped` time
  /// (a pointer event's time stamp, as the runtime's deterministic mode takes it) is kept as
  /// the runtime keeps it, in its integer clock: its whole seconds, so the next stamp's
  /// elapsed time counts from there (stamps of 0.016 each time are 0.016 s apart).
  mutating func accumulate(_ delta: (x: Float, y: Float), time: Float, stamped: Bool = false) {
    let elapsed = time - lastTime
    lastTime = stamped ? time.rounded(.towardZero) : time
    guard elapsed > 0 else { return }
    let last = speed
    speed = (delta.x / elapsed, delta.y / elapsed)
    acceleration = ((last.x + speed.x) / elapsed, (last.y + speed.y) / elapsed)
  }

  /// The offset as drawn: clamped into the range, or stretched past it (elastic).
  func clamp(
    rangeMin: (x: Float, y: Float), rangeMax: (x: Float, y: Float), value: (x: Float, y: Float)
  ) -> (x: Float, y: Float) {
    switch kind {
    case .clamped:
      return (
        Float.minimum(Float.maximum(rangeMin.x, value.x), rangeMax.x),
        Float.minimum(Float.maximum(rangeMin.y, value.y), rangeMax.y)
      )
    case .elastic:
      return (
        axisX?.clamp(rangeMin.x, rangeMax.x, value.x) ?? 0,
        axisY?.clamp(rangeMin.y, rangeMax.y, value.y) ?? 0
      )
    }
  }

  /// The drag ended: the offset carries on from `value` within the range (towards the snap
  /// point nearest where it would stop, when snapping).
  mutating func run(
    rangeMin: (x: Float, y: Float), rangeMax: (x: Float, y: Float), value: (x: Float, y: Float),
    snapPoints: [(x: Float, y: Float)], contentSize: Float, viewportSize: Float
  ) {
    baseRunning = true
    switch kind {
    case .clamped:
      settled = clamp(rangeMin: rangeMin, rangeMax: rangeMax, value: value)
    case .elastic:
      let acceleration = self.acceleration
      axisX?.run(
        acceleration: acceleration.x, rangeMin: rangeMin.x, rangeMax: rangeMax.x, value: value.x,
        snapPoints: snapPoints.map(\.x), contentSize: contentSize)
      axisY?.run(
        acceleration: acceleration.y, rangeMin: rangeMin.y, rangeMax: rangeMax.y, value: value.y,
        snapPoints: snapPoints.map(\.y), contentSize: contentSize)
    }
  }

  /// Moves on by `elapsed` seconds; the new offset.
  mutating func advance(_ elapsed: Float) -> (x: Float, y: Float) {
    switch kind {
    case .clamped:
      stop()
      return settled
    case .elastic:
      let previous = (axisX?.current ?? 0, axisY?.current ?? 0)
      let x = axisX?.advance(elapsed) ?? 0
      let y = axisY?.advance(elapsed) ?? 0
      if elapsed > 0 { speed = ((x - previous.0) / elapsed, (y - previous.1) / elapsed) }
      if axisX?.isRunning != true && axisY?.isRunning != true { reset() }
      return (x, y)
    }
  }

  /// Settles towards `target` without a fling (a scroll to an item).
  mutating func scroll(
    from current: (x: Float, y: Float), to target: (x: Float, y: Float),
    rangeMin: (x: Float, y: Float), rangeMax: (x: Float, y: Float), horizontal: Bool,
    vertical: Bool
  ) {
    guard case .elastic(let friction, let multiplier, let factor) = kind else { return }
    if horizontal {
      if axisX == nil {
        axisX = ElasticAxis(friction: friction, speedMultiplier: multiplier, elasticFactor: factor)
      }
      axisX?.settle(from: current.x, to: target.x, rangeMin: rangeMin.x, rangeMax: rangeMax.x)
    }
    if vertical {
      if axisY == nil {
        axisY = ElasticAxis(friction: friction, speedMultiplier: multiplier, elasticFactor: factor)
      }
      axisY?.settle(from: current.y, to: target.y, rangeMin: rangeMin.y, rangeMax: rangeMax.y)
    }
  }
}

/// Elastic physics along one axis: a fling slowed by friction (four times harder past an end),
/// then an ease to its target (the range's end, where it stopped, or a snap point).
struct ElasticAxis: Sendable, Equatable {
  var friction: Float
  let speedMultiplier: Float
  let elasticFactor: Float
  private(set) var target: Float = 0
  private(set) var current: Float = 0
  private var speed: Float = 0
  private var snapTarget: Float = .nan
  private var runMin: Float = 0
  private var runMax: Float = 0
  private(set) var isRunning = false

  init(friction: Float, speedMultiplier: Float, elasticFactor: Float) {
    self.friction = friction
    self.speedMultiplier = speedMultiplier
    self.elasticFactor = elasticFactor
  }

  static func == (a: ElasticAxis, b: ElasticAxis) -> Bool {
    a.friction == b.friction && a.target == b.target && a.current == b.current
      && a.speed == b.speed && a.isRunning == b.isRunning
      && (a.snapTarget == b.snapTarget || (a.snapTarget.isNaN && b.snapTarget.isNaN))
  }

  /// Past an end the offset stretches by the elastic factor's power of the overshoot.
  func clamp(_ rangeMin: Float, _ rangeMax: Float, _ value: Float) -> Float {
    if value < rangeMin { return rangeMin - powf(-(value - rangeMin), elasticFactor) }
    // As the runtime writes it (the range's maximum is 0 for a finite scroll).
    if value > rangeMax { return rangeMax + powf(value + rangeMax, elasticFactor) }
    return value
  }

  mutating func run(
    acceleration: Float, rangeMin: Float, rangeMax: Float, value: Float, snapPoints: [Float],
    contentSize: Float
  ) {
    isRunning = true
    runMin = rangeMin
    runMax = rangeMax
    speed = abs(acceleration) > 100 ? acceleration * 0.16 * 0.16 * 0.1 * speedMultiplier : 0
    target = value < rangeMin ? rangeMin : (value > rangeMax ? rangeMax : value)
    current = value
    guard !snapPoints.isEmpty else {
      snapTarget = .nan
      return
    }
    let unbounded = rangeMax == .infinity
    let endTarget = -(current + speed / friction)
    let section = contentSize != 0 ? contentSize : 1
    let multiple = unbounded ? (endTarget / section).rounded(.down) : 0
    var modEnd = endTarget
    if unbounded {
      modEnd = fmodf(endTarget, section)
      if modEnd < 0 { modEnd += section }
    }
    let maxTarget: Float = unbounded ? .infinity : -rangeMin
    var closest = Float.greatestFiniteMagnitude
    var snap: Float = 0
    for point in snapPoints {
      let distance = abs(point - modEnd)
      if distance < closest {
        closest = distance
        snap = point + multiple * section
      }
    }
    if maxTarget != .infinity, abs(maxTarget - modEnd) < closest {
      snap = maxTarget
    }
    snap = Float.minimum(snap, maxTarget)
    speed = -(snap + current) * friction
    snapTarget = -snap
  }

  mutating func advance(_ elapsed: Float) -> Float {
    if speed != 0 {
      current += speed * elapsed
      if current < runMin || current > runMax { friction *= 4 }
      speed += -speed * Float.minimum(1, elapsed * friction)
      if abs(speed) < 5 || !speed.isFinite {
        speed = 0
        target = current < runMin ? runMin : (current > runMax ? runMax : current)
      }
      return current
    }
    let difference = target - current
    if abs(difference) < 0.1 || !difference.isFinite {
      current = snapTarget.isNaN ? target : snapTarget
      isRunning = false
    } else {
      current += difference * Float.minimum(1, elapsed * 15)
    }
    return current
  }

  mutating func settle(from current: Float, to target: Float, rangeMin: Float, rangeMax: Float) {
    isRunning = true
    runMin = rangeMin
    runMax = rangeMax
    self.current = current
    self.target = target
    speed = 0
    snapTarget = .nan
  }
}
