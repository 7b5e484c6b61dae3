/// The one decoder of unsigned LEB128 integers ("varuints") in the package: the reader's object
/// stream and header, and the varuints packed inside byte arrays (mesh triangle indices, bind
/// paths, the manifest asset's sections) and inside silvers all decode through ``decode(_:at:_:)``.
///
/// One overflow rule for every caller: a varuint takes at most ``maximumLength`` bytes and must
/// fit in 64 bits, so the tenth byte may hold only the value's top bit (0 or 1, no
/// continuation). Anything longer or wider is ``RiveError/Code/malformed``; bytes that end before
/// the last byte of a varuint are ``RiveError/Code/truncated``. Either error carries the offset
/// of the varuint's first byte. (The official runtime's decoder has no length limit and shifts
/// past 64 bits; no file it writes has such a varuint.)
@_spi(RiveFormatInternals) public enum VarUInt {
  /// The most bytes one varuint may take: ten bytes carry 70 bits, of which 64 are kept.
  @_spi(RiveFormatInternals) public static let maximumLength = 10

  /// Decodes the varuint that starts at `offset` in `bytes` and moves `offset` past it.
  ///
  /// On failure `offset` is unchanged, and the error's byte offset is that start (an offset
  /// into `bytes`, which the caller maps to its own coordinates if `bytes` is part of a larger
  /// buffer).
  /// - Parameters:
  ///   - bytes: The buffer to read.
  ///   - offset: The offset of the varuint's first byte; on success, of the byte after it.
  ///   - what: What the value is, for the error's message.
  /// - Returns: The value.
  /// - Throws: ``RiveError/Code/truncated`` when the bytes end inside the varuint,
  ///   ``RiveError/Code/malformed`` when it is wider than 64 bits or longer than 10 bytes.
  @inline(__always)
  @_spi(RiveFormatInternals) public static func decode(
    _ bytes: UnsafeRawBufferPointer, at offset: inout Int, _ what: @autoclosure () -> String
  ) throws(RiveError) -> UInt64 {
    let start = offset
    guard start >= 0, start < bytes.count, let base = bytes.baseAddress else {
      throw RiveError(
        .truncated, "\(what()) (varuint) needs at least 1 byte, but the data ends", at: start)
    }
    // Fast path: one byte, the common case for keys, counts and small ids.
    let first = base.load(fromByteOffset: start, as: UInt8.self)
    if first & 0x80 == 0 {
      offset = start + 1
      return UInt64(first)
    }
    var result: UInt64 = 0
    var index = start
    for position in 0..<maximumLength {
      guard index < bytes.count else {
        throw RiveError(
          .truncated,
          "\(what()) (varuint) is cut by the end of the data after \(index - start) bytes",
          at: start)
      }
      let byte = base.load(fromByteOffset: index, as: UInt8.self)
      index += 1
      if position == maximumLength - 1 && byte > 1 {
        throw RiveError(
          .malformed,
          "\(what()) (varuint) does not fit in 64 bits (10th byte is 0x\(hex(byte)))", at: start)
      }
      result |= UInt64(byte & 0x7F) << UInt64(7 * position)
      if byte & 0x80 == 0 {
        offset = index
        return result
      }
    }
    throw RiveError(.malformed, "\(what()) (varuint) is longer than 10 bytes", at: start)
  }
}
