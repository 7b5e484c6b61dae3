import Foundation
import RiveFormat

/// A keyframe or transition easing: cubic Bézier on time, cubic Bézier on value, or elastic.
enum Interpolator: Sendable {
  /// Eases the interpolation factor along a cubic Bézier (x1, y1, x2, y2 in 0…1).
  case cubicEase(CubicCurve, y1: Float, y2: Float)
  /// Interpolates the value itself along a cubic whose inner control values are y1 and y2.
  case cubicValue(CubicCurve, y1: Float, y2: Float)
  /// An elastic ease (in, out or in-out).
  case elastic(ElasticCurve)

  /// The eased factor for `factor` in 0…1.
  func transform(_ factor: Float) -> Float {
    switch self {
    case .cubicEase(let curve, let y1, let y2):
      return CubicCurve.bezier(curve.parameter(forX: factor), y1, y2)
    case .cubicValue:
      // A value curve has no factor form; the official runtime passes the factor through.
      return factor
    case .elastic(let curve):
      return curve.transform(factor)
    }
  }

  /// The value between `from` and `to` at `factor`.
  func transformValue(from: Float, to: Float, factor: Float) -> Float {
    switch self {
    case .cubicEase, .elastic:
      return from + (to - from) * transform(factor)
    case .cubicValue(let curve, let y1, let y2):
      let a = to + 3 * (y1 - y2) - from
      let b = 3 * (y2 - y1 * 2 + from)
      let c = 3 * (y1 - from)
      let t = curve.parameter(forX: factor)
      return ((a * t + b) * t + c) * t + from
    }
  }
}

/// The x part of a unit cubic Bézier, solved for t by table lookup, Newton steps and bisection
/// (the same sample table, iteration counts and thresholds as the official runtime, so eased
/// values agree to the last bits).
struct CubicCurve: Sendable {
  static let sampleCount = 11
  static let sampleStep: Float = 1.0 / Float(sampleCount - 1)

  let x1: Float
  let x2: Float
  /// Held inline, so that a curve (and a keyframe or transition holding one) is plain data:
  /// copying it retains nothing.
  private let samples: InlineArray<11, Float>

  init(x1: Float, x2: Float) {
    self.x1 = x1
    self.x2 = x2
    var values = InlineArray<11, Float>(repeating: 0)
    for index in 0..<CubicCurve.sampleCount {
      values[index] = CubicCurve.bezier(Float(index) * CubicCurve.sampleStep, x1, x2)
    }
    samples = values
  }

  /// One coordinate of the curve at `t`, for control values `a1` and `a2`.
  @inline(__always)
  static func bezier(_ t: Float, _ a1: Float, _ a2: Float) -> Float {
    (((1 - 3 * a2 + 3 * a1) * t + (3 * a2 - 6 * a1)) * t + (3 * a1)) * t
  }

  @inline(__always)
  private static func slope(_ t: Float, _ a1: Float, _ a2: Float) -> Float {
    3 * (1 - 3 * a2 + 3 * a1) * t * t + 2 * (3 * a2 - 6 * a1) * t + (3 * a1)
  }

  /// The curve parameter t whose x is `x`.
  func parameter(forX x: Float) -> Float {
    var intervalStart: Float = 0
    var current = 1
    let last = CubicCurve.sampleCount - 1
    while current != last && samples[current] <= x {
      intervalStart += CubicCurve.sampleStep
      current += 1
    }
    current -= 1
    let distance = (x - samples[current]) / (samples[current + 1] - samples[current])
    var guess = intervalStart + distance * CubicCurve.sampleStep
    let initialSlope = CubicCurve.slope(guess, x1, x2)
    if initialSlope >= 0.001 {
      for _ in 0..<4 {
        let currentSlope = CubicCurve.slope(guess, x1, x2)
        if currentSlope == 0 { return guess }
        let currentX = CubicCurve.bezier(guess, x1, x2) - x
        guess -= currentX / currentSlope
      }
      return guess
    }
    if initialSlope == 0 { return guess }
    var upper = intervalStart + CubicCurve.sampleStep
    var t: Float = 0
    var iteration = 0
    var currentX: Float = 0
    repeat {
      t = intervalStart + (upper - intervalStart) / 2
      currentX = CubicCurve.bezier(t, x1, x2) - x
      if currentX > 0 { upper = t } else { intervalStart = t }
      iteration += 1
    } while abs(currentX) > 0.000_000_1 && iteration < 10
    return t
  }
}

/// An elastic ease with an amplitude and a period.
struct ElasticCurve: Sendable {
  enum Easing: UInt32, Sendable {
    case easeIn = 0
    case easeOut = 1
    case easeInOut = 2
  }

  let easing: Easing
  let amplitude: Float
  let period: Float
  private let s: Float

  init(easing: Easing, amplitude: Float, period: Float) {
    self.easing = easing
    self.amplitude = amplitude
    let actualPeriod = period == 0 ? 0.5 : period
    self.period = actualPeriod
    s =
      amplitude < 1
      ? actualPeriod / 4 : actualPeriod / (2 * Float.pi) * asinf(1 / amplitude)
  }

  private func actualAmplitude(_ time: Float) -> Float {
    if amplitude < 1 {
      let t = abs(s)
      let absTime = abs(time)
      if absTime < t {
        let l = absTime / t
        return amplitude * l + (1 - l)
      }
    }
    return amplitude
  }

  func transform(_ factor: Float) -> Float {
    let twoPi = 2 * Float.pi
    switch easing {
    case .easeOut:
      let time = factor
      return actualAmplitude(time) * powf(2, 10 * -time) * sinf((time - s) * twoPi / period) + 1
    case .easeIn:
      let time = factor - 1
      return -(actualAmplitude(time) * powf(2, 10 * time) * sinf((-time - s) * twoPi / period))
    case .easeInOut:
      let time = factor * 2 - 1
      let amplitude = actualAmplitude(time)
      if time < 0 {
        return -0.5 * amplitude * powf(2, 10 * time) * sinf((-time - s) * twoPi / period)
      }
      return 0.5 * (amplitude * powf(2, 10 * -time) * sinf((time - s) * twoPi / period)) + 1
    }
  }
}
