/// How a property is stored in a slot of an object's layout.
///
/// Every slot is 32 bits: floats as their bit pattern, unsigned integers, colours as 0xAARRGGBB,
/// booleans as 0 or 1, signed integers as their two's-complement bits, and strings or byte
/// arrays as an index into a table kept beside the slots.
@_spi(RiveFormatInternals) public enum SlotKind: UInt8, Sendable {
  case uint = 0
  case string = 1
  case float = 2
  case color = 3
  case bool = 4
  case bytes = 5
  case int = 6
}

/// What the schema says about object types: ancestry, property layouts and defaults.
///
/// Built once from the generated tables; every lookup is an array index.
///
/// A class, so that the builders and readers that hold it (one per file, per artboard, per
/// machine) retain one reference, not each of its arrays: as a struct, every copy retained and
/// released all of them, and those atomic operations were a measurable part of building a file.
@_spi(RiveFormatInternals) public final class TypeTable: Sendable {
  @_spi(RiveFormatInternals) public static let shared = TypeTable()

  /// For each type key: slot offset by property key (including alternates), as a sorted list.
  private let slotLookups: [[(key: UInt16, offset: UInt8)]]
  /// For each property key: its slot offset when every type that stores it stores it at the same
  /// offset (a property sits after its declaring type's ancestors' in every layout), else
  /// ``TypeTable/variesByType`` (alternates, or a layout that differs) or ``TypeTable/notStored``.
  private let slotByKey: [UInt16]
  private static let notStored: UInt16 = 0xFFFF
  private static let variesByType: UInt16 = 0xFFFE
  /// For each property key up to the largest callback key: the type that declares it when it
  /// is a callback property (never stored), else ``TypeTable/notStored``. (An array, not a
  /// dictionary: it is asked about every keyed property of every animation.)
  private let callbackOwnerByKey: [UInt16]
  /// The offsets of each type's string slots: type `t`'s are
  /// `stringSlotList[stringSlotStarts[t]..<stringSlotStarts[t + 1]]`.
  private let stringSlotStarts: [Int32]
  private let stringSlotList: [UInt8]
  /// The generated layout tables, held here so a lookup reads them from this object rather than
  /// through each global's accessor.
  private let layoutStarts = SchemaLayouts.starts
  private let layoutLengths = SchemaLayouts.lengths
  private let layoutKeys = SchemaLayouts.keys
  private let layoutKinds = SchemaLayouts.kinds

  private init() {
    let count = SchemaLayouts.starts.count
    var lookups = [[(key: UInt16, offset: UInt8)]](repeating: [], count: count)
    for type in 0..<count {
      let start = Int(SchemaLayouts.starts[type])
      let length = Int(SchemaLayouts.lengths[type])
      var entries: [(key: UInt16, offset: UInt8)] = []
      entries.reserveCapacity(length)
      for offset in 0..<length {
        entries.append((SchemaLayouts.keys[start + offset], UInt8(offset)))
      }
      lookups[type] = entries
    }
    for alternate in SchemaLayouts.alternates {
      lookups[Int(alternate.type)].append((alternate.key, alternate.offset))
    }
    for type in 0..<count { lookups[type].sort { $0.key < $1.key } }
    slotLookups = lookups
    var byKey = [UInt16](repeating: TypeTable.notStored, count: Int(UInt16.max) + 1)
    for type in 0..<count {
      let start = Int(SchemaLayouts.starts[type])
      for offset in 0..<Int(SchemaLayouts.lengths[type]) {
        let key = Int(SchemaLayouts.keys[start + offset])
        if byKey[key] == TypeTable.notStored {
          byKey[key] = UInt16(offset)
        } else if byKey[key] != UInt16(offset) {
          byKey[key] = TypeTable.variesByType
        }
      }
    }
    for alternate in SchemaLayouts.alternates { byKey[Int(alternate.key)] = TypeTable.variesByType }
    var used = byKey.count
    while used > 0 && byKey[used - 1] == TypeTable.notStored { used -= 1 }
    slotByKey = Array(byKey[..<used])
    var stringStarts: [Int32] = [0]
    var stringList: [UInt8] = []
    for type in 0..<count {
      let start = Int(SchemaLayouts.starts[type])
      for offset in 0..<Int(SchemaLayouts.lengths[type])
      where SchemaLayouts.kinds[start + offset] == SlotKind.string.rawValue {
        stringList.append(UInt8(offset))
      }
      stringStarts.append(Int32(stringList.count))
    }
    stringSlotStarts = stringStarts
    stringSlotList = stringList
    ancestry = TypeTable.makeAncestry()
    var owners = [UInt16](
      repeating: TypeTable.notStored,
      count: Int(SchemaLayouts.callbacks.map(\.key).max() ?? 0) + 1)
    // The first declaration of a key wins.
    for callback in SchemaLayouts.callbacks where owners[Int(callback.key)] == TypeTable.notStored {
      owners[Int(callback.key)] = callback.type
    }
    callbackOwnerByKey = owners
  }

  /// The number of slots of a type (0 for a type the schema does not know).
  @inline(__always)
  @_spi(RiveFormatInternals) public func slotCount(_ type: UInt16) -> Int {
    Int(type) < layoutLengths.count ? Int(layoutLengths[Int(type)]) : 0
  }

  /// ``slotCount(_:)`` read from the generated lengths, without the shared table: for readers
  /// that do not hold it (reaching it through `shared`, a class, retained it in some callers).
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public static func slotCount(ofType type: UInt16) -> Int {
    Int(type) < SchemaLayouts.lengths.count ? Int(SchemaLayouts.lengths[Int(type)]) : 0
  }

  /// The slot offset of a property key within a type's layout, if the type stores that key.
  @inline(__always)
  @_spi(RiveFormatInternals) public func slotOffset(type: UInt16, key: UInt16) -> Int? {
    guard Int(key) < slotByKey.count else { return nil }
    let candidate = slotByKey[Int(key)]
    if candidate == TypeTable.notStored { return nil }
    if candidate == TypeTable.variesByType { return searchSlotOffset(type: type, key: key) }
    // The key sits at `candidate` in every layout that has it: the type has it if it is there.
    let offset = Int(candidate)
    guard Int(type) < layoutLengths.count, offset < Int(layoutLengths[Int(type)])
    else { return nil }
    return layoutKeys[Int(layoutStarts[Int(type)]) + offset] == key ? offset : nil
  }

  /// ``slotOffset(type:key:)`` by binary search of the type's sorted keys.
  @inline(never)
  private func searchSlotOffset(type: UInt16, key: UInt16) -> Int? {
    guard Int(type) < slotLookups.count else { return nil }
    let entries = slotLookups[Int(type)]
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let candidate = entries[middle].key
      if candidate == key { return Int(entries[middle].offset) }
      if candidate < key { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// The type that declares callback property `key`, or nil when `key` is not a callback.
  @inline(__always)
  @_spi(RiveFormatInternals) public func callbackOwner(_ key: UInt16) -> UInt16? {
    guard Int(key) < callbackOwnerByKey.count else { return nil }
    let owner = callbackOwnerByKey[Int(key)]
    return owner == TypeTable.notStored ? nil : owner
  }

  /// Whether `key` is a callback property.
  @inline(__always)
  @_spi(RiveFormatInternals) public func isCallback(_ key: UInt16) -> Bool {
    callbackOwner(key) != nil
  }

  /// Whether objects of `type` have the property `key` (stored or callback).
  @_spi(RiveFormatInternals) public func supports(type: UInt16, key: UInt16) -> Bool {
    if let owner = callbackOwner(key) { return isA(type, owner) }
    return slotOffset(type: type, key: key) != nil
  }

  /// The kind of a slot.
  @inline(__always)
  @_spi(RiveFormatInternals) public func slotKind(type: UInt16, offset: Int) -> SlotKind {
    let index = Int(layoutStarts[Int(type)]) + offset
    return SlotKind(rawValue: layoutKinds[index]) ?? .uint
  }

  /// The number of a type's string slots (0 for a type the schema does not know).
  @inline(__always)
  @_spi(RiveFormatInternals) public func stringSlotCount(_ type: UInt16) -> Int {
    stringSlotPositions(type).count
  }

  /// Where a type's string-slot offsets are in the list ``stringSlotOffset(at:)`` reads (empty
  /// for a type the schema does not know): walking them reads the offsets without making a
  /// slice, which retains the list.
  @inline(__always)
  @_spi(RiveFormatInternals) public func stringSlotPositions(_ type: UInt16) -> Range<Int> {
    guard Int(type) + 1 < stringSlotStarts.count else { return 0..<0 }
    return Int(stringSlotStarts[Int(type)])..<Int(stringSlotStarts[Int(type) + 1])
  }

  /// The string-slot offset at `position` of the list (see ``stringSlotPositions(_:)``).
  @inline(__always)
  @_spi(RiveFormatInternals) public func stringSlotOffset(at position: Int) -> Int {
    Int(stringSlotList[position])
  }

  /// The property key of a slot.
  @inline(__always)
  @_spi(RiveFormatInternals) public func slotKey(type: UInt16, offset: Int) -> UInt16 {
    layoutKeys[Int(layoutStarts[Int(type)]) + offset]
  }

  /// Whether `type` is `base` or derives from it.
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public func isA(_ type: UInt16, _ base: UInt16) -> Bool {
    guard Int(type) < typeCount, Int(base) < typeCount else { return false }
    let bit = Int(type) * typeCount + Int(base)
    return ancestry[bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }

  /// One bit per (type, base) pair: set when `type` is `base` or derives from it.
  @usableFromInline let ancestry: [UInt64]
  /// How many type keys the schema has (kept here: the schema's table is a lazy global).
  @usableFromInline let typeCount = Schema.parentTypeKeys.count

  /// Builds the ancestry bits from the schema's parent table.
  private static func makeAncestry() -> [UInt64] {
    let parents = Schema.parentTypeKeys
    let count = parents.count
    var bits = [UInt64](repeating: 0, count: (count * count + 63) / 64)
    for type in 0..<count {
      var current = type
      var depth = 0
      while depth < 32 {
        let bit = type * count + current
        bits[bit >> 6] |= 1 << UInt64(bit & 63)
        let parent = parents[current]
        if parent == UInt16.max || Int(parent) >= count { break }
        current = Int(parent)
        depth += 1
      }
    }
    return bits
  }

  /// The schema's default of property `key` on objects of `type` (the official runtime's
  /// initial value, its runtime one where the schema gives one): float bits, integers (a
  /// missing id is `UInt32.max`), colours, 0/1, or for a string an index into
  /// ``SchemaLayouts/defaultStrings`` (see ``defaultString(type:key:)``). Nil when objects of
  /// `type` have no such property.
  @_spi(RiveFormatInternals) public func defaultBits(type: UInt32, key: UInt16) -> UInt32? {
    guard type < UInt32(layoutStarts.count), let offset = slotOffset(type: UInt16(type), key: key)
    else { return nil }
    return SchemaLayouts.defaults[Int(layoutStarts[Int(type)]) + offset]
  }

  /// The schema's default of string property `key` on objects of `type`; nil when objects of
  /// `type` have no such property or it is not a string.
  @_spi(RiveFormatInternals) public func defaultString(type: UInt32, key: UInt16) -> String? {
    guard type < UInt32(layoutStarts.count), let offset = slotOffset(type: UInt16(type), key: key),
      slotKind(type: UInt16(type), offset: offset) == .string,
      let index = defaultBits(type: type, key: key),
      Int(index) < SchemaLayouts.defaultStrings.count
    else { return nil }
    return SchemaLayouts.defaultStrings[Int(index)]
  }

  /// Whether the schema has a constructor for `type` (concrete runtime type).
  @_spi(RiveFormatInternals) public func isConcrete(_ type: UInt32) -> Bool {
    guard Int(type) < Schema.typeFlags.count else { return false }
    return Schema.typeFlags[Int(type)] & 4 != 0
  }
}
