import Foundation
import RiveDisplayList
import RiveRaster
import Testing

/// Images and meshes: placement, bilinear sampling, premultiplied alpha, opacity.
@Suite("Images")
struct ImageTests {
  /// A 4×4 image whose texel (i, j) is (40·i, 40·j, 200, 255).
  static let grid: PixelImage = {
    var pixels: [UInt8] = []
    for j in 0..<4 {
      for i in 0..<4 { pixels += [UInt8(40 * i), UInt8(40 * j), 200, 255] }
    }
    return PixelImage(width: 4, height: 4, pixels: pixels)
  }()

  @Test("an image at a known transform: each texel lands where the transform puts it")
  func placement() throws {
    let images = try RasterImages(decodeOrder: [Self.grid])
    // At scale 1 and a whole-pixel offset, every pixel is its texel exactly.
    let exact = try Draw.render(
      [
        .transform(Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 3, ty: 2)),
        .drawImage(image: 0, blendMode: .srcOver, opacity: 1),
      ], width: 8, height: 8, images: images)
    for y in 0..<8 {
      for x in 0..<8 {
        let inside = (3..<7).contains(x) && (2..<6).contains(y)
        #expect(
          Pixel(exact, x, y) == (inside ? Pixel(40 * (x - 3), 40 * (y - 2), 200, 255) : .clear))
      }
    }
    // At scale 3 the pixel centres fall on texel centres (within pixman's 16.16 fixed point
    // and 7-bit bilinear weights: 1 level at most).
    let frame = try Draw.render(
      [
        .transform(Transform2D(xx: 3, xy: 0, yx: 0, yy: 3, tx: 10, ty: 5)),
        .drawImage(image: 0, blendMode: .srcOver, opacity: 1),
      ], width: 32, height: 32, images: images)
    for j in 0..<4 {
      for i in 0..<4 {
        // The centre of device pixel (10 + 3i + 1, 5 + 3j + 1) is the centre of texel (i, j).
        let pixel = Pixel(frame, 10 + 3 * i + 1, 5 + 3 * j + 1)
        #expect(pixel.isClose(to: Pixel(40 * i, 40 * j, 200, 255), tolerance: 1), "\(pixel)")
      }
    }
    #expect(Pixel(frame, 9, 10) == .clear)
    #expect(Pixel(frame, 22, 10) == .clear)
    #expect(Pixel(frame, 12, 17) == .clear)
  }

  @Test("bilinear sampling interpolates premultiplied colour: no dark fringe at transparency")
  func premultipliedSampling() throws {
    let image = PixelImage(
      width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 0, 0])
    let images = try RasterImages([7: image])
    let frame = try Draw.render(
      [
        .transform(Transform2D(xx: 8, xy: 0, yx: 0, yy: 8, tx: 0, ty: 0)),
        .drawImage(image: 7, blendMode: .srcOver, opacity: 1),
      ], width: 16, height: 8, images: images)
    // Halfway between the texel centres (x = 8) the alpha is halved and the colour stays red.
    let middle = Pixel(frame, 7, 4)
    #expect(middle.red == 255 && middle.green == 0 && abs(middle.alpha - 143) <= 2, "\(middle)")
    #expect(Pixel(frame, 1, 4) == Pixel(255, 0, 0, 255))
  }

  @Test("straight alpha in, straight alpha out; opacity multiplies")
  func alphaAndOpacity() throws {
    let image = PixelImage(width: 1, height: 1, pixels: [200, 100, 50, 128])
    let images = try RasterImages([0: image])
    let frame = try Draw.render(
      [
        .transform(Transform2D(xx: 4, xy: 0, yx: 0, yy: 4, tx: 0, ty: 0)),
        .drawImage(image: 0, blendMode: .srcOver, opacity: 1),
        .transform(Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 1, ty: 0)),
        .drawImage(image: 0, blendMode: .srcOver, opacity: 0),
      ], width: 8, height: 4, images: images)
    #expect(Pixel(frame, 2, 2).isClose(to: Pixel(200, 100, 50, 128), tolerance: 1))
    let faded = try Draw.render(
      [
        .transform(Transform2D(xx: 4, xy: 0, yx: 0, yy: 4, tx: 0, ty: 0)),
        .drawImage(image: 0, blendMode: .srcOver, opacity: 0.5),
      ], width: 4, height: 4, images: images)
    #expect(Pixel(faded, 2, 2).isClose(to: Pixel(200, 100, 50, 64), tolerance: 2))
  }

  @Test("a missing image draws nothing")
  func missing() throws {
    let images = try RasterImages([0: Self.grid])
    let frame = try Draw.render(
      [
        .drawImage(image: -1, blendMode: .srcOver, opacity: 1),
        .drawImage(image: 3, blendMode: .srcOver, opacity: 1),
      ], images: images)
    #expect(frame.isBlank)
  }

  @Test("a mesh maps texture coordinates onto triangles without seams")
  func mesh() throws {
    let images = try RasterImages([0: Self.grid])
    // Two triangles covering (10, 5)–(22, 17), the whole texture: the same as drawImage at
    // scale 3.
    let mesh = ImageMesh(
      vertices: [10, 5, 22, 5, 22, 17, 10, 17], uvs: [0, 0, 1, 0, 1, 1, 0, 1],
      indices: [0, 1, 2, 0, 2, 3])
    let frame = try Draw.render(
      [.drawImageMesh(image: 0, mesh: mesh, blendMode: .srcOver, opacity: 1)], width: 32,
      height: 32, images: images)
    for j in 0..<4 {
      for i in 0..<4 {
        let pixel = Pixel(frame, 10 + 3 * i + 1, 5 + 3 * j + 1)
        #expect(pixel.isClose(to: Pixel(40 * i, 40 * j, 200, 255), tolerance: 1), "\(pixel)")
      }
    }
    for y in 5..<17 {
      for x in 10..<22 { #expect(Pixel(frame, x, y).alpha == 255, "seam at \(x),\(y)") }
    }
    #expect(Pixel(frame, 9, 8) == .clear)
    // A mirrored mapping: u runs right to left.
    let flipped = ImageMesh(
      vertices: mesh.vertices, uvs: [1, 0, 0, 0, 0, 1, 1, 1], indices: mesh.indices)
    let mirrored = try Draw.render(
      [.drawImageMesh(image: 0, mesh: flipped, blendMode: .srcOver, opacity: 0.5)], width: 32,
      height: 32, images: images)
    #expect(Pixel(mirrored, 11, 6).isClose(to: Pixel(120, 0, 200, 128), tolerance: 1))
  }

  @Test("an image whose bytes do not match its size is refused with a typed error")
  func invalidImage() {
    let broken = PixelImage(width: 4, height: 4, pixels: [1, 2, 3])
    let error = #expect(throws: RasterError.self) { try RasterImages([0: broken]) }
    #expect(error?.code == .invalidImage)
    let huge = PixelImage(width: 40000, height: 1, pixels: [])
    #expect(throws: RasterError.self) { try RasterImages([0: huge]) }
  }
}
