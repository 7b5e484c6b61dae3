/// The header of a `.riv` file: fingerprint, version, file id and table of contents.
public struct RiveHeader: Sendable, Hashable {
  /// The major format version this reader (like the official runtime) accepts.
  public static let supportedMajorVersion: UInt64 = 7
  /// The newest minor version this reader knows; newer minors are accepted too.
  public static let knownMinorVersion: UInt64 = 3
  /// The four fingerprint bytes, `RIVE`.
  @_spi(RiveFormatInternals) public static let fingerprint: [UInt8] = Array("RIVE".utf8)

  /// The major version (7 for every supported file).
  public var majorVersion: UInt64
  /// The minor version.
  public var minorVersion: UInt64
  /// The editor-assigned file id.
  public var fileID: UInt64
  /// The property keys the file declares, with their wire types, in file order.
  public var tableOfContents: [TableOfContentsEntry]
  /// The offset of the first object, just past the header.
  public var headerLength: Int

  /// One entry of the table of contents.
  public struct TableOfContentsEntry: Sendable, Hashable {
    /// The property key.
    public var key: UInt16
    /// Its wire type (never ``FieldType/bool``: the table writes bools as varuints).
    public var fieldType: FieldType

    @_spi(RiveFormatInternals) public init(key: UInt16, fieldType: FieldType) {
      self.key = key
      self.fieldType = fieldType
    }
  }

  /// Creates a header value, for writing.
  public init(
    majorVersion: UInt64 = RiveHeader.supportedMajorVersion,
    minorVersion: UInt64 = RiveHeader.knownMinorVersion,
    fileID: UInt64 = 0,
    tableOfContents: [TableOfContentsEntry] = []
  ) {
    self.majorVersion = majorVersion
    self.minorVersion = minorVersion
    self.fileID = fileID
    self.tableOfContents = tableOfContents
    headerLength = 0
  }

  /// Reads and checks the header at the start of `reader`.
  ///
  /// - Throws: ``RiveError/Code/notRiveFile`` for a missing fingerprint,
  ///   ``RiveError/Code/truncated`` or ``RiveError/Code/malformed`` for a cut or bad header, and
  ///   ``RiveError/Code/unsupportedVersion`` when the major version is not 7.
  @_spi(RiveFormatInternals) public static func read(from reader: inout ByteReader)
    throws(RiveError) -> RiveHeader
  {
    let header = try parse(from: &reader)
    try header.checkVersion()
    return header
  }

  /// Throws ``RiveError/Code/unsupportedVersion`` unless the major version is 7.
  @_spi(RiveFormatInternals) public func checkVersion() throws(RiveError) {
    guard majorVersion == RiveHeader.supportedMajorVersion else {
      throw RiveError(
        .unsupportedVersion,
        "file version is \(majorVersion).\(minorVersion), this reader supports major version "
          + "\(RiveHeader.supportedMajorVersion) (7.0 to 7.\(RiveHeader.knownMinorVersion) and newer minors)",
        at: 4)
    }
  }

  /// Reads the header without checking the version.
  @_spi(RiveFormatInternals) public static func parse(from reader: inout ByteReader)
    throws(RiveError) -> RiveHeader
  {
    guard reader.count >= 4 else {
      throw RiveError(
        .notRiveFile,
        "expected the fingerprint \"RIVE\", but the data has only \(reader.count) bytes", at: 0)
    }
    // Compared byte by byte ("RIVE"), without collecting the bytes unless they are wrong.
    let found = (
      try reader.readByte("fingerprint"), try reader.readByte("fingerprint"),
      try reader.readByte("fingerprint"), try reader.readByte("fingerprint")
    )
    guard found == (0x52, 0x49, 0x56, 0x45) else {
      let bytes = [found.0, found.1, found.2, found.3]
      throw RiveError(
        .notRiveFile,
        "expected the fingerprint 52 49 56 45 (\"RIVE\"), found \(bytes.map(hex).joined(separator: " "))",
        at: 0)
    }
    let major = try reader.readVarUInt("major version")
    let minor = try reader.readVarUInt("minor version")
    let fileIDOffset = reader.offset
    let fileID = try reader.readVarUInt("file id")
    guard fileID <= UInt64(Int32.max) else {
      throw RiveError(.malformed, "file id \(fileID) does not fit in 32 bits", at: fileIDOffset)
    }
    var keys = [UInt16]()
    keys.reserveCapacity(64)
    while true {
      let keyOffset = reader.offset
      let key = try reader.readVarUInt("table of contents key")
      if key == 0 { break }
      guard key <= UInt64(UInt16.max) else {
        throw RiveError(
          .malformed, "table of contents key \(key) is larger than 65535", at: keyOffset)
      }
      keys.append(UInt16(key))
    }
    var entries = [TableOfContentsEntry]()
    entries.reserveCapacity(keys.count)
    var word: UInt32 = 0
    for (index, key) in keys.enumerated() {
      if index % 4 == 0 {
        word = try reader.readUInt32("table of contents field types for key \(key)")
      }
      let code = (word >> (2 * UInt32(index % 4))) & 3
      entries.append(
        TableOfContentsEntry(key: key, fieldType: FieldType(rawValue: UInt8(code)) ?? .varUInt))
    }
    var header = RiveHeader(
      majorVersion: major, minorVersion: minor, fileID: fileID, tableOfContents: entries)
    header.headerLength = reader.offset
    return header
  }

  /// The header's bytes, as the reader reads them.
  public var serialized: [UInt8] {
    var out = RiveHeader.fingerprint
    out.appendVarUInt(majorVersion)
    out.appendVarUInt(minorVersion)
    out.appendVarUInt(fileID)
    for entry in tableOfContents { out.appendVarUInt(UInt64(entry.key)) }
    out.appendVarUInt(0)
    var index = 0
    while index < tableOfContents.count {
      var word: UInt32 = 0
      for slot in 0..<4 where index + slot < tableOfContents.count {
        word |= tableOfContents[index + slot].fieldType.tableOfContentsCode << (2 * UInt32(slot))
      }
      out.appendUInt32(word)
      index += 4
    }
    return out
  }
}

extension [UInt8] {
  /// Appends an unsigned LEB128 value.
  @_spi(RiveFormatInternals) public mutating func appendVarUInt(_ value: UInt64) {
    var value = value
    repeat {
      var byte = UInt8(value & 0x7F)
      value >>= 7
      if value != 0 { byte |= 0x80 }
      append(byte)
    } while value != 0
  }

  /// Appends a 4-byte little-endian value.
  @_spi(RiveFormatInternals) public mutating func appendUInt32(_ value: UInt32) {
    append(UInt8(truncatingIfNeeded: value))
    append(UInt8(truncatingIfNeeded: value >> 8))
    append(UInt8(truncatingIfNeeded: value >> 16))
    append(UInt8(truncatingIfNeeded: value >> 24))
  }
}
