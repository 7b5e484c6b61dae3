@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Varuints packed inside byte arrays (mesh triangle indices, bind paths, manifest sections)
/// decode through the reader's one decoder: a ten-byte value reads, and a value too wide, too
/// long or cut ends the list with what came before it.
@Suite("Packed varuints")
struct PackedVarUIntTests {
  static let largest: [UInt8] = [UInt8](repeating: 0xFF, count: 9) + [0x01]
  static let tooWide: [UInt8] = [UInt8](repeating: 0xFF, count: 9) + [0x02]
  static let tooLong: [UInt8] = [UInt8](repeating: 0x80, count: 10) + [0x00]

  private func varuints(_ values: [UInt64]) -> [UInt8] {
    var bytes: [UInt8] = []
    for value in values { bytes.appendVarUInt(value) }
    return bytes
  }

  @Test("mesh triangle indices: ten bytes read (kept to 16 bits); too wide, too long or cut stop")
  func meshIndices() {
    let start = varuints([0, 1, 300])
    let decode = { (bytes: [UInt8]) in GeometryModelBuilder.triangleIndices(bytes[...]) }
    #expect(decode(start + Self.largest + [2]) == [0, 1, 300, 0xFFFF, 2])
    #expect(decode(start + Self.tooWide + [2]) == [0, 1, 300])
    #expect(decode(start + Self.tooLong + [2]) == [0, 1, 300])
    #expect(decode(start + [0x80, 0x80]) == [0, 1, 300])
    #expect(decode([]) == [])
    // A slice that does not start at zero reads from its own start.
    let framed = [0xAA] + varuints([70_000, 5]) + [0xBB]
    #expect(GeometryModelBuilder.triangleIndices(framed[1..<(framed.count - 1)]) == [4_464, 5])
  }

  @Test("bind paths: ten bytes read (kept to 32 bits); too wide, too long or cut stop")
  func bindPaths() {
    let decode = { (bytes: [UInt8]) in bytes.withUnsafeBytes { BindPath.decode($0) } }
    let start = varuints([3, 128])
    #expect(decode(start + Self.largest + [9]) == [3, 128, UInt32.max, 9])
    #expect(decode(start + Self.tooWide + [9]) == [3, 128])
    #expect(decode(start + Self.tooLong + [9]) == [3, 128])
    #expect(decode(start + [0xFF]) == [3, 128])
  }

  /// A manifest section: its number, its byte size, then its contents.
  private func section(_ number: UInt64, _ contents: [UInt8]) -> [UInt8] {
    varuints([number, UInt64(contents.count)]) + contents
  }

  @Test("manifest sections: ten-byte ids read; too wide, too long or cut values end the reading")
  func manifest() {
    let name = Array("title".utf8)
    let names = section(0, varuints([1, 7, UInt64(name.count)]) + name)
    let paths = section(1, varuints([1, 4, 2, 0, 1]))
    let read = { (bytes: [UInt8]) in ManifestReader.sections(bytes[...]) }
    let whole = read(names + paths)
    #expect(whole.names == [7: "title"])
    #expect(whole.paths == [4: [0, 1]])
    // A ten-byte path id is read (kept to 32 bits), in a section whose size counts its bytes.
    let wideID = section(1, varuints([1]) + Self.largest + varuints([1, 5]))
    #expect(read(names + wideID).paths == [UInt32.max: [5]])
    // A too wide, too long or cut id ends the reading; the sections before it stay.
    let cut = varuints([1, 10, 1]) + [0x80, 0x80]
    let badIDs = [Self.tooWide, Self.tooLong].map { section(1, varuints([1]) + $0 + [1, 5]) }
    for bad in badIDs + [cut] {
      let partial = read(names + bad)
      #expect(partial.names == [7: "title"], "\(bad)")
      #expect(partial.paths.isEmpty, "\(bad)")
    }
    // A section number that is too wide ends the reading before that section.
    let result = read(names + Self.tooWide + paths)
    #expect(result.names == [7: "title"])
    #expect(result.paths.isEmpty)
  }
}
