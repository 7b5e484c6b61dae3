import RiveFormat
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// Bind paths as files pack them: the ids a data bind, a nested artboard or a listener follows.
@Suite("Bind paths")
struct BindPathTests {
  private func decode(_ bytes: [UInt8]) -> [UInt32] {
    bytes.withUnsafeBytes { BindPath.decode($0) }
  }

  @Test("paths the writer packs read back, whatever the width of each id")
  func roundTrip() {
    var random = SeededGenerator(seed: 2_027)
    for _ in 0..<500 {
      let length = Int.random(in: 0...ViewModelStore.maximumPathLength, using: &random)
      let path = (0..<length).map { _ in
        // Ids of one to five varuint bytes.
        UInt32.random(in: 0...UInt32.max, using: &random)
          >> UInt32.random(in: 0...31, using: &random)
      }
      #expect(decode(RiveObjectWriter.pathBytes(path)) == path)
    }
  }

  @Test(
    "a path longer than the limit stops one past it; a cut last id and empty bytes read nothing more"
  )
  func limits() {
    let long = (0..<200).map { UInt32($0 * 1_000) }
    #expect(decode(RiveObjectWriter.pathBytes(long)) == Array(long.prefix(65)))
    #expect(ViewModelStore.maximumPathLength == 64)
    // The last id's final byte is missing: the ids before it are kept.
    var cut = RiveObjectWriter.pathBytes([7, 300, 70_000])
    cut.removeLast()
    #expect(decode(cut) == [7, 300])
    #expect(decode([]) == [])
    #expect(decode([0x80, 0x80]) == [])
  }
}
