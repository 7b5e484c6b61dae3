import Foundation
import RiveTestSupport
import Testing

/// Steady frames of layout files (text and layout on, each frame an advance of 1/60 s and a
/// draw) run no layout pass. Counted in a process of their own (`rive-bench layout-steady`).
/// Allocations are not checked here: the suite runs a debug build, which allocates where an
/// optimized one keeps values on the stack (8 to 1,900 allocations a frame in these files);
/// `rive-bench layout-steady` of a release build counts them (README, benchmarks: 0 for these
/// files).
@Suite("Steady layout frames")
struct SteadyLayoutFrameTests {
  /// One file's counts as `rive-bench layout-steady` prints them.
  struct Counts: Equatable, CustomStringConvertible {
    var passes: Int
    var allocations: Int
    var frames: Int
    var description: String { "passes \(passes), allocations \(allocations), frames \(frames)" }
  }

  /// What `rive-bench layout-steady` counted: each file's counts by name, and whether the
  /// program is an optimized build.
  struct Run {
    var counts: [String: Counts]
    var optimized: Bool

    /// Expects `name` to have run `frames` frames with no layout pass.
    func expectQuiet(_ name: String, frames: Int) {
      let counted = counts[name]
      #expect(counted?.frames == frames, "\(name)")
      #expect(counted?.passes == 0, "\(name)")
    }
  }

  /// Writes `files` to a fresh folder, runs `rive-bench layout-steady` on them and the
  /// `corpus` files, and returns what it counted.
  static func steadyCounts(
    _ files: [(name: String, data: Data)], corpus: [String] = [], warmUp: Int, frames: Int
  ) async throws -> Run {
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
    return Run(counts: counts, optimized: result.standardOutput.contains("build: optimized\n"))
  }

  static let noSanitizer: ConditionTrait = .disabled(
    if: ProcessInfo.processInfo.environment["RIVE_SANITIZER"] != nil,
    "heap counts are unavailable under a sanitizer (it owns the allocation functions)")

  @Test(
    "steady frames of writer-made layout files solve nothing",
    noSanitizer)
  func writerMadeFiles() async throws {
    // A bound width (data binding feeding the layout every frame) and nested layouts.
    let run = try await Self.steadyCounts(
      [("bound-width", LayoutFixture.boundWidth()), ("nested", LayoutFixture.nested())],
      warmUp: 10, frames: 30)
    run.expectQuiet("bound-width.riv", frames: 30)
    run.expectQuiet("nested.riv", frames: 30)
  }

  @Test(
    "steady frames of the largest corpus layout file solve nothing",
    noSanitizer, SharedCorpus.requirement)
  func corpusFile() async throws {
    // data_binding_test.riv: 142 layout nodes, texts measured, view models bound.
    let run = try await Self.steadyCounts(
      [], corpus: ["data_binding_test.riv"], warmUp: 10, frames: 30)
    run.expectQuiet("data_binding_test.riv", frames: 30)
  }

  @Test(
    "frames whose layout changes are counted: a 1 s layout animation solves and allocates",
    noSanitizer)
  func changingFramesCount() async throws {
    // The keyed width changes on frame 1 and the box then animates for 1 s: the frames
    // counted (1 to 30) solve and allocate, so the counts above are not zero by construction.
    let run = try await Self.steadyCounts(
      [("animation", LayoutFixture.animation(seconds: 1))], warmUp: 0, frames: 30)
    let animation = try #require(run.counts["animation.riv"])
    #expect(animation.frames == 30)
    #expect(animation.passes > 0)
    #expect(animation.allocations > 0)
  }
}
