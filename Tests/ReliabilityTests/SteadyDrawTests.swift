import Foundation
import RiveTestSupport
import Testing

/// Steady frames re-emit no geometry: in a frame drawn again the retained frame takes no path,
/// and frames of a file whose paths do not change take none while it plays; a file whose paths
/// animate takes some (so the counts are not zero by construction). Counted by
/// `rive-bench steady` in a process of its own. Heap allocations are printed too, but checked
/// here only as far as a debug build allows: the suite runs a debug build, which allocates
/// where an optimized one does not; `rive-bench steady` of a release build counts 0 for these
/// files (README, benchmarks).
@Suite("Steady draws", SharedCorpus.requirement)
struct SteadyDrawTests {
  struct Counts: Equatable {
    var repeatAllocations: Int
    var repeatUpdates: Int
    var playingAllocations: Int
    var playingUpdates: Int
    var frames: Int
  }

  /// Runs `rive-bench steady` on corpus files and returns each file's counts by name.
  static func counts(_ names: [String], frames: Int) async throws -> [String: Counts] {
    let executable = try #require(BuiltProgram.locate("rive-bench"))
    let result = try await BuiltProgram.run(
      executable,
      arguments: ["steady"] + names.map(SharedCorpus.path) + [
        "--warm-up", "10", "--frames", String(frames),
      ])
    #expect(result.status == 0, "\(result.standardError)")
    var counts: [String: Counts] = [:]
    for line in result.standardOutput.split(separator: "\n") {
      // `PATH: repeat allocations A path updates U, playing allocations A path updates U, frames N`
      guard let colon = line.range(of: ": repeat allocations ", options: .backwards) else {
        continue
      }
      let name = URL(fileURLWithPath: String(line[..<colon.lowerBound])).lastPathComponent
      let numbers = line[colon.upperBound...]
        .split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
      guard numbers.count == 5 else { continue }
      counts[name] = Counts(
        repeatAllocations: numbers[0], repeatUpdates: numbers[1], playingAllocations: numbers[2],
        playingUpdates: numbers[3], frames: numbers[4])
    }
    return counts
  }

  @Test(
    "frames drawn again take no path; still files take none while playing; animated paths are taken",
    .disabled(
      if: ProcessInfo.processInfo.environment["RIVE_SANITIZER"] != nil,
      "heap counts are unavailable under a sanitizer (it owns the allocation functions)"))
  func steadyFramesTakeNothing() async throws {
    // Knight_square_2: deforming paths (bones); off_road_car_blog and car_widgets_v01:
    // moving shapes and nested artboards; data_binding_test: layout, text and bound values.
    let counts = try await Self.counts(
      [
        "Knight_square_2.riv", "off_road_car_blog.riv", "car_widgets_v01.riv",
        "data_binding_test.riv",
      ], frames: 10)
    #expect(counts.count == 4, "\(counts)")
    for (name, counted) in counts {
      #expect(counted.frames == 10, "\(name)")
      #expect(counted.repeatUpdates == 0, "\(name)")
    }
    // The moving files take no path while playing (their paths are the same, only placed
    // elsewhere); the knight's skinned paths change every frame.
    #expect(counts["off_road_car_blog.riv"]?.playingUpdates == 0)
    #expect(counts["car_widgets_v01.riv"]?.playingUpdates == 0)
    #expect((counts["Knight_square_2.riv"]?.playingUpdates ?? 0) >= 10)
  }
}
