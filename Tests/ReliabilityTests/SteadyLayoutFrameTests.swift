import Foundation
import RiveTestSupport
import Testing

/// Steady frames of layout files (text and layout on, each frame an advance of 1/60 s and a
/// draw) run no layout pass and allocate nothing. Counted in a process of their own
/// (`rive-bench layout-steady`, under the allocation counter), since the counter sees every
/// thread of the process and the suites running beside this one allocate.
@Suite("Steady layout frames")
struct SteadyLayoutFrameTests {
  /// One file's counts as `rive-bench layout-steady` prints them.
  struct Counts: Equatable, CustomStringConvertible {
    var passes: Int
    var allocations: Int
    var frames: Int
    var description: String { "passes \(passes), allocations \(allocations), frames \(frames)" }
  }

  /// Writes `files` to a fresh folder, runs `rive-bench layout-steady` on them and the
  /// `corpus` files, and returns each file's counts by name.
  static func steadyCounts(
    _ files: [(name: String, data: Data)], corpus: [String] = [], warmUp: Int, frames: Int
  ) async throws -> [String: Counts] {
    let executable = try #require(BuiltProgram.locate("rive-bench"))
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("steady-layout-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var paths: [String] = []
    for file in files {
      let url = directory.appendingPathComponent(file.name + ".riv")
      try file.data.write(to: url)
      paths.append(url.path)
    }
    paths += corpus.map(SharedCorpus.path)
    let result = try await BuiltProgram.run(
      executable,
      arguments: ["layout-steady"] + paths + [
        "--warm-up", String(warmUp), "--frames", String(frames),
      ]
    )
    #expect(result.status == 0, "\(result.standardError)")
    var counts: [String: Counts] = [:]
    for line in result.standardOutput.split(separator: "\n") {
      // `PATH: passes P, allocations A, frames F`
      guard let colon = line.range(of: ": passes ", options: .backwards) else { continue }
      let name = URL(fileURLWithPath: String(line[..<colon.lowerBound])).lastPathComponent
      let numbers = line[colon.upperBound...]
        .split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
      guard numbers.count == 3 else { continue }
      counts[name] = Counts(passes: numbers[0], allocations: numbers[1], frames: numbers[2])
    }
    return counts
  }

  static let noSanitizer: ConditionTrait = .disabled(
    if: ProcessInfo.processInfo.environment["RIVE_SANITIZER"] != nil,
    "heap counts are unavailable under a sanitizer (it owns the allocation functions)")

  @Test(
    "steady frames of writer-made layout files solve nothing and allocate nothing",
    noSanitizer)
  func writerMadeFiles() async throws {
    // A bound width (data binding feeding the layout every frame) and nested layouts.
    let counts = try await Self.steadyCounts(
      [("bound-width", LayoutFixture.boundWidth()), ("nested", LayoutFixture.nested())],
      warmUp: 10, frames: 30)
    let quiet = Counts(passes: 0, allocations: 0, frames: 30)
    #expect(counts["bound-width.riv"] == quiet)
    #expect(counts["nested.riv"] == quiet)
  }

  @Test(
    "steady frames of the largest corpus layout file solve nothing and allocate nothing",
    noSanitizer, SharedCorpus.requirement)
  func corpusFile() async throws {
    // data_binding_test.riv: 142 layout nodes, texts measured, view models bound.
    let counts = try await Self.steadyCounts(
      [], corpus: ["data_binding_test.riv"], warmUp: 10, frames: 30)
    #expect(counts["data_binding_test.riv"] == Counts(passes: 0, allocations: 0, frames: 30))
  }

  @Test(
    "frames whose layout changes are counted: a 1 s layout animation solves and allocates",
    noSanitizer)
  func changingFramesCount() async throws {
    // The keyed width changes on frame 1 and the box then animates for 1 s: the frames
    // counted (1 to 30) solve and allocate, so the counts above are not zero by construction.
    let counts = try await Self.steadyCounts(
      [("animation", LayoutFixture.animation(seconds: 1))], warmUp: 0, frames: 30)
    let animation = try #require(counts["animation.riv"])
    #expect(animation.frames == 30)
    #expect(animation.passes > 0)
    #expect(animation.allocations > 0)
  }
}
