import Foundation
import RiveFixtures
import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// Path effects on text paints: a trim path or dash path runs on all of a style's glyphs
/// together, and what it leaves is drawn. Lengths are measured here by sampling the curves
/// (independently of the package's path measure).
@Suite("Text path effects")
struct TextPathEffectTests {
  /// The length of a path's commands, each cubic sampled in 256 chords (a close adds the
  /// segment back to its contour's start).
  static func length(_ path: RenderPath) -> Double {
    var total = 0.0
    var current = (x: 0.0, y: 0.0)
    var start = current
    func to(_ x: Double, _ y: Double) {
      total += hypot(x - current.x, y - current.y)
      current = (x, y)
    }
    for command in path.commands {
      switch command {
      case .move(let x, let y):
        current = (Double(x), Double(y))
        start = current
      case .line(let x, let y):
        to(Double(x), Double(y))
      case .cubic(let x1, let y1, let x2, let y2, let x, let y):
        let p0 = current
        for i in 1...256 {
          let t = Double(i) / 256
          let u = 1 - t
          let a = u * u * u
          let b = 3 * u * u * t
          let c = 3 * u * t * t
          let d = t * t * t
          to(
            a * p0.x + b * Double(x1) + c * Double(x2) + d * Double(x),
            a * p0.y + b * Double(y1) + c * Double(y2) + d * Double(y))
        }
      case .close:
        to(start.x, start.y)
      }
    }
    return total
  }

  static func drawn(_ style: TextFixture.Style, modifiers: [TextFixture.Modifier] = [])
    throws -> [(RenderPath, RenderPaint)]
  {
    var fixture = TextFixture(
      fonts: [try TextTestFonts.sans()], styles: [style], runs: [.init("Trim me")])
    fixture.modifiers = modifiers
    var (instance, fonts) = try TextDrawTests.played(fixture)
    return TextDrawTests.drawPaths(instance.draw(text: fonts))
  }

  @Test("a sequential trim on a fill keeps that share of all the glyphs' outline")
  func trimmedFill() throws {
    let whole = try Self.drawn(.init(fontSize: 40))
    #expect(whole.count == 1)
    var trimmed = TextFixture.Style(fontSize: 40)
    trimmed.fillTrim = (start: 0.1, end: 0.6, offset: 0, mode: 1)
    let drawn = try Self.drawn(trimmed)
    #expect(drawn.count == 1)
    let ratio = Self.length(drawn[0].0) / Self.length(whole[0].0)
    // Half of the outline, each cut contour closed back to its start (a fill is closed).
    #expect(ratio > 0.5 && ratio < 0.75, "\(ratio)")
    #expect(drawn[0].0.fillRule == .clockwise)
  }

  @Test("a dash on a stroke draws its dashes' share of the outline; on a fill it does nothing")
  func dashedStroke() throws {
    var style = TextFixture.Style(
      fontSize: 40, fill: nil, stroke: (thickness: 2, color: 0xFFFF_0000))
    let whole = try Self.drawn(style)
    style.strokeDashes = [6, 3]
    let dashed = try Self.drawn(style)
    #expect(whole.count == 1 && dashed.count == 1)
    let ratio = Self.length(dashed[0].0) / Self.length(whole[0].0)
    #expect(abs(ratio - 2.0 / 3.0) < 0.05, "\(ratio)")
    #expect(dashed[0].1.style == .stroke)
  }

  @Test("every opacity of a modified style draws the effect's path")
  func effectForEveryOpacity() throws {
    var style = TextFixture.Style(fontSize: 40)
    style.fillTrim = (start: 0.05, end: 0.9, offset: 0, mode: 1)
    var modifier = TextFixture.Modifier(flags: 1 << 5)
    modifier.opacity = 0.5
    modifier.falloffFrom = 0.5
    let drawn = try Self.drawn(style, modifiers: [modifier])
    #expect(drawn.count > 1)
    #expect(Set(drawn.map(\.0)).count == 1)
    #expect(Set(drawn.compactMap { $0.1.color }).count == drawn.count)
  }
}
