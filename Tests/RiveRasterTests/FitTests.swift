import RiveDisplayList
import RiveRaster
import Testing

/// Fit and alignment, as upstream's `computeAlignment`.
@Suite("Fit and alignment")
struct FitTests {
  static let frame = FrameRect(width: 200, height: 100)
  static let content = FrameRect(width: 50, height: 100)

  /// (fit, alignment, expected xx, yy, tx, ty) worked out by hand for a 50×100 artboard in
  /// a 200×100 frame.
  static let cases: [(FrameFit, FrameAlignment, [Float])] = [
    (.fill, .center, [4, 1, 0, 0]),
    (.contain, .center, [1, 1, 75, 0]),
    (.contain, .topLeft, [1, 1, 0, 0]),
    (.contain, .bottomRight, [1, 1, 150, 0]),
    (.cover, .center, [4, 4, 0, -150]),
    (.cover, .topCenter, [4, 4, 0, 0]),
    (.fitWidth, .center, [4, 4, 0, -150]),
    (.fitHeight, .centerRight, [1, 1, 150, 0]),
    (.none, .center, [1, 1, 75, 0]),
    (.none, .bottomLeft, [1, 1, 0, 0]),
    (.scaleDown, .center, [1, 1, 75, 0]),
    (.layout, .topLeft, [2, 2, 0, 0]),
  ]

  @Test("each fit and alignment gives upstream's matrix", arguments: 0..<12)
  func matrix(index: Int) {
    let (fit, alignment, expected) = Self.cases[index]
    let transform = fit.transform(
      alignment: alignment, frame: Self.frame, content: Self.content, scaleFactor: 2)
    #expect(
      [transform.xx, transform.yy, transform.tx, transform.ty] == expected,
      "\(fit) \(alignment): \(transform.values)")
    #expect(transform.xy == 0 && transform.yx == 0)
  }

  @Test("scaleDown shrinks content larger than the frame and leaves smaller content alone")
  func scaleDown() {
    let large = FrameFit.scaleDown.transform(
      alignment: .center, frame: FrameRect(width: 100, height: 100),
      content: FrameRect(width: 400, height: 200))
    #expect(large.xx == 0.25 && large.tx == 0 && large.ty == 25)
    let small = FrameFit.scaleDown.transform(
      alignment: .center, frame: FrameRect(width: 100, height: 100),
      content: FrameRect(width: 10, height: 20))
    #expect(small.xx == 1 && small.tx == 45 && small.ty == 40)
  }

  @Test("content with an offset origin is aligned by its bounds")
  func offsetContent() {
    let transform = FrameFit.contain.transform(
      alignment: .center, frame: FrameRect(x: 10, y: 20, width: 100, height: 100),
      content: FrameRect(x: -50, y: -50, width: 100, height: 100))
    // The content's top-left corner (−50, −50) lands on the frame's (10, 20).
    #expect(transform.values == [1, 0, 0, 1, 60, 70])
  }

  @Test("an empty artboard gets a scale of 0, not a division by zero")
  func emptyContent() {
    let transform = FrameFit.contain.transform(
      alignment: .center, frame: Self.frame, content: FrameRect(width: 0, height: 10))
    #expect(transform.xx == 0 && transform.values.allSatisfy(\.isFinite))
  }

  @Test("rendering with contain letterboxes the artboard over the background")
  func render() throws {
    let list = DisplayList(operations: [.drawPath(Draw.rect(0, 0, 50, 100), Draw.fill(0xFFFF_0000))]
    )
    let frame = try Rasterizer.render(
      list, artboard: Self.content, width: 200, height: 100, fit: .contain, alignment: .center,
      background: 0xFF00_FF00)
    #expect(Pixel(frame, 74, 50) == Pixel(0, 255, 0, 255))
    #expect(Pixel(frame, 75, 50) == Pixel(255, 0, 0, 255))
    #expect(Pixel(frame, 124, 99) == Pixel(255, 0, 0, 255))
    #expect(Pixel(frame, 125, 0) == Pixel(0, 255, 0, 255))
  }
}
