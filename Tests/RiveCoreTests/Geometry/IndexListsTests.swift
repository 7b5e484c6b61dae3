@_spi(RiveFormatInternals) import RiveFormat
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// The flat per-object lists the models share, and the positional reads the frame code uses
/// instead of slices.
@Suite("Index lists")
struct IndexListsTests {
  /// Reads list `index` by walking its positions, as the per-frame code does.
  private func walk(_ lists: IndexLists, _ index: Int) -> [Int32] {
    lists.positions(index).map { lists.value(at: $0) }
  }

  @Test("positions and values give each list, and nothing out of range")
  func positionalReads() {
    let source: [[Int32]] = [[3, 1], [], [7], [2, 2, 9], []]
    let lists = IndexLists(source)
    for index in source.indices {
      #expect(walk(lists, index) == source[index])
      #expect(Array(lists[index]) == source[index])
    }
    for outside in [-1, source.count, source.count + 5] {
      #expect(lists.positions(outside).isEmpty)
      #expect(walk(lists, outside).isEmpty)
    }
    // Positions of consecutive lists follow each other through the one values buffer.
    #expect(lists.positions(0) == 0..<2)
    #expect(lists.positions(3) == 3..<6)
  }

  @Test("a builder groups values by list in the order they were added, repeats dropped on ask")
  func builderGroups() {
    var builder = IndexLists.Builder(count: 3)
    for (value, list) in [(5, 2), (1, 0), (5, 2), (4, 0), (1, 0), (8, 7), (6, -1)] {
      builder.append(Int32(value), to: list)
    }
    let kept = IndexLists(builder)
    #expect(walk(kept, 0) == [1, 4, 1])
    #expect(walk(kept, 1).isEmpty)
    #expect(walk(kept, 2) == [5, 5])
    let unique = IndexLists(builder, unique: true)
    #expect(walk(unique, 0) == [1, 4])
    #expect(walk(unique, 2) == [5])
    #expect(unique.count == 3)
  }

  @Test("children lists of a parent array, in id order")
  func childrenOfParents() {
    let lists = IndexLists(childrenOf: [-1, 0, 0, 1, 0, 3])
    #expect(walk(lists, 0) == [1, 2, 4])
    #expect(walk(lists, 1) == [3])
    #expect(walk(lists, 3) == [5])
    #expect(walk(lists, 2).isEmpty)
  }

  @Test("parents out of range are left out; no parents gives empty lists")
  func childrenOfOutOfRange() {
    let lists = IndexLists(childrenOf: [-1, 7, 0, -3, 0])
    #expect(lists.count == 5)
    #expect(walk(lists, 0) == [2, 4])
    #expect(lists.totalCount == 2)
    let none = IndexLists(childrenOf: [-1, -1])
    #expect(none.count == 2)
    #expect(none.totalCount == 0)
    #expect(walk(none, 1).isEmpty)
  }

  @Test("grouping agrees with appending to one array per list, over seeded inputs")
  func groupingMatchesNaive() {
    var random = SeededGenerator(seed: 17)
    for _ in 0..<50 {
      let count = Int.random(in: 0..<40, using: &random)
      var builder = IndexLists.Builder(count: count)
      var naive = [[Int32]](repeating: [], count: count)
      var parents: [Int] = []
      for id in 0..<count {
        let parent = Int.random(in: -2..<(count + 2), using: &random)
        parents.append(parent)
        if parent >= 0 && parent < count { naive[parent].append(Int32(id)) }
      }
      // Each list in the order its values came, kept apart from the builder.
      var expected = [[Int32]](repeating: [], count: count)
      for _ in 0..<Int.random(in: 0..<80, using: &random) where count > 0 {
        let list = Int.random(in: 0..<count, using: &random)
        let value = Int32.random(in: 0..<9, using: &random)
        builder.append(value, to: list)
        expected[list].append(value)
      }
      let children = IndexLists(childrenOf: parents)
      #expect((0..<count).map { walk(children, $0) } == naive)
      let grouped = IndexLists(builder)
      #expect((0..<count).map { walk(grouped, $0) } == expected)
    }
  }

  @Test("Array(filling:count:) equals Array(repeating:count:)", arguments: [0, 1, 7, 1000])
  func filling(count: Int) {
    #expect([Int32](filling: -1, count: count) == [Int32](repeating: -1, count: count))
    #expect([String](filling: "é", count: count) == [String](repeating: "é", count: count))
    #expect([Int32](filling: 3, count: count).capacity >= count)
  }
}
