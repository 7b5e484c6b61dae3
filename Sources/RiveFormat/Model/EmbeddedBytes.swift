import Foundation

/// In-band asset contents: a zero-copy view of a range of the file's bytes.
///
/// The view keeps the file's storage alive (which may be memory-mapped). Bytes are copied only
/// when ``data`` or ``bytes`` is asked for.
public struct EmbeddedBytes: Sendable, Hashable {
  /// The whole file's storage.
  @_spi(RiveFormatInternals) public let storage: Data
  /// The range of the contents inside the file's storage (zero-based offsets into the file).
  public let range: Range<Int>

  @_spi(RiveFormatInternals) public init(storage: Data, range: Range<Int>) {
    self.storage = storage
    self.range = range
  }

  /// The number of bytes.
  public var count: Int { range.count }

  /// The byte offset of the contents in the file.
  public var byteOffset: Int { range.lowerBound }

  /// Calls `body` with the bytes, without copying.
  public func withUnsafeBytes<Result>(
    _ body: (UnsafeRawBufferPointer) throws -> Result
  ) rethrows -> Result {
    try storage.withUnsafeBytes { raw in
      try body(UnsafeRawBufferPointer(rebasing: raw[range]))
    }
  }

  /// A copy of the bytes as `Data` (zero-based indices).
  public var data: Data { withUnsafeBytes { Data($0) } }

  /// A copy of the bytes as an array.
  public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

  public static func == (lhs: EmbeddedBytes, rhs: EmbeddedBytes) -> Bool {
    lhs.count == rhs.count
      && lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { left.elementsEqual($0) } }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
