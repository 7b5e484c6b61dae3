import Foundation

/// Every object of a `.riv` file as read, with each property value stored in its type's slot
/// layout (schema defaults for what the file leaves out).
///
/// This is the raw material of the runtime graph: ``GraphImporter`` links the records the way
/// the official importer nests objects, and the models read their values through
/// ``ObjectStream/Record`` accessors.
@_spi(RiveFormatInternals) public struct ObjectStream: Sendable {
  /// One object: its type, where it starts and where its slots are.
  @_spi(RiveFormatInternals) public struct Record: Sendable, BitwiseCopyable {
    /// The type key, or `nil` for a type the runtime cannot make (an unknown, abstract or
    /// editor-only type: the official importer's "null object").
    @_spi(RiveFormatInternals) public var typeKey: UInt16?
    /// The byte offset of the object's type key.
    @_spi(RiveFormatInternals) public var offset: Int
    /// The index of the object's first slot in ``ObjectStream/slots``.
    @_spi(RiveFormatInternals) public var slotBase: Int
  }

  /// Bit set on a string or bytes slot whose value comes from the file; the low bits index
  /// ``ObjectStream/byteRanges``. Without it the value indexes the schema's default strings.
  @_spi(RiveFormatInternals) public static let fileRangeFlag: UInt32 = 0x8000_0000

  @_spi(RiveFormatInternals) public var records: [Record] = []
  @_spi(RiveFormatInternals) public var slots: [UInt32] = []
  /// Byte ranges of string and byte-array values in ``bytes``.
  @_spi(RiveFormatInternals) public var byteRanges: [Range<Int>] = []
  /// The file's bytes (see ``FileBytes``), held by reference so that copying a stream stays
  /// cheap.
  @_spi(RiveFormatInternals) public let bytes: FileBytes

  /// The bytes of a file, read by offset from 0: a copy of a small file (reading a `Data`
  /// costs an exclusivity check per read, more than the copy), the caller's `Data` for a large
  /// one or one that is mostly embedded assets (which are read once, if at all: their copy
  /// would be most of the build's time).
  @_spi(RiveFormatInternals) public final class FileBytes: Sendable {
    /// Files up to this size are copied (unless mostly embedded assets).
    @_spi(RiveFormatInternals) public static let copyLimit = 64 * 1024
    @usableFromInline let copy: [UInt8]
    @usableFromInline let shared: Data

    /// Holds `data`, of which `embeddedCount` bytes are embedded assets' contents.
    @_spi(RiveFormatInternals) public init(_ data: Data, embeddedCount: Int = 0) {
      if data.count <= FileBytes.copyLimit && embeddedCount <= data.count / 2 {
        copy = [UInt8](unsafeUninitializedCapacity: data.count) { buffer, initialized in
          initialized = data.copyBytes(to: buffer)
        }
        shared = Data()
      } else {
        copy = []
        // Rebased so that offsets count from 0 whatever slice of a larger buffer `data` is.
        shared = data.startIndex == 0 ? data : Data(data)
      }
    }

    /// Calls `body` with the bytes.
    @inlinable @inline(__always)
    @_spi(RiveFormatInternals) public func withUnsafeBytes<Result>(
      _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
      shared.isEmpty ? copy.withUnsafeBytes(body) : shared.withUnsafeBytes(body)
    }
  }
  /// The file's minor format version (behaviour is gated on it in a few places).
  @_spi(RiveFormatInternals) public var minorVersion: UInt64 = 0

  // MARK: - Values

  /// The raw value of slot `slot` of record `record`; 0 when the record's type has no such
  /// slot (a caller asking a type for a property it does not have).
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public func uint(_ record: Int, _ slot: Int) -> UInt32 {
    let item = records[record]
    guard let type = item.typeKey, slot < TypeTable.slotCount(ofType: type) else {
      assertionFailure("slot \(slot) read from a record of type \(records[record].typeKey ?? 0)")
      return 0
    }
    return slots[item.slotBase + slot]
  }

  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public func float(_ record: Int, _ slot: Int) -> Float {
    Float(bitPattern: uint(record, slot))
  }

  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public func bool(_ record: Int, _ slot: Int) -> Bool {
    uint(record, slot) != 0
  }

  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public func int(_ record: Int, _ slot: Int) -> Int32 {
    Int32(bitPattern: uint(record, slot))
  }

  /// The text of a string slot value.
  @_spi(RiveFormatInternals) public func string(slotValue value: UInt32) -> String {
    if value & ObjectStream.fileRangeFlag != 0 {
      let index = Int(value & ~ObjectStream.fileRangeFlag)
      guard index < byteRanges.count else { return "" }
      let range = byteRanges[index]
      return bytes.withUnsafeBytes { buffer in
        String(decoding: UnsafeRawBufferPointer(rebasing: buffer[range]), as: UTF8.self)
      }
    }
    let index = Int(value)
    return index < SchemaLayouts.defaultStrings.count ? SchemaLayouts.defaultStrings[index] : ""
  }

  /// The bytes of a byte-array slot value (a copy of that range).
  @_spi(RiveFormatInternals) public func byteArray(slotValue value: UInt32) -> ArraySlice<UInt8> {
    withBytes(slotValue: value) { ArraySlice($0) }
  }

  /// Calls `body` with the bytes of a byte-array slot value, in place (empty for a value not
  /// from the file).
  @_spi(RiveFormatInternals) public func withBytes<Result>(
    slotValue value: UInt32, _ body: (UnsafeRawBufferPointer) -> Result
  )
    -> Result
  {
    let index = Int(value & ~ObjectStream.fileRangeFlag)
    guard value & ObjectStream.fileRangeFlag != 0, index < byteRanges.count else {
      return body(UnsafeRawBufferPointer(start: nil, count: 0))
    }
    let range = byteRanges[index]
    return bytes.withUnsafeBytes { buffer in body(UnsafeRawBufferPointer(rebasing: buffer[range])) }
  }

  @_spi(RiveFormatInternals) public func withBytes<Result>(
    _ record: Int, _ slot: Int, _ body: (UnsafeRawBufferPointer) -> Result
  ) -> Result {
    withBytes(slotValue: uint(record, slot), body)
  }

  @_spi(RiveFormatInternals) public func string(_ record: Int, _ slot: Int) -> String {
    string(slotValue: uint(record, slot))
  }

  @_spi(RiveFormatInternals) public func byteArray(_ record: Int, _ slot: Int) -> ArraySlice<UInt8>
  {
    byteArray(slotValue: uint(record, slot))
  }

  /// Whether record `index` is of type `base` or derives from it.
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public func isA(_ index: Int, _ base: UInt32) -> Bool {
    guard let type = records[index].typeKey else { return false }
    return TypeTable.shared.isA(type, UInt16(base))
  }
}
