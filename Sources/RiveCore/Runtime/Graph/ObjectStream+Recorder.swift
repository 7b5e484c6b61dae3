import Foundation

extension ObjectStream {
  /// Builds an object stream from another reader's walk over the same bytes: the structure
  /// reader hands it each object's type and each property value as it reads them, so a file
  /// read for both its report and its runtime graph is decoded once.
  ///
  /// It keeps what ``ObjectStream/init(data:)`` keeps, and the one failure that reader has
  /// and the structure reader does not (a `uint` value wider than 32 bits), to be thrown when
  /// the walk itself succeeded.
  struct Recorder {
    private var records: [Record] = []
    private var slots: [UInt32] = []
    private var ranges: [Range<Int>] = []
    /// The type of the object being read (nil for one the runtime cannot make) and where its
    /// slots start.
    private var type: UInt16?
    private var base = 0
    /// The first failure only this reader has, if any.
    private(set) var failure: RiveError?
    private let table = TypeTable.shared
    /// The schema's default slot values while ``withDefaults(_:)`` runs (objects are begun only
    /// then; a per-object read of the global table retained it per object).
    private var defaults = UnsafeBufferPointer<UInt32>(start: nil, count: 0)

    init(byteCount: Int) {
      records.reserveCapacity(min(byteCount / 12, 4096))
      slots.reserveCapacity(min(byteCount / 3, 65536))
      ranges.reserveCapacity(min(max(byteCount / 64, 16), 1024))
    }

    /// Starts an object of type key `rawType` (at most `Int32.max`) at byte `offset`; called
    /// within ``withDefaults(_:)``.
    mutating func beginObject(rawType: UInt64, offset: Int) {
      let known = rawType <= UInt64(UInt16.max) && table.isConcrete(UInt32(rawType))
      type = known ? UInt16(rawType) : nil
      base = slots.count
      if let type {
        let start = Int(SchemaLayouts.starts[Int(type)])
        let end = start + table.slotCount(type)  // within the table: TypeTableTests
        precondition(end <= defaults.count, "an object begun outside withDefaults")
        slots.append(contentsOf: UnsafeBufferPointer(rebasing: defaults[start..<end]))
        // Artboards clip unless the file says otherwise (their runtime default).
        if type == UInt16(TypeKey.artboard) { slots[base + Slot.layoutComponentClip] = 1 }
      }
      records.append(Record(typeKey: type, offset: offset, slotBase: base))
    }

    /// Runs `body` (which records) with the schema's defaults at hand as a buffer pointer.
    mutating func withDefaults<Result>(_ body: (inout Recorder) -> Result) -> Result {
      SchemaLayouts.defaults.withUnsafeBufferPointer { pointer in
        defaults = pointer
        defer { defaults = UnsafeBufferPointer(start: nil, count: 0) }
        return body(&self)
      }
    }

    /// The slot property `key` of the current object is stored in, with its kind; nil when its
    /// type does not store it.
    @inline(__always)
    func slot(_ key: UInt16) -> (offset: Int, kind: SlotKind)? {
      guard let type, let offset = table.slotOffset(type: type, key: key) else { return nil }
      return (offset, table.slotKind(type: type, offset: offset))
    }

    /// Reads the value of property `key` (whose key started at `keyOffset`) into `slot`,
    /// decoding it by the slot's kind. A cut value fails with the message a skip of its wire
    /// type gives, as the structure reader skips what it does not keep.
    @inline(__always)
    mutating func read(
      into slot: (offset: Int, kind: SlotKind), key: UInt64, keyOffset: Int,
      from reader: inout ByteReader
    ) throws(RiveError) {
      let stored: UInt32
      switch slot.kind {
      case .uint, .int:
        let number = try reader.readVarUInt("value of property \(key)")
        guard let value = integer(number, kind: slot.kind, key: key, keyOffset: keyOffset)
        else { return }
        stored = value
      case .string, .bytes:
        stored = range(try reader.readLengthPrefixed("string or bytes of property \(key)"))
      case .float, .color:
        stored = try reader.readUInt32("4-byte value of property \(key)")
      case .bool:
        let position = reader.offset
        try reader.skip(1, "bool value of property \(key)")
        stored = reader.byte(at: position) == 1 ? 1 : 0
      }
      slots[base + slot.offset] = stored
    }

    /// Stores a value read as `field` into `slot`. Values come decoded by the wire type the
    /// schema gives their key, which is the wire type of their slot's kind
    /// (`ObjectStreamRecorderTests`).
    mutating func store(
      _ value: Importer.FieldValue, in slot: (offset: Int, kind: SlotKind), key: UInt16,
      keyOffset: Int
    ) {
      let stored: UInt32
      switch (slot.kind, value) {
      case (.uint, .uint(let number)), (.int, .uint(let number)):
        guard let value = integer(number, kind: slot.kind, key: UInt64(key), keyOffset: keyOffset)
        else { return }
        stored = value
      case (.string, .range(let value)), (.bytes, .range(let value)):
        stored = range(value)
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
      slots[base + slot.offset] = stored
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

    /// The slot value of a string or byte-array value at `range` of the file, which is kept.
    @inline(__always)
    private mutating func range(_ range: Range<Int>) -> UInt32 {
      ranges.append(range)
      return ObjectStream.fileRangeFlag | UInt32(ranges.count - 1)
    }

    /// The stream read, over `data`.
    func stream(data: Data, minorVersion: UInt64) -> ObjectStream {
      ObjectStream(
        bytes: FileBytes(data), records: records, slots: slots, byteRanges: ranges,
        minorVersion: minorVersion)
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
