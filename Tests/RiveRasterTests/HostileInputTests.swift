import Foundation
import RiveDisplayList
import RiveRaster
import Testing

/// Hostile display lists and sizes: clipped output or a typed error, never a trap.
@Suite("Hostile input")
struct HostileInputTests {
  @Test(
    "absurd canvas sizes are refused before anything is allocated",
    arguments: [(0, 10), (-5, 10), (10, 0), (100_000, 10), (20_000, 20_000), (Int.max, Int.max)])
  func sizes(width: Int, height: Int) {
    let error = #expect(throws: RasterError.self) {
      try Rasterizer(width: width, height: height)
    }
    #expect(error?.code == .invalidSize)
  }

  @Test("limits can be lowered")
  func limits() {
    let limits = RasterLimits(maximumDimension: 64, maximumPixelCount: 1000)
    #expect(throws: RasterError.self) { try Rasterizer(width: 65, height: 1, limits: limits) }
    #expect(throws: RasterError.self) { try Rasterizer(width: 40, height: 40, limits: limits) }
    #expect(throws: Never.self) { try Rasterizer(width: 30, height: 30, limits: limits) }
  }

  static let poisoned: [Transform2D] = [
    Transform2D(xx: .nan, xy: 0, yx: 0, yy: 1, tx: 0, ty: 0),
    Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: .infinity, ty: 0),
    Transform2D(xx: 0, xy: 0, yx: 0, yy: 0, tx: 0, ty: 0),
    Transform2D(xx: 1, xy: 1, yx: 1, yy: 1, tx: 0, ty: 0),
    Transform2D(xx: 1e-30, xy: 0, yx: 0, yy: 1e-30, tx: 0, ty: 0),
    Transform2D(
      xx: .greatestFiniteMagnitude, xy: 0, yx: 0, yy: .greatestFiniteMagnitude, tx: 0, ty: 0),
  ]

  @Test("non-finite and singular transforms draw nothing, and drawing goes on after restore")
  func transforms() throws {
    let images = try RasterImages([0: ImageTests.grid])
    let stroke = RenderPaint(style: .stroke, color: 0xFF00_0000, thickness: 2)
    let mesh = ImageMesh(
      vertices: [0, 0, 5, 0, 0, 5], uvs: [0, 0, 1, 0, 0, 1], indices: [0, 1, 2])
    for transform in Self.poisoned {
      let frame = try Draw.render(
        [
          .save, .transform(transform),
          .drawPath(Draw.rect(0, 0, 10, 10), Draw.fill(0xFFFF_0000)),
          .drawPath(Draw.rect(0, 0, 10, 10), stroke),
          .drawPath(Draw.rect(0, 0, 10, 10), Draw.fill(0xFFFF_0000, feather: 4)),
          .drawImage(image: 0, blendMode: .srcOver, opacity: 1),
          .drawImageMesh(image: 0, mesh: mesh, blendMode: .srcOver, opacity: 1),
          .clipPath(Draw.rect(0, 0, 10, 10)),
          .restore,
          .drawPath(Draw.rect(15, 15, 5, 5), Draw.fill(0xFF00_00FF)),
        ], images: images)
      #expect(Pixel(frame, 17, 17) == Pixel(0, 0, 255, 255), "\(transform.values)")
      if transform.values.contains(where: { !$0.isFinite }) || transform.xx * transform.yy == 0 {
        #expect(Pixel(frame, 5, 5) == .clear)
      }
    }
  }

  @Test("a clip under a degenerate transform hides everything until restore")
  func degenerateClip() throws {
    let frame = try Draw.render([
      .save, .transform(Self.poisoned[0]), .clipPath(Draw.rect(0, 0, 20, 20)),
      .transform(.identity), .drawPath(Draw.rect(0, 0, 20, 20), Draw.fill(0xFFFF_0000)),
      .restore,
    ])
    #expect(frame.isBlank)
  }

  @Test("huge and non-finite coordinates are clamped or skipped")
  func coordinates() throws {
    let huge: Float = 1e30
    let frame = try Draw.render([
      .drawPath(Draw.rect(-huge, -huge, 2 * huge, 2 * huge), Draw.fill(0xFFFF_0000)),
      .drawPath(
        RenderPath(fillRule: .nonZero, commands: [.move(0, 0), .line(.nan, 5), .line(5, 5)]),
        Draw.fill(0xFF00_FF00)),
      .drawPath(
        RenderPath(
          fillRule: .evenOdd,
          commands: [.move(0, 0), .cubic(huge, -huge, -huge, huge, 1, 1), .close]),
        RenderPaint(style: .stroke, color: 0xFF00_00FF, thickness: 1e20)),
    ])
    #expect(Pixel(frame, 10, 10).alpha == 255)
  }

  @Test("degenerate paths draw nothing and do not trap")
  func degeneratePaths() throws {
    let paths: [RenderPath] = [
      RenderPath(fillRule: .nonZero, commands: []),
      RenderPath(fillRule: .nonZero, commands: [.close, .close]),
      RenderPath(fillRule: .clockwise, commands: [.move(5, 5)]),
      RenderPath(fillRule: .clockwise, commands: [.line(5, 5), .line(5, 5), .close]),
      RenderPath(fillRule: .evenOdd, commands: [.cubic(1, 1, 2, 2, 3, 3)]),
      RenderPath(
        fillRule: .clockwise,
        commands: Array(repeating: Draw.rect(2, 2, 5, 5, clockwise: false).commands, count: 40)
          .flatMap { $0 }),
    ]
    var operations: [DrawOperation] = []
    for path in paths {
      operations.append(.drawPath(path, Draw.fill(0xFFFF_0000)))
      operations.append(.drawPath(path, Draw.fill(0xFFFF_0000, feather: 3)))
      operations.append(.clipPath(path))
    }
    let frame = try Draw.render(operations)
    #expect(frame.isBlank)
  }

  @Test("strokes with a thickness that is not positive, or not finite, draw nothing")
  func thickness() throws {
    var operations: [DrawOperation] = []
    for thickness: Float in [0, -3, .nan, .infinity, -.infinity] {
      operations.append(
        .drawPath(
          Draw.rect(2, 2, 10, 10),
          RenderPaint(style: .stroke, color: 0xFF00_0000, thickness: thickness)))
    }
    #expect(try Draw.render(operations).isBlank)
  }

  @Test("feathers that are huge or not finite draw something bounded, or nothing")
  func feathers() throws {
    for feather: Float in [.infinity, -.infinity, .nan, 1e30, 1e6, .leastNonzeroMagnitude] {
      let frame = try Draw.render([
        .drawPath(Draw.rect(0, 0, 20, 20), Draw.fill(0xFFFF_0000, feather: feather))
      ])
      #expect(frame.width == 20)
    }
  }

  @Test("degenerate gradients paint their last colour or nothing")
  func gradients() throws {
    let cases: [(Shader, Pixel?)] = [
      (
        .linear(
          startX: 5, startY: 5, endX: 5, endY: 5, colors: [0xFFFF_0000, 0xFF00_00FF], stops: [0, 1]),
        Pixel(0, 0, 255, 255)
      ),
      (
        .radial(
          centerX: 5, centerY: 5, radius: 0, colors: [0xFFFF_0000, 0xFF00_FF00], stops: [0, 1]),
        Pixel(0, 255, 0, 255)
      ),
      (
        .radial(
          centerX: 5, centerY: 5, radius: -3, colors: [0xFFFF_0000, 0xFF00_FF00], stops: [0, 1]),
        Pixel(0, 255, 0, 255)
      ),
      (.linear(startX: .nan, startY: 0, endX: 5, endY: 5, colors: [0xFFFF_0000], stops: [0]), nil),
      (.radial(centerX: 5, centerY: 5, radius: .infinity, colors: [0xFFFF_0000], stops: [0]), nil),
      (.linear(startX: 0, startY: 0, endX: 20, endY: 0, colors: [], stops: []), nil),
      (
        .linear(
          startX: 0, startY: 0, endX: 20, endY: 0, colors: [0xFF00_00FF], stops: [0.5, 0.7, 0.9]),
        Pixel(0, 0, 255, 255)
      ),
      (
        .linear(
          startX: 0, startY: 0, endX: 20, endY: 0, colors: [0xFF00_00FF, 0xFF00_00FF],
          stops: [.nan, 2]), Pixel(0, 0, 255, 255)
      ),
      (
        .linear(
          startX: 0, startY: 0, endX: 20, endY: 0, colors: [0xFF00_00FF, 0xFF00_00FF, 0xFF00_00FF],
          stops: []), Pixel(0, 0, 255, 255)
      ),
    ]
    for (shader, expected) in cases {
      let paint = RenderPaint(style: .fill, color: nil, shader: shader)
      let frame = try Draw.render([.drawPath(Draw.rect(0, 0, 20, 20), paint)])
      #expect(Pixel(frame, 10, 10) == (expected ?? .clear), "\(shader)")
    }
  }

  @Test("unbalanced and very deep save/restore")
  func saveRestore() throws {
    var operations: [DrawOperation] = Array(repeating: .restore, count: 50)
    operations += Array(repeating: .save, count: 10_000)
    operations.append(.clipPath(Draw.rect(0, 0, 10, 20)))
    operations += Array(repeating: .restore, count: 10_000)
    operations += Array(repeating: .restore, count: 50)
    operations.append(.drawPath(Draw.rect(0, 0, 20, 20), Draw.fill(0xFFFF_0000)))
    operations += Array(repeating: .save, count: 100)
    let frame = try Draw.render(operations)
    // The clip was popped by the 10,000th restore: everything is red.
    #expect(Pixel(frame, 15, 5) == Pixel(255, 0, 0, 255))
  }

  @Test("meshes with indices out of range, odd arrays and degenerate triangles")
  func meshes() throws {
    let images = try RasterImages([0: ImageTests.grid])
    let meshes = [
      ImageMesh(vertices: [0, 0, 10, 0, 0, 10], uvs: [0, 0, 1, 0, 0, 1], indices: [0, 1, 9]),
      ImageMesh(vertices: [0, 0, 10], uvs: [0], indices: [0, 1, 2, 3]),
      ImageMesh(vertices: [0, 0, 10, 0, 20, 0], uvs: [0, 0, 1, 0, 0, 1], indices: [0, 1, 2]),
      ImageMesh(vertices: [0, 0, 10, 0, 0, 10], uvs: [0, 0, 0, 0, 0, 0], indices: [0, 1, 2]),
      ImageMesh(vertices: [0, .nan, 10, 0, 0, 10], uvs: [0, 0, 1, 0, 0, 1], indices: [0, 1, 2]),
      ImageMesh(vertices: [], uvs: [], indices: [0, 0]),
    ]
    let frame = try Draw.render(
      meshes.map { .drawImageMesh(image: 0, mesh: $0, blendMode: .srcOver, opacity: 1) },
      images: images)
    #expect(frame.isBlank)
  }

  @Test("opacity that is not a number or negative draws nothing")
  func opacity() throws {
    let images = try RasterImages([0: ImageTests.grid])
    let frame = try Draw.render(
      [
        .save, .modulateOpacity(.nan), .drawPath(Draw.rect(0, 0, 20, 20), Draw.fill(0xFFFF_0000)),
        .restore, .save, .modulateOpacity(-1),
        .drawPath(Draw.rect(0, 0, 20, 20), Draw.fill(0xFFFF_0000)), .restore,
        .drawImage(image: 0, blendMode: .srcOver, opacity: .nan),
        .drawImage(image: 0, blendMode: .srcOver, opacity: -2),
      ], images: images)
    #expect(frame.isBlank)
  }
}
