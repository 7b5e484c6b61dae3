import CWebPMux
import Foundation

/// An animated WebP, frame by frame, through libwebp and libwebpmux: each frame is encoded
/// whole (lossy, quality 90, method 4, with a lossless alpha plane) and pushed into the mux
/// as an `ANMF` frame of its own duration, drawn without blending over the previous one, the
/// animation looping forever. Every frame is kept, so a reader counts exactly the frames given
/// (libwebp's animation encoder would merge identical frames into one longer frame).
final class AnimatedWebPEncoder {
  private let output: String
  private let width: Int
  private let height: Int
  private let fps: Int
  private var mux: OpaquePointer?
  private var count = 0

  init(output: String, width: Int, height: Int, fps: Int) throws(ExportError) {
    self.output = output
    self.width = width
    self.height = height
    self.fps = fps
    guard let mux = WebPMuxNew() else {
      throw ExportError(.encoder, output: output, message: "libwebpmux: out of memory")
    }
    self.mux = mux
  }

  deinit {
    if let mux { WebPMuxDelete(mux) }
  }

  /// Encodes one frame (straight RGBA).
  func append(_ rgba: [UInt8]) throws(ExportError) {
    guard let mux else { throw failure("the encoder is closed") }
    var config = WebPConfig()
    var picture = WebPPicture()
    guard WebPConfigInit(&config) != 0, WebPPictureInit(&picture) != 0 else {
      throw failure("libwebp version mismatch")
    }
    config.quality = 90
    config.method = 4
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    defer { WebPPictureFree(&picture) }
    let imported = rgba.withUnsafeBufferPointer { pixels in
      WebPPictureImportRGBA(&picture, pixels.baseAddress, Int32(width * 4))
    }
    guard imported != 0 else { throw failure("libwebp cannot import the frame") }
    var writer = WebPMemoryWriter()
    WebPMemoryWriterInit(&writer)
    defer { WebPMemoryWriterClear(&writer) }
    let encoded = withUnsafeMutablePointer(to: &writer) { pointer -> Int32 in
      picture.writer = WebPMemoryWrite
      picture.custom_ptr = UnsafeMutableRawPointer(pointer)
      return WebPEncode(&config, &picture)
    }
    guard encoded != 0 else {
      throw failure("libwebp: encoding failed (error \(picture.error_code.rawValue))")
    }
    // Durations in milliseconds that add up to the exact time: frame i ends at i+1 / fps.
    let start = Int((Double(count) * 1000 / Double(fps)).rounded())
    let end = Int((Double(count + 1) * 1000 / Double(fps)).rounded())
    var frame = WebPMuxFrameInfo()
    frame.bitstream = WebPData(bytes: writer.mem, size: writer.size)
    frame.x_offset = 0
    frame.y_offset = 0
    frame.duration = Int32(end - start)
    frame.id = WEBP_CHUNK_ANMF
    frame.dispose_method = WEBP_MUX_DISPOSE_NONE
    frame.blend_method = WEBP_MUX_NO_BLEND
    let status = WebPMuxPushFrame(mux, &frame, 1)
    guard status == WEBP_MUX_OK else {
      throw failure("libwebpmux: cannot add the frame (\(status.rawValue))")
    }
    count += 1
  }

  /// Assembles the file and writes it.
  func finish() throws(ExportError) {
    guard let mux else { throw failure("the encoder is closed") }
    var parameters = WebPMuxAnimParams(bgcolor: 0, loop_count: 0)
    guard WebPMuxSetAnimationParams(mux, &parameters) == WEBP_MUX_OK,
      WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK
    else { throw failure("libwebpmux: cannot set the animation's parameters") }
    var assembled = WebPData(bytes: nil, size: 0)
    defer { WebPDataClear(&assembled) }
    let status = WebPMuxAssemble(mux, &assembled)
    guard status == WEBP_MUX_OK, let bytes = assembled.bytes else {
      throw failure("libwebpmux: cannot assemble the file (\(status.rawValue))")
    }
    do {
      try Data(bytes: bytes, count: assembled.size).write(
        to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      throw ExportError(.io, output: output, message: "cannot write: \(error.localizedDescription)")
    }
  }

  private func failure(_ message: String) -> ExportError {
    ExportError(.encoder, output: output, frameIndex: count, message: message)
  }
}
