import Foundation

/// Turns bytes into a ``DecodedBlob``; it never fails.
public enum BlobDecoder {
  /// Copies raw bytes into a blob.
  ///
  /// - Parameter bytes: The blob's content.
  /// - Returns: The blob.
  public static func decode(_ bytes: UnsafeRawBufferPointer) -> DecodedBlob {
    DecodedBlob(bytes: Array(bytes))
  }

  /// Wraps a byte array in a blob without copying.
  ///
  /// - Parameter bytes: The blob's content.
  /// - Returns: The blob.
  public static func decode(_ bytes: [UInt8]) -> DecodedBlob {
    DecodedBlob(bytes: bytes)
  }

  /// Copies `Data` into a blob.
  ///
  /// - Parameter data: The blob's content.
  /// - Returns: The blob.
  public static func decode(_ data: Data) -> DecodedBlob {
    DecodedBlob(bytes: [UInt8](data))
  }
}
