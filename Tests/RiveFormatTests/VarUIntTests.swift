import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import Testing

/// The package's one varuint decoder and its overflow rule, through the file reader.
@Suite("Varuints")
struct VarUIntTests {
  /// 2^64 − 1: nine bytes of seven set bits and a tenth holding the top bit.
  static let largest: [UInt8] = [UInt8](repeating: 0xFF, count: 9) + [0x01]
  /// Ten bytes whose tenth holds two bits: 65 bits.
  static let tooWide: [UInt8] = [UInt8](repeating: 0xFF, count: 9) + [0x02]
  /// Eleven bytes: the tenth still continues.
  static let tooLong: [UInt8] = [UInt8](repeating: 0x80, count: 10) + [0x00]

  /// The value and the offset after it, or the error.
  private func read(_ bytes: [UInt8], from start: Int) -> Result<(UInt64, Int), RiveError> {
    bytes.withUnsafeBytes { buffer in
      var offset = start
      do throws(RiveError) {
        let value = try VarUInt.decode(buffer, at: &offset, "value")
        return .success((value, offset))
      } catch {
        #expect(offset == start, "a failed read moved the offset")
        return .failure(error)
      }
    }
  }

  @Test("the edges of one to ten bytes decode to their values and end where they end")
  func boundaries() throws {
    let cases: [([UInt8], UInt64)] = [
      ([0x00], 0), ([0x7F], 127), ([0x80, 0x01], 128), ([0xFF, 0x7F], 16_383),
      ([0x80, 0x80, 0x01], 16_384), ([0xFF, 0xFF, 0xFF, 0xFF, 0x0F], UInt64(UInt32.max)),
      // A value written longer than it needs (a zero last byte) is still that value.
      ([0x85, 0x80, 0x00], 5),
      (Self.largest, UInt64.max),
    ]
    for (bytes, value) in cases {
      // Two bytes in front, one behind: the offsets are the buffer's.
      let (decoded, end) = try read([0x2A, 0x2A] + bytes + [0x2A], from: 2).get()
      #expect(decoded == value, "\(bytes)")
      #expect(end == 2 + bytes.count, "\(bytes)")
    }
    var written: [UInt8] = []
    written.appendVarUInt(UInt64.max)
    #expect(written == Self.largest)
  }

  @Test(
    "too wide, too long and cut varuints are typed errors at the varuint's first byte",
    arguments: [
      (tooWide, RiveError.Code.malformed, "does not fit in 64 bits (10th byte is 0x02)"),
      ([UInt8](repeating: 0xFF, count: 9) + [0x81, 0x00], .malformed, "does not fit in 64 bits"),
      (tooLong, .malformed, "does not fit in 64 bits (10th byte is 0x80)"),
      ([0x80, 0x80], .truncated, "is cut by the end of the data after 2 bytes"),
      ([UInt8](repeating: 0xFF, count: 9), .truncated, "after 9 bytes"),
      ([], .truncated, "needs at least 1 byte"),
    ] as [([UInt8], RiveError.Code, String)])
  func failures(_ bytes: [UInt8], _ code: RiveError.Code, _ message: String) {
    let result = read([0x01, 0x02, 0x03] + bytes, from: 3)
    guard case .failure(let error) = result else {
      Issue.record("\(bytes) decoded as \(result)")
      return
    }
    #expect(error.code == code)
    #expect(error.byteOffset == 3)
    #expect(error.message.hasPrefix("value (varuint)"), "\(error)")
    #expect(error.message.contains(message), "\(error)")
  }

  @Test("the byte reader reads through the same decoder and keeps its offset on failure")
  func byteReader() throws {
    let bytes: [UInt8] = [0x05] + Self.largest + [0x07] + Self.tooWide
    try bytes.withUnsafeBytes { buffer throws in
      var reader = ByteReader(buffer)
      #expect(try reader.readVarUInt("first") == 5)
      #expect(try reader.readVarUInt("second") == UInt64.max)
      #expect(try reader.readVarUInt("third") == 7)
      #expect(reader.offset == 12)
      let error = #expect(throws: RiveError.self) { try reader.readVarUInt("fourth") }
      #expect(error?.code == .malformed)
      #expect(error?.byteOffset == 12)
      #expect(error?.message.hasPrefix("fourth (varuint)") == true)
      #expect(reader.offset == 12)
    }
  }

  @Test("a file whose header or object stream holds a bad varuint is refused at its offset")
  func fileReader() {
    // The minor version (byte 5) is 65 bits wide.
    let wideMinor = Data(Array("RIVE".utf8) + [7] + Self.tooWide + [0, 0])
    let minorError = #expect(throws: RiveError.self) { try RiveDocument(data: wideMinor) }
    #expect(minorError?.code == .malformed)
    #expect(minorError?.byteOffset == 5)
    #expect(minorError?.message.contains("minor version (varuint)") == true)
    // The first object's type key (right after the 7-byte header) is cut.
    let header = RiveHeader(fileID: 1).serialized
    let cutKey = Data(header + [0xFF, 0xFF])
    let keyError = #expect(throws: RiveError.self) { try RiveDocument(data: cutKey) }
    #expect(keyError?.code == .truncated)
    #expect(keyError?.byteOffset == header.count)
    #expect(keyError?.message.contains("object type key (varuint)") == true)
    // An over-long type key.
    let longKey = Data(header + Self.tooLong)
    let longError = #expect(throws: RiveError.self) { try RiveDocument(data: longKey) }
    #expect(longError?.code == .malformed)
    #expect(longError?.byteOffset == header.count)
  }
}
