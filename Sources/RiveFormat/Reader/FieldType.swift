/// How a property value is encoded on the wire.
public enum FieldType: UInt8, Sendable, Hashable, CaseIterable {
  /// Unsigned LEB128 (also `int`, `uint8`, `uint16`, `uint64` and ids).
  case varUInt = 0
  /// A varuint byte length followed by that many bytes (strings and byte arrays).
  case bytes = 1
  /// Four bytes, IEEE-754 single precision (the schema's `double`).
  case float32 = 2
  /// Four bytes, 0xAARRGGBB.
  case color = 3
  /// One byte; 1 means true. In a table of contents a bool is listed as ``varUInt``.
  case bool = 4

  /// The 2-bit code used in the header's table of contents (bool is written as varuint).
  @_spi(RiveFormatInternals) public var tableOfContentsCode: UInt32 {
    self == .bool ? 0 : UInt32(rawValue)
  }

  /// The field type of a runtime property key according to the schema, if the schema knows it.
  @_spi(RiveFormatInternals) public static func schema(_ key: UInt64) -> FieldType? {
    guard key < UInt64(Schema.fieldTypeCodes.count) else { return nil }
    return FieldType(rawValue: Schema.fieldTypeCodes[Int(key)])
  }
}
