import Foundation
import RiveCore
import RiveFormat
import RiveFrames
import RiveTestSupport
import Testing

/// Hostile files drawn end to end (runtime → display list → rasteriser, as `rive-assets
/// render` and both APIs' frames do): typed errors or clipped output, never a trap.
@Suite("Hostile files drawn to frames")
struct HostileFileFrameTests {
  /// A 4×4 opaque red PNG.
  static let red: [UInt8] =
    PNGFixtureEncoder.compressed(
      rgb: [UInt8](repeating: 0, count: 48).enumerated().map { $0.offset % 3 == 0 ? 255 : 0 },
      width: 4, height: 4) ?? []

  static func file(
    width: Float = 16, height: Float = 16, x: Float = 8, y: Float = 8, scale: Float = 1
  ) -> Data {
    RiveFileBlueprint(
      fileID: 9, assets: [.embedded(.image, name: "red.png", id: 1, bytes: red)],
      artboards: [
        .init(
          name: "Hostile", width: width, height: height,
          images: [.init(assetIndex: 0, x: x, y: y, scaleX: scale, scaleY: scale)])
      ]
    ).data
  }

  static func render(_ data: Data, size: (Int, Int)? = nil) throws(ArtboardFrameError)
    -> RasterFrame
  {
    var player = try FramePlayer(data: data)
    let document: RiveDocument
    do throws(RiveError) {
      document = try RiveDocument(data: data, depth: .assets)
    } catch {
      throw ArtboardFrameError(.invalidFile, message: error.description)
    }
    let images: ArtboardImages
    do throws(RasterError) {
      images = try ArtboardImages.embedded(in: document)
    } catch {
      throw ArtboardFrameError(error)
    }
    return try player.render(width: size?.0, height: size?.1, images: images)
  }

  @Test("a sane file draws the image where it is: the control for the cases below")
  func control() throws {
    let frame = try Self.render(Self.file())
    #expect(frame.width == 16 && frame.height == 16)
    #expect(frame.pixel(x: 8, y: 8).map { [$0.red, $0.alpha] } == [255, 255])
    #expect(frame.pixel(x: 1, y: 1)?.alpha == 0)
  }

  @Test(
    "huge, zero, negative and NaN artboard sizes are typed errors naming the size",
    arguments: [Float(1e9), 0, -5, .nan, .infinity, 20000])
  func artboardSizes(_ side: Float) {
    do {
      _ = try Self.render(Self.file(width: side, height: 16))
      Issue.record("a \(side)-wide artboard rendered")
    } catch {
      #expect(error.code == .raster, "\(error)")
      #expect(error.raster?.code == .invalidSize, "\(error)")
    }
  }

  @Test("a huge artboard drawn into a frame of a sane size is scaled down, not refused")
  func hugeArtboardFitted() throws {
    let frame = try Self.render(Self.file(width: 1e9, height: 1e9), size: (32, 32))
    #expect(frame.width == 32 && frame.height == 32)
  }

  @Test(
    "NaN, infinite and enormous transforms draw nothing or clipped output",
    arguments: [
      (Float.nan, Float(8), Float(1)), (8, .infinity, 1), (8, 8, .nan), (8, 8, 1e30),
      (8, 8, 0), (1e30, 8, 1), (8, 8, -1e-30),
    ])
  func transforms(_ values: (Float, Float, Float)) throws {
    let frame = try Self.render(Self.file(x: values.0, y: values.1, scale: values.2))
    #expect(frame.width == 16 && frame.height == 16)
    // Whatever is drawn is the image's red or nothing: no garbage.
    for y in 0..<16 {
      for x in 0..<16 {
        guard let pixel = frame.pixel(x: x, y: y), pixel.alpha > 0 else { continue }
        #expect(pixel.green == 0 && pixel.blue == 0, "\(values) at \(x),\(y): \(pixel)")
      }
    }
  }

  @Test("times beyond a day, negative or NaN are typed errors")
  func times() throws {
    var player = try FramePlayer(data: Self.file())
    for time in [-1, Double.nan, .infinity, 1e12] {
      #expect(throws: ArtboardFrameError.self) { try player.play(to: time) }
    }
    #expect(throws: ArtboardFrameError.self) { try player.play(toFrame: -1) }
    try player.play(to: 2)
    #expect(player.elapsed == 2)
  }

  @Test("bytes that are not a file, and names that are not there, are typed errors")
  func missing() throws {
    #expect {
      _ = try FramePlayer(data: Data("nope".utf8))
    } throws: { ($0 as? ArtboardFrameError)?.code == .invalidFile }
    #expect {
      _ = try FramePlayer(data: Self.file(), artboard: "Other")
    } throws: {
      ($0 as? ArtboardFrameError)?.message
        == "artboard \"Other\" not found; the file has \"Hostile\""
    }
    #expect {
      _ = try FramePlayer(data: Self.file(), animation: "spin")
    } throws: {
      ($0 as? ArtboardFrameError)?.message
        == "animation \"spin\" not found; artboard \"Hostile\" has no animations"
    }
  }
}
