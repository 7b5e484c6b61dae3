import RiveDisplayList
import RiveRaster
import Testing

/// Every blend mode over a known backdrop, against the W3C formula written out in the test.
@Suite("Blend modes")
struct BlendModeTests {
  static let backdrops: [UInt32] = [0xFF40_80C0, 0xFFE0_2010, 0x8010_F060]
  static let sources: [UInt32] = [0xFFC0_6020, 0xFF30_90F0, 0x80FF_4010]

  @Test("each mode matches the compositing formula", arguments: BlendMode.allCases)
  func formula(mode: BlendMode) throws {
    for backdrop in Self.backdrops {
      for source in Self.sources {
        let frame = try Draw.render(
          [
            .drawPath(Draw.rect(0, 0, 4, 4), Draw.fill(backdrop)),
            .drawPath(Draw.rect(0, 0, 4, 4), Draw.fill(source, blend: mode)),
          ], width: 4, height: 4)
        let expected = BlendFormula.composite(
          source: Pixel(argb: source), backdrop: Pixel(argb: backdrop), mode: mode)
        let found = Pixel(frame, 1, 1)
        #expect(
          found.isClose(to: expected, tolerance: 3),
          "\(mode): \(Pixel(argb: source)) over \(Pixel(argb: backdrop)) gave \(found), expected \(expected)"
        )
      }
    }
  }

  @Test("a blend mode applies to images too")
  func imageBlend() throws {
    let image = PixelImage(
      width: 1, height: 1, pixels: [0xC0, 0x60, 0x20, 0xFF])
    let images = try RasterImages([0: image])
    let frame = try Draw.render(
      [
        .drawPath(Draw.rect(0, 0, 4, 4), Draw.fill(0xFF40_80C0)),
        .transform(Transform2D(xx: 4, xy: 0, yx: 0, yy: 4, tx: 0, ty: 0)),
        .drawImage(image: 0, blendMode: .screen, opacity: 1),
      ], width: 4, height: 4, images: images)
    let expected = BlendFormula.composite(
      source: Pixel(0xC0, 0x60, 0x20, 255), backdrop: Pixel(argb: 0xFF40_80C0), mode: .screen)
    #expect(Pixel(frame, 2, 2).isClose(to: expected, tolerance: 2))
  }
}
