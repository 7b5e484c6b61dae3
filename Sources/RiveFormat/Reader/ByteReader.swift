/// A bounds-checked little-endian cursor over the bytes of a `.riv` file.
///
/// Every read checks the remaining length first and throws a ``RiveError`` naming the offset, so
/// no input can make the reader touch memory outside the buffer.
@_spi(RiveFormatInternals) public struct ByteReader {
  private let base: UnsafeRawPointer?
  /// The number of bytes in the buffer.
  @_spi(RiveFormatInternals) public let count: Int
  /// The offset of the next byte to read.
  @_spi(RiveFormatInternals) public private(set) var offset: Int

  @_spi(RiveFormatInternals) public init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
    base = buffer.baseAddress
    count = buffer.count
    self.offset = offset
  }

  /// Whether every byte has been read.
  @_spi(RiveFormatInternals) public var isAtEnd: Bool { offset >= count }

  /// The number of bytes left.
  @_spi(RiveFormatInternals) public var remaining: Int { count - offset }

  /// Reads one byte.
  @inline(__always)
  @_spi(RiveFormatInternals) public mutating func readByte(_ what: @autoclosure () -> String)
    throws(RiveError) -> UInt8
  {
    guard offset < count, let base else {
      throw RiveError(.truncated, "\(what()) needs 1 byte, but the data ends", at: offset)
    }
    let byte = base.load(fromByteOffset: offset, as: UInt8.self)
    offset += 1
    return byte
  }

  /// Reads an unsigned LEB128 value of at most 10 bytes that fits in 64 bits (``VarUInt``, the
  /// package's one varuint decoder and its overflow rule).
  @inline(__always)
  @_spi(RiveFormatInternals) public mutating func readVarUInt(_ what: @autoclosure () -> String)
    throws(RiveError) -> UInt64
  {
    try VarUInt.decode(UnsafeRawBufferPointer(start: base, count: count), at: &offset, what())
  }

  /// Reads a 4-byte little-endian unsigned integer.
  @inline(__always)
  @_spi(RiveFormatInternals) public mutating func readUInt32(_ what: @autoclosure () -> String)
    throws(RiveError) -> UInt32
  {
    guard count - offset >= 4, let base else {
      throw RiveError(
        .truncated, "\(what()) needs 4 bytes, but only \(max(0, count - offset)) remain", at: offset
      )
    }
    let value = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    offset += 4
    return UInt32(littleEndian: value)
  }

  /// Reads a 4-byte little-endian IEEE-754 single-precision value.
  @inline(__always)
  @_spi(RiveFormatInternals) public mutating func readFloat32(_ what: @autoclosure () -> String)
    throws(RiveError) -> Float
  {
    Float(bitPattern: try readUInt32(what()))
  }

  /// Reads a varuint length and returns the range of that many following bytes.
  @inline(__always)
  @_spi(RiveFormatInternals) public mutating func readLengthPrefixed(
    _ what: @autoclosure () -> String
  ) throws(RiveError)
    -> Range<
      Int
    >
  {
    let lengthOffset = offset
    let length = try readVarUInt(what())
    guard length <= UInt64(count - offset) else {
      throw RiveError(
        .malformed,
        "\(what()) claims \(length) bytes, but only \(count - offset) remain", at: lengthOffset)
    }
    let start = offset
    offset += Int(length)
    return start..<offset
  }

  /// Skips `byteCount` bytes.
  @inline(__always)
  @_spi(RiveFormatInternals) public mutating func skip(
    _ byteCount: Int, _ what: @autoclosure () -> String
  ) throws(RiveError) {
    guard byteCount <= count - offset else {
      throw RiveError(
        .truncated, "\(what()) needs \(byteCount) bytes, but only \(count - offset) remain",
        at: offset)
    }
    offset += byteCount
  }

  /// The byte at `position`, one already read or skipped (it traps outside the data).
  @_spi(RiveFormatInternals) public func byte(at position: Int) -> UInt8 {
    precondition(position >= 0 && position < count, "byte \(position) is outside the data")
    return base?.load(fromByteOffset: position, as: UInt8.self) ?? 0
  }

  /// Decodes the bytes in `range` as UTF-8, replacing invalid sequences.
  @_spi(RiveFormatInternals) public func string(in range: Range<Int>) -> String {
    guard let base, !range.isEmpty else { return "" }
    let buffer = UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    return String(decoding: buffer, as: UTF8.self)
  }

  /// Copies the bytes in `range`.
  @_spi(RiveFormatInternals) public func bytes(in range: Range<Int>) -> [UInt8] {
    guard let base, !range.isEmpty else { return [] }
    return Array(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
  }
}

/// Two-digit uppercase hexadecimal form of a byte.
@_spi(RiveFormatInternals) public func hex(_ byte: UInt8) -> String {
  let digits = Array("0123456789ABCDEF".utf8)
  return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
}
