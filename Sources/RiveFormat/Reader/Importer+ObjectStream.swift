import Foundation

extension Importer {
  // MARK: - Object loop

  @_spi(RiveFormatInternals) public mutating func readObjects() throws(RiveError) {
    while !reader.isAtEnd {
      let objectOffset = reader.offset
      let typeKey = try reader.readVarUInt("object type key")
      guard typeKey <= UInt64(Int32.max) else {
        throw RiveError(
          .malformed, "object type key \(typeKey) is larger than 2147483647", at: objectOffset)
      }
      if isRecording { recorder.beginObject(rawType: typeKey, offset: objectOffset) }
      let category = ObjectCategory.of(typeKey, in: categories)
      switch category {
      case .unknown:
        try skipProperties(typeKey: typeKey, objectOffset: objectOffset)
        readNullObject()
      case .other:
        try skipProperties(typeKey: typeKey, objectOffset: objectOffset)
      case .drawable:
        if depth == .structure {
          try readProperties(
            typeKey: typeKey, objectOffset: objectOffset,
            only: UInt64(PropertyKey.drawableBlendModeValue))
          if currentArtboard != nil {
            let blendMode = uint(
              PropertyKey.drawableBlendModeValue, of: UInt32(truncatingIfNeeded: typeKey))
            if !Importer.isValidBlendMode(blendMode) {
              artboardDrawableBlendModes.append((objectOffset, blendMode))
            }
          }
        } else {
          try skipProperties(typeKey: typeKey, objectOffset: objectOffset)
        }
      default:
        let captures = depth == .structure || category.matters(for: .assets)
        if captures {
          try readProperties(typeKey: typeKey, objectOffset: objectOffset, only: nil)
          try importObject(category, typeKey: UInt32(typeKey), offset: objectOffset)
        } else {
          try skipProperties(typeKey: typeKey, objectOffset: objectOffset)
        }
      }
    }
  }

  /// The type of property `key`: the schema's, else the file's table of contents'. Static, so
  /// the per-property call from the mutating read loop does not copy the importer (which an
  /// unoptimised build does for every instance method called from a mutating one).
  @inline(__always)
  @_spi(RiveFormatInternals) public static func fieldType(
    _ key: UInt64, schemaCodes: [UInt8], tableOfContents: [UInt16: FieldType]
  ) -> FieldType? {
    if key < UInt64(schemaCodes.count) {
      let code = schemaCodes[Int(key)]
      if code != 255 { return FieldType(rawValue: code) }
    }
    return tableOfContents[UInt16(truncatingIfNeeded: key)]
  }

  @inline(__always)
  @_spi(RiveFormatInternals) public mutating func readPropertyKey(
    typeKey: UInt64, objectOffset: Int
  ) throws(RiveError)
    -> (key: UInt64, type: FieldType)?
  {
    let keyOffset = reader.offset
    guard
      let key = try Importer.propertyKey(
        from: &reader, typeKey: typeKey, objectOffset: objectOffset)
    else { return nil }
    return (
      key,
      try Importer.fieldType(
        key, typeKey: typeKey, objectOffset: objectOffset, keyOffset: keyOffset,
        schemaCodes: schemaCodes, tableOfContents: tableOfContents)
    )
  }

  /// Reads a property key: nil for the 0 that ends an object; a key past 16 bits fails.
  @inline(__always)
  @_spi(RiveFormatInternals) public static func propertyKey(
    from reader: inout ByteReader, typeKey: UInt64, objectOffset: Int
  )
    throws(RiveError) -> UInt64?
  {
    let keyOffset = reader.offset
    let key = try reader.readVarUInt("property key of object type \(typeKey)")
    if key == 0 { return nil }
    guard key <= UInt64(UInt16.max) else {
      throw RiveError(
        .malformed,
        "property key \(key) of object type \(typeKey) (object at byte \(objectOffset)) is larger than 65535",
        at: keyOffset)
    }
    return key
  }

  /// The wire type of property `key` (read at `keyOffset`), or the error for a key neither the
  /// schema nor the file's table of contents knows.
  @inline(__always)
  @_spi(RiveFormatInternals) public static func fieldType(
    _ key: UInt64, typeKey: UInt64, objectOffset: Int, keyOffset: Int, schemaCodes: [UInt8],
    tableOfContents: [UInt16: FieldType]
  ) throws(RiveError) -> FieldType {
    guard
      let type = Self.fieldType(key, schemaCodes: schemaCodes, tableOfContents: tableOfContents)
    else {
      throw RiveError(
        .malformed,
        "unknown property key \(key) on object type \(typeKey) (object at byte \(objectOffset)): "
          + "neither the schema nor the file's table of contents gives its type",
        at: keyOffset)
    }
    return type
  }

  @inline(__always)
  @_spi(RiveFormatInternals) public mutating func skipValue(_ type: FieldType, key: UInt64)
    throws(RiveError)
  {
    try Importer.skipValue(type, key: key, from: &reader)
  }

  /// Skips a value of wire type `type` (of property `key`, for messages).
  @inline(__always)
  @_spi(RiveFormatInternals) public static func skipValue(
    _ type: FieldType, key: UInt64, from reader: inout ByteReader
  )
    throws(RiveError)
  {
    switch type {
    case .varUInt: _ = try reader.readVarUInt("value of property \(key)")
    case .bytes: _ = try reader.readLengthPrefixed("string or bytes of property \(key)")
    case .float32, .color: try reader.skip(4, "4-byte value of property \(key)")
    case .bool: try reader.skip(1, "bool value of property \(key)")
    }
  }

  /// Skips a value the importer does not keep, unless the stream recorder stores it.
  @inline(__always)
  @_spi(RiveFormatInternals) public mutating func skipOrRecord(
    _ type: FieldType, key: UInt64, keyOffset: Int
  )
    throws(RiveError)
  {
    if isRecording, let slot = recorder.slot(UInt16(key)) {
      try recorder.read(into: slot, key: key, keyOffset: keyOffset, from: &reader)
    } else {
      try skipValue(type, key: key)
    }
  }

  @_spi(RiveFormatInternals) public mutating func skipProperties(typeKey: UInt64, objectOffset: Int)
    throws(RiveError)
  {
    if isRecording {
      // The recorder's own loop: what its type stores is read, the rest skipped.
      try recorder.recordProperties(
        typeKey: typeKey, objectOffset: objectOffset, from: &reader, schemaCodes: schemaCodes,
        tableOfContents: tableOfContents)
      return
    }
    while true {
      guard let (key, type) = try readPropertyKey(typeKey: typeKey, objectOffset: objectOffset)
      else { break }
      try skipValue(type, key: key)
    }
  }

  @_spi(RiveFormatInternals) public mutating func readProperties(
    typeKey: UInt64, objectOffset: Int, only: UInt64?
  )
    throws(RiveError)
  {
    fields.removeAll()
    while true {
      let keyOffset = reader.offset
      guard let (key, type) = try readPropertyKey(typeKey: typeKey, objectOffset: objectOffset)
      else { break }
      if let only, key != only {
        try skipOrRecord(type, key: key, keyOffset: keyOffset)
        continue
      }
      let value = try Importer.readValue(type, key: key, from: &reader)
      if isRecording, let slot = recorder.slot(UInt16(key)) {
        recorder.store(value, in: slot, key: UInt16(key), keyOffset: keyOffset)
      }
      fields.append((UInt16(key), value))
    }
  }

  /// Reads one value of wire type `type` (of property `key`, for messages).
  @inline(__always)
  @_spi(RiveFormatInternals) public static func readValue(
    _ type: FieldType, key: UInt64, from reader: inout ByteReader
  )
    throws(RiveError) -> FieldValue
  {
    switch type {
    case .varUInt: .uint(try reader.readVarUInt("value of property \(key)"))
    case .bytes: .bytes(try reader.readLengthPrefixed("string or bytes of property \(key)"))
    case .float32: .float(try reader.readFloat32("float value of property \(key)"))
    case .color: .uint(UInt64(try reader.readUInt32("color value of property \(key)")))
    case .bool: .bool(try reader.readByte("bool value of property \(key)") == 1)
    }
  }

  // MARK: - Field access (the last value of a repeated key wins)
  //
  // Inlined: called from the mutating import methods, an outlined call copied the whole
  // importer (a memcpy of its stored properties, retaining its arrays) to pass it as `self`.

  @inline(__always)
  @_spi(RiveFormatInternals) public func value(_ key: UInt16) -> FieldValue? {
    var index = fields.count - 1
    while index >= 0 {
      if fields[index].key == key { return fields[index].value }
      index -= 1
    }
    return nil
  }

  @inline(__always)
  @_spi(RiveFormatInternals) public func uint(_ key: UInt16) -> UInt64? {
    switch value(key) {
    case .uint(let number): number
    case .bool(let flag): flag ? 1 : 0
    default: nil
    }
  }

  @inline(__always)
  @_spi(RiveFormatInternals) public func float(_ key: UInt16) -> Float? {
    if case .float(let number) = value(key) { return number }
    return nil
  }

  @inline(__always)
  @_spi(RiveFormatInternals) public func bool(_ key: UInt16) -> Bool? {
    switch value(key) {
    case .bool(let flag): flag
    case .uint(let number): number == 1
    default: nil
    }
  }

  @inline(__always)
  @_spi(RiveFormatInternals) public func string(_ key: UInt16) -> String? {
    if case .range(let lower, let upper) = value(key) { return reader.string(in: lower..<upper) }
    return nil
  }

  @inline(__always)
  @_spi(RiveFormatInternals) public func range(_ key: UInt16) -> Range<Int>? {
    if case .range(let lower, let upper) = value(key) { return lower..<upper }
    return nil
  }

  // MARK: - Field access with the schema's defaults
  //
  // What an object holds when the file leaves a property out is the schema's initial value
  // for that property on the object's type, as the official runtime's generated constructors
  // set it; these read it from the generated layouts rather than from literals.

  /// The schema's default bits of `key` on objects of `type` (0 when the type lacks it).
  @inline(__always)
  @_spi(RiveFormatInternals) public static func schemaDefault(_ key: UInt16, of type: UInt32)
    -> UInt32
  {
    TypeTable.shared.defaultBits(type: type, key: key) ?? 0
  }

  /// A uint (or id) property, else its schema default on `type` (a missing id is
  /// `UInt32.max`).
  @inline(__always)
  @_spi(RiveFormatInternals) public func uint(_ key: UInt16, of type: UInt32) -> UInt64 {
    uint(key) ?? UInt64(Importer.schemaDefault(key, of: type))
  }

  /// A float property, else its schema default on `type`.
  @inline(__always)
  @_spi(RiveFormatInternals) public func float(_ key: UInt16, of type: UInt32) -> Float {
    float(key) ?? Float(bitPattern: Importer.schemaDefault(key, of: type))
  }

  /// A boolean property, else its schema default on `type`.
  @inline(__always)
  @_spi(RiveFormatInternals) public func bool(_ key: UInt16, of type: UInt32) -> Bool {
    bool(key) ?? (Importer.schemaDefault(key, of: type) != 0)
  }

  /// A string property, else its schema default on `type`.
  @inline(__always)
  @_spi(RiveFormatInternals) public func string(_ key: UInt16, of type: UInt32) -> String {
    string(key) ?? TypeTable.shared.defaultString(type: type, key: key) ?? ""
  }

  /// A uint property range-checked to 32 bits as the official runtime does, else its schema
  /// default on `type`.
  @inline(__always)
  @_spi(RiveFormatInternals) public func uint32(_ key: UInt16, of type: UInt32, objectOffset: Int)
    throws(RiveError) -> UInt32
  {
    try uint32(key, default: Importer.schemaDefault(key, of: type), objectOffset: objectOffset)
  }

  /// A uint property of a known type, range-checked to 32 bits as the official runtime does.
  @inline(__always)
  @_spi(RiveFormatInternals) public func uint32(
    _ key: UInt16, default defaultValue: UInt32, objectOffset: Int
  )
    throws(RiveError) -> UInt32
  {
    guard let number = uint(key) else { return defaultValue }
    guard number <= UInt64(UInt32.max) else {
      throw RiveError(
        .malformed, "property \(key) has value \(number), which does not fit in 32 bits",
        at: objectOffset)
    }
    return UInt32(number)
  }

  @inline(__always)
  @_spi(RiveFormatInternals) public func index(_ value: UInt32) -> Int? {
    value == UInt32.max ? nil : Int(value)
  }
}
