import RiveFormat
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

  @Test("appending in record order builds the map; an earlier record goes where it belongs")
  func appending() {
    var map = RecordMap<String>()
    #expect(map.isEmpty)
    #expect(map[0] == nil)
    map.append("a", for: 3)
    map.append("b", for: 41)
    map.append("c", for: 90)
    #expect(map.keys == [3, 41, 90])
    #expect(map.values == ["a", "b", "c"])
    map.append("d", for: 20)
    map.append("e", for: 41)
    #expect(map.keys == [3, 20, 41, 90])
    #expect(map.values == ["a", "d", "e", "c"])
    #expect(map[41] == "e")
    #expect(map[40] == nil)
    #expect(map[91] == nil)
    #expect(map.position(of: 90) == 3)
    #expect(map.position(of: 89) == nil)
  }

  @Test("a map made with room reads the same as one grown from empty")
  func reservedCapacity() {
    var grown = RecordMap<Int>()
    var reserved = RecordMap<Int>(capacity: 4)
    for (step, record) in [5, 9, 2, 30, 31, 9, 60, 1].enumerated() {
      grown.append(step, for: record)
      reserved.append(step, for: record)
    }
    #expect(reserved.keys == [1, 2, 5, 9, 30, 31, 60])
    #expect(reserved.keys == grown.keys)
    #expect(reserved.values == grown.values)
    #expect(reserved[9] == 5)
  }

  @Test("updating from ascending records gives what setting each in turn gives, seeded")
  func ascendingUpdate() {
    // A deterministic generator (SplitMix64) drives 200 cases: a map of random records and
    // values, then a sorted list of records (some repeated, some new) with values.
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((value ^ (value >> 31)) % UInt64(bound))
    }
    for _ in 0..<200 {
      var map = RecordMap<Float>()
      for _ in 0..<next(8) { map[next(30)] = Float(next(5)) }
      let records = (0..<next(10)).map { _ in (record: next(30), value: Float(next(5))) }
        .sorted { $0.record < $1.record }
      var expected = map
      for entry in records { expected[entry.record] = entry.value }
      map.update(ascending: records) { (record: $0.record, value: $0.value) }
      #expect(map.keys == expected.keys)
      #expect(map.values == expected.values)
    }
  }
}
