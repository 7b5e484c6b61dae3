import Foundation

extension ObjectStream {
  /// Builds an object stream from another reader's walk over the same bytes: the structure
  /// reader hands it each object's type and each property value as it reads them, so a file
  /// read for both its report and its runtime graph is decoded once.
  ///
  /// It keeps what ``ObjectStream/init(data:)`` keeps, and the one failure that reader has
  /// and the structure reader does not (a `uint` value wider than 32 bits), to be thrown when
  /// the walk itself succeeded.
  @_spi(RiveFormatInternals) public struct Recorder {
    // (Append buffers, not arrays: an array appended to from here checked its buffer's
    // uniqueness at every object and every value.)
    private var records: AppendBuffer<Record>
    /// The number of slots of the objects begun so far (each object's start is the total
    /// before it).
    private var slotTotal = 0
    /// Every value stored, at its position among all slots, in the order read. The slots are
    /// made once at the end: the schema's defaults block by block, then these over them (a
    /// later value wins, as in the file). Copying each object's defaults as it begins would cost
    /// an append per object.
    private var writes: AppendBuffer<(position: Int, value: UInt32)>
    private var ranges: [Range<Int>] = []
    /// The bytes of byte-array values (embedded assets' contents) read so far.
    private var embeddedByteCount = 0
    /// The type of the object being read (nil for one the runtime cannot make) and where its
    /// slots start.
    private var type: UInt16?
    private var base = 0
    /// The first failure only this reader has, if any.
    @_spi(RiveFormatInternals) public private(set) var failure: RiveError?
    private let table = TypeTable.shared

    @_spi(RiveFormatInternals) public init(byteCount: Int) {
      records = AppendBuffer(minimumCapacity: min(byteCount / 12, 4096))
      writes = AppendBuffer(minimumCapacity: min(byteCount / 4, 8192))
      ranges.reserveCapacity(min(max(byteCount / 64, 16), 1024))
    }

    /// Starts an object of type key `rawType` (at most `Int32.max`) at byte `offset`.
    @_spi(RiveFormatInternals) public mutating func beginObject(rawType: UInt64, offset: Int) {
      let known = rawType <= UInt64(UInt16.max) && table.isConcrete(UInt32(rawType))
      type = known ? UInt16(rawType) : nil
      base = slotTotal
      if let type {
        slotTotal += table.slotCount(type)
        // Artboards clip unless the file says otherwise (their runtime default).
        if type == UInt16(TypeKey.artboard) { write(1, at: base + Slot.layoutComponentClip) }
      }
      records.append(Record(typeKey: type, offset: offset, slotBase: base))
    }

    @inline(__always)
    private mutating func write(_ value: UInt32, at position: Int) {
      writes.append((position, value))
    }

    /// The slot property `key` of the current object is stored in, with its kind; nil when its
    /// type does not store it.
    @inline(__always)
    @_spi(RiveFormatInternals) public func slot(_ key: UInt16) -> (offset: Int, kind: SlotKind)? {
      guard let type, let offset = table.slotOffset(type: type, key: key) else { return nil }
      return (offset, table.slotKind(type: type, offset: offset))
    }

    /// Reads the value of property `key` (whose key started at `keyOffset`) into `slot`,
    /// decoding it by the slot's kind. A cut value fails with the message a skip of its wire
    /// type gives, as the structure reader skips what it does not keep.
    @inline(__always)
    @_spi(RiveFormatInternals) public mutating func read(
      into slot: (offset: Int, kind: SlotKind), key: UInt64, keyOffset: Int,
      from reader: inout ByteReader
    ) throws(RiveError) {
      guard
        let stored = try value(of: slot.kind, key: key, keyOffset: keyOffset, from: &reader)
      else { return }
      write(stored, at: base + slot.offset)
    }

    /// Reads a value for a slot of kind `kind`: its slot value, or nil when it is not stored (a
    /// `uint` wider than 32 bits, the failure noted).
    @inline(__always)
    private mutating func value(
      of kind: SlotKind, key: UInt64, keyOffset: Int, from reader: inout ByteReader
    ) throws(RiveError) -> UInt32? {
      let stored: UInt32
      switch kind {
      case .uint, .int:
        let number = try reader.readVarUInt("value of property \(key)")
        guard let value = integer(number, kind: kind, key: key, keyOffset: keyOffset)
        else { return nil }
        stored = value
      case .string, .bytes:
        stored = range(
          try reader.readLengthPrefixed("string or bytes of property \(key)"), kind: kind)
      case .float, .color:
        stored = try reader.readUInt32("4-byte value of property \(key)")
      case .bool:
        let position = reader.offset
        try reader.skip(1, "bool value of property \(key)")
        stored = reader.byte(at: position) == 1 ? 1 : 0
      }
      return stored
    }

    /// Reads the properties of the current object, up to the 0 that ends it, as the structure
    /// reader skips an object it does not keep: each value the object's type stores is read into
    /// its slot, the rest skipped by wire type, with the same checks and messages
    /// (``Importer/propertyKey(from:typeKey:objectOffset:)``). One loop, here, rather than a call
    /// from the structure reader per property.
    @_spi(RiveFormatInternals) public mutating func recordProperties(
      typeKey: UInt64, objectOffset: Int, from reader: inout ByteReader, schemaCodes: [UInt8],
      tableOfContents: [UInt16: FieldType]
    ) throws(RiveError) {
      while true {
        let keyOffset = reader.offset
        guard
          let key = try Importer.propertyKey(
            from: &reader, typeKey: typeKey, objectOffset: objectOffset)
        else { return }
        // A key a type stores is in the schema, so it has a wire type: the check for an unknown
        // key is needed only for the others.
        if let slot = slot(UInt16(key)) {
          try read(into: slot, key: key, keyOffset: keyOffset, from: &reader)
          continue
        }
        let type = try Importer.fieldType(
          key, typeKey: typeKey, objectOffset: objectOffset, keyOffset: keyOffset,
          schemaCodes: schemaCodes, tableOfContents: tableOfContents)
        try Importer.skipValue(type, key: key, from: &reader)
      }
    }

    /// Stores a value read as `field` into `slot`. Values come decoded by the wire type the
    /// schema gives their key, which is the wire type of their slot's kind
    /// (`ObjectStreamRecorderTests`).
    @_spi(RiveFormatInternals) public mutating func store(
      _ value: Importer.FieldValue, in slot: (offset: Int, kind: SlotKind), key: UInt16,
      keyOffset: Int
    ) {
      let stored: UInt32
      switch (slot.kind, value) {
      case (.uint, .uint(let number)), (.int, .uint(let number)):
        guard let value = integer(number, kind: slot.kind, key: UInt64(key), keyOffset: keyOffset)
        else { return }
        stored = value
      case (.string, .range(let lower, let upper)), (.bytes, .range(let lower, let upper)):
        stored = range(lower..<upper, kind: slot.kind)
      case (.float, .float(let number)):
        stored = number.bitPattern
      case (.color, .uint(let number)):
        stored = UInt32(truncatingIfNeeded: number)
      case (.bool, .bool(let flag)):
        stored = flag ? 1 : 0
      default:
        // A wire type that does not match the slot: the schema never gives one.
        return
      }
      write(stored, at: base + slot.offset)
    }

    /// The slot value of a varuint read for a `uint` slot (nil, with the failure noted, when it
    /// is wider than 32 bits) or an `int` slot (zigzag-decoded).
    @inline(__always)
    private mutating func integer(_ number: UInt64, kind: SlotKind, key: UInt64, keyOffset: Int)
      -> UInt32?
    {
      guard kind == .uint else {
        let decoded = Int64(bitPattern: number >> 1) ^ -Int64(bitPattern: number & 1)
        return UInt32(truncatingIfNeeded: decoded)
      }
      guard number <= UInt64(UInt32.max) else {
        if failure == nil {
          failure = RiveError(
            .malformed, "property \(key) has value \(number), which does not fit in 32 bits",
            at: keyOffset)
        }
        return nil
      }
      return UInt32(number)
    }

    /// The slot value of a string or byte-array value at `range` of the file, which is kept
    /// (a byte array's length counted as embedded bytes).
    @inline(__always)
    private mutating func range(_ range: Range<Int>, kind: SlotKind) -> UInt32 {
      if kind == .bytes { embeddedByteCount += range.count }
      ranges.append(range)
      return ObjectStream.fileRangeFlag | UInt32(ranges.count - 1)
    }

    /// The stream read, over `data`.
    @_spi(RiveFormatInternals) public func stream(data: Data, minorVersion: UInt64) -> ObjectStream
    {
      ObjectStream(
        bytes: FileBytes(data, embeddedCount: embeddedByteCount), records: records.array,
        slots: slots(),
        byteRanges: ranges,
        minorVersion: minorVersion)
    }

    /// Every object's slots: its type's defaults, with the values read over them.
    private func slots() -> [UInt32] {
      SchemaLayouts.defaults.withUnsafeBufferPointer { defaults in
        [UInt32](unsafeUninitializedCapacity: slotTotal) { buffer, initialized in
          initialized = 0
          guard let destination = buffer.baseAddress else { return }
          // Blocks in record order, each at its record's base: together they cover every slot.
          records.withUnsafeBufferPointer { records in
            for record in records {
              guard let type = record.typeKey else { continue }
              let start = Int(SchemaLayouts.starts[Int(type)])
              let count = table.slotCount(type)
              precondition(start + count <= defaults.count, "a type's layout past the defaults")
              guard count > 0, let origin = defaults.baseAddress else { continue }
              (destination + record.slotBase).initialize(from: origin + start, count: count)
            }
          }
          initialized = slotTotal
          writes.withUnsafeBufferPointer { writes in
            for (position, value) in writes { buffer[position] = value }
          }
        }
      }
    }
  }

  /// A stream from parts another reader collected.
  fileprivate init(
    bytes: FileBytes, records: [Record], slots: [UInt32], byteRanges: [Range<Int>],
    minorVersion: UInt64
  ) {
    self.bytes = bytes
    self.records = records
    self.slots = slots
    self.byteRanges = byteRanges
    self.minorVersion = minorVersion
  }
}
