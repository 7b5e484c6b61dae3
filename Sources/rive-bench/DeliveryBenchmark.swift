import Foundation
import RiveConcurrency
import RiveCore
import RiveFixtures
import RiveFormat
import RiveNetworking

/// `rive-bench delivery`: hosted assets through an `AssetCache` (launches from the network
/// and from the disk cache, merged requests), the `check --decode` speed-up on a large
/// generated bundle, and resident memory on a budgeted worker.
///
/// Two helper modes run in their own processes: `delivery-fetch` (one launch of a file's
/// hosted assets through a cache directory; also used by the two-process cache test) and
/// `delivery-memory` (the budgeted worker, so that its peak resident size is its own).
enum DeliveryBenchmark {
  static let usage = """
    USAGE: rive-bench delivery [--rounds N] [--images N] [--concurrent N] [--budget MiB]
                               [--corpus DIR] [--binary PATH] [--skip-check]

    (a) A file with 10 hosted images on a loopback server: a first launch through an empty
        cache directory, a second launch (a new AssetCache on the same directory, so nothing
        in memory) and a launch without a cache: median time and requests made.
    (b) --concurrent loads (default 32) of one URL through one cache: requests made (must be
        1) and the time.
    (c) `rive-assets check --decode --quiet` on a generated bundle of --images JPEGs (default
        200) of 1024² to 2048² plus the corpus, with --jobs 1 and --jobs 2: median of
        --rounds (default 3) and the speed-up. `check` without --decode alongside.
    (d) A worker with a --budget MiB decoded-content budget (default 64) registers the
        --images images from the bundle and uses each in turn (in a process of its own):
        resident memory growth at its peak, next to the budget + 32 MiB target.

    rive-bench delivery-fetch --cache DIR [--offline] FILE.riv
      Loads the hosted image, font and audio assets of FILE.riv through an AssetCache in DIR
      and prints one line per asset: unique name, delivery, digest (or the error).

    rive-bench delivery-memory --bundle DIR --budget MiB FILE.riv
      Part (d) alone.
    """

  // MARK: Entry points

  static func run(arguments: [String]) -> Int32 {
    guard let options = parse(arguments, flags: ["--skip-check"]) else { return 2 }
    let rounds = max(1, Int(options["--rounds"] ?? "") ?? 3)
    let imageCount = max(1, Int(options["--images"] ?? "") ?? 200)
    let concurrent = max(2, Int(options["--concurrent"] ?? "") ?? 32)
    let budget = max(1, Int(options["--budget"] ?? "") ?? 64)
    let corpus = options["--corpus"] ?? "../shared/corpus"
    let binary =
      options["--binary"]
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("rive-assets").path
    #if DEBUG
      print("warning: this is a debug build; run `swift run -c release rive-bench delivery`")
    #endif
    print(
      "rive-bench delivery (\(ProcessInfo.processInfo.activeProcessorCount) cores; the machine may be shared)"
    )
    let status = onMainActor {
      try await launches(rounds: max(rounds, 5))
      try await mergedRequests(concurrent)
    }
    guard status == 0 else { return status }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-bench-delivery-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    do {
      let bundle = try generateBundle(in: scratch, count: imageCount, corpus: corpus)
      if options["--skip-check"] == nil {
        try checkSpeedUp(bundle: bundle, binary: binary, rounds: rounds)
      }
      try memory(bundle: bundle, budget: budget)
    } catch {
      print("delivery benchmark failed: \(error)")
      return 1
    }
    return 0
  }

  /// `delivery-fetch`: one launch of a file's hosted assets through a cache directory.
  static func fetch(arguments: [String]) -> Int32 {
    guard let options = parse(arguments, flags: ["--offline"]),
      let directory = options["--cache"], let path = options[""]
    else {
      FileHandle.standardError.write(Data("delivery-fetch needs --cache DIR FILE.riv\n".utf8))
      return 2
    }
    let isOffline = options["--offline"] != nil
    let isComplete = Locked(true)
    let status = onMainActor {
      let cache = try AssetCache(directory: URL(fileURLWithPath: directory), isOffline: isOffline)
      let downloader = AssetDownloader(timeout: 120, cache: cache)
      let worker = try await Worker()
      let file = try await File(
        source: .data(try Data(contentsOf: URL(fileURLWithPath: path))), worker: worker)
      for result in await worker.loadHostedAssets(of: file, using: downloader) {
        switch result.outcome {
        case .registered(let digest):
          print(
            "\(result.asset.uniqueName) \(result.delivery?.rawValue ?? "-") \(digest.hexString)")
        case .failed(let error):
          isComplete.withLock { $0 = false }
          print("\(result.asset.uniqueName) failed \(error)")
        case .timedOut:
          isComplete.withLock { $0 = false }
          print("\(result.asset.uniqueName) timed out")
        }
      }
      print("statistics: \(cache.statistics)")
    }
    return status == 0 && !isComplete.withLock({ $0 }) ? 1 : status
  }

  /// `delivery-memory`: part (d) in a process of its own.
  static func memoryProbe(arguments: [String]) -> Int32 {
    guard let options = parse(arguments, flags: []), let bundle = options["--bundle"],
      let budget = Int(options["--budget"] ?? ""), budget > 0, let path = options[""]
    else {
      FileHandle.standardError.write(
        Data("delivery-memory needs --bundle DIR --budget MiB FILE.riv\n".utf8))
      return 2
    }
    return onMainActor {
      let worker = try await Worker(decodedContentBudget: budget << 20)
      let file = try await File(
        source: .data(try Data(contentsOf: URL(fileURLWithPath: path))), worker: worker)
      let assets = try await file.getAssets()
      let baseline = ConcurrencyBenchmark.memory()
      let start = Timing.now()
      let registered = await worker.registerBundledAssets(
        of: file, inDirectory: URL(fileURLWithPath: bundle))
      let failures = registered.filter {
        if case .registered = $0.outcome { false } else { true }
      }
      guard failures.isEmpty else {
        throw BenchmarkFailure("\(failures.count) images did not register: \(failures[0].outcome)")
      }
      var total = 0
      for asset in assets {
        let entry = await file.resolutionEntry(for: asset)
        guard let image = entry.content?.image else {
          throw BenchmarkFailure("\(asset.uniqueName) has no content: \(entry.origin)")
        }
        total += image.width * image.height * 4
      }
      let elapsed = Double(Timing.now() - start) / 1_000_000_000
      let after = ConcurrencyBenchmark.memory()
      let usage = worker.decodedContentUsage.map { "\($0)" } ?? "no budget"
      let growth = Double(after.peak - baseline.rss) / 1024
      print(
        "    \(assets.count) images, \(total >> 20) MiB decoded in all, registered and used in turn in \(Timing.format(elapsed)) s"
      )
      print("    \(usage)")
      print(
        "    resident before \(baseline.rss >> 10) MiB, peak \(after.peak >> 10) MiB: peak growth "
          + "\(Timing.format(growth, digits: 1)) MiB (target ≤ \(budget + 32) MiB)")
    }
  }

  // MARK: (a) and (b)

  /// Ten hosted images on a loopback server and the file that uses them.
  @MainActor
  private struct HostedSite {
    let server: LoopbackHTTPServer
    let file: Data
    let paths: [String]

    init(count: Int) throws {
      let server = try LoopbackHTTPServer()
      self.server = server
      let base = server.url("/cdn").absoluteString
      var blueprint = RiveFileBlueprint()
      blueprint.artboards = [.init(name: "Main")]
      blueprint.assets = (0..<count).map { index in
        .hosted(
          .image, name: "photo\(index).jpg", id: UInt32(200 + index),
          uuid: (0..<16).map { UInt8(truncatingIfNeeded: index * 16 + $0) }, baseURL: base)
      }
      let data = blueprint.data
      file = data
      var paths: [String] = []
      for (index, asset) in try RiveDocument(data: data).assets.enumerated() {
        guard let address = asset.cdnURL, let url = URL(string: address) else {
          throw BenchmarkFailure("asset \(asset.uniqueName) has no CDN URL")
        }
        let image = try DeliveryBenchmark.jpeg(width: 512, height: 512, seed: index)
        server.route(
          url.path,
          .cacheable(
            body: image, etag: "\"photo-\(index)\"", lastModified: nil,
            cacheControl: "max-age=3600"))
        paths.append(url.path)
      }
      self.paths = paths
    }

    /// One launch: a new worker loads the file and all its hosted assets.
    func launch(_ downloader: AssetDownloader) async throws -> (
      milliseconds: Double, requests: Int, deliveries: [ContentDelivery?]
    ) {
      let before = server.requests.count
      let start = Timing.now()
      let worker = try await Worker()
      let loaded = try await File(source: .data(file), worker: worker)
      let results = await worker.loadHostedAssets(of: loaded, using: downloader)
      let elapsed = Double(Timing.now() - start) / 1_000_000
      if let failed = results.first(where: { !$0.isRegistered }) {
        throw BenchmarkFailure("\(failed.asset.uniqueName): \(failed.outcome)")
      }
      return (elapsed, server.requests.count - before, results.map(\.delivery))
    }
  }

  @MainActor
  private static func launches(rounds: Int) async throws {
    let site = try HostedSite(count: 10)
    defer { site.server.stop() }
    var first: [Double] = []
    var second: [Double] = []
    var uncached: [Double] = []
    var requests = (first: 0, second: 0, uncached: 0)
    var deliveries: [ContentDelivery?] = []
    for round in 0..<rounds {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("rive-bench-cache-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      let cold = try await site.launch(
        AssetDownloader(timeout: 60, cache: try AssetCache(directory: directory)))
      let warm = try await site.launch(
        AssetDownloader(timeout: 60, cache: try AssetCache(directory: directory)))
      let none = try await site.launch(AssetDownloader(timeout: 60))
      first.append(cold.milliseconds)
      second.append(warm.milliseconds)
      uncached.append(none.milliseconds)
      if round == 0 {
        requests = (cold.requests, warm.requests, none.requests)
        deliveries = warm.deliveries
      }
    }
    let warmKinds = Set(deliveries.map { $0?.description ?? "none" }).sorted()
    print("")
    print("(a) a file with 10 hosted 512×512 JPEGs, \(rounds) rounds (median)")
    print(
      "    first launch, empty cache     \(Timing.format(Timing.median(first)).leftAligned(8)) ms, \(requests.first) requests"
    )
    print(
      "    second launch, disk cache     \(Timing.format(Timing.median(second)).leftAligned(8)) ms, \(requests.second) requests (\(warmKinds.joined(separator: ", ")))"
    )
    print(
      "    launch without a cache        \(Timing.format(Timing.median(uncached)).leftAligned(8)) ms, \(requests.uncached) requests"
    )
    print(
      "    second launch vs network      \(Timing.format(Timing.median(uncached) / Timing.median(second)))× faster"
    )
  }

  @MainActor
  private static func mergedRequests(_ count: Int) async throws {
    let site = try HostedSite(count: 1)
    defer { site.server.stop() }
    let path = site.paths[0]
    let body = try jpeg(width: 512, height: 512, seed: 99)
    site.server.route(path, .held(then: .respond(status: 200, body: body)))
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-bench-merge-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = try AssetCache(directory: directory)
    let downloader = AssetDownloader(timeout: 60, cache: cache)
    let asset = try RiveDocument(data: site.file).assets[0]
    let start = Timing.now()
    let server = site.server
    let digests = try await withThrowingTaskGroup(of: ContentDigest.self) { group in
      for _ in 0..<count {
        group.addTask { try await downloader.downloadDelivered(asset).content.digest }
      }
      // Answer once every caller is waiting on the one download in flight.
      while cache.statistics.waitingCallers < count || server.requestCount(path) < 1 {
        try await Task.sleep(for: .milliseconds(1))
      }
      server.release(path)
      var digests: Set<ContentDigest> = []
      for try await digest in group { digests.insert(digest) }
      return digests
    }
    let elapsed = Double(Timing.now() - start) / 1_000_000
    print("")
    print("(b) \(count) concurrent loads of one URL through one cache")
    print(
      "    requests made \(server.requestCount(path)) (must be 1), \(cache.statistics.mergedRequests) callers merged, "
        + "\(digests.count) distinct digest, \(Timing.format(elapsed)) ms")
    guard server.requestCount(path) == 1, digests.count == 1 else {
      throw BenchmarkFailure("the loads were not merged into one request")
    }
  }

  // MARK: (c) and (d)

  /// The generated bundle: `count` JPEGs of 1024² to 2048² named by unique name, a file that
  /// references them, and links to the corpus files.
  struct Bundle {
    var directory: URL
    var file: String
    var corpusFiles: [String]
  }

  static func generateBundle(in scratch: URL, count: Int, corpus: String) throws -> Bundle {
    let directory = scratch.appendingPathComponent("bundle")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let start = Timing.now()
    // One large picture; each image is a crop of it with its own tint (generating 200
    // pictures from scratch would take longer than the benchmark).
    let side = 2048
    let base = SyntheticImage.noiseAndShapes(width: side, height: side, seed: 17)
    var blueprint = RiveFileBlueprint()
    blueprint.artboards = [.init(name: "Gallery")]
    var pixelCount = 0
    for index in 0..<count {
      let width = 1024 + (index * 389) % 1025
      let height = 1024 + (index * 631) % 1025
      let left = (index * 97) % (side - width + 1)
      let top = (index * 53) % (side - height + 1)
      var pixels = [UInt8](repeating: 0, count: width * height * 3)
      let tint = UInt8(truncatingIfNeeded: index &* 29)
      pixels.withUnsafeMutableBufferPointer { target in
        base.withUnsafeBufferPointer { source in
          for row in 0..<height {
            let from = ((top + row) * side + left) * 3
            let to = row * width * 3
            for column in 0..<(width * 3) {
              target[to + column] = source[from + column] &+ tint
            }
          }
        }
      }
      guard let jpeg = JPEGFixtureEncoder.encode(pixels: pixels, width: width, height: height)
      else { throw BenchmarkFailure("TurboJPEG could not encode image \(index)") }
      let id = UInt32(1000 + index)
      try Data(jpeg).write(to: directory.appendingPathComponent("gallery\(index)-\(id).jpg"))
      blueprint.assets.append(
        .referenced(
          .image, name: "gallery\(index)", id: id, width: Float(width), height: Float(height)))
      pixelCount += width * height
    }
    let file = scratch.appendingPathComponent("gallery.riv")
    try blueprint.data.write(to: file)
    var corpusFiles: [String] = []
    let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
    for name in names.sorted() {
      let source = URL(fileURLWithPath: corpus).appendingPathComponent(name)
      if name.hasSuffix(".riv") { corpusFiles.append(source.path) }
      try? FileManager.default.createSymbolicLink(
        at: directory.appendingPathComponent(name), withDestinationURL: source)
    }
    let seconds = Double(Timing.now() - start) / 1_000_000_000
    print("")
    print(
      "generated \(count) JPEGs (\(pixelCount / 1_000_000) megapixels, "
        + "\(Timing.format(Double(pixelCount * 4) / 1_048_576, digits: 0)) MiB decoded) in "
        + "\(Timing.format(seconds, digits: 1)) s; corpus: \(corpusFiles.count) .riv files")
    return Bundle(directory: directory, file: file.path, corpusFiles: corpusFiles)
  }

  static func checkSpeedUp(bundle: Bundle, binary: String, rounds: Int) throws {
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw BenchmarkFailure("rive-assets not found at \(binary); build it or pass --binary")
    }
    let files = [bundle.file] + bundle.corpusFiles
    print("")
    print(
      "(c) rive-assets check on the bundle and \(files.count) .riv files, \(rounds) rounds (median wall time)"
    )
    for mode in [["--decode"], []] {
      var single = 0.0
      for jobs in [1, 2] {
        var times: [Double] = []
        var busy: [Double] = []
        for _ in 0..<rounds {
          let arguments =
            ["check", "--quiet", "--bundle", bundle.directory.path, "--jobs", String(jobs)]
            + mode + files
          let run = try wallTime(binary, arguments)
          times.append(run.wall)
          busy.append(run.cpu / run.wall)
        }
        let median = Timing.median(times)
        if jobs == 1 { single = median }
        let label = (mode.isEmpty ? "check" : "check --decode").padding(
          toLength: 15, withPad: " ", startingAt: 0)
        print(
          "    \(label) --jobs \(jobs)  \(Timing.format(median).leftAligned(9)) ms"
            + " (CPU time / wall time \(Timing.format(Timing.median(busy))))"
            + (jobs == 1 ? "" : "   speed-up \(Timing.format(single / median))×")
            + (jobs == 2 && !mode.isEmpty ? " (target ≥ 1.8×)" : ""))
      }
    }
  }

  static func memory(bundle: Bundle, budget: Int) throws {
    print("")
    print("(d) a worker with a \(budget) MiB budget, in a process of its own")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [
      "delivery-memory", "--bundle", bundle.directory.path, "--budget", String(budget), bundle.file,
    ]
    fflush(nil)  // every stream: the child writes to the same terminal
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchmarkFailure("delivery-memory exited with \(process.terminationStatus)")
    }
  }

  // MARK: Helpers

  struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  static func jpeg(width: Int, height: Int, seed: Int) throws -> [UInt8] {
    let pixels = SyntheticImage.noiseAndShapes(width: width, height: height, seed: UInt64(seed + 1))
    guard let jpeg = JPEGFixtureEncoder.encode(pixels: pixels, width: width, height: height) else {
      throw BenchmarkFailure("TurboJPEG could not encode a \(width)×\(height) image")
    }
    return jpeg
  }

  /// Runs the binary with its output discarded; its wall time and CPU time (user and system)
  /// in milliseconds. On a shared machine the wall time depends on the other load; the CPU
  /// time over the wall time still shows how many cores the run kept busy.
  static func wallTime(_ binary: String, _ arguments: [String]) throws -> (
    wall: Double, cpu: Double
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let before = childrenCPUMilliseconds()
    let start = Timing.now()
    try process.run()
    process.waitUntilExit()
    let wall = Double(Timing.now() - start) / 1_000_000
    return (wall, childrenCPUMilliseconds() - before)
  }

  /// The user and system time of the waited-for children of this process, in milliseconds.
  static func childrenCPUMilliseconds() -> Double {
    var usage = rusage()
    guard getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0 else { return .nan }
    func milliseconds(_ time: timeval) -> Double {
      Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000
    }
    return milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)
  }

  /// `--name value` options and `flags`; the one positional argument under the key "".
  static func parse(_ arguments: [String], flags: Set<String>) -> [String: String]? {
    var options: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--help" || argument == "-h" {
        print(usage)
        return nil
      }
      if flags.contains(argument) {
        options[argument] = ""
      } else if argument.hasPrefix("--"), index < arguments.count {
        options[argument] = arguments[index]
        index += 1
      } else if !argument.hasPrefix("--"), options[""] == nil {
        options[""] = argument
      } else {
        FileHandle.standardError.write(Data("unexpected argument \(argument)\n\(usage)\n".utf8))
        return nil
      }
    }
    return options
  }

  /// Runs `body` on the main actor while the main thread turns its run loop; the exit status.
  static func onMainActor(_ body: @escaping @MainActor @Sendable () async throws -> Void) -> Int32 {
    let status = ConcurrencyBenchmark.Status()
    Task { @MainActor in
      do {
        try await body()
      } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        status.store(1)
      }
      status.finish()
    }
    while !status.isFinished {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
    }
    return status.load()
  }
}

extension String {
  /// The string right-aligned in `width` columns.
  fileprivate func leftAligned(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
