import RiveFormat
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// The per-component link columns of a geometry model, which share one buffer.
@Suite("Link columns")
struct LinkColumnsTests {
  @Test("each column is its own window: writes to one never show in another")
  func columnsAreIndependent() {
    var random = SeededGenerator(seed: 5)
    let stride = 23
    var links = LinkColumns(stride: stride)
    // The expected values, kept apart: one plain array per column.
    var expected = [[Int32]](
      repeating: [Int32](repeating: -1, count: stride), count: LinkColumn.allCases.count)
    for _ in 0..<400 {
      let column = LinkColumn.allCases[
        Int.random(in: 0..<LinkColumn.allCases.count, using: &random)]
      let id = Int.random(in: 0..<stride, using: &random)
      let value = Int32.random(in: -1..<100, using: &random)
      links[column, id] = value
      expected[column.rawValue][id] = value
    }
    for column in LinkColumn.allCases {
      #expect((0..<stride).map { links[column, $0] } == expected[column.rawValue])
      let view = links.column(column, count: stride)
      #expect(Array(view) == expected[column.rawValue])
      // A shorter view reads the same first values and stops at its count.
      let short = links.column(column, count: 5)
      #expect(short.count == 5)
      #expect(Array(short) == Array(expected[column.rawValue].prefix(5)))
    }
  }

  @Test("a new set of columns reads -1 everywhere, and a view never exceeds the stride")
  func freshColumnsAreUnset() {
    let links = LinkColumns(stride: 4)
    for column in LinkColumn.allCases {
      #expect(Array(links.column(column, count: 4)) == [-1, -1, -1, -1])
      #expect(links.column(column, count: 9).count == 4)
      #expect(!links.column(column, count: 4).contains { $0 >= 0 })
    }
    #expect(LinkColumns(stride: 0).column(.skins, count: 0).isEmpty)
  }
}
