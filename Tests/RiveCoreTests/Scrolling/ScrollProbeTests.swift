import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

@Suite("Scroll probe")
struct ScrollProbeTests {
  static let names = [
    "component_list_child_origin.riv", "component_list_clipped_viewport.riv",
    "component_list_virtualized.riv", "draw_index_list.riv", "hit_test_test.riv",
    "layout_scroll_visibility.riv", "scroll_velocity.riv", "virtualize_blendmode.riv",
    "virtualized_artboard_databound_children.riv",
  ]
  @Test("probe", arguments: names)
  func probe(_ name: String) throws {
    let d = try FullReferenceTests.drawDifferences(name)
    print("PROBE \(name): \(d.count) differences\n" + d.prefix(6).joined(separator: "\n"))
    if name == "component_list_child_origin.riv" {
      let t = try FullReferenceTests.traceDifferences(name)
      print("PROBE trace \(name): " + t.prefix(6).joined(separator: "\n"))
    }
  }
}

@Suite("Scroll probe records")
struct ScrollProbeRecords {
  @Test func records() throws {
    for name in ["scroll_velocity.riv", "hit_test_test.riv", "draw_index_list.riv"] {
      let recorded = try RecordedFile(data: Data(contentsOf: Corpus.anyURL(name)))
      let stream = try recorded.stream.get()
      var line = "RECS \(name):"
      for (i, r) in stream.records.enumerated() {
        guard let t = r.typeKey else { continue }
        if t == 1 || t == 23 || (t >= 520 && t <= 525) { line += " \(i):\(t)" }
      }
      print(line)
    }
  }
}
