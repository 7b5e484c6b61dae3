import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// The reader of silvers (`.sriv`): the recordings the official runtime's unit tests make of
/// every factory and renderer call while they play a file.
///
/// The format (version 1) is the bytes `SRIV`, a LEB128 version, then operations: a LEB128
/// opcode and its operands (LEB128 integers, little-endian 32-bit floats). Factory operations
/// make objects under ids (render paths, paints, gradients, buffers, decoded images), update
/// operations change them (a path rewound, refilled or given a fill rule; a paint's style,
/// colour, thickness, join, cap, feather, blend mode or shader; a buffer's contents), renderer
/// operations use them, `frameSize` gives the size the test set and `frame` ends a frame.
///
/// The reader keeps the table of objects and resolves each renderer call with the objects'
/// state at that moment (``SilverRecording``). Paints start as the runtime's recorder starts
/// them (fill, opaque black, thickness 1, miter join, butt cap, source-over, no feather, no
/// shader) because it writes only changes.
///
/// One ambiguity of the format: a paint's shader is written as the gradient's id, and as 0 when
/// the shader is cleared, so 0 also names the first gradient. The recorder writes a shader only
/// when it changes, so a paint without a shader that is given 0 is given the first gradient; a
/// paint with a shader is cleared by 0, unless the first gradient was made by the operation just
/// before (the runtime gives a gradient to its paint the moment it makes it). The runtime's own
/// replay reads 0 as the first gradient whenever there is one, which differs only for a paint
/// cleared and drawn without a shader after the first gradient was made.
///
/// Hostile bytes end in a ``SilverStreamError`` (with the byte offset of the operation), never
/// a trap; sizes are checked against what the rest of the stream could hold before anything
/// is allocated, and ``Limits`` bounds the geometry a stream can make the reader copy.
public enum SilverStream {
  /// Bounds on the work a stream can cause.
  public struct Limits: Sendable, Hashable {
    /// Path commands (and mesh values) the reader may copy in all: a path changed after it
    /// was drawn is copied once, so a stream that alternates drawing a large path and
    /// touching it would otherwise grow quadratically.
    public var maximumCopiedValues: Int
    /// The largest render buffer, in bytes.
    public var maximumBufferBytes: Int

    public init(maximumCopiedValues: Int = 64 << 20, maximumBufferBytes: Int = 64 << 20) {
      self.maximumCopiedValues = maximumCopiedValues
      self.maximumBufferBytes = maximumBufferBytes
    }

    /// The defaults: 64 Mi copied values, 64 MiB buffers.
    public static let `default` = Limits()
  }

  /// The opcodes of format version 1.
  enum Opcode: UInt64 {
    case makeRenderBuffer = 0
    case makeLinearGradient = 1
    case makeRadialGradient = 2
    case makeRenderPath = 3
    case makeRenderPaint = 5
    case decodeImage = 6
    case save = 7
    case restore = 8
    case transform = 9
    case drawPath = 10
    case clipPath = 11
    case drawImage = 12
    case drawImageMesh = 13
    case setVertexBufferData = 14
    case setIndexBufferData = 15
    case addRawPath = 16
    case rewind = 17
    case fillRule = 18
    case style = 20
    case color = 21
    case thickness = 22
    case join = 23
    case cap = 24
    case feather = 25
    case blendMode = 26
    case shader = 27
    case frame = 28
    case frameSize = 29
    case modulateOpacity = 30
  }

  /// Reads a silver.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - limits: Bounds on the work the stream may cause.
  /// - Returns: The frames, resolved.
  /// - Throws: ``SilverStreamError`` naming the byte offset.
  public static func decode(_ bytes: [UInt8], limits: Limits = .default)
    throws(SilverStreamError) -> SilverRecording
  {
    var decoder = Decoder(bytes: bytes, limits: limits)
    return try decoder.run()
  }

  /// Reads a silver from a file.
  ///
  /// - Parameters:
  ///   - url: The `.sriv` file.
  ///   - limits: Bounds on the work the stream may cause.
  /// - Returns: The frames, resolved.
  /// - Throws: ``SilverStreamError`` (`malformed` at byte 0 when the file cannot be read).
  public static func decode(contentsOf url: URL, limits: Limits = .default)
    throws(SilverStreamError) -> SilverRecording
  {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw SilverStreamError(
        .malformed, offset: 0, message: "cannot read \(url.path): \(error.localizedDescription)")
    }
    return try decode([UInt8](data), limits: limits)
  }
}

extension SilverStream {
  /// A render path as the stream has built it so far.
  fileprivate struct PathState {
    var fillRule: FillRule = .nonZero
    var commands: [PathCommand] = []
    /// The last point written (where a quadratic starts).
    var pen: (x: Float, y: Float) = (0, 0)
    /// Whether a resolved call holds the current commands (a change then copies them).
    var shared = false

    var renderPath: RenderPath { RenderPath(fillRule: fillRule, commands: commands) }
  }

  fileprivate struct BufferState {
    var isVertex: Bool
    var byteCount: Int
    var floats: [Float] = []
    var indices: [UInt16] = []
  }

  fileprivate struct Decoder {
    let bytes: [UInt8]
    let limits: Limits
    var position = 0
    /// Where the operation being read starts.
    var operationStart = 0

    var paths: [UInt64: PathState] = [:]
    var paints: [UInt64: RenderPaint] = [:]
    var shaders: [UInt64: Shader] = [:]
    var buffers: [UInt64: BufferState] = [:]
    var images: [SilverImage] = []
    /// The gradient the previous operation made, if it made one.
    var gradientJustMade: UInt64?
    var copied = 0

    var frames: [SilverFrame] = []
    var operations: [DrawOperation] = []
    var origins: [SilverOrigin] = []
    var size: SilverFrameSize?
    var statistics = SilverStatistics()

    init(bytes: [UInt8], limits: Limits) {
      self.bytes = bytes
      self.limits = limits
    }

    // MARK: - Primitives

    func failure(_ code: SilverStreamError.Code, _ message: String) -> SilverStreamError {
      SilverStreamError(code, offset: operationStart, message: message)
    }

    var remaining: Int { bytes.count - position }

    mutating func byte() throws(SilverStreamError) -> UInt8 {
      guard position < bytes.count else {
        throw failure(.truncated, "the stream ends inside an operation")
      }
      defer { position += 1 }
      return bytes[position]
    }

    /// A LEB128 integer, read by the package's one decoder (``VarUInt``) and its overflow rule.
    mutating func varUInt() throws(SilverStreamError) -> UInt64 {
      var offset = position
      var failed: RiveError?
      let value = bytes.withUnsafeBytes { buffer in
        do throws(RiveError) {
          return try VarUInt.decode(buffer, at: &offset, "an integer")
        } catch {
          failed = error
          return 0
        }
      }
      position = offset
      guard let failed else { return value }
      if failed.code == .truncated {
        throw failure(.truncated, "the stream ends inside an operation")
      }
      throw failure(.malformed, failed.message)
    }

    mutating func float() throws(SilverStreamError) -> Float {
      guard remaining >= 4 else {
        throw failure(.truncated, "the stream ends inside a 32-bit float")
      }
      let value =
        UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8
        | UInt32(bytes[position + 2]) << 16 | UInt32(bytes[position + 3]) << 24
      position += 4
      return Float(bitPattern: value)
    }

    /// A count whose items take at least `itemBytes` bytes each in the rest of the stream.
    mutating func count(of what: String, itemBytes: Int) throws(SilverStreamError) -> Int {
      let value = try varUInt()
      guard value <= UInt64(remaining / max(itemBytes, 1)) else {
        throw failure(
          .truncated,
          "\(value) \(what) need at least \(itemBytes) byte(s) each; \(remaining) bytes remain")
      }
      return Int(value)
    }

    mutating func uint32(_ what: String) throws(SilverStreamError) -> UInt32 {
      let value = try varUInt()
      guard let narrow = UInt32(exactly: value) else {
        throw failure(.malformed, "\(what) \(value) is wider than 32 bits")
      }
      return narrow
    }

    mutating func charge(_ values: Int) throws(SilverStreamError) {
      copied += values
      guard copied <= limits.maximumCopiedValues else {
        throw failure(
          .limitExceeded,
          "the stream makes the reader copy more than \(limits.maximumCopiedValues) values")
      }
    }

    // MARK: - Objects

    mutating func path(_ id: UInt64) throws(SilverStreamError) -> PathState {
      guard let path = paths[id] else {
        throw failure(.unknownObject, "render path #\(id) was never made")
      }
      return path
    }

    /// Changes a path in place, paying for the copy when a resolved call holds its commands.
    mutating func changePath(
      _ id: UInt64, _ body: (inout PathState) throws(SilverStreamError) -> Void
    ) throws(SilverStreamError) {
      guard var path = paths.removeValue(forKey: id) else {
        throw failure(.unknownObject, "render path #\(id) was never made")
      }
      if path.shared {
        try charge(path.commands.count)
        path.shared = false
      }
      do {
        try body(&path)
      } catch {
        paths[id] = path
        throw error
      }
      paths[id] = path
    }

    mutating func changePaint(_ id: UInt64, _ body: (inout RenderPaint) -> Void)
      throws(SilverStreamError)
    {
      guard var paint = paints[id] else {
        throw failure(.unknownObject, "render paint #\(id) was never made")
      }
      body(&paint)
      paints[id] = paint
    }

    /// The paint the runtime's recorder starts with.
    static let initialPaint = RenderPaint(
      style: .fill, color: 0xFF00_0000, thickness: 1, join: .miter, cap: .butt,
      blendMode: .srcOver, feather: 0, shader: nil)

    mutating func emit(_ operation: DrawOperation, path: UInt64? = nil, paint: UInt64? = nil) {
      operations.append(operation)
      origins.append(SilverOrigin(offset: operationStart, path: path, paint: paint))
    }

    mutating func endFrame() {
      frames.append(
        SilverFrame(
          index: frames.count, size: size, displayList: DisplayList(operations: operations),
          origins: origins))
      operations = []
      origins = []
    }

    // MARK: - Reading

    mutating func run() throws(SilverStreamError) -> SilverRecording {
      guard bytes.count >= 4, bytes[0] == 0x53, bytes[1] == 0x52, bytes[2] == 0x49,
        bytes[3] == 0x56
      else {
        throw SilverStreamError(
          .notSilver, offset: 0,
          message: "expected the bytes 53 52 49 56 (\"SRIV\"), found "
            + bytes.prefix(4).map { String($0, radix: 16, uppercase: true) }.joined(separator: " "))
      }
      position = 4
      operationStart = 4
      let version = try varUInt()
      guard version == 1 else {
        throw SilverStreamError(
          .unsupportedVersion, offset: 4,
          message: "format version \(version); this reader knows version 1")
      }
      while position < bytes.count {
        operationStart = position
        let code = try varUInt()
        guard let opcode = Opcode(rawValue: code) else {
          throw failure(.unknownOperation, "opcode \(code)")
        }
        let madeGradient = gradientJustMade
        gradientJustMade = nil
        try read(opcode, gradientJustMade: madeGradient)
        statistics.operations += 1
      }
      if !operations.isEmpty { endFrame() }
      return SilverRecording(
        version: Int(version), frames: frames, images: images, statistics: statistics)
    }

    mutating func read(_ opcode: Opcode, gradientJustMade madeGradient: UInt64?)
      throws(SilverStreamError)
    {
      switch opcode {
      case .makeRenderBuffer:
        let id = try varUInt()
        let size = try varUInt()
        let type = try varUInt()
        _ = try varUInt()  // flags: how the runtime may map it, no bearing on the contents
        guard type <= 1 else { throw failure(.malformed, "render buffer type \(type) (0 or 1)") }
        // Its contents come later, at least half a byte per byte of buffer.
        guard size <= UInt64(limits.maximumBufferBytes), size <= UInt64(bytes.count) * 2 else {
          throw failure(
            .malformed, "render buffer of \(size) bytes in a stream of \(bytes.count) bytes")
        }
        buffers[id] = BufferState(isVertex: type == 1, byteCount: Int(size))
        statistics.buffers += 1
      case .makeLinearGradient, .makeRadialGradient:
        let id = try varUInt()
        let count = try count(of: "gradient stops", itemBytes: 5)
        var colors: [UInt32] = []
        var stops: [Float] = []
        colors.reserveCapacity(count)
        stops.reserveCapacity(count)
        for _ in 0..<count {
          colors.append(try uint32("gradient colour"))
          stops.append(try float())
        }
        let a = try float()
        let b = try float()
        let c = try float()
        if opcode == .makeLinearGradient {
          let d = try float()
          shaders[id] = .linear(
            startX: a, startY: b, endX: c, endY: d, colors: colors, stops: stops)
        } else {
          shaders[id] = .radial(centerX: a, centerY: b, radius: c, colors: colors, stops: stops)
        }
        gradientJustMade = id
        statistics.gradients += 1
      case .makeRenderPath:
        paths[try varUInt()] = PathState()
        statistics.paths += 1
      case .makeRenderPaint:
        paints[try varUInt()] = Self.initialPaint
        statistics.paints += 1
      case .decodeImage:
        let id = try varUInt()
        let size = try varUInt()
        guard size <= UInt64(remaining) else {
          throw failure(.truncated, "an image of \(size) bytes; \(remaining) bytes remain")
        }
        let start = position
        position += Int(size)
        images.append(
          SilverImage(
            id: Int(clamping: id), byteCount: Int(size),
            format: Self.format(bytes[start..<position]),
            fingerprint: Self.fingerprint(bytes[start..<position])))
      case .save: emit(.save)
      case .restore: emit(.restore)
      case .transform:
        var values: [Float] = []
        for _ in 0..<6 { values.append(try float()) }
        emit(
          .transform(
            Transform2D(
              xx: values[0], xy: values[1], yx: values[2], yy: values[3], tx: values[4],
              ty: values[5])))
      case .modulateOpacity:
        emit(.modulateOpacity(try float()))
      case .drawPath:
        let pathID = try varUInt()
        let paintID = try varUInt()
        let path = try path(pathID)
        guard let paint = paints[paintID] else {
          throw failure(.unknownObject, "render paint #\(paintID) was never made")
        }
        paths[pathID]?.shared = true
        emit(.drawPath(path.renderPath, paint), path: pathID, paint: paintID)
      case .clipPath:
        let pathID = try varUInt()
        let path = try path(pathID)
        paths[pathID]?.shared = true
        emit(.clipPath(path.renderPath), path: pathID)
      case .drawImage:
        let image = try varUInt()
        let blend = try blendMode()
        let opacity = try float()
        emit(.drawImage(image: imageID(image), blendMode: blend, opacity: opacity))
      case .drawImageMesh:
        let image = try varUInt()
        let blend = try blendMode()
        let opacity = try float()
        let vertices = buffers[try varUInt()]
        let uvs = buffers[try varUInt()]
        let indices = buffers[try varUInt()]
        let mesh = ImageMesh(
          vertices: vertices?.floats ?? [], uvs: uvs?.floats ?? [], indices: indices?.indices ?? [])
        try charge(mesh.vertices.count + mesh.uvs.count + mesh.indices.count)
        emit(
          .drawImageMesh(image: imageID(image), mesh: mesh, blendMode: blend, opacity: opacity))
      case .setVertexBufferData, .setIndexBufferData:
        let id = try varUInt()
        guard var buffer = buffers[id] else {
          throw failure(.unknownObject, "render buffer #\(id) was never made")
        }
        if opcode == .setVertexBufferData {
          let count = buffer.byteCount / 4
          guard count <= remaining / 4 else {
            throw failure(
              .truncated, "\(count) vertex values need \(count * 4) bytes; \(remaining) remain")
          }
          var floats: [Float] = []
          floats.reserveCapacity(count)
          for _ in 0..<count { floats.append(try float()) }
          buffer.floats = floats
          buffer.indices = []
        } else {
          let count = buffer.byteCount / 2
          guard count <= remaining else {
            throw failure(
              .truncated, "\(count) indices need at least \(count) bytes; \(remaining) remain")
          }
          var indices: [UInt16] = []
          indices.reserveCapacity(count)
          for _ in 0..<count {
            let value = try varUInt()
            guard let index = UInt16(exactly: value) else {
              throw failure(.malformed, "index \(value) is wider than 16 bits")
            }
            indices.append(index)
          }
          buffer.indices = indices
          buffer.floats = []
        }
        buffers[id] = buffer
      case .addRawPath:
        let id = try varUInt()
        guard paths[id] != nil else {
          throw failure(.unknownObject, "render path #\(id) was never made")
        }
        let verbCount = try count(of: "path verbs", itemBytes: 1)
        var verbs: [UInt8] = []
        verbs.reserveCapacity(verbCount)
        for _ in 0..<verbCount {
          let verb = try varUInt()
          guard verb <= 5, verb != 3 else {
            throw failure(
              .malformed, "path verb \(verb) (0 move, 1 line, 2 quad, 4 cubic, 5 close)")
          }
          verbs.append(UInt8(verb))
        }
        let pointCount = try count(of: "path points", itemBytes: 8)
        var points: [(Float, Float)] = []
        points.reserveCapacity(pointCount)
        for _ in 0..<pointCount { points.append((try float(), try float())) }
        try charge(verbCount)
        var quadratics = 0
        try changePath(id) { path in
          quadratics = Self.append(verbs: verbs, points: points, to: &path)
        }
        statistics.quadratics += quadratics
      case .rewind:
        try changePath(try varUInt()) { path in
          path.commands.removeAll(keepingCapacity: false)
          path.pen = (0, 0)
        }
      case .fillRule:
        let id = try varUInt()
        let value = try varUInt()
        let rule: FillRule
        switch value {
        case 0: rule = .nonZero
        case 1: rule = .evenOdd
        case 2: rule = .clockwise
        default: throw failure(.malformed, "fill rule \(value) (0 to 2)")
        }
        try changePath(id) { $0.fillRule = rule }
      case .style:
        let id = try varUInt()
        let value = try varUInt()
        guard value <= 1 else { throw failure(.malformed, "paint style \(value) (0 or 1)") }
        try changePaint(id) { $0.style = value == 0 ? .stroke : .fill }
      case .color:
        let id = try varUInt()
        let value = try uint32("colour")
        try changePaint(id) { $0.color = value }
      case .thickness:
        let id = try varUInt()
        let value = try float()
        try changePaint(id) { $0.thickness = value }
      case .join:
        let id = try varUInt()
        let value = try varUInt()
        let join: RenderPaint.Join
        switch value {
        case 0: join = .miter
        case 1: join = .round
        case 2: join = .bevel
        default: throw failure(.malformed, "stroke join \(value) (0 to 2)")
        }
        try changePaint(id) { $0.join = join }
      case .cap:
        let id = try varUInt()
        let value = try varUInt()
        let cap: RenderPaint.Cap
        switch value {
        case 0: cap = .butt
        case 1: cap = .round
        case 2: cap = .square
        default: throw failure(.malformed, "stroke cap \(value) (0 to 2)")
        }
        try changePaint(id) { $0.cap = cap }
      case .feather:
        let id = try varUInt()
        let value = try float()
        try changePaint(id) { $0.feather = value }
      case .blendMode:
        let id = try varUInt()
        let mode = try blendMode()
        try changePaint(id) { $0.blendMode = mode }
      case .shader:
        let id = try varUInt()
        let shaderID = try varUInt()
        let shader: Shader?
        if shaderID == 0 {
          // The recorder writes only changes: a paint without a shader that is given "0" is
          // given the first gradient; one with a shader is cleared, unless the first gradient
          // was made just before (the runtime gives a gradient to its paint as it makes it).
          let hasShader = paints[id]?.shader != nil
          shader = madeGradient == 0 || !hasShader ? shaders[0] : nil
        } else {
          shader = shaders[shaderID]
        }
        try changePaint(id) { $0.shader = shader }
      case .frame:
        endFrame()
      case .frameSize:
        let width = try uint32("frame width")
        let height = try uint32("frame height")
        size = SilverFrameSize(width: Int(width), height: Int(height))
      }
    }

    mutating func blendMode() throws(SilverStreamError) -> BlendMode {
      let value = try varUInt()
      guard value <= 255, let mode = BlendMode(rawValue: UInt8(value)) else {
        throw failure(.malformed, "blend mode \(value) (3, or 14 to 28)")
      }
      return mode
    }

    /// An image id as the draw calls count it: its decode position, or -1 for an image the
    /// stream never decoded (the runtime's replay draws nothing there).
    func imageID(_ id: UInt64) -> Int {
      id < UInt64(images.count) ? Int(id) : -1
    }

    /// Appends a serialised raw path's commands; returns the quadratics it held. Verbs whose
    /// points the stream does not deliver end the path there, as the runtime's replay does.
    static func append(verbs: [UInt8], points: [(Float, Float)], to path: inout PathState) -> Int {
      var quadratics = 0
      var next = 0
      func has(_ count: Int) -> Bool { next + count <= points.count }
      for verb in verbs {
        switch verb {
        case 0:
          guard has(1) else { return quadratics }
          let point = points[next]
          next += 1
          path.commands.append(.move(point.0, point.1))
          path.pen = point
        case 1:
          guard has(1) else { return quadratics }
          let point = points[next]
          next += 1
          path.commands.append(.line(point.0, point.1))
          path.pen = point
        case 2:
          guard has(2) else { return quadratics }
          let control = points[next]
          let end = points[next + 1]
          next += 2
          // The cubic with the same curve: controls two thirds of the way from each end
          // towards the quadratic's control point (in 32-bit arithmetic, as the recorder).
          let third: Float = 2.0 / 3.0
          let first = (
            path.pen.x + (control.0 - path.pen.x) * third,
            path.pen.y + (control.1 - path.pen.y) * third
          )
          let second = (end.0 + (control.0 - end.0) * third, end.1 + (control.1 - end.1) * third)
          path.commands.append(.cubic(first.0, first.1, second.0, second.1, end.0, end.1))
          path.pen = end
          quadratics += 1
        case 4:
          guard has(3) else { return quadratics }
          let a = points[next]
          let b = points[next + 1]
          let c = points[next + 2]
          next += 3
          path.commands.append(.cubic(a.0, a.1, b.0, b.1, c.0, c.1))
          path.pen = c
        default:
          path.commands.append(.close)
        }
      }
      return quadratics
    }

    static func format(_ data: ArraySlice<UInt8>) -> String {
      let head = Array(data.prefix(12))
      if head.count >= 8, head[0] == 0x89, head[1] == 0x50, head[2] == 0x4E, head[3] == 0x47 {
        return "png"
      }
      if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return "jpeg" }
      if head.count >= 12, head[0...3] == [0x52, 0x49, 0x46, 0x46],
        head[8...11] == [0x57, 0x45, 0x42, 0x50]
      {
        return "webp"
      }
      return "unknown"
    }

    static func fingerprint(_ data: ArraySlice<UInt8>) -> UInt64 {
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in data {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01B3
      }
      return hash
    }
  }
}
