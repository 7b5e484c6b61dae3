import RiveCore
import RiveReference
import Testing

/// The op-by-op comparison: its tolerance and the first difference it reports.
@Suite("Silvers: draw-stream comparison")
struct DrawComparisonTests {
  static let square = RenderPath(
    fillRule: .nonZero, commands: [.move(0, 0), .line(100, 0), .line(100, 100), .close])
  static let red = RenderPaint(style: .fill, color: 0xFFFF_0000)

  static func frame(_ operations: DrawOperation...) -> DisplayList {
    DisplayList(operations: operations)
  }

  @Test("numbers match within 1e-3 plus 1e-3 of their size, and not beyond")
  func tolerance() {
    let tolerance = DrawTolerance.standard
    #expect(tolerance.matches(100, 100.1))
    #expect(!tolerance.matches(100, 100.12))
    #expect(tolerance.matches(0, 0.0009))
    #expect(!tolerance.matches(0, 0.0011))
    #expect(tolerance.matches(.nan, .nan))
    #expect(!tolerance.matches(.nan, 0))
  }

  @Test("equal frames have no difference; a moved point is named with its frame and op")
  func firstDifference() {
    let moved = RenderPath(
      fillRule: .nonZero, commands: [.move(0, 0), .line(100, 0), .line(100, 101), .close])
    let expected = [
      Self.frame(.save, .drawPath(Self.square, Self.red), .restore),
      Self.frame(.save, .drawPath(Self.square, Self.red), .restore),
    ]
    #expect(DrawComparison.firstDifference(expected: expected, found: expected) == nil)
    let found = [expected[0], Self.frame(.save, .drawPath(moved, Self.red), .restore)]
    let difference = DrawComparison.firstDifference(expected: expected, found: found)
    #expect(difference?.frame == 1)
    #expect(difference?.operation == 1)
    #expect(difference?.subject == "path command 2 of 4")
    #expect(
      difference?.description
        == "frame 1, op 1: path command 2 of 4: expected L 100 100, found L 100 101")
  }

  @Test("a colour counts only without a shader; a colour nobody set is opaque black")
  func paints() {
    let gradient = Shader.linear(
      startX: 0, startY: 0, endX: 1, endY: 0, colors: [0xFF00_0000, 0xFFFF_FFFF], stops: [0, 1])
    let withShader = RenderPaint(style: .fill, color: 0xFF12_3456, shader: gradient)
    let withoutColor = RenderPaint(style: .fill, color: nil, shader: gradient)
    #expect(
      DrawComparison.firstDifference(
        expected: Self.frame(.drawPath(Self.square, withShader)),
        found: Self.frame(.drawPath(Self.square, withoutColor))) == nil)
    #expect(
      DrawComparison.firstDifference(
        expected: Self.frame(.drawPath(Self.square, RenderPaint(style: .fill, color: 0xFF00_0000))),
        found: Self.frame(.drawPath(Self.square, RenderPaint(style: .fill, color: nil)))) == nil)
    let other = RenderPaint(
      style: .fill, color: nil,
      shader: .linear(
        startX: 0, startY: 0, endX: 1, endY: 0, colors: [0xFF00_0000, 0xFFFF_FFFE], stops: [0, 1]))
    #expect(
      DrawComparison.firstDifference(
        expected: Self.frame(.drawPath(Self.square, withShader)),
        found: Self.frame(.drawPath(Self.square, other)))?.subject == "gradient colours")
    // Thickness only counts for strokes.
    #expect(
      DrawComparison.firstDifference(
        expected: Self.frame(
          .drawPath(Self.square, RenderPaint(style: .fill, color: 0, thickness: 4))),
        found: Self.frame(.drawPath(Self.square, RenderPaint(style: .fill, color: 0, thickness: 1)))
      )
        == nil)
    #expect(
      DrawComparison.firstDifference(
        expected: Self.frame(
          .drawPath(Self.square, RenderPaint(style: .stroke, color: 0, thickness: 4))),
        found: Self.frame(
          .drawPath(Self.square, RenderPaint(style: .stroke, color: 0, thickness: 1))))?
        .subject == "stroke thickness")
  }

  @Test("different calls, lengths and frame counts are each reported")
  func structure() {
    let one = Self.frame(.save, .restore)
    #expect(
      DrawComparison.firstDifference(expected: one, found: Self.frame(.save, .save))?.subject
        == "operation")
    let shorter = DrawComparison.firstDifference(expected: one, found: Self.frame(.save))
    #expect(shorter?.subject == "operation count")
    #expect(shorter?.operation == 1)
    let frames = DrawComparison.firstDifference(expected: [one, one], found: [one])
    #expect(frames?.frame == nil)
    #expect(frames?.subject == "frame count")
    #expect(
      DrawComparison.firstDifference(
        expected: Self.frame(.drawImage(image: 1, blendMode: .srcOver, opacity: 1)),
        found: Self.frame(.drawImage(image: 0, blendMode: .srcOver, opacity: 1)))?.subject
        == "image")
  }
}
