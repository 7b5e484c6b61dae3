@_spi(RiveFormatInternals) import RiveFormat
import Testing

/// The import stack's "latest object of each kind", kept in fixed-size storage.
@Suite("Import stack")
struct ImportStackTests {
  @Test("every importer kind has room, and a kind set by raw value reads back by kind")
  func everyKindHasRoom() {
    var latest = ImportStack()
    for kind in ImporterKind.allCases {
      #expect(latest[kind] == nil, "\(kind) before any object")
      latest.set(rawKind: kind.rawValue, 100 + kind.rawValue)
    }
    for kind in ImporterKind.allCases {
      #expect(latest[kind] == 100 + kind.rawValue, "\(kind)")
    }
    // Set in raw-value order, so the newest first is the reverse of that order.
    #expect(latest.kindsNewestFirst() == ImporterKind.allCases.reversed())
  }

  @Test("the newest kind comes first; a cleared kind drops out; an unknown raw kind is ignored")
  func newestFirst() {
    var latest = ImportStack()
    latest[.artboard] = 1
    latest[.stateMachine] = 5
    latest[.layer] = 6
    latest[.artboard] = 9
    #expect(latest.kindsNewestFirst() == [.artboard, .layer, .stateMachine])
    latest[.layer] = nil
    #expect(latest.kindsNewestFirst() == [.artboard, .stateMachine])
    latest.set(rawKind: -1, 3)
    latest.set(rawKind: 1_000, 3)
    latest.set(rawKind: 0x7F, 3)
    #expect(latest.kindsNewestFirst() == [.artboard, .stateMachine])
    #expect(latest[.artboard] == 9)
  }
}
