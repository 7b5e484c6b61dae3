import Foundation
import RiveDisplayList
import RiveRaster
import Testing

/// Exact pixel checks on display lists built by hand.
@Suite("Pixels")
struct PixelTests {
  @Test("a rectangle of known colour lands at known coordinates")
  func rectangle() throws {
    let frame = try Draw.render([.drawPath(Draw.rect(5, 5, 10, 10), Draw.fill(0xFF33_66CC))])
    #expect(frame.width == 20 && frame.height == 20 && frame.rgba.count == 1600)
    for y in 0..<20 {
      for x in 0..<20 {
        let inside = (5..<15).contains(x) && (5..<15).contains(y)
        #expect(Pixel(frame, x, y) == (inside ? Pixel(0x33, 0x66, 0xCC, 255) : .clear), "\(x),\(y)")
      }
    }
  }

  @Test("a transform moves and scales; a half-covered pixel is half covered")
  func transformAndAntialiasing() throws {
    let frame = try Draw.render([
      .transform(Transform2D(xx: 2, xy: 0, yx: 0, yy: 2, tx: 3, ty: 1)),
      .drawPath(Draw.rect(1, 1, 2.25, 3), Draw.fill(0xFFFF_0000)),
    ])
    // (1, 1)–(3.25, 4) maps to (5, 3)–(9.5, 9).
    #expect(Pixel(frame, 5, 3) == Pixel(255, 0, 0, 255))
    #expect(Pixel(frame, 8, 8) == Pixel(255, 0, 0, 255))
    #expect(Pixel(frame, 4, 5) == .clear)
    #expect(Pixel(frame, 7, 9) == .clear)
    let edge = Pixel(frame, 9, 5)
    #expect(edge.red == 255 && abs(edge.alpha - 128) <= 1, "\(edge)")
  }

  @Test("nonZero fills nested same-direction squares; evenOdd leaves the inner one empty")
  func fillRules() throws {
    func nested(_ rule: FillRule) -> RenderPath {
      RenderPath(
        fillRule: rule,
        commands: Draw.rect(2, 2, 16, 16).commands + Draw.rect(6, 6, 8, 8).commands)
    }
    let nonZero = try Draw.render([.drawPath(nested(.nonZero), Draw.fill(0xFF00_FF00))])
    let evenOdd = try Draw.render([.drawPath(nested(.evenOdd), Draw.fill(0xFF00_FF00))])
    #expect(Pixel(nonZero, 10, 10) == Pixel(0, 255, 0, 255))
    #expect(Pixel(evenOdd, 10, 10) == .clear)
    #expect(Pixel(evenOdd, 3, 3) == Pixel(0, 255, 0, 255))
  }

  @Test("clockwise fills only positive winding, counted in the path's own space")
  func clockwise() throws {
    let green = Draw.fill(0xFF00_FF00)
    // A lone counterclockwise square draws nothing; clockwise draws.
    let counter = Draw.rect(2, 2, 10, 10, fillRule: .clockwise, clockwise: false)
    #expect(try Draw.render([.drawPath(counter, green)]).isBlank)
    let nonZeroCounter = Draw.rect(2, 2, 10, 10, fillRule: .nonZero, clockwise: false)
    #expect(Pixel(try Draw.render([.drawPath(nonZeroCounter, green)]), 5, 5).alpha == 255)
    // A clockwise square with a counterclockwise hole, and a counterclockwise square apart.
    let mixed = RenderPath(
      fillRule: .clockwise,
      commands: Draw.rect(1, 1, 9.5, 18).commands
        + Draw.rect(3, 3, 4, 4, clockwise: false).commands
        + Draw.rect(12, 2, 6, 6, clockwise: false).commands)
    let frame = try Draw.render([.drawPath(mixed, green)])
    #expect(Pixel(frame, 2, 10) == Pixel(0, 255, 0, 255))
    #expect(Pixel(frame, 4, 4) == .clear)
    #expect(Pixel(frame, 14, 4) == .clear)
    // The anti-aliased edge at x = 10.5 is exactly as without the extra contours.
    let edge = Pixel(frame, 10, 10)
    #expect(edge.green == 255 && abs(edge.alpha - 128) <= 1, "\(edge)")
    // A mirrored transform keeps the path's clockwise contours filled.
    let mirrored = try Draw.render([
      .transform(Transform2D(xx: -1, xy: 0, yx: 0, yy: 1, tx: 20, ty: 0)),
      .drawPath(mixed, green),
    ])
    #expect(Pixel(mirrored, 17, 10) == Pixel(0, 255, 0, 255))
    #expect(Pixel(mirrored, 5, 4) == .clear)
  }

  @Test("strokes honour thickness and caps")
  func strokes() throws {
    func line(cap: RenderPaint.Cap) throws -> RasterFrame {
      let path = RenderPath(fillRule: .nonZero, commands: [.move(4, 10), .line(16, 10)])
      let paint = RenderPaint(style: .stroke, color: 0xFF00_00FF, thickness: 4, cap: cap)
      return try Draw.render([.drawPath(path, paint)])
    }
    let butt = try line(cap: .butt)
    #expect(Pixel(butt, 10, 8) == Pixel(0, 0, 255, 255))
    #expect(Pixel(butt, 10, 11) == Pixel(0, 0, 255, 255))
    #expect(Pixel(butt, 10, 12) == .clear)
    #expect(Pixel(butt, 3, 10) == .clear)
    let square = try line(cap: .square)
    #expect(Pixel(square, 3, 10) == Pixel(0, 0, 255, 255))
    #expect(Pixel(square, 2, 10) == Pixel(0, 0, 255, 255))
    #expect(Pixel(square, 1, 10) == .clear)
  }

  @Test("miter joins beyond the runtime's limit of 4 are bevelled")
  func miterLimit() throws {
    func draw(_ commands: [PathCommand], join: RenderPaint.Join) throws -> RasterFrame {
      let paint = RenderPaint(style: .stroke, color: 0xFF00_0000, thickness: 4, join: join)
      return try Draw.render(
        [.drawPath(RenderPath(fillRule: .nonZero, commands: commands), paint)], width: 40,
        height: 40)
    }
    // A right angle (miter ratio √2) keeps its point...
    let right: [PathCommand] = [.move(5, 35), .line(20, 20), .line(35, 35)]
    #expect(try draw(right, join: .miter) != draw(right, join: .bevel))
    // ...a 12° spike (ratio 1 / sin 6° ≈ 9.6) is bevelled.
    let spike: [PathCommand] = [.move(18, 39), .line(20, 20), .line(22, 39)]
    #expect(try draw(spike, join: .miter) == draw(spike, join: .bevel))
  }

  @Test("a linear gradient starts and ends on its stop colours and pads beyond")
  func linearGradient() throws {
    let shader = Shader.linear(
      startX: 10, startY: 0, endX: 90, endY: 0, colors: [0xFFFF_0000, 0xFF00_00FF], stops: [0, 1])
    let paint = RenderPaint(style: .fill, color: nil, shader: shader)
    let frame = try Draw.render([.drawPath(Draw.rect(0, 0, 100, 4), paint)], width: 100, height: 4)
    #expect(Pixel(frame, 2, 1) == Pixel(255, 0, 0, 255))
    #expect(Pixel(frame, 97, 1) == Pixel(0, 0, 255, 255))
    #expect(Pixel(frame, 10, 1).isClose(to: Pixel(255, 0, 0, 255), tolerance: 4))
    #expect(Pixel(frame, 89, 1).isClose(to: Pixel(0, 0, 255, 255), tolerance: 4))
    #expect(Pixel(frame, 50, 1).isClose(to: Pixel(127, 0, 128, 255), tolerance: 3))
  }

  @Test("a radial gradient has its first colour at the centre and its last beyond the radius")
  func radialGradient() throws {
    let shader = Shader.radial(
      centerX: 20, centerY: 20, radius: 10, colors: [0xFFFF_FFFF, 0xFF00_8000], stops: [0, 1])
    let paint = RenderPaint(style: .fill, color: nil, shader: shader)
    let frame = try Draw.render([.drawPath(Draw.rect(0, 0, 40, 40), paint)], width: 40, height: 40)
    #expect(Pixel(frame, 20, 20).isClose(to: Pixel(255, 255, 255, 255), tolerance: 20))
    #expect(Pixel(frame, 2, 2) == Pixel(0, 128, 0, 255))
    #expect(Pixel(frame, 35, 20) == Pixel(0, 128, 0, 255))
  }

  @Test("gradient stops in the middle, and opacity on every stop")
  func gradientStops() throws {
    let shader = Shader.linear(
      startX: 0, startY: 0, endX: 100, endY: 0,
      colors: [0xFF00_0000, 0xFFFF_FFFF, 0xFFFF_FFFF], stops: [0, 0.5, 1])
    let paint = RenderPaint(style: .fill, color: nil, shader: shader)
    let frame = try Draw.render(
      [.modulateOpacity(0.5), .drawPath(Draw.rect(0, 0, 100, 2), paint)], width: 100, height: 2)
    #expect(Pixel(frame, 75, 0).isClose(to: Pixel(255, 255, 255, 128), tolerance: 1))
    #expect(Pixel(frame, 25, 0).isClose(to: Pixel(128, 128, 128, 128), tolerance: 3))
  }

  @Test("a clip keeps drawing inside it until the matching restore")
  func clip() throws {
    let everything = Draw.rect(0, 0, 20, 20)
    let frame = try Draw.render([
      .save,
      .clipPath(Draw.rect(5, 5, 10, 10)),
      .drawPath(everything, Draw.fill(0xFFFF_0000)),
      .restore,
      .drawPath(Draw.rect(0, 0, 20, 2), Draw.fill(0xFF00_00FF)),
    ])
    #expect(Pixel(frame, 5, 5) == Pixel(255, 0, 0, 255))
    #expect(Pixel(frame, 14, 14) == Pixel(255, 0, 0, 255))
    #expect(Pixel(frame, 15, 10) == .clear)
    #expect(Pixel(frame, 4, 10) == .clear)
    #expect(Pixel(frame, 0, 0) == Pixel(0, 0, 255, 255))
    // Clips intersect.
    let nested = try Draw.render([
      .clipPath(Draw.rect(0, 0, 10, 20)), .clipPath(Draw.rect(5, 0, 15, 20)),
      .drawPath(everything, Draw.fill(0xFFFF_0000)),
    ])
    #expect(Pixel(nested, 7, 7).alpha == 255)
    #expect(Pixel(nested, 3, 7).alpha == 0)
    #expect(Pixel(nested, 12, 7).alpha == 0)
    // A clockwise clip keeps only its clockwise contour.
    let clockwiseClip = RenderPath(
      fillRule: .clockwise,
      commands: Draw.rect(0, 0, 8, 20).commands + Draw.rect(12, 0, 8, 20, clockwise: false).commands
    )
    let clipped = try Draw.render([
      .clipPath(clockwiseClip), .drawPath(everything, Draw.fill(0xFFFF_0000)),
    ])
    #expect(Pixel(clipped, 4, 10) == Pixel(255, 0, 0, 255))
    #expect(Pixel(clipped, 10, 10) == .clear)
    #expect(Pixel(clipped, 16, 10) == .clear)
  }

  @Test("modulateOpacity multiplies until the matching restore")
  func modulateOpacity() throws {
    let frame = try Draw.render([
      .save, .modulateOpacity(0.5), .modulateOpacity(0.5),
      .drawPath(Draw.rect(0, 0, 10, 20), Draw.fill(0xFF00_0000)),
      .restore,
      .drawPath(Draw.rect(10, 0, 10, 20), Draw.fill(0x8000_0000)),
    ])
    #expect(abs(Pixel(frame, 5, 5).alpha - 64) <= 1)
    #expect(Pixel(frame, 15, 5).alpha == 128)
  }

  @Test("a background colour fills the canvas under everything")
  func background() throws {
    let frame = try Draw.render(
      [.drawPath(Draw.rect(0, 0, 10, 20), Draw.fill(0x80FF_0000))], background: 0xFF00_00FF)
    #expect(Pixel(frame, 15, 5) == Pixel(0, 0, 255, 255))
    #expect(Pixel(frame, 5, 5).isClose(to: Pixel(128, 0, 127, 255), tolerance: 1))
  }

  @Test("feather blurs the coverage with σ = feather / 2")
  func feather() throws {
    // A half plane x < 50 feathered by 8: σ = 4, coverage Φ((50 − x) / σ).
    for (feather, scale) in [(Float(8), Float(1)), (Float(4), Float(2)), (Float(40), Float(0.2))] {
      let paint = Draw.fill(0xFF00_0000, feather: feather)
      let frame = try Draw.render(
        [
          .transform(Transform2D(xx: scale, xy: 0, yx: 0, yy: scale, tx: 0, ty: 0)),
          .drawPath(
            Draw.rect(-1000 / scale, -1000 / scale, (1000 + 50) / scale, 3000 / scale), paint),
        ], width: 100, height: 10)
      let sigma = Double(feather) / 2 * Double(scale)
      for x in [38, 44, 47, 49, 50, 52, 56, 62] {
        let distance = 50 - (Double(x) + 0.5)
        let expected = 0.5 * erfc(-distance / sigma / 2.0.squareRoot()) * 255
        let alpha = Pixel(frame, x, 5).alpha
        #expect(abs(Double(alpha) - expected) <= 3, "feather \(feather) × \(scale) at x = \(x)")
      }
    }
  }

  @Test("a feathered stroke is blurred across its width")
  func featheredStroke() throws {
    let path = RenderPath(fillRule: .nonZero, commands: [.move(0, 20), .line(40, 20)])
    let paint = RenderPaint(
      style: .stroke, color: 0xFF00_0000, thickness: 4, cap: .butt, feather: 4)
    let frame = try Draw.render([.drawPath(path, paint)], width: 40, height: 40)
    // The band 18 ≤ y ≤ 22 blurred with σ = 2, sampled at y = 19.5 and 25.5:
    // 255 · (Φ((22 − y) / σ) − Φ((18 − y) / σ)) ≈ 170 and 10; nothing far away.
    let centre = Pixel(frame, 20, 19).alpha
    #expect(abs(centre - 170) <= 6, "\(centre)")
    let off = Pixel(frame, 20, 25).alpha
    #expect(abs(off - 10) <= 4, "\(off)")
    #expect(Pixel(frame, 20, 35).alpha == 0)
  }

  @Test("feather of 0 or below draws sharp")
  func noFeather() throws {
    for feather: Float in [0, -8, .nan] {
      let frame = try Draw.render([
        .drawPath(Draw.rect(5, 5, 10, 10), Draw.fill(0xFF00_0000, feather: feather))
      ])
      #expect(Pixel(frame, 5, 5).alpha == 255)
      #expect(Pixel(frame, 4, 5).alpha == 0)
    }
  }

  @Test("a feathered clockwise path with a counterclockwise contour blurs only the positive part")
  func featheredClockwise() throws {
    let path = RenderPath(
      fillRule: .clockwise,
      commands: Draw.rect(0, 0, 50, 10).commands
        + Draw.rect(60, 0, 40, 10, clockwise: false).commands)
    let frame = try Draw.render(
      [.drawPath(path, Draw.fill(0xFF00_0000, feather: 2))], width: 100, height: 10)
    #expect(Pixel(frame, 20, 5).alpha > 240)
    #expect(Pixel(frame, 80, 5).alpha == 0)
  }
}
