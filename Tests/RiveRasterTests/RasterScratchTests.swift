import RiveDisplayList
import Testing

@testable import RiveRaster

/// Renders on a scratch's memory (the canvas cleared and drawn again, a frame written into
/// the pixels of one handed back) give the pixels of renders on memory of their own.
@Suite("Raster scratch")
struct RasterScratchTests {
  /// A seeded random frame's operations: translucent and opaque rectangles, some blended,
  /// some under a clip, on a transparent or an opaque background.
  static func randomFrame(_ state: inout UInt64) -> (
    operations: [DrawOperation], background: UInt32
  ) {
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var operations: [DrawOperation] = []
    if next(3) == 0 {
      operations += [.save, .clipPath(Draw.rect(2, 3, Float(5 + next(20)), Float(4 + next(15))))]
    }
    for _ in 0..<(1 + next(6)) {
      let color =
        UInt32(truncatingIfNeeded: next(1 << 24)) | UInt32([0xFF, 0x80, 0x20][next(3)]) << 24
      let blend: BlendMode = [.srcOver, .multiply, .screen, .difference][next(4)]
      operations.append(
        .drawPath(
          Draw.rect(
            Float(next(25)) - 3, Float(next(20)) - 3, Float(1 + next(20)), Float(1 + next(15))),
          Draw.fill(color, blend: blend)))
    }
    if operations.first == .save { operations.append(.restore) }
    return (operations, next(2) == 0 ? 0 : 0xFF20_4060)
  }

  @Test("frames on a scratch equal frames on their own memory", arguments: [1, 2, 3] as [UInt64])
  func sameFrames(seed: UInt64) throws {
    var state = seed
    let scratch = RasterScratch()
    // The size changes between runs of frames: a scratch of another size starts afresh.
    for (width, height) in [(20, 20), (20, 20), (20, 20), (31, 17), (31, 17), (20, 20)] {
      let (operations, background) = Self.randomFrame(&state)
      let list = DisplayList(operations: operations)
      let own = try Rasterizer.render(list, width: width, height: height, background: background)
      let reused = try Rasterizer.render(
        list, width: width, height: height, background: background, scratch: scratch)
      #expect(reused == own)
      scratch.recycle(reused)
    }
  }

  @Test("a frame handed back while still held keeps its pixels")
  func heldFrame() throws {
    let scratch = RasterScratch()
    let red = DisplayList(operations: [.drawPath(Draw.rect(0, 0, 20, 20), Draw.fill(0xFFFF_0000))])
    let blue = DisplayList(operations: [.drawPath(Draw.rect(5, 5, 10, 10), Draw.fill(0xFF00_00FF))])
    let held = try Rasterizer.render(red, width: 20, height: 20, scratch: scratch)
    scratch.recycle(held)
    let next = try Rasterizer.render(blue, width: 20, height: 20, scratch: scratch)
    #expect(held == (try Rasterizer.render(red, width: 20, height: 20)))
    #expect(next == (try Rasterizer.render(blue, width: 20, height: 20)))
  }
}
