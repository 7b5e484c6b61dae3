import Foundation
import RiveReliabilitySupport
import RiveTestSupport
import Testing

/// What the hostile inputs of the limit and corruption tests allocate, measured in a process of
/// their own (`rive-bench memory`, under the allocation counter) rather than as this process's
/// resident size, which moved with the suites allocating beside it. The heap's figures are
/// exact: the same build gives the same bytes on every run. Each bound is far below what the
/// defect it guards against costs and well above what the check measures; each was checked
/// once against a build with that defect, and failed (RELIABILITY.md names each defect).
@Suite("Hostile input memory", SharedCorpus.requirement)
struct HostileMemoryTests {
  /// A check, the figure it bounds and the bound.
  struct Bound: Sendable, CustomTestStringConvertible {
    var check: HostileMemoryCheck
    var found: String
    /// `heap peak` (the most the live heap rose during the work) or `heap growth` (what it
    /// still held after).
    var figure: String
    var bytes: Int
    var testDescription: String { "\(check.rawValue): \(figure) under \(bytes >> 20) MiB" }
  }

  static let bounds: [Bound] = [
    // Measured 0.3 MiB. Allocating the claimed length (or even 64 MiB of it) fails.
    Bound(check: .hugeLength, found: "malformed", figure: "heap peak", bytes: 16 << 20),
    // Measured 53 MiB for a 1.3 MB file of 100,000 assets.
    Bound(check: .manyAssets, found: "assets 100000", figure: "heap peak", bytes: 96 << 20),
    // Measured 0.3 MiB; decoding the claim would need 40 GB.
    Bound(check: .embeddedBomb, found: "refused", figure: "heap peak", bytes: 64 << 20),
    // Measured 0.2 MiB kept and a 3.7 MiB peak over 240 reads and plays.
    Bound(check: .corruptionSweep, found: "reads 240", figure: "heap growth", bytes: 16 << 20),
    Bound(check: .corruptionSweep, found: "reads 240", figure: "heap peak", bytes: 64 << 20),
  ]

  /// The file the sweep corrupts: the largest of the corruption tests' sample files.
  static let sweepFile = "library_with_text_and_image.riv"

  @Test(
    "each hostile input's heap stays under its bound",
    .disabled(
      if: ProcessInfo.processInfo.environment["RIVE_SANITIZER"] != nil,
      "heap counts are unavailable under a sanitizer (it owns the allocation functions)"),
    arguments: bounds)
  func heapUnderBound(_ bound: Bound) async throws {
    let executable = try #require(BuiltProgram.locate("rive-bench"))
    var arguments = ["memory", bound.check.rawValue]
    if bound.check == .corruptionSweep { arguments.append(SharedCorpus.path(Self.sweepFile)) }
    let result = try await BuiltProgram.run(executable, arguments: arguments)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "found: \(bound.found)")
    let prefix = bound.figure + ": "
    let value = try #require(
      lines.first { $0.hasPrefix(prefix) }
        .flatMap { Int($0.dropFirst(prefix.count).split(separator: " ")[0]) },
      "\(result.standardOutput)")
    #expect(value < bound.bytes, "\(bound.figure): \(value) bytes")
  }
}
