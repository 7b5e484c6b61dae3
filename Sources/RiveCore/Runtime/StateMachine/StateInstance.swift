@_spi(RiveFormatInternals) import RiveFormat

/// The running part of a layer state: an animation's playback, a blend of several, or nothing.
///
/// The parts live in optional stored properties rather than in an enum's payloads, so a frame
/// advances and applies them in place (an enum's payload can only change by copying it out and
/// back, which retained every array a player holds, each frame).
struct StateInstance: Sendable {
  /// The state's index in its layer.
  let stateIndex: Int
  /// The animation of an animation state.
  private(set) var player: AnimationInstance?
  /// An animation state's speed.
  private let speed: Float
  /// Whether an animation state's animation still had time ahead after the last advance.
  private var playerKeepsGoing = true
  /// The animations of a blend state.
  private var blend: BlendPlayers?
  /// What a blend state reads its mixes from.
  private let blendSource: BlendSource
  /// A 1D blend state's reset of the properties its animations key (when the state resets).
  private let blendReset: AnimationResetSnapshot?

  /// Where a blend state's mixes come from.
  enum BlendSource: Sendable {
    case none
    case oneDimensional(StateMachineModel.BlendSource)
    case direct([StateMachineModel.BlendAnimationDirect.Source])
  }

  /// The animations of a blend state with their mixes and blend values.
  struct BlendPlayers: Sendable {
    var players: [AnimationInstance?]
    var mixes: [Float]
    var values: [Float]
  }

  /// (The state and the artboard are borrowed: as an initialiser's owned arguments, every state
  /// change copied both, retaining every reference the artboard instance holds.)
  init(
    stateIndex: Int, state: borrowing StateMachineModel.State,
    artboard: borrowing ArtboardInstance
  ) {
    self.stateIndex = stateIndex
    let animations = artboard.model.animations
    // An animation state's instance takes the state's speed as its multiplier, so a state
    // playing backwards starts at its animation's end (rive-runtime
    // `animation_state_instance.cpp`); blend states' animations start at their start.
    func player(_ index: Int?, speed: Float = 1) -> AnimationInstance {
      if let index, index < animations.count {
        return AnimationInstance(animation: animations[index], index: index, speedMultiplier: speed)
      }
      return AnimationInstance(animation: .empty, index: -1, speedMultiplier: speed)
    }
    var speed: Float = 1
    var source = BlendSource.none
    var reset: AnimationResetSnapshot?
    switch state.kind {
    case .animation(let index, let stateSpeed):
      self.player = player(index, speed: stateSpeed)
      speed = stateSpeed
    case .blend1D(let oneDimensional, let blends):
      blend = BlendPlayers(
        players: blends.map { blend in blend.animation.map { player($0) } },
        mixes: [Float](filling: 0, count: blends.count), values: blends.map(\.value))
      if state.resets {
        reset = AnimationResetSnapshot(
          animations: blends.compactMap { $0.animation.map { animations[$0] } }, artboard: artboard,
          useFirstAsBaseline: true)
      }
      source = .oneDimensional(oneDimensional)
    case .blendDirect(let blends):
      blend = BlendPlayers(
        players: blends.map { blend in blend.animation.map { player($0) } },
        mixes: [Float](filling: 0, count: blends.count), values: [])
      source = .direct(blends.map(\.source))
    case .entry, .exit, .any, .system:
      break
    }
    self.speed = speed
    blendSource = source
    blendReset = reset
  }

  /// Whether this is an animation state.
  var isAnimationState: Bool { player != nil }

  var keepGoing: Bool {
    if player != nil { return playerKeepsGoing }
    return blend != nil
  }

  mutating func clearSpilledTime() { player?.clearSpilledTime() }

  /// Moves an animation state's animation to `seconds` (a pause on exit).
  mutating func setTime(_ seconds: Float) { player?.setTime(seconds) }

  /// Advances the state's animations; blend mixes are read from the machine's inputs and
  /// bindable values.
  mutating func advance(
    _ seconds: Float, inputs: [InputValue], bindable: RecordMap<Float>,
    callbacks: inout [KeyedCallbackReport]
  ) {
    if player != nil {
      playerKeepsGoing = player?.advance(seconds * speed, callbacks: &callbacks) ?? false
      return
    }
    guard blend != nil else { return }
    blend?.advancePlayers(seconds, callbacks: &callbacks)
    switch blendSource {
    case .oneDimensional(let source):
      var value: Float = 0
      switch source {
      case .input(let index):
        if index < inputs.count, case .number(let number) = inputs[index] { value = number }
      case .bindable(let record):
        value = bindable[record] ?? 0
      case .none:
        break
      }
      blend?.updateMixes1D(value)
    case .direct(let sources):
      for (index, source) in sources.enumerated() {
        switch source {
        case .mixValue(let value):
          blend?.mixes[index] = min(1, max(0, value / 100))
        case .bindable(let record):
          guard let record, let value = bindable[record] else { continue }
          blend?.mixes[index] = min(1, max(0, value / 100))
        case .input(let input):
          var value: Float = 0
          if input < inputs.count, case .number(let number) = inputs[input] { value = number }
          blend?.mixes[index] = min(1, max(0, value / 100))
        }
      }
    case .none:
      break
    }
  }

  func apply(to artboard: inout ArtboardInstance, mix: Float) {
    if player != nil {
      player?.apply(to: &artboard, mix: mix)
      return
    }
    blendReset?.apply(to: &artboard)
    blend?.apply(to: &artboard, mix: mix)
  }

  /// The times a transition's exit time is measured against: those of the state's animation,
  /// or of blend animation `blendIndex` for a blend state's transition.
  struct ExitClock {
    var lastTotalTime: Float
    var totalTime: Float
    var startSeconds: Float
    var durationSeconds: Float
    var loop: LoopMode
  }

  /// The exit clock of the animation state's player or of blend animation `blendIndex`; nil
  /// when there is no such animation. Read in place (no player is copied).
  func exitClock(_ blendIndex: Int?) -> ExitClock? {
    if player != nil {
      guard blendIndex == nil else { return nil }
      return player?.exitClock
    }
    guard let blendIndex, blendIndex >= 0, blendIndex < (blend?.players.count ?? 0) else {
      return nil
    }
    return blend?.players[blendIndex]?.exitClock
  }

  /// The duration of an animation state's animation, in seconds (nil for other states).
  var animationDurationSeconds: Float? {
    guard let index = player?.animationIndex, index >= 0 else { return nil }
    return player?.animation.durationSeconds
  }
}

extension StateInstance.BlendPlayers {
  mutating func advancePlayers(_ seconds: Float, callbacks: inout [KeyedCallbackReport]) {
    for index in players.indices where players[index]?.keepGoing == true {
      players[index]?.advance(seconds, callbacks: &callbacks)
    }
  }

  /// Picks the two animations around `value` and their mixes (binary search over the blend
  /// values in file order, as the official runtime does).
  mutating func updateMixes1D(_ value: Float) {
    var index = 0
    var start = 0
    var end = values.count - 1
    while start <= end {
      let middle = (start + end) >> 1
      let closest = values[middle]
      if closest < value {
        start = middle + 1
      } else if closest > value {
        end = middle - 1
      } else {
        start = middle
        index = middle
        break
      }
      index = start
    }
    let count = values.count
    let hasTo = index >= 0 && index < count
    let hasFrom = index - 1 >= 0 && index - 1 < count
    let toValue: Float = hasTo ? values[index] : 0
    let fromValue: Float = hasFrom ? values[index - 1] : 0
    var mix: Float = 1
    var mixFrom: Float = 1
    if hasTo && hasFrom && toValue != fromValue {
      mix = (value - fromValue) / (toValue - fromValue)
      mixFrom = 1 - mix
    }
    for position in 0..<count {
      let animationValue = values[position]
      if hasTo && animationValue == toValue {
        mixes[position] = mix
      } else if hasFrom && animationValue == fromValue {
        mixes[position] = mixFrom
      } else {
        mixes[position] = 0
      }
    }
  }

  func apply(to artboard: inout ArtboardInstance, mix: Float) {
    for index in players.indices {
      let strength = mix * mixes[index]
      if strength == 0 { continue }
      players[index]?.apply(to: &artboard, mix: strength)
    }
  }
}

extension LinearAnimationModel {
  /// The animation an animation state plays when its animation is missing: nothing keyed.
  static let empty = LinearAnimationModel(
    name: "", fps: 60, duration: 60, speed: 1, loop: .oneShot, workStart: UInt32.max,
    workEnd: UInt32.max, enableWorkArea: false, quantize: false, keyedObjects: [])
}
