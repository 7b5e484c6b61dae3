import Foundation
import RiveCore
import RiveReference
import RiveReliabilitySupport
import RiveTestSupport
import Testing

/// Writes silver bytes the way the official recorder lays them out (LEB128 integers,
/// little-endian floats), for streams the tests build operation by operation.
struct SilverBytes {
  var bytes: [UInt8] = Array("SRIV".utf8) + [1]

  mutating func uint(_ value: UInt64) {
    var rest = value
    repeat {
      var byte = UInt8(rest & 0x7F)
      rest >>= 7
      if rest != 0 { byte |= 0x80 }
      bytes.append(byte)
    } while rest != 0
  }

  mutating func float(_ value: Float) {
    let bits = value.bitPattern
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8((bits >> UInt32(shift)) & 0xFF))
    }
  }

  /// An operation: its opcode and integer operands.
  mutating func op(_ code: UInt64, _ operands: UInt64...) {
    uint(code)
    for operand in operands { uint(operand) }
  }

  /// A raw path appended to path `id`: verbs (0 move, 1 line, 2 quad, 4 cubic, 5 close) and
  /// points.
  mutating func addPath(_ id: UInt64, verbs: [UInt64], points: [(Float, Float)]) {
    op(16, id, UInt64(verbs.count))
    for verb in verbs { uint(verb) }
    uint(UInt64(points.count))
    for (x, y) in points {
      float(x)
      float(y)
    }
  }

  mutating func linearGradient(
    _ id: UInt64, stops: [(UInt32, Float)], from start: (Float, Float), to end: (Float, Float)
  ) {
    op(1, id, UInt64(stops.count))
    for (color, stop) in stops {
      uint(UInt64(color))
      float(stop)
    }
    float(start.0)
    float(start.1)
    float(end.0)
    float(end.1)
  }
}

/// The silver reader: what each operation does to the objects and frames, and typed errors
/// (never a trap) on every kind of bad input.
@Suite("Silvers: the .sriv reader")
struct SilverStreamTests {
  /// A triangle drawn with a red fill, then the same path refilled as a square with a stroke
  /// over two frames.
  static func twoFrames() -> SilverBytes {
    var stream = SilverBytes()
    stream.op(29, 500, 400)  // frameSize
    stream.op(3, 0)  // makeRenderPath 0
    stream.addPath(0, verbs: [0, 1, 1, 5], points: [(0, 0), (10, 0), (0, 10)])
    stream.op(5, 0)  // makeRenderPaint 0
    stream.op(21, 0, 0xFFFF_0000)  // colour red
    stream.op(7)  // save
    stream.uint(9)  // transform
    for value: Float in [1, 0, 0, 1, 5, 6] { stream.float(value) }
    stream.op(10, 0, 0)  // drawPath
    stream.op(8)  // restore
    stream.op(28)  // frame
    stream.op(17, 0)  // rewind
    stream.addPath(0, verbs: [0, 1, 1, 1, 5], points: [(0, 0), (4, 0), (4, 4), (0, 4)])
    stream.op(18, 0, 1)  // evenOdd
    stream.op(20, 0, 0)  // stroke
    stream.uint(22)  // thickness
    stream.uint(0)
    stream.float(3)
    stream.op(23, 0, 1)  // round join
    stream.op(10, 0, 0)
    return stream
  }

  @Test("paths and paints are resolved as they are when drawn, frame by frame")
  func resolvesObjectsWhenDrawn() throws {
    let recording = try SilverStream.decode(Self.twoFrames().bytes)
    #expect(recording.version == 1)
    #expect(recording.frameSize == SilverFrameSize(width: 500, height: 400))
    #expect(recording.frames.count == 2)
    let first = recording.frames[0].displayList.operations
    #expect(
      first == [
        .save,
        .transform(Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 5, ty: 6)),
        .drawPath(
          RenderPath(
            fillRule: .nonZero, commands: [.move(0, 0), .line(10, 0), .line(0, 10), .close]),
          RenderPaint(style: .fill, color: 0xFFFF_0000)),
        .restore,
      ])
    // The first frame kept its path although the path was rewound and refilled after it.
    let second = recording.frames[1].displayList.operations
    #expect(
      second == [
        .drawPath(
          RenderPath(
            fillRule: .evenOdd,
            commands: [.move(0, 0), .line(4, 0), .line(4, 4), .line(0, 4), .close]),
          RenderPaint(style: .stroke, color: 0xFFFF_0000, thickness: 3, join: .round))
      ])
    #expect(recording.frames[1].origins.first?.path == 0)
    #expect(recording.frames[1].origins.first?.paint == 0)
    #expect(recording.statistics.paths == 1)
    #expect(recording.statistics.paints == 1)
  }

  @Test("a paint nobody coloured is opaque black, as the recorder leaves it")
  func paintDefaults() throws {
    var stream = SilverBytes()
    stream.op(3, 0)
    stream.op(5, 0)
    stream.op(10, 0, 0)
    let paint = try #require(
      SilverStream.decode(stream.bytes).frames.first?.displayList.operations.first)
    #expect(paint == .drawPath(RenderPath(fillRule: .nonZero, commands: []), Self.black))
  }

  static let black = RenderPaint(
    style: .fill, color: 0xFF00_0000, thickness: 1, join: .miter, cap: .butt, blendMode: .srcOver,
    feather: 0, shader: nil)

  @Test("a quadratic becomes the cubic with the same curve, from the point before it")
  func quadraticsAreElevated() throws {
    var stream = SilverBytes()
    stream.op(3, 0)
    stream.addPath(0, verbs: [0, 2], points: [(0, 0), (3, 6), (6, 0)])
    stream.op(5, 0)
    stream.op(10, 0, 0)
    let recording = try SilverStream.decode(stream.bytes)
    #expect(recording.statistics.quadratics == 1)
    guard case .drawPath(let path, _)? = recording.frames.first?.displayList.operations.first
    else {
      Issue.record("no draw")
      return
    }
    #expect(path.commands == [.move(0, 0), .cubic(2, 4, 4, 4, 6, 0)])
  }

  @Test("shader 0 is the first gradient right after it is made or for a paint without one")
  func shaderZero() throws {
    var stream = SilverBytes()
    stream.op(3, 0)
    stream.op(5, 0)
    stream.linearGradient(0, stops: [(0xFF00_00FF, 0), (0xFFFF_FFFF, 1)], from: (0, 0), to: (1, 0))
    stream.op(27, 0, 0)  // shader: gradient 0, just made
    stream.op(10, 0, 0)
    stream.linearGradient(1, stops: [(0xFF00_FF00, 0.5)], from: (0, 0), to: (0, 2))
    stream.op(27, 0, 1)
    stream.op(10, 0, 0)
    stream.op(27, 0, 0)  // shader cleared: 0 no longer follows gradient 0's creation
    stream.op(10, 0, 0)
    stream.op(5, 1)  // a paint without a shader given 0 later (a script's gradient, reused)
    stream.op(27, 1, 0)
    stream.op(10, 0, 1)
    let operations = try #require(SilverStream.decode(stream.bytes).frames.first).displayList
      .operations
    let shaders = operations.map { operation -> Shader? in
      if case .drawPath(_, let paint) = operation { return paint.shader }
      return nil
    }
    #expect(
      shaders == [
        .linear(
          startX: 0, startY: 0, endX: 1, endY: 0, colors: [0xFF00_00FF, 0xFFFF_FFFF],
          stops: [0, 1]),
        .linear(startX: 0, startY: 0, endX: 0, endY: 2, colors: [0xFF00_FF00], stops: [0.5]),
        nil,
        .linear(
          startX: 0, startY: 0, endX: 1, endY: 0, colors: [0xFF00_00FF, 0xFFFF_FFFF],
          stops: [0, 1]),
      ])
  }

  @Test("images count in decode order; a mesh draws its buffers as they were filled")
  func imagesAndMeshes() throws {
    var stream = SilverBytes()
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2]
    stream.op(6, 0, UInt64(png.count))
    stream.bytes += png
    stream.op(6, 1, 3)
    stream.bytes += [9, 9, 9]
    stream.op(0, 0, 16, 1, 0)  // vertex buffer 0: 16 bytes
    stream.op(0, 1, 16, 1, 0)  // uv buffer 1
    stream.op(0, 2, 6, 0, 0)  // index buffer 2: 3 indices
    stream.uint(14)
    stream.uint(0)
    for value: Float in [0, 0, 10, 0] { stream.float(value) }
    stream.uint(14)
    stream.uint(1)
    for value: Float in [0, 0, 1, 0] { stream.float(value) }
    stream.op(15, 2, 0, 1, 1)
    stream.op(13, 1, 3)  // drawImageMesh image 1, srcOver
    stream.float(0.5)
    stream.op(0, 1, 2)
    stream.op(12, 0, 24)  // drawImage image 0, multiply
    stream.float(1)
    stream.op(12, 7, 3)  // an image never decoded
    stream.float(1)
    let recording = try SilverStream.decode(stream.bytes)
    #expect(recording.images.map(\.id) == [0, 1])
    #expect(recording.images.map(\.format) == ["png", "unknown"])
    #expect(recording.images.map(\.byteCount) == [10, 3])
    #expect(recording.images[0].fingerprint != recording.images[1].fingerprint)
    #expect(
      recording.frames.first?.displayList.operations == [
        .drawImageMesh(
          image: 1,
          mesh: ImageMesh(vertices: [0, 0, 10, 0], uvs: [0, 0, 1, 0], indices: [0, 1, 1]),
          blendMode: .srcOver, opacity: 0.5),
        .drawImage(image: 0, blendMode: .multiply, opacity: 1),
        .drawImage(image: -1, blendMode: .srcOver, opacity: 1),
      ])
  }

  @Test("frames: calls between frame operations; a last frame only when it drew something")
  func frameCounting() throws {
    var stream = SilverBytes()
    stream.op(28)
    stream.op(28)
    stream.op(7)
    stream.op(28)
    stream.op(3, 0)  // objects made after the last frame make no frame
    #expect(
      try SilverStream.decode(stream.bytes).frames.map(\.displayList.operations.count) == [0, 0, 1])
    stream.op(8)
    #expect(try SilverStream.decode(stream.bytes).frames.count == 4)
  }

  @Test(
    "bad bytes are typed errors with the offset of the operation",
    arguments: [
      ([0x52, 0x49, 0x56, 0x45], SilverStreamError.Code.notSilver, 0),
      (Array("SRIV".utf8) + [2], .unsupportedVersion, 4),
      (Array("SRIV".utf8) + [1, 19], .unknownOperation, 5),
      (Array("SRIV".utf8) + [1, 10, 0, 0], .unknownObject, 5),
      (Array("SRIV".utf8) + [1, 3, 0, 18, 0, 3], .malformed, 7),
      (Array("SRIV".utf8) + [1, 5, 0, 26, 0, 4], .malformed, 7),
      (Array("SRIV".utf8) + [1, 3, 0, 16, 0, 1, 3, 0], .malformed, 7),
      (Array("SRIV".utf8) + [1, 9, 0, 0], .truncated, 5),
      (Array("SRIV".utf8) + [1, 6, 0, 200, 1], .truncated, 5),
      (Array("SRIV".utf8) + [1, 0, 0, 255, 255, 255, 255, 15, 1, 0], .malformed, 5),
      (Array("SRIV".utf8) + [1] + [UInt8](repeating: 0xFF, count: 11), .malformed, 5),
    ] as [([UInt8], SilverStreamError.Code, Int)])
  func badBytes(_ bytes: [UInt8], _ code: SilverStreamError.Code, _ offset: Int) {
    do {
      _ = try SilverStream.decode(bytes)
      Issue.record("read \(bytes) as a silver")
    } catch {
      #expect(error.code == code, "\(error)")
      #expect(error.offset == offset, "\(error)")
    }
  }

  @Test("a ten-byte opcode is read whole; one too wide, too long or cut is refused at its start")
  func opcodeVarUInts() {
    let header = Array("SRIV".utf8) + [1]
    let cases: [([UInt8], SilverStreamError.Code)] = [
      // 2^64 − 1 decodes, and is an opcode the format does not define.
      ([UInt8](repeating: 0xFF, count: 9) + [0x01], .unknownOperation),
      ([UInt8](repeating: 0xFF, count: 9) + [0x02], .malformed),
      ([UInt8](repeating: 0x80, count: 10) + [0x00], .malformed),
      ([0x80, 0x80], .truncated),
    ]
    for (opcode, code) in cases {
      do {
        _ = try SilverStream.decode(header + opcode)
        Issue.record("read opcode \(opcode)")
      } catch {
        #expect(error.code == code, "\(opcode): \(error)")
        #expect(error.offset == header.count, "\(opcode): \(error)")
      }
    }
  }

  @Test("every prefix of a stream is read or refused with a typed error, never a trap")
  func everyPrefix() {
    let bytes = Self.twoFrames().bytes
    for length in 0...bytes.count {
      do {
        let recording = try SilverStream.decode(Array(bytes.prefix(length)))
        #expect(recording.frames.count <= 2)
      } catch {
        #expect([.notSilver, .truncated].contains(error.code), "\(length): \(error)")
      }
    }
  }

  @Test("a stream that makes the reader copy a large path over and over is stopped")
  func copyingIsBounded() {
    var stream = SilverBytes()
    stream.op(3, 0)
    stream.op(5, 0)
    stream.addPath(
      0, verbs: [UInt64](repeating: 1, count: 1000), points: (0..<1000).map { (Float($0), 0) })
    for _ in 0..<200 {
      stream.op(10, 0, 0)
      stream.op(18, 0, 1)
      stream.op(18, 0, 0)
    }
    let limits = SilverStream.Limits(maximumCopiedValues: 50_000)
    #expect(throws: SilverStreamError.self) {
      try SilverStream.decode(stream.bytes, limits: limits)
    }
    #expect(throws: Never.self) { try SilverStream.decode(stream.bytes) }
  }

  @Test("seeded random bytes after a valid header never trap")
  func randomBytes() {
    var generator = SeededGenerator(seed: 0x5EED)
    for _ in 0..<2000 {
      var bytes = Array("SRIV".utf8) + [1]
      let count = Int(generator.next() % 64)
      for _ in 0..<count { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
      _ = try? SilverStream.decode(bytes)
    }
    // Random operations built from real opcodes and small operands.
    for _ in 0..<2000 {
      var stream = SilverBytes()
      for _ in 0..<Int(generator.next() % 24) {
        stream.uint(generator.next() % 31)
        for _ in 0..<Int(generator.next() % 5) { stream.uint(generator.next() % 4) }
      }
      _ = try? SilverStream.decode(stream.bytes)
    }
  }
}

/// The fuzz harness on real silvers damaged by seeded bit flips and cuts: every variant is
/// read or refused, never a trap.
@Suite("Silvers: damaged real silvers", SharedCorpus.requirement)
struct DamagedSilverTests {
  @Test("bit flips and cuts of the smallest silvers go through the fuzz harness")
  func flipsAndCuts() throws {
    let directory = SharedCorpus.projectRoot.appendingPathComponent("../shared/reference/silvers")
    let names = [
      "n_slice_triangle", "script_color_data_test", "bidirectional_precedence-target_first",
      "transition_index_condition", "component_stateful",
    ]
    var generator = SeededGenerator(seed: 44)
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name + ".sriv")))
      #expect(throws: Never.self) { try SilverStream.decode(bytes) }
      for _ in 0..<200 {
        var damaged = bytes
        for _ in 0..<(1 + Int(generator.next() % 4)) {
          let at = Int(generator.next() % UInt64(damaged.count))
          damaged[at] ^= UInt8(1 << (generator.next() % 8))
        }
        if generator.next() % 4 == 0 {
          damaged = Array(damaged.prefix(Int(generator.next() % UInt64(damaged.count))))
        }
        damaged.withUnsafeBytes { FuzzHarness.silver($0) }
      }
    }
  }
}
