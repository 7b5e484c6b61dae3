import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// The sorted record map that replaced dictionaries on per-frame lookups.
@Suite("Record map")
struct RecordMapTests {
  @Test("agrees with a dictionary over seeded inserts, replacements, removals and reads")
  func matchesDictionary() {
    var random = SeededGenerator(seed: 41)
    var map = RecordMap<Int32>()
    var reference: [Int: Int32] = [:]
    for step in 0..<4_000 {
      let record = Int.random(in: -20..<200, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        map[record] = nil
        reference[record] = nil
      case 1, 2:
        let value = Int32(step)
        map[record] = value
        reference[record] = value
      default:
        #expect(map[record] == reference[record], "record \(record) at step \(step)")
      }
    }
    #expect(map.count == reference.count)
    #expect(map.keys == reference.keys.sorted())
    #expect(map.keys.map { map[$0] } == map.keys.map { reference[$0] })
    #expect(Array(map.entries.map(\.0)) == map.keys)
  }

  @Test("built from a dictionary, it holds exactly its entries in record order")
  func fromDictionary() {
    let source: [Int: String] = [90: "c", 3: "a", 41: "b"]
    let map = RecordMap(source)
    #expect(map.keys == [3, 41, 90])
    #expect(map.values == ["a", "b", "c"])
    #expect(map[41] == "b")
    #expect(map[40] == nil)
    #expect(map[91] == nil)
    #expect(RecordMap<String>([:]).isEmpty)
    #expect(RecordMap<String>([:])[0] == nil)
  }
}
