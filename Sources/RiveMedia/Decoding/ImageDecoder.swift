import CRiveImageShim
import CWebP
import Foundation

/// Decodes PNG, JPEG and WebP images into straight RGBA8 bitmaps.
///
/// The format is chosen by sniffing magic bytes only (see `ImageFormat.sniff(_:)`).
/// Every decode reads the header first and checks its size against ``DecodingLimits``
/// before anything image-sized is allocated; the pixels are then decoded straight into
/// storage that Swift owns, with no intermediate copy.
///
/// - PNG uses libpng's classic API (through the `CRiveImageShim` C target): palette, grey,
///   grey + alpha, 16-bit (stripped to 8 bits by keeping the high byte), Adam7 interlacing
///   and tRNS are supported; gamma, colour profiles and sBIT are ignored.
/// - JPEG uses libjpeg-turbo (also through the shim) with the accurate integer IDCT
///   (`JDCT_ISLOW`): baseline, progressive, greyscale, CMYK and YCCK (converted to RGB; see
///   the shim's header). Data that ends early is a ``DecodingError/Code/truncated`` error,
///   never grey padding. The Exif orientation is reported, not applied.
/// - WebP uses libwebp (`WebPGetFeatures`, then `WebPDecode` into the caller's buffer):
///   lossy, lossless and alpha. Animated WebP is ``DecodingError/Code/unsupported``.
/// - GIF is recognized but ``DecodingError/Code/unsupported``.
///
/// All entry points are synchronous, keep no state between calls and are safe to call
/// from many threads at once.
public enum ImageDecoder {
  /// Decodes an image from raw bytes.
  ///
  /// - Parameters:
  ///   - bytes: A complete PNG, JPEG or WebP file.
  ///   - limits: The size budget, checked against the header before allocating.
  /// - Returns: The image as straight RGBA8.
  /// - Throws: ``DecodingError`` with code `unknownFormat` (no image signature; the message
  ///   shows the first bytes in hexadecimal), `unsupported` (GIF, animated WebP),
  ///   `tooLarge`, `truncated`, `malformed` or `outOfMemory`.
  public static func decode(
    _ bytes: UnsafeRawBufferPointer, limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedImage {
    let session = try Session(bytes, limits: limits)
    defer { session.end() }
    let byteCount = session.info.byteCount
    var failure: DecodingError?
    let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
      failure = session.finish(into: UnsafeMutableRawBufferPointer(buffer))
      initializedCount = failure == nil ? byteCount : 0
    }
    if let failure {
      throw failure
    }
    return DecodedImage(
      width: session.info.width, height: session.info.height, pixels: pixels,
      isPremultiplied: false, format: session.info.format,
      exifOrientation: session.info.exifOrientation)
  }

  /// Decodes an image from a byte array.
  ///
  /// - Parameters:
  ///   - bytes: A complete PNG, JPEG or WebP file.
  ///   - limits: The size budget, checked against the header before allocating.
  /// - Returns: The image as straight RGBA8.
  /// - Throws: ``DecodingError``; see ``decode(_:limits:)-(UnsafeRawBufferPointer,_)``.
  public static func decode(
    _ bytes: [UInt8], limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedImage {
    try withDecodingBytes(of: bytes) { (buffer) throws(DecodingError) in
      try decode(buffer, limits: limits)
    }
  }

  /// Decodes an image from `Data`.
  ///
  /// - Parameters:
  ///   - data: A complete PNG, JPEG or WebP file.
  ///   - limits: The size budget, checked against the header before allocating.
  /// - Returns: The image as straight RGBA8.
  /// - Throws: ``DecodingError``; see ``decode(_:limits:)-(UnsafeRawBufferPointer,_)``.
  public static func decode(
    _ data: Data, limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedImage {
    try withDecodingBytes(of: data) { (buffer) throws(DecodingError) in
      try decode(buffer, limits: limits)
    }
  }

  /// Decodes an image into a pixel array that the caller owns and may reuse.
  ///
  /// `pixels` is resized to exactly `width * height * 4` bytes, keeping its capacity; when
  /// it already has that size (the usual case when decoding many images of one size), no
  /// memory is allocated, cleared or copied and the decoder writes straight into it. On
  /// failure its contents are unspecified.
  ///
  /// - Parameters:
  ///   - bytes: A complete PNG, JPEG or WebP file.
  ///   - pixels: Receives the straight RGBA8 pixels, top row first.
  ///   - limits: The size budget, checked against the header before resizing `pixels`.
  /// - Returns: The image's width, height, format and Exif orientation.
  /// - Throws: ``DecodingError``; see ``decode(_:limits:)-(UnsafeRawBufferPointer,_)``.
  @discardableResult
  public static func decode(
    _ bytes: UnsafeRawBufferPointer, into pixels: inout [UInt8],
    limits: DecodingLimits = .default
  ) throws(DecodingError) -> ImageInfo {
    let session = try Session(bytes, limits: limits)
    defer { session.end() }
    let byteCount = session.info.byteCount
    if pixels.count > byteCount {
      pixels.removeLast(pixels.count - byteCount)
    } else if pixels.count < byteCount {
      pixels.append(contentsOf: repeatElement(0, count: byteCount - pixels.count))
    }
    let failure = pixels.withUnsafeMutableBytes { session.finish(into: $0) }
    if let failure {
      throw failure
    }
    return session.info
  }

  /// Reads an image's header without decoding pixels or checking limits.
  ///
  /// - Parameter bytes: A PNG, JPEG or WebP file, or at least its header.
  /// - Returns: The width, height, format and Exif orientation.
  /// - Throws: ``DecodingError`` with code `unknownFormat`, `unsupported`, `truncated` or
  ///   `malformed`.
  public static func readInfo(_ bytes: UnsafeRawBufferPointer) throws(DecodingError) -> ImageInfo {
    let unlimited = DecodingLimits(
      maximumWidth: .max, maximumHeight: .max, maximumPixelCount: .max)
    let session = try Session(bytes, limits: unlimited)
    session.end()
    return session.info
  }
}

extension ImageDecoder {
  /// One decode in progress: the header has been read and the C decoder is open.
  ///
  /// `end()` must be called exactly once after a successful `init`.
  private struct Session {
    enum Decoder {
      case png(OpaquePointer)
      case jpeg(OpaquePointer)
      case webp
    }

    let bytes: UnsafeRawBufferPointer
    let decoder: Decoder
    let info: ImageInfo

    /// Sniffs the format, reads the header and checks it against `limits`.
    init(_ bytes: UnsafeRawBufferPointer, limits: DecodingLimits) throws(DecodingError) {
      guard let format = ImageFormat.sniff(bytes) else {
        throw DecodingError(
          .unknownFormat, kind: .image,
          message: "expected a PNG, JPEG or WebP signature; found \(MagicBytes(bytes).hexPrefix())"
        )
      }
      if let (width, height) = ClaimedImageSize.read(bytes, format: format) {
        try Self.checkLimits(
          ImageInfo(width: width, height: height, format: format, exifOrientation: 1), limits)
      }
      self.bytes = bytes
      var header = CRiveImageShim_Header()
      var orientation = 1
      switch format {
      case .png:
        var handle: OpaquePointer?
        try Self.check(format) { reason, capacity in
          CRiveImageShim_beginPNG(
            bytes.decodingBaseAddress, bytes.count, &handle, &header, reason, capacity)
        }
        guard let handle else { throw Self.internalError(format) }
        decoder = .png(handle)
      case .jpeg:
        var handle: OpaquePointer?
        try Self.check(format) { reason, capacity in
          CRiveImageShim_beginJPEG(
            bytes.decodingBaseAddress, bytes.count, &handle, &header, reason, capacity)
        }
        guard let handle else { throw Self.internalError(format) }
        decoder = .jpeg(handle)
        orientation = ExifOrientation.read(fromJPEG: bytes)
      case .webp:
        header = try Self.readWebPHeader(bytes)
        decoder = .webp
      case .gif:
        throw DecodingError(
          .unsupported, kind: .image, format: .image(.gif),
          message: "GIF is recognized but not decoded; expected PNG, JPEG or WebP")
      }
      info = ImageInfo(
        width: Int(header.width), height: Int(header.height), format: format,
        exifOrientation: orientation)
      do throws(DecodingError) {
        try Self.checkLimits(info, limits)
      } catch {
        end()
        throw error
      }
    }

    /// Releases the C decoder.
    func end() {
      switch decoder {
      case .png(let handle): CRiveImageShim_endPNG(handle)
      case .jpeg(let handle): CRiveImageShim_endJPEG(handle)
      case .webp: break
      }
    }

    /// Decodes every pixel into `destination`, which holds at least `info.byteCount` bytes.
    ///
    /// - Returns: `nil` on success, otherwise the error.
    func finish(into destination: UnsafeMutableRawBufferPointer) -> DecodingError? {
      guard let base = destination.baseAddress, destination.count >= info.byteCount else {
        return Self.internalError(info.format)
      }
      let pixels = base.assumingMemoryBound(to: UInt8.self)
      do throws(DecodingError) {
        switch decoder {
        case .png(let handle):
          try Self.check(info.format) { reason, capacity in
            CRiveImageShim_finishPNG(handle, pixels, destination.count, reason, capacity)
          }
        case .jpeg(let handle):
          try Self.check(info.format) { reason, capacity in
            CRiveImageShim_finishJPEG(handle, pixels, destination.count, reason, capacity)
          }
        case .webp:
          try Self.decodeWebP(bytes, into: pixels, count: destination.count, info: info)
        }
      } catch {
        return error
      }
      return nil
    }

    // MARK: Helpers

    /// Calls a shim function with a reason buffer and maps its status to an error.
    private static func check(
      _ format: ImageFormat,
      _ body: (UnsafeMutablePointer<CChar>, Int) -> CRiveImageShim_Status
    ) throws(DecodingError) {
      let capacity = 200
      var reasonText = ""
      let status = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) {
        reason -> CRiveImageShim_Status in
        guard let base = reason.baseAddress else { return CRiveImageShim_statusOutOfMemory }
        base[0] = 0
        let status = body(base, capacity)
        if status != CRiveImageShim_statusOK {
          let bytes = UnsafeRawBufferPointer(reason).prefix { $0 != 0 }
          reasonText = String(decoding: bytes, as: UTF8.self)
        }
        return status
      }
      let code: DecodingError.Code
      switch status {
      case CRiveImageShim_statusOK: return
      case CRiveImageShim_statusTruncated: code = .truncated
      case CRiveImageShim_statusUnsupported: code = .unsupported
      case CRiveImageShim_statusOutOfMemory: code = .outOfMemory
      default: code = .malformed
      }
      let library = format == .png ? "libpng" : "libjpeg"
      throw DecodingError(
        code, kind: .image, format: .image(format),
        message: "expected a valid \(format) file; \(library) reported: \(reasonText)")
    }

    private static func internalError(_ format: ImageFormat) -> DecodingError {
      DecodingError(
        .malformed, kind: .image, format: .image(format),
        message: "the decoder returned no result")
    }

    private static func checkLimits(_ info: ImageInfo, _ limits: DecodingLimits)
      throws(DecodingError)
    {
      let (pixelCount, overflow) = info.width.multipliedReportingOverflow(by: info.height)
      let byteOverflow = pixelCount.multipliedReportingOverflow(by: 4).overflow
      if info.width > limits.maximumWidth || info.height > limits.maximumHeight || overflow
        || byteOverflow || pixelCount > limits.maximumPixelCount
      {
        throw DecodingError(
          .tooLarge, kind: .image, format: .image(info.format),
          message: "the header claims \(info.width)×\(info.height) pixels; the limit is "
            + "\(limits.maximumWidth)×\(limits.maximumHeight) and "
            + "\(limits.maximumPixelCount) pixels")
      }
      if pixelCount == 0 {
        throw DecodingError(
          .malformed, kind: .image, format: .image(info.format),
          message: "expected a non-empty image; the header claims \(info.width)×\(info.height)")
      }
    }

    private static func readWebPHeader(_ bytes: UnsafeRawBufferPointer)
      throws(DecodingError) -> CRiveImageShim_Header
    {
      var features = WebPBitstreamFeatures()
      let status = WebPGetFeatures(bytes.decodingBaseAddress, bytes.count, &features)
      try checkWebP(status, stage: "reading the header")
      if features.has_animation != 0 {
        throw DecodingError(
          .unsupported, kind: .image, format: .image(.webp),
          message: "expected a still WebP image; found an animation")
      }
      return CRiveImageShim_Header(
        width: UInt32(clamping: features.width), height: UInt32(clamping: features.height),
        flags: features.has_alpha != 0 ? 1 : 0, bitDepth: 8)
    }

    private static func decodeWebP(
      _ bytes: UnsafeRawBufferPointer, into pixels: UnsafeMutablePointer<UInt8>, count: Int,
      info: ImageInfo
    ) throws(DecodingError) {
      var config = WebPDecoderConfig()
      guard WebPInitDecoderConfig(&config) != 0 else {
        throw DecodingError(
          .unsupported, kind: .image, format: .image(.webp),
          message: "libwebp rejected its decoder configuration (version mismatch)")
      }
      config.output.colorspace = MODE_RGBA
      config.output.is_external_memory = 1
      config.output.u.RGBA.rgba = pixels
      config.output.u.RGBA.stride = Int32(clamping: info.width * 4)
      config.output.u.RGBA.size = count
      let status = WebPDecode(bytes.decodingBaseAddress, bytes.count, &config)
      WebPFreeDecBuffer(&config.output)
      try checkWebP(status, stage: "decoding")
    }

    private static func checkWebP(_ status: VP8StatusCode, stage: String) throws(DecodingError) {
      let code: DecodingError.Code
      let found: String
      switch status {
      case VP8_STATUS_OK: return
      case VP8_STATUS_NOT_ENOUGH_DATA:
        code = .truncated
        found = "not enough data"
      case VP8_STATUS_OUT_OF_MEMORY:
        code = .outOfMemory
        found = "out of memory"
      case VP8_STATUS_UNSUPPORTED_FEATURE:
        code = .unsupported
        found = "an unsupported feature"
      case VP8_STATUS_BITSTREAM_ERROR:
        code = .malformed
        found = "a bitstream error"
      default:
        code = .malformed
        found = "status \(status.rawValue)"
      }
      throw DecodingError(
        code, kind: .image, format: .image(.webp),
        message: "expected a valid WebP file; libwebp reported \(found) while \(stage)")
    }
  }
}
