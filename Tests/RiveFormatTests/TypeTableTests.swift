@_spi(RiveFormatInternals) import RiveFormat
import Testing

/// The schema lookups every property read of the object stream goes through.
@Suite("Type table")
struct TypeTableTests {
  /// Every slot of `type`'s layout by key, read from the generated tables directly: the
  /// layout's own keys, then the type's alternate keys.
  private func layoutSlots(type: Int) -> [UInt16: Int] {
    var slots: [UInt16: Int] = [:]
    let start = Int(SchemaLayouts.starts[type])
    for offset in 0..<Int(SchemaLayouts.lengths[type]) {
      slots[SchemaLayouts.keys[start + offset]] = offset
    }
    for alternate in SchemaLayouts.alternates where Int(alternate.type) == type {
      slots[alternate.key] = slots[alternate.key] ?? Int(alternate.offset)
    }
    return slots
  }

  @Test("the direct slot lookup agrees with the layouts for every type and every key")
  func slotOffsetsMatchLayouts() {
    let table = TypeTable.shared
    let typeCount = SchemaLayouts.starts.count
    let largestKey = Int(SchemaLayouts.keys.max() ?? 0) + 2
    var stored = 0
    var mismatches: [String] = []
    for type in 0..<typeCount {
      let slots = layoutSlots(type: type)
      for key in 0...largestKey {
        let expected = slots[UInt16(key)]
        let found = table.slotOffset(type: UInt16(type), key: UInt16(key))
        if expected != nil { stored += 1 }
        if found != expected {
          mismatches.append("type \(type) key \(key): \(String(describing: found))")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    // Every slot of every layout was looked up (alternates add to them).
    #expect(stored >= SchemaLayouts.keys.count)
    #expect(!SchemaLayouts.alternates.isEmpty)
  }

  @Test("every type's layout lies within the slot tables")
  func layoutsWithinTables() {
    #expect(SchemaLayouts.starts.count == SchemaLayouts.lengths.count)
    for type in SchemaLayouts.starts.indices {
      let end = Int(SchemaLayouts.starts[type]) + Int(SchemaLayouts.lengths[type])
      #expect(end <= SchemaLayouts.defaults.count, "type \(type)")
      #expect(end <= SchemaLayouts.keys.count, "type \(type)")
      #expect(end <= SchemaLayouts.kinds.count, "type \(type)")
    }
    // The object stream takes a layout for every type the schema can make.
    for type in Schema.typeFlags.indices where TypeTable.shared.isConcrete(UInt32(type)) {
      #expect(type < SchemaLayouts.starts.count, "type \(type)")
    }
  }

  @Test("types and keys outside the schema have no slot")
  func outsideTheSchema() {
    let table = TypeTable.shared
    #expect(table.slotOffset(type: UInt16.max, key: 4) == nil)
    #expect(table.slotOffset(type: UInt16(SchemaLayouts.starts.count), key: 4) == nil)
    #expect(table.slotOffset(type: 1, key: UInt16.max) == nil)
  }

  /// The wire type a slot kind is read with.
  private func wireType(_ kind: SlotKind) -> FieldType {
    switch kind {
    case .uint, .int: .varUInt
    case .string, .bytes: .bytes
    case .float: .float32
    case .color: .color
    case .bool: .bool
    }
  }

  @Test("every stored key's schema wire type is its slot kind's, so values read by wire type fit")
  func storedKeysHaveTheirSlotsWireType() {
    let table = TypeTable.shared
    var checked = 0
    var mismatches: [String] = []
    for type in 0..<SchemaLayouts.starts.count {
      for (key, offset) in layoutSlots(type: type) {
        let kind = table.slotKind(type: UInt16(type), offset: offset)
        let schema = FieldType.schema(UInt64(key))
        checked += 1
        if schema != wireType(kind) {
          mismatches.append("type \(type) key \(key): \(String(describing: schema)) vs \(kind)")
        }
      }
    }
    #expect(checked > 1000)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test("each type's string slots are its layout's string slots, in order")
  func stringSlotCounts() {
    let table = TypeTable.shared
    var typesWithStrings = 0
    for type in 0..<SchemaLayouts.starts.count {
      let expected = (0..<Int(SchemaLayouts.lengths[type])).filter { offset in
        table.slotKind(type: UInt16(type), offset: offset) == .string
      }
      #expect(table.stringSlotCount(UInt16(type)) == expected.count, "type \(type)")
      let listed = table.stringSlotPositions(UInt16(type)).map { table.stringSlotOffset(at: $0) }
      #expect(listed == expected, "type \(type)")
      if !expected.isEmpty { typesWithStrings += 1 }
    }
    #expect(typesWithStrings > 20)
    #expect(table.stringSlotCount(UInt16.max) == 0)
  }

  @Test("the static slot count equals the table's, inside and outside the schema")
  func staticSlotCount() {
    let table = TypeTable.shared
    var withSlots = 0
    for type in 0..<SchemaLayouts.lengths.count {
      let count = TypeTable.slotCount(ofType: UInt16(type))
      #expect(count == table.slotCount(UInt16(type)), "type \(type)")
      if count > 0 { withSlots += 1 }
    }
    #expect(withSlots > 100)
    #expect(TypeTable.slotCount(ofType: UInt16(SchemaLayouts.lengths.count)) == 0)
    #expect(TypeTable.slotCount(ofType: UInt16.max) == 0)
  }
}
