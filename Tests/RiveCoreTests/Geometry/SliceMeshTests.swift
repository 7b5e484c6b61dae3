import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Images with an N-slicer draw through a slice mesh (`drawImageMesh`), as the official runtime
/// draws them: their even patches keep their size on screen while the odd ones stretch,
/// repeat or hide. Expected values are worked out by hand from the slicing rule.
@Suite("Image N-slicing")
struct SliceMeshTests {
  /// Equal within float rounding of the fractions (0.1 is not exact in 32 bits).
  private func close(_ a: [Float], _ b: [Float]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-4 }
  }

  /// A 100 × 50 image drawn at scale (2, 1), cut at x = 10 and x = 90 pixels: fixed columns of
  /// 10 image pixels keep 10 screen pixels (5 image units at scale 2), the middle column takes
  /// the rest (90 units, 180 on screen).
  @Test("stretch: fixed columns keep their on-screen size")
  func stretch() {
    let mesh = SliceMesh(
      width: 100, height: 50, scaleX: 2, scaleY: 1,
      xs: [
        .init(offset: 10, isNormalized: false),
        .init(offset: 90, isNormalized: false),
      ], ys: [], tileModes: [:])
    #expect(
      close(
        mesh.vertices,
        [
          0, 0, 5, 0, 5, 50, 0, 50,
          5, 0, 95, 0, 95, 50, 5, 50,
          95, 0, 100, 0, 100, 50, 95, 50,
        ]))
    #expect(
      close(
        mesh.uvs,
        [
          0, 0, 0.1, 0, 0.1, 1, 0, 1,
          0.1, 0, 0.9, 0, 0.9, 1, 0.1, 1,
          0.9, 0, 1, 0, 1, 1, 0.9, 1,
        ]))
    #expect(mesh.indices == [0, 1, 3, 1, 2, 3, 4, 5, 7, 5, 6, 7, 8, 9, 11, 9, 10, 11])
  }

  @Test("hidden patches draw nothing; normalized axes are fractions")
  func hidden() {
    let mesh = SliceMesh(
      width: 100, height: 50, scaleX: 2, scaleY: 1,
      xs: [
        .init(offset: 0.1, isNormalized: true),
        .init(offset: 0.9, isNormalized: true),
      ], ys: [], tileModes: [1: .hidden])
    #expect(mesh.vertices.count == 2 * 8)
    #expect(close(Array(mesh.vertices.suffix(8)), [95, 0, 100, 0, 100, 50, 95, 50]))
    #expect(mesh.indices == [0, 1, 3, 1, 2, 3, 4, 5, 7, 5, 6, 7])
  }

  /// The middle column, repeated: a tile is 80 image pixels at scale 2, 40 units wide; the
  /// column is 90 units, so two whole tiles and a quarter of one.
  @Test("repeat: whole tiles, the last cut short")
  func repeated() {
    let mesh = SliceMesh(
      width: 100, height: 50, scaleX: 2, scaleY: 1,
      xs: [
        .init(offset: 10, isNormalized: false),
        .init(offset: 90, isNormalized: false),
      ], ys: [], tileModes: [1: .repeat])
    #expect(mesh.vertices.count == 5 * 8)
    let tiles = (1...3).map { Array(mesh.vertices[($0 * 8)..<($0 * 8 + 8)]) }
    #expect(close(tiles[0], [5, 0, 45, 0, 45, 50, 5, 50]))
    #expect(close(tiles[1], [45, 0, 85, 0, 85, 50, 45, 50]))
    #expect(close(tiles[2], [85, 0, 95, 0, 95, 50, 85, 50]))
    #expect(close(Array(mesh.uvs[(3 * 8)..<(3 * 8 + 8)]), [0.1, 0, 0.3, 0, 0.3, 1, 0.1, 1]))
  }

  @Test("no scale or no size: no mesh")
  func degenerate() {
    #expect(
      SliceMesh(width: 100, height: 50, scaleX: 0, scaleY: 1, xs: [], ys: [], tileModes: [:])
        .vertices.isEmpty)
    #expect(
      SliceMesh(width: 0, height: 50, scaleX: 1, scaleY: 1, xs: [], ys: [], tileModes: [:])
        .vertices.isEmpty)
  }

  /// A file with an embedded 100 × 50 image, drawn by an image at (50, 40) with scale (2, 1)
  /// and an N-slicer cutting it at x = 10 and 90.
  private func file(slicer: Bool) -> Data {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(
      TypeKey.imageAsset,
      [(PropertyKey.assetName, .string("strip")), (PropertyKey.fileAssetAssetId, .uint(1))])
    let png = PNGFixtureEncoder.encode(
      width: 100, height: 50, colorType: .grey, bitDepth: 8,
      samples: [UInt16](repeating: 90, count: 5000))
    writer.object(TypeKey.fileAssetContents, [(PropertyKey.fileAssetContentsBytes, .bytes(png))])
    writer.object(
      TypeKey.artboard,
      [
        (PropertyKey.componentName, .string("Main")),
        (PropertyKey.layoutComponentWidth, .float(300)),
        (PropertyKey.layoutComponentHeight, .float(100)),
      ])
    writer.object(
      TypeKey.image,
      [
        (PropertyKey.componentParentId, .uint(0)), (PropertyKey.imageAssetId, .uint(0)),
        (PropertyKey.nodeX, .float(50)), (PropertyKey.nodeY, .float(40)),
        (PropertyKey.transformComponentScaleX, .float(2)),
      ])
    if slicer {
      writer.object(TypeKey.nSlicer, [(PropertyKey.componentParentId, .uint(1))])
      for offset: Float in [10, 90] {
        writer.object(
          TypeKey.axisX,
          [(PropertyKey.componentParentId, .uint(2)), (PropertyKey.axisOffset, .float(offset))])
      }
    }
    return Data(writer.bytes)
  }

  private func draw(_ data: Data) throws -> [DrawOperation] {
    let runtime = try RuntimeFile(data: data)
    var artboard = runtime.artboards[0].instance()
    _ = artboard.advance(0)
    return artboard.draw(images: DrawImages(document: try RiveDocument(data: data))).operations
  }

  @Test("an image with an N-slicer draws its slice mesh in its world transform")
  func drawnThroughTheSlicer() throws {
    let operations = try draw(file(slicer: true))
    let meshes = operations.compactMap { operation -> ImageMesh? in
      if case .drawImageMesh(_, let mesh, _, _) = operation { return mesh }
      return nil
    }
    #expect(meshes.count == 1)
    #expect(close(Array(meshes.first?.vertices.prefix(8) ?? []), [0, 0, 5, 0, 5, 50, 0, 50]))
    #expect(!operations.contains { if case .drawImage = $0 { true } else { false } })
    // The image's world transform, then its origin (0.5, 0.5 of 100 × 50).
    let transforms = operations.compactMap { operation -> Transform2D? in
      if case .transform(let transform) = operation { return transform }
      return nil
    }
    #expect(transforms.suffix(2).last == .translation(-50, -25))
    var world = Transform2D.translation(50, 40)
    world.scaleByValues(2, 1)
    #expect(transforms.suffix(2).first == world)
  }

  @Test("without the slicer the same image draws as an image")
  func drawnAsAnImage() throws {
    let operations = try draw(file(slicer: false))
    #expect(operations.contains { if case .drawImage = $0 { true } else { false } })
  }
}
