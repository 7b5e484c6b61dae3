import Foundation

/// Tells image, font and audio formats apart by their magic bytes.
///
/// Sniffing never looks past the first few bytes and never decodes anything. Bytes that
/// match no signature are best treated as a blob.
public enum MediaSniffer {
  /// Recognizes the format of a media file from its first bytes.
  ///
  /// Images are tried first, then fonts, then audio; the signatures do not overlap.
  ///
  /// - Parameter bytes: The start of the file; 12 bytes are enough.
  /// - Returns: The format, or `nil` when nothing matches.
  public static func sniff(_ bytes: UnsafeRawBufferPointer) -> MediaFormat? {
    if let format = ImageFormat.sniff(bytes) {
      return .image(format)
    }
    if let format = FontFormat.sniff(bytes) {
      return .font(format)
    }
    if let format = AudioFormat.sniff(bytes) {
      return .audio(format)
    }
    return nil
  }

  /// Recognizes the format of a media file held in a byte array.
  ///
  /// - Parameter bytes: The start of the file.
  /// - Returns: The format, or `nil` when nothing matches.
  public static func sniff(_ bytes: [UInt8]) -> MediaFormat? {
    bytes.withUnsafeBytes { sniff($0) }
  }

  /// Recognizes the format of a media file held in `Data`.
  ///
  /// - Parameter data: The start of the file.
  /// - Returns: The format, or `nil` when nothing matches.
  public static func sniff(_ data: Data) -> MediaFormat? {
    data.withUnsafeBytes { sniff($0) }
  }
}
