import Foundation
import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// A modifier range's falloff eased by its cubic interpolator, checked against the curve
/// solved here by bisection (an independent path from the runtime's sampled Newton solver).
@Suite("Text modifier easing")
struct TextModifierEaseTests {
  /// y of the unit cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) where its x is `x`.
  static func eased(_ x: Float, _ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float) -> Float {
    func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if bezier(middle, Double(x1), Double(x2)) < Double(x) { low = middle } else { high = middle }
    }
    return Float(bezier((low + high) / 2, Double(y1), Double(y2)))
  }

  /// The alpha of each opacity bucket drawn, ascending.
  static func alphas(ease: (x1: Float, y1: Float, x2: Float, y2: Float)?) throws -> [UInt32] {
    let bytes = try TextTestFonts.sans()
    var fixture = TextFixture(fonts: [bytes], runs: [.init("abcdefgh")])
    // Opacity rising over the whole range: coverage (unit + 0.5) / 8 before easing.
    var modifier = TextFixture.Modifier(flags: 1 << 5)
    modifier.rangeFrom = 0
    modifier.rangeTo = 1
    modifier.falloffFrom = 1
    modifier.falloffTo = 1
    modifier.ease = ease
    fixture.modifiers = [modifier]
    var (instance, fonts) = try TextDrawTests.played(fixture)
    return TextDrawTests.drawPaths(instance.draw(text: fonts)).compactMap { $0.1.color }
      .map { $0 >> 24 }.sorted()
  }

  @Test("each glyph's opacity is the eased coverage of its place in the falloff")
  func easedFalloff() throws {
    let ease = (x1: Float(0.9), y1: Float(0.1), x2: Float(1), y2: Float(0.2))
    let expected = (0..<8).map { unit -> Float in
      Self.eased((Float(unit) + 0.5) / 8, ease.x1, ease.y1, ease.x2, ease.y2)
    }
    let drawn = try Self.alphas(ease: ease)
    #expect(drawn.count == 8)
    for (alpha, opacity) in zip(drawn, expected) {
      #expect(abs(Float(alpha) - opacity * 255) <= 1, "\(drawn) against \(expected)")
    }
    // Without the easing the same glyphs ramp linearly: other alphas.
    let linear = try Self.alphas(ease: nil)
    #expect(linear.count == 8)
    #expect(linear != drawn)
    for (unit, alpha) in linear.enumerated() {
      #expect(abs(Float(alpha) - (Float(unit) + 0.5) / 8 * 255) <= 1)
    }
  }
}
