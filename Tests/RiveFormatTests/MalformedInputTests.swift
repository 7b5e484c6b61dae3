import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import Testing

/// Hand-made hostile files: each must give a typed error with an offset, never a trap.
@Suite("Malformed input")
struct MalformedInputTests {
  /// A valid header with no table of contents, then `body`.
  static func file(_ body: [UInt8], toc: [(UInt16, FieldType)] = []) -> Data {
    let header = RiveHeader(
      fileID: 1, tableOfContents: toc.map { .init(key: $0.0, fieldType: $0.1) })
    return Data(header.serialized + body)
  }

  static func error(_ data: Data) -> RiveError? {
    #expect(throws: RiveError.self) { try RiveDocument(data: data) }
  }

  @Test("short or foreign data is not a Rive file")
  func fingerprint() {
    for bytes: [UInt8] in [[], [0x52], [0x52, 0x49, 0x56], Array("RIFF1234".utf8)] {
      let error = Self.error(Data(bytes))
      #expect(error?.code == .notRiveFile)
      #expect(error?.byteOffset == 0)
    }
  }

  @Test("a cut header is truncated")
  func cutHeader() {
    let full = RiveHeader(fileID: 300, tableOfContents: [.init(key: 900, fieldType: .float32)])
      .serialized
    for length in 4..<full.count {
      let error = Self.error(Data(full.prefix(length)))
      #expect(error?.code == .truncated, "prefix \(length)")
    }
  }

  @Test("major version 8 is refused naming both versions")
  func version() {
    let error = Self.error(Data(RiveHeader(majorVersion: 8, minorVersion: 1).serialized))
    #expect(error?.code == .unsupportedVersion)
    #expect(error?.message.contains("8.1") == true)
    #expect(error?.message.contains("major version 7") == true)
  }

  @Test("a varuint longer than 10 bytes is malformed")
  func longVarUInt() {
    let body: [UInt8] = [23] + [UInt8](repeating: 0xFF, count: 11) + [0x01]
    let error = Self.error(Self.file(body))
    #expect(error?.code == .malformed)
    #expect(error?.message.contains("varuint") == true)
    #expect(error?.byteOffset == RiveHeader(fileID: 1).serialized.count + 1)
  }

  @Test("a string claiming more bytes than remain is malformed")
  func stringPastEnd() {
    // Backboard, then an image asset whose name claims 200 bytes.
    var body: [UInt8] = [23, 0, 105]
    body.appendVarUInt(UInt64(PropertyKey.assetName))
    body += [0xC8, 0x01, 0x41, 0x42]
    let error = Self.error(Self.file(body))
    #expect(error?.code == .malformed)
    #expect(error?.message.contains("claims 200 bytes") == true)
  }

  @Test("a property key known to neither table is malformed")
  func unknownKey() {
    let body: [UInt8] = [23, 0, 1, 0xC8, 0x05, 5, 0]  // key 712 is not in the schema
    let error = Self.error(Self.file(body))
    #expect(error?.code == .malformed)
    #expect(error?.message.contains("unknown property key 712") == true)
    // The same key is fine once the table of contents gives its type.
    #expect(throws: Never.self) { try RiveDocument(data: Self.file(body, toc: [(712, .varUInt)])) }
  }

  @Test("out-of-range keys and values are malformed")
  func ranges() {
    var body: [UInt8] = []
    body.appendVarUInt(UInt64(Int32.max) + 1)
    #expect(Self.error(Self.file(body))?.code == .malformed)
    body = [23]
    body.appendVarUInt(70_000)
    #expect(Self.error(Self.file(body))?.code == .malformed)
    body = [23, 0, 105]  // asset id over 32 bits
    body.appendVarUInt(UInt64(PropertyKey.fileAssetAssetId))
    body.appendVarUInt(UInt64(UInt32.max) + 1)
    body.append(0)
    let error = Self.error(Self.file(body))
    #expect(error?.code == .malformed)
    #expect(error?.message.contains("32 bits") == true)
  }

  @Test("EOF inside an object is truncated; EOF between objects is a clean end")
  func endOfFile() throws {
    let blueprint = RiveFileBlueprint(assets: [.referenced(.image, name: "x", id: 1)])
    let bytes = blueprint.bytes
    let document = try RiveDocument(data: Data(bytes))
    #expect(document.assets.count == 1)
    #expect(Self.error(Data(bytes.dropLast()))?.code == .truncated)
  }

  @Test("unknown object types are skipped, known types keep their place")
  func unknownTypes() throws {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(526, [(PropertyKey.componentName, .string("mystery"))])  // not in the schema
    writer.object(TypeKey.imageAsset, [(PropertyKey.assetName, .string("kept"))])
    let document = try RiveDocument(data: Data(writer.bytes))
    #expect(document.assets.map(\.name) == ["kept"])
  }

  @Test("assets before the backboard and orphan contents are dropped, as upstream does")
  func missingImporters() throws {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.imageAsset, [(PropertyKey.assetName, .string("early"))])
    writer.object(TypeKey.backboard)
    writer.object(
      TypeKey.fileAssetContents, [(PropertyKey.fileAssetContentsBytes, .bytes([1, 2]))])
    writer.object(TypeKey.fontAsset, [(PropertyKey.assetName, .string("late"))])
    let document = try RiveDocument(data: Data(writer.bytes))
    #expect(document.assets.map(\.name) == ["late"])
    #expect(document.assets[0].contents == nil)
  }

  @Test("an invalid blend mode rejects the artboard; the asset listing still reads")
  func blendMode() throws {
    let bad = RiveFileBlueprint(
      assets: [.referenced(.image, name: "i", id: 1)],
      artboards: [.init(name: "A", images: [.init(assetIndex: 0, blendMode: 7)])])
    let error = Self.error(bad.data)
    #expect(error?.code == .invalidObject)
    #expect(error?.message.contains("blend mode 7") == true)
    #expect(error?.code.importResult == .malformed)
    #expect(try RiveDocument(data: bad.data, depth: .assets).assets.count == 1)
  }

  @Test("a layer without its Any, Entry and Exit states is invalid")
  func layerStates() {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(TypeKey.artboard, [(PropertyKey.componentName, .string("A"))])
    writer.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("M"))])
    writer.object(TypeKey.stateMachineLayer)
    writer.object(TypeKey.entryState)
    let error = Self.error(Data(writer.bytes))
    #expect(error?.code == .invalidObject)
    #expect(error?.message.contains("Any, Exit") == true)
  }

  @Test("a transition to a state the layer does not have is invalid")
  func transitionTarget() {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(TypeKey.artboard, [(PropertyKey.componentName, .string("A"))])
    writer.object(TypeKey.stateMachine)
    writer.object(TypeKey.stateMachineLayer)
    writer.object(TypeKey.entryState)
    writer.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(9))])
    writer.object(TypeKey.anyState)
    writer.object(TypeKey.exitState)
    let error = Self.error(Data(writer.bytes))
    #expect(error?.code == .invalidObject)
    #expect(error?.message.contains("to state 9") == true)
  }
}
