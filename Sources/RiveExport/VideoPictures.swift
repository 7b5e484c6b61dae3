import CAV
import Foundation

/// Straight RGBA frames drawn over the matte and converted to BT.709 4:2:0 by libswscale, for
/// the video encoder: on the thread that draws, so that a pipelined export's encoder thread
/// only encodes.
///
/// The conversion is the one the encoder made itself before: each frame flattened over the
/// matte (``FrameExporter/flatten(_:into:over:)``), then libswscale's bilinear, accurate-
/// rounding RGBA to 4:2:0, cut into bands of rows on its own threads (each row computed as a
/// whole-frame conversion computes it). Not `Sendable`: one thread converts.
final class VideoPictureConverter {
  /// libswscale's threads converting each frame (its bands of rows are the same bytes
  /// whatever the count).
  static let conversionThreads = 2

  private let output: String
  private let width: Int
  private let height: Int
  private let pool: VideoPicturePool
  private var scaler: OpaquePointer?
  /// The frame drawn over the matte, straight RGBA, converted from (its buffer reused).
  private var rgba: UnsafeMutablePointer<AVFrame>?

  /// A converter for frames of `width` × `height` (even sides) that keeps up to `keeping`
  /// pictures the encoder has let go of for reuse (the most alive at once: the pipeline's
  /// depth, one converting and one encoding).
  ///
  /// - Throws: ``ExportError`` with code `encoder` when libswscale cannot convert or memory
  ///   runs out.
  init(output: String, width: Int, height: Int, keeping: Int) throws(ExportError) {
    self.output = output
    self.width = width
    self.height = height
    pool = VideoPicturePool(capacity: keeping)
    guard let source = av_frame_alloc() else { throw libavFailure("out of memory", output) }
    rgba = source
    source.pointee.format = AV_PIX_FMT_RGBA.rawValue
    source.pointee.width = Int32(width)
    source.pointee.height = Int32(height)
    try libavCheck(av_frame_get_buffer(source, 0), "allocating a frame", output)
    guard let scaler = sws_alloc_context() else { throw libavFailure("out of memory", output) }
    self.scaler = scaler
    let settings: [(String, Int)] = [
      ("srcw", width), ("srch", height), ("src_format", Int(AV_PIX_FMT_RGBA.rawValue)),
      ("dstw", width), ("dsth", height), ("dst_format", Int(AV_PIX_FMT_YUV420P.rawValue)),
      ("sws_flags", Int(SWS_BILINEAR | SWS_ACCURATE_RND)), ("threads", Self.conversionThreads),
    ]
    for (name, value) in settings {
      try libavCheck(
        av_opt_set_int(UnsafeMutableRawPointer(scaler), name, Int64(value), 0), name, output)
    }
    try libavCheck(
      sws_init_context(scaler, nil, nil), "libswscale cannot convert RGBA to 4:2:0", output)
    let coefficients = sws_getCoefficients(CAV_colorspaceBT709())
    sws_setColorspaceDetails(scaler, coefficients, 1, coefficients, 0, 0, 1 << 16, 1 << 16)
  }

  deinit {
    if let scaler { sws_freeContext(scaler) }
    av_frame_free(&rgba)
  }

  /// `pixels` (straight RGBA, `width × height × 4` bytes) drawn over `matte` (`0xAARRGGBB`,
  /// alpha ignored) and converted.
  ///
  /// - Throws: ``ExportError`` with code `encoder` for pixels of another size or a libav
  ///   failure.
  func convert(_ pixels: [UInt8], over matte: UInt32) throws(ExportError) -> VideoPicture {
    guard let rgba, let scaler else { throw libavFailure("the converter is closed", output) }
    guard let target = rgba.pointee.data.0, pixels.count == width * height * 4 else {
      throw libavFailure("a frame of \(pixels.count) bytes for \(width)×\(height)", output)
    }
    try libavCheck(av_frame_make_writable(rgba), "making the frame writable", output)
    let picture = try pool.take(width: width, height: height, output: output)
    // Writable again once the encoder has let go of it (libavcodec may keep a reference).
    try libavCheck(av_frame_make_writable(picture.frame), "making the frame writable", output)
    let stride = Int(rgba.pointee.linesize.0)
    let rowBytes = width * 4
    pixels.withUnsafeBufferPointer { source in
      for row in 0..<height {
        FrameExporter.flatten(
          UnsafeBufferPointer(rebasing: source[row * rowBytes..<(row + 1) * rowBytes]),
          into: target + row * stride, over: matte)
      }
    }
    try libavCheck(sws_scale_frame(scaler, picture.frame, rgba), "converting RGBA to 4:2:0", output)
    return picture
  }
}

/// A 4:2:0 frame for the video encoder, from its converter's pool: written by the converter
/// before it is handed on, read by the encoder after, and given back to the pool when the
/// last reference goes.
final class VideoPicture: @unchecked Sendable {
  // @unchecked: never written and read at once — the converter's thread hands it to the
  // encoder's through the pipeline's lock, and the pool takes it back under its own.
  let frame: UnsafeMutablePointer<AVFrame>
  private let pool: VideoPicturePool

  fileprivate init(frame: UnsafeMutablePointer<AVFrame>, pool: VideoPicturePool) {
    self.frame = frame
    self.pool = pool
  }

  deinit { pool.giveBack(frame) }
}

/// The 4:2:0 frames of one export, reused: a pipelined export has at most its depth plus two
/// alive (one converting, one encoding, the rest queued), and a frame made afresh for each
/// picture cost the zeroing of its pages every time.
final class VideoPicturePool: @unchecked Sendable {
  // @unchecked: `spare` is read and written only while `lock` is locked.
  private let lock = NSLock()
  private var spare: [UnsafeMutablePointer<AVFrame>] = []
  /// The most frames kept for reuse.
  let capacity: Int

  init(capacity: Int) { self.capacity = max(1, capacity) }

  deinit {
    for frame in spare {
      var pointer: UnsafeMutablePointer<AVFrame>? = frame
      av_frame_free(&pointer)
    }
  }

  /// A spare frame, or a new one of `width` × `height`.
  fileprivate func take(width: Int, height: Int, output: String) throws(ExportError)
    -> VideoPicture
  {
    let reused: UnsafeMutablePointer<AVFrame>? = lock.withLock { spare.popLast() }
    if let reused { return VideoPicture(frame: reused, pool: self) }
    guard let frame = av_frame_alloc() else { throw libavFailure("out of memory", output) }
    frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    frame.pointee.color_range = AVCOL_RANGE_MPEG
    frame.pointee.colorspace = AVCOL_SPC_BT709
    frame.pointee.color_primaries = AVCOL_PRI_BT709
    frame.pointee.color_trc = AVCOL_TRC_BT709
    let status = av_frame_get_buffer(frame, 0)
    guard status >= 0 else {
      var pointer: UnsafeMutablePointer<AVFrame>? = frame
      av_frame_free(&pointer)
      throw libavError(status, "allocating a frame", output)
    }
    return VideoPicture(frame: frame, pool: self)
  }

  fileprivate func giveBack(_ frame: UnsafeMutablePointer<AVFrame>) {
    let kept = lock.withLock {
      guard spare.count < capacity else { return false }
      spare.append(frame)
      return true
    }
    if !kept {
      var pointer: UnsafeMutablePointer<AVFrame>? = frame
      av_frame_free(&pointer)
    }
  }
}

/// An `encoder` error of libav's, naming `output`.
func libavFailure(_ message: String, _ output: String) -> ExportError {
  ExportError(.encoder, output: output, message: "libav: " + message)
}

/// libav's message for a failed `status` of `what`.
func libavError(_ status: Int32, _ what: String, _ output: String) -> ExportError {
  var buffer = [CChar](repeating: 0, count: 256)
  av_strerror(status, &buffer, buffer.count)
  return libavFailure("\(what): \(ExportError.text(buffer))", output)
}

/// Throws libav's message when `status` is a failure (negative).
func libavCheck(_ status: Int32, _ what: String, _ output: String) throws(ExportError) {
  guard status < 0 else { return }
  throw libavError(status, what, output)
}
