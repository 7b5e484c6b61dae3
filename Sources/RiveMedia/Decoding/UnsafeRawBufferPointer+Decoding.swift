import Foundation

extension UnsafeRawBufferPointer {
  /// The bytes as a `UInt8` pointer for C, or `nil` when empty.
  package var decodingBaseAddress: UnsafePointer<UInt8>? {
    baseAddress?.assumingMemoryBound(to: UInt8.self)
  }
}

/// Runs `body` over the contiguous bytes of `bytes`, preserving its typed error.
package func withDecodingBytes<Bytes: ContiguousBytes, Result>(
  of bytes: Bytes, _ body: (UnsafeRawBufferPointer) throws(DecodingError) -> Result
) throws(DecodingError) -> Result {
  let outcome: Swift.Result<Result, DecodingError> = bytes.withUnsafeBytes { buffer in
    do throws(DecodingError) {
      return .success(try body(buffer))
    } catch {
      return .failure(error)
    }
  }
  return try outcome.get()
}
