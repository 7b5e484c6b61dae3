import Foundation
@_spi(RiveFormatInternals) import RiveFormat

@testable import RiveCore

extension ObjectStream {
  /// The object stream of `data` read by a walk of its own, apart from the structure reader:
  /// the independent reading the stream the structure reader records is checked against.
  ///
  /// - Throws: the same ``RiveError`` the structure reader gives for a header or stream that
  ///   cannot be decoded.
  init(readingSeparately data: Data) throws(RiveError) {
    var recorder = Recorder(byteCount: data.count)
    var minor: UInt64 = 0
    let failure: RiveError? = data.withUnsafeBytes {
      (buffer: UnsafeRawBufferPointer) -> RiveError? in
      do throws(RiveError) {
        var reader = ByteReader(buffer)
        let header = try RiveHeader.read(from: &reader)
        minor = header.minorVersion
        var tableOfContents: [UInt16: FieldType] = [:]
        // Consulted only for keys the schema does not know, so only those are kept.
        for entry in header.tableOfContents where FieldType.schema(UInt64(entry.key)) == nil {
          tableOfContents[entry.key] = entry.fieldType
        }
        while !reader.isAtEnd {
          let objectOffset = reader.offset
          let rawType = try reader.readVarUInt("object type key")
          guard rawType <= UInt64(Int32.max) else {
            throw RiveError(
              .malformed, "object type key \(rawType) is larger than 2147483647", at: objectOffset
            )
          }
          recorder.beginObject(rawType: rawType, offset: objectOffset)
          try recorder.recordProperties(
            typeKey: rawType, objectOffset: objectOffset, from: &reader,
            schemaCodes: Schema.fieldTypeCodes, tableOfContents: tableOfContents)
        }
        // A value too wide for its slot fails the stream once the walk itself succeeded, as
        // the single walk of `RuntimeFile(data:)` reports it.
        return recorder.failure
      } catch {
        return error
      }
    }
    if let failure { throw failure }
    self = recorder.stream(data: data, minorVersion: minor)
  }
}
