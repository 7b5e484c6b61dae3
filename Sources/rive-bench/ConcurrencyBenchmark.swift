import Foundation
import RiveConcurrency
import RiveCore
import RiveFixtures
import RiveFormat

/// `concurrency`: instance creation from a cached `File` versus reloading, and image decoding on
/// one worker versus two.
enum ConcurrencyBenchmark {
  static let usage = """
    USAGE: rive-bench concurrency [--corpus DIR] [--file NAME] [--count N] [--images N] [--size PX]

    (a) Creates N artboard + state machine pairs from one cached File, then loads the file N
        times and creates one pair from each load: time and resident memory per instance.
    (b) Decodes --images generated JPEGs of --size×--size on one worker, then split across two
        workers: the speed-up (best of 3 rounds each).
    Defaults: --corpus ../shared/corpus, --file defaultstatemachine.riv, --count 1000,
    --images 16, --size 1024.
    """

  static func run(arguments: [String]) -> Int32 {
    var options: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let key = arguments[index]
      if key == "--help" {
        print(usage)
        return 0
      }
      guard key.hasPrefix("--"), index + 1 < arguments.count else {
        FileHandle.standardError.write(Data("unexpected argument \(key)\n\(usage)\n".utf8))
        return 2
      }
      options[String(key.dropFirst(2))] = arguments[index + 1]
      index += 2
    }
    let corpus = options["corpus"] ?? "../shared/corpus"
    let settings = Settings(
      fileURL: URL(fileURLWithPath: corpus).appendingPathComponent(
        options["file"] ?? "defaultstatemachine.riv"),
      count: Int(options["count"] ?? "") ?? 1000,
      imageCount: Int(options["images"] ?? "") ?? 16,
      size: Int(options["size"] ?? "") ?? 1024)
    let status = Status()
    Task { @MainActor in
      do {
        try await instances(settings)
        try await decoding(settings)
      } catch {
        FileHandle.standardError.write(Data("concurrency benchmark failed: \(error)\n".utf8))
        status.store(1)
      }
      status.finish()
    }
    // The work runs on the main actor, so keep the main thread's run loop (which drains the
    // main queue) turning instead of blocking it.
    while !status.isFinished {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
    }
    return status.load()
  }

  struct Settings: Sendable {
    var fileURL: URL
    var count: Int
    var imageCount: Int
    var size: Int
  }

  /// The exit status, shared between the benchmark task and the thread waiting for it.
  final class Status: Sendable {
    private let value = Locked<(code: Int32, isFinished: Bool)>((0, false))
    func store(_ newValue: Int32) { value.withLock { $0.code = newValue } }
    func finish() { value.withLock { $0.isFinished = true } }
    var isFinished: Bool { value.withLock { $0.isFinished } }
    func load() -> Int32 { value.withLock { $0.code } }
  }

  /// Resident and peak resident set size in KiB, from `/proc/self/status`.
  static func memory() -> (rss: Int, peak: Int) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return (0, 0)
    }
    func field(_ name: String) -> Int {
      for line in status.split(separator: "\n") where line.hasPrefix(name) {
        return Int(
          line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
          ?? 0
      }
      return 0
    }
    return (field("VmRSS:"), field("VmHWM:"))
  }

  @MainActor
  static func instances(_ settings: Settings) async throws {
    let data = try Data(contentsOf: settings.fileURL)
    let worker = try await Worker()
    print(
      "(a) \(settings.count) artboard + state machine instances, \(settings.fileURL.lastPathComponent) (\(data.count) bytes)"
    )

    let cached = try await File(source: .data(data), worker: worker)
    // The editor default when there is one, else the first state machine.
    let probe = try await cached.createArtboard(.default)
    var machineName = String.default
    if (try? await probe.createStateMachine(.default)) == nil {
      machineName = try await probe.getStateMachineNames().first ?? .default
    }
    var kept: [AnyObject] = []
    kept.reserveCapacity(settings.count * 2)
    var before = memory()
    var start = Timing.now()
    for _ in 0..<settings.count {
      let artboard = try await cached.createArtboard(.default)
      let machine = try await artboard.createStateMachine(machineName)
      kept.append(artboard)
      kept.append(machine)
    }
    var elapsed = Double(Timing.now() - start) / 1000 / Double(settings.count)
    var after = memory()
    report("cached File", elapsed, before, after, settings.count)
    kept.removeAll()

    before = memory()
    start = Timing.now()
    for _ in 0..<settings.count {
      let file = try await File(source: .data(data), worker: worker)
      let artboard = try await file.createArtboard(.default)
      let machine = try await artboard.createStateMachine(machineName)
      kept.append(file)
      kept.append(machine)
    }
    elapsed = Double(Timing.now() - start) / 1000 / Double(settings.count)
    after = memory()
    report("load per instance", elapsed, before, after, settings.count)
    withExtendedLifetime(kept) {}
  }

  static func report(
    _ label: String, _ micros: Double, _ before: (rss: Int, peak: Int),
    _ after: (rss: Int, peak: Int), _ count: Int
  ) {
    let perInstance = Double(after.rss - before.rss) * 1024 / Double(count)
    print(
      "    \(label.padding(toLength: 18, withPad: " ", startingAt: 0)) "
        + "\(Timing.format(micros)) µs/instance, RSS +\(after.rss - before.rss) KiB "
        + "(\(Timing.format(perInstance, digits: 0)) B/instance), peak \(after.peak) KiB")
  }

  @MainActor
  static func decoding(_ settings: Settings) async throws {
    let images = (0..<settings.imageCount).compactMap { seed in
      JPEGFixtureEncoder.encode(
        pixels: SyntheticImage.noiseAndShapes(
          width: settings.size, height: settings.size, seed: UInt64(seed + 1)),
        width: settings.size, height: settings.size
      ).map { Data($0) }
    }
    guard images.count == settings.imageCount else {
      throw CocoaError(.featureUnsupported)
    }
    let first = try await Worker()
    let second = try await Worker()
    print(
      "(b) decoding \(images.count) JPEGs of \(settings.size)×\(settings.size) (\(ProcessInfo.processInfo.activeProcessorCount) cores)"
    )
    var one = Double.infinity
    var two = Double.infinity
    for _ in 0..<3 {
      var start = Timing.now()
      for image in images { _ = try await first.decodeImage(from: image) }
      one = min(one, Double(Timing.now() - start) / 1_000_000)

      start = Timing.now()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (position, image) in images.enumerated() {
          let worker = position % 2 == 0 ? first : second
          group.addTask { _ = try await worker.decodeImage(from: image) }
        }
        try await group.waitForAll()
      }
      two = min(two, Double(Timing.now() - start) / 1_000_000)
    }
    print(
      "    one worker   \(Timing.format(one)) ms (\(Timing.format(one / Double(images.count))) ms/image)"
    )
    print(
      "    two workers  \(Timing.format(two)) ms (\(Timing.format(two / Double(images.count))) ms/image)"
    )
    print("    speed-up     \(Timing.format(one / two))×")
  }
}
