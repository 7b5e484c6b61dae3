/// Writes the object stream of a `.riv` file, one object and property at a time.
///
/// The writer records every property key it uses and lists them in the header's table of
/// contents with their wire types, so any reader (this one or another runtime) can skip the
/// properties it does not know. Values are encoded exactly as ``FieldType`` describes.
public struct RiveObjectWriter: Sendable {
  /// A property value to write.
  public enum Value: Sendable, Hashable {
    case uint(UInt64)
    case string(String)
    case bytes([UInt8])
    case float(Float)
    case color(UInt32)
    case bool(Bool)

    @_spi(RiveFormatInternals) public var fieldType: FieldType {
      switch self {
      case .uint: .varUInt
      case .string, .bytes: .bytes
      case .float: .float32
      case .color: .color
      case .bool: .bool
      }
    }
  }

  private var body: [UInt8] = []
  private var usedKeys: [UInt16] = []
  private var keyTypes: [UInt16: FieldType] = [:]
  /// The header's file id.
  public var fileID: UInt64
  /// The header's minor version.
  public var minorVersion: UInt64

  /// Creates an empty writer.
  public init(fileID: UInt64 = 0, minorVersion: UInt64 = RiveHeader.knownMinorVersion) {
    self.fileID = fileID
    self.minorVersion = minorVersion
  }

  /// Appends an object with its properties, in the given order, and the terminating 0 key.
  ///
  /// - Parameters:
  ///   - typeKey: The object's type key.
  ///   - properties: Property keys (1...65535) and values.
  public mutating func object(_ typeKey: UInt32, _ properties: [(UInt16, Value)] = []) {
    body.appendVarUInt(UInt64(typeKey))
    for (key, value) in properties {
      property(key, value)
    }
    body.appendVarUInt(0)
  }

  private mutating func property(_ key: UInt16, _ value: Value) {
    if keyTypes[key] == nil {
      keyTypes[key] = value.fieldType
      usedKeys.append(key)
    }
    body.appendVarUInt(UInt64(key))
    switch value {
    case .uint(let number): body.appendVarUInt(number)
    case .string(let text):
      let bytes = Array(text.utf8)
      body.appendVarUInt(UInt64(bytes.count))
      body += bytes
    case .bytes(let bytes):
      body.appendVarUInt(UInt64(bytes.count))
      body += bytes
    case .float(let number): body.appendUInt32(number.bitPattern)
    case .color(let number): body.appendUInt32(number)
    case .bool(let flag): body.append(flag ? 1 : 0)
    }
  }

  /// Appends raw bytes to the object stream (for hostile-input fixtures).
  public mutating func raw(_ bytes: [UInt8]) {
    body += bytes
  }

  /// The header for the keys used so far.
  public var header: RiveHeader {
    RiveHeader(
      majorVersion: RiveHeader.supportedMajorVersion, minorVersion: minorVersion, fileID: fileID,
      tableOfContents: usedKeys.map {
        RiveHeader.TableOfContentsEntry(
          key: $0, fieldType: keyTypes[$0] == .bool ? .varUInt : keyTypes[$0] ?? .varUInt)
      })
  }

  /// The complete file: header, table of contents and objects.
  public var bytes: [UInt8] { header.serialized + body }
}
