import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveReliabilitySupport
import RiveTestSupport
import Testing

@testable import RiveCore

/// `RuntimeFile(data:)` reads a file once for its structure report and its object stream; the
/// stream must equal the one the stream's own reader gives, and a file must fail the same way.
@Suite("Object stream recorded by the structure reader", Corpus.requirement)
struct ObjectStreamRecorderTests {
  /// Everything a stream holds, in a comparable form.
  private func contents(_ stream: ObjectStream) -> [String] {
    stream.records.map { "\($0.typeKey ?? 0)@\($0.offset)#\($0.slotBase)" }
      + ["slots \(stream.slots)", "ranges \(stream.byteRanges)", "minor \(stream.minorVersion)"]
  }

  /// What the single walk gives: the stream, or the error `RuntimeFile(data:)` throws.
  private func recorded(_ data: Data) -> Result<[String], RiveError> {
    let (report, recorder) = RiveImportReport.readRecordingStream(data)
    do throws(RiveError) {
      let document = try RiveDocument(report: report, byteCount: data.count)
      if let failure = recorder.failure { throw failure }
      return .success(
        contents(recorder.stream(data: data, minorVersion: document.header.minorVersion)))
    } catch {
      return .failure(error)
    }
  }

  /// What reading the report and then the stream gives (the path before the single walk).
  private func readTwice(_ data: Data) -> Result<[String], RiveError> {
    do throws(RiveError) {
      _ = try RiveDocument(data: data, depth: .structure)
      return .success(contents(try ObjectStream(readingSeparately: data)))
    } catch {
      return .failure(error)
    }
  }

  @Test("every corpus file gives the same stream both ways")
  func corpusStreamsMatch() throws {
    var compared = 0
    for name in Corpus.rivFiles {
      let data = try Corpus.data(name)
      let once = recorded(data)
      #expect(once == readTwice(data), "\(name)")
      if case .success = once { compared += 1 }
    }
    #expect(compared > 250)
  }

  @Test("damaged files fail with the same error both ways, or give the same stream")
  func damagedFilesMatch() throws {
    var random = SeededGenerator(seed: 41)
    let names = Corpus.rivFiles
    var failures = 0
    for round in 0..<300 {
      var bytes = [UInt8](try Corpus.data(names[round % names.count]))
      guard bytes.count > 8 else { continue }
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let position = Int.random(in: 4..<bytes.count, using: &random)
        bytes[position] = UInt8.random(in: 0...255, using: &random)
      }
      let data = Data(bytes)
      let once = recorded(data)
      #expect(once == readTwice(data), "\(names[round % names.count]) round \(round)")
      if case .failure = once { failures += 1 }
    }
    // Enough of the damage is caught for the errors to be compared too.
    #expect(failures > 30)
  }

  @Test("cut files fail with the same error both ways")
  func cutFilesMatch() throws {
    var random = SeededGenerator(seed: 43)
    let names = Corpus.rivFiles
    for round in 0..<200 {
      let data = try Corpus.data(names[(round * 7) % names.count])
      guard data.count > 1 else { continue }
      let cut = data.prefix(Int.random(in: 1..<data.count, using: &random))
      #expect(recorded(Data(cut)) == readTwice(Data(cut)), "round \(round)")
    }
  }

  @Test(
    "a file's bytes read the same whether copied (small) or shared (large), slices included",
    arguments: [0, 1, 1000, ObjectStream.FileBytes.copyLimit, ObjectStream.FileBytes.copyLimit + 1]
  )
  func fileBytesReadBack(count: Int) {
    var random = SeededGenerator(seed: UInt64(count) + 3)
    let bytes = (0..<(count + 10)).map { _ in UInt8.random(in: 0...255, using: &random) }
    // A slice that does not start at 0, as a `Data` cut from a larger one can be.
    let data = Data(bytes)[5..<(count + 5)]
    let stored = ObjectStream.FileBytes(data)
    #expect(stored.withUnsafeBytes { Array($0) } == Array(bytes[5..<(count + 5)]))
    // A file that is mostly embedded assets is shared whatever its size.
    let mostlyEmbedded = ObjectStream.FileBytes(data, embeddedCount: count)
    #expect(mostlyEmbedded.withUnsafeBytes { Array($0) } == Array(bytes[5..<(count + 5)]))
  }

  @Test("a stored id wider than 32 bits fails the graph, naming the property, value and offset")
  func wideStoredValueFails() throws {
    // Backboard, artboard, then a node whose parent id does not fit in 32 bits. The structure
    // reader skips the node's properties, so only the runtime graph's reader refuses it.
    var bytes = RiveHeader().serialized
    for type in [TypeKey.backboard, TypeKey.artboard] {
      bytes.appendVarUInt(UInt64(type))
      bytes.appendVarUInt(0)
    }
    bytes.appendVarUInt(UInt64(TypeKey.node))
    let keyOffset = bytes.count
    bytes.appendVarUInt(UInt64(PropertyKey.componentParentId))
    bytes.appendVarUInt(1 << 32)
    bytes.appendVarUInt(0)
    let data = Data(bytes)

    #expect(throws: Never.self) { try RiveDocument(data: data, depth: .structure) }
    let expected = RiveError(
      .malformed, "property 5 has value 4294967296, which does not fit in 32 bits", at: keyOffset)
    #expect(throws: expected) { try RuntimeFile(data: data) }
    #expect(throws: expected) { try ObjectStream(readingSeparately: data) }
    #expect(recorded(data) == readTwice(data))
  }

  @Test("slots hold the schema's defaults with the file's values over them, the last one winning")
  func slotsAreDefaultsWithValuesOver() throws {
    func appendFloat(_ value: Float, to bytes: inout [UInt8]) {
      withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }
    var bytes = RiveHeader().serialized
    bytes.appendVarUInt(UInt64(TypeKey.backboard))
    bytes.appendVarUInt(0)
    // Two artboards: the first leaves clipping unset (the runtime's default is on), the second
    // turns it off.
    bytes.appendVarUInt(UInt64(TypeKey.artboard))
    bytes.appendVarUInt(0)
    bytes.appendVarUInt(UInt64(TypeKey.artboard))
    bytes.appendVarUInt(UInt64(PropertyKey.layoutComponentClip))
    bytes.append(0)
    bytes.appendVarUInt(0)
    // A node whose x is given twice and whose y once; the rest are defaults.
    bytes.appendVarUInt(UInt64(TypeKey.node))
    bytes.appendVarUInt(UInt64(PropertyKey.nodeX))
    appendFloat(3, to: &bytes)
    bytes.appendVarUInt(UInt64(PropertyKey.nodeY))
    appendFloat(-2.5, to: &bytes)
    bytes.appendVarUInt(UInt64(PropertyKey.nodeX))
    appendFloat(7.5, to: &bytes)
    bytes.appendVarUInt(0)
    let data = Data(bytes)

    let stream = try ObjectStream(readingSeparately: data)
    #expect(
      stream.records.map(\.typeKey) == [
        UInt16(TypeKey.backboard), UInt16(TypeKey.artboard), UInt16(TypeKey.artboard),
        UInt16(TypeKey.node),
      ])
    #expect(stream.uint(1, Slot.layoutComponentClip) == 1)
    #expect(stream.uint(2, Slot.layoutComponentClip) == 0)
    #expect(stream.float(3, Slot.nodeX) == 7.5)
    #expect(stream.float(3, Slot.nodeY) == -2.5)
    #expect(stream.float(3, Slot.transformComponentScaleX) == 1)
    #expect(stream.float(3, Slot.transformComponentRotation) == 0)
    // Each object's slots start where the previous object's end.
    let table = TypeTable.shared
    var expectedBase = 0
    for record in stream.records {
      #expect(record.slotBase == expectedBase)
      expectedBase += record.typeKey.map { table.slotCount($0) } ?? 0
    }
    #expect(stream.slots.count == expectedBase)
    #expect(recorded(data) == readTwice(data))
  }
}
