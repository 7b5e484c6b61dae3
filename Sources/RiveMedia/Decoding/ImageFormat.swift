import Foundation

/// A raster image format, recognized by its leading magic bytes.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Portable Network Graphics: `89 50 4E 47 0D 0A 1A 0A`.
  case png
  /// JPEG (JFIF, Exif or bare): `FF D8 FF`.
  case jpeg
  /// WebP: `RIFF`, a 4-byte size, then `WEBP`.
  case webp
  /// GIF: `GIF87a` or `GIF89a`. Detected, but not decoded.
  case gif

  public var description: String {
    switch self {
    case .png: "PNG"
    case .jpeg: "JPEG"
    case .webp: "WebP"
    case .gif: "GIF"
    }
  }

  /// Recognizes an image format from the first bytes of a file.
  ///
  /// Only the magic bytes are examined; nothing else is validated.
  ///
  /// - Parameter bytes: The start of the file; 12 bytes are enough.
  /// - Returns: The format, or `nil` when no image signature matches.
  public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
    let magic = MagicBytes(bytes)
    if magic.has([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      return .png
    }
    if magic.has([0xFF, 0xD8, 0xFF]) {
      return .jpeg
    }
    if magic.has("RIFF") && magic.has("WEBP", at: 8) {
      return .webp
    }
    if magic.has("GIF87a") || magic.has("GIF89a") {
      return .gif
    }
    return nil
  }

  /// Recognizes an image format from the first bytes of a byte array.
  ///
  /// - Parameter bytes: The start of the file.
  /// - Returns: The format, or `nil` when no image signature matches.
  public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
    bytes.withUnsafeBytes { sniff($0) }
  }

  /// Recognizes an image format from the first bytes of `Data`.
  ///
  /// - Parameter data: The start of the file.
  /// - Returns: The format, or `nil` when no image signature matches.
  public static func sniff(_ data: Data) -> ImageFormat? {
    data.withUnsafeBytes { sniff($0) }
  }
}
