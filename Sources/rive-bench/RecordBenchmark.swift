import Foundation
import RiveCore
import RiveExport
import RiveFormat
import RiveFrames

/// `rive-bench record`: how fast `rive-assets record` writes video.
///
/// 1. The median file: every corpus file whose default artboard draws something is played to
///    frame 30 and ranked by the draw operations of that frame; the median one is recorded (or
///    `--file NAME`).
/// 2. That file recorded as a 1920×1080 MP4 (H.264, libx264 preset medium, CRF 20, its 3
///    frame threads) at 30 fps for `--seconds` (default 4), serially on one core: frames per
///    second, and the shares of playing, drawing (display list and Cairo) and encoding (RGBA
///    to 4:2:0 and libx264, muxing).
/// 3. The same recording as `rive-assets record` makes it (`FramePlayer.record`: frames
///    drawn ahead while the encoder works, the encoder's threads) on one core and on two, in
///    alternating rounds (1, 2, 1, 2, 1, 2), the fastest round of each counting: frames per second
///    and the speed-up, with the check that both wrote the same bytes and how busy other
///    processes kept the machine (`/proc/stat`).
///    Then `rive-assets record` itself (the binary beside this one), in fresh processes on one
///    core and on two, alternating, the best of three each: a user's process starts with a
///    cold heap, this one's is warm from the recordings before.
/// 4. A batch of `--batch N` files (default 8, the files around the median) recorded as
///    1280×720 MP4s of 1 s, with one job and with two at once (each encoder on one thread),
///    in alternating rounds, the faster round of each counting: the speed-up of two jobs over one, with how busy other processes kept the
///    machine meanwhile (`/proc/stat`), since the speed-up needs a free second core.
enum RecordBenchmark {
  static let help = """
    USAGE: rive-bench record [--corpus DIR] [--file NAME] [--seconds S] [--batch N]
                             [--output DIR]

      --corpus DIR   The .riv files (default ../shared/corpus).
      --file NAME    Record this file instead of the median one.
      --seconds S    Length of the 1080p recording (default 4).
      --batch N      Files in the batch of 720p recordings (default 8).
      --output DIR   Where the videos go (default a temporary folder, removed at the end).
    """

  static func run(arguments: [String]) -> Int32 {
    var corpus = "../shared/corpus"
    var chosen: String?
    var seconds = 4.0
    var batch = 8
    var output: String?
    var index = 0
    while index < arguments.count {
      let hasValue = index + 1 < arguments.count
      switch arguments[index] {
      case "--corpus" where hasValue: corpus = arguments[index + 1]
      case "--file" where hasValue: chosen = arguments[index + 1]
      case "--seconds" where hasValue: seconds = Double(arguments[index + 1]) ?? seconds
      case "--batch" where hasValue: batch = max(1, Int(arguments[index + 1]) ?? batch)
      case "--output" where hasValue: output = arguments[index + 1]
      case "--help", "-h":
        print(help)
        return 0
      default:
        FileHandle.standardError.write(Data("unknown option \(arguments[index])\n\(help)\n".utf8))
        return 2
      }
      index += 2
    }
    guard let names = CorpusFiles.rivNames(in: corpus) else { return 1 }
    let folder =
      output.map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "rive-bench-record-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { if output == nil { try? FileManager.default.removeItem(at: folder) } }

    // 1. Rank the drawable files by the work of one frame: the draw operations of frame 30
    //    (a count, so the same file is the median on every run).
    var ranked: [(name: String, operations: Int)] = []
    for name in names {
      guard
        let data = try? Data(contentsOf: URL(fileURLWithPath: corpus).appendingPathComponent(name)),
        let file = try? RuntimeFile(data: data), var player = try? FramePlayer(file: file),
        (try? player.play(toFrame: 30)) != nil, player.bounds.width > 0, player.bounds.height > 0
      else { continue }
      let operations = player.displayList(images: DrawImages(document: file.document))
        .count
      guard operations > 0 else { continue }
      ranked.append((name, operations))
    }
    ranked.sort { ($0.operations, $0.name) < ($1.operations, $1.name) }
    guard !ranked.isEmpty else {
      print("no drawable file in \(corpus)")
      return 1
    }
    let middle = ranked.count / 2
    let subject = chosen ?? ranked[middle].name
    print(
      "\(ranked.count) files drawing something at frame 30; the median draws "
        + "\(ranked[middle].operations) operations (\(ranked[middle].name))")

    // 2. The 1080p recording, serially on one core.
    let serialPath = folder.appendingPathComponent("median-serial.mp4").path
    let (file, corpusFolder, length) = (subject, corpus, seconds)
    guard
      let measured = CoreAffinity.run(
        cores: 1,
        {
          record(
            file, corpus: corpusFolder, to: serialPath, width: 1920, height: 1080, seconds: length)
        }) ?? nil
    else { return 1 }
    let total = measured.play + measured.draw + measured.encode
    print(
      "\(subject) as 1920×1080 MP4 (libx264 preset medium, CRF 20, 3 frame threads), 30 fps, "
        + "\(measured.frames) frames, serially on one core: "
        + "\(Timing.format(Double(measured.frames) / total, digits: 1)) frames/s "
        + "(CPU \(Timing.format(measured.cpu / total * 100, digits: 0)) % of one core)")
    print(
      "  play \(Timing.format(measured.play / total * 100, digits: 1)) %, draw "
        + "\(Timing.format(measured.draw / total * 100, digits: 1)) %, encode (RGBA → 4:2:0, "
        + "H.264, MP4) \(Timing.format(measured.encode / total * 100, digits: 1)) %; "
        + "\(measured.bytes >> 10) KiB")

    // 3. As `rive-assets record` makes it, on one core and on two.
    guard
      recordOnCores(
        subject, corpus: corpus, folder: folder, seconds: seconds,
        serialBytes: try? Data(contentsOf: URL(fileURLWithPath: serialPath)))
    else { return 1 }

    // 3b. The same recording as a user runs it: a fresh `rive-assets record` process.
    recordFreshProcesses(subject, corpus: corpus, folder: folder, seconds: seconds)

    // 4. A batch with one job, then two.
    let lower = max(0, middle - batch / 2)
    let files = Array(ranked[lower..<min(ranked.count, lower + batch)]).map(\.name)
    var results: [Int: Double] = [:]
    let source = corpus
    var others: [Int: Double] = [:]
    // Alternating rounds (1, 2, 1, 2); the faster of each counts.
    for jobs in [1, 2, 1, 2] {
      let start = Timing.now()
      let machineBefore = machineBusySeconds()
      let cpuBefore = cpuSeconds()
      let next = Locked(0)
      let failed = Locked(false)
      let group = DispatchGroup()
      for worker in 0..<jobs {
        group.enter()
        Thread {
          while true {
            let item = next.withLock { value -> Int in
              defer { value += 1 }
              return value
            }
            guard item < files.count else { break }
            let path = folder.appendingPathComponent("batch-\(jobs)-\(worker)-\(item).mp4").path
            if record(
              files[item], corpus: source, to: path, width: 1280, height: 720, seconds: 1,
              encoderThreads: 1) == nil
            {
              failed.withLock { $0 = true }
            }
          }
          group.leave()
        }.start()
      }
      group.wait()
      if failed.withLock({ $0 }) { return 1 }
      let elapsed = Double(Timing.now() - start) / 1e9
      guard elapsed < (results[jobs] ?? .infinity) else { continue }
      results[jobs] = elapsed
      let ours = cpuSeconds() - cpuBefore
      others[jobs] = max(0, machineBusySeconds() - machineBefore - ours)
    }
    if let one = results[1], let two = results[2] {
      print(
        "batch of \(files.count) files as 1280×720 MP4s of 1 s: one job \(Timing.format(one, digits: 2)) s, "
          + "two jobs \(Timing.format(two, digits: 2)) s: \(Timing.format(one / two, digits: 2))× "
          + "(\(ProcessInfo.processInfo.activeProcessorCount) cores; other processes kept "
          + "\(Timing.format((others[2] ?? 0) / two, digits: 2)) cores busy during the two-job run, "
          + "\(Timing.format((others[1] ?? 0) / one, digits: 2)) during the one-job run)")
    }
    return 0
  }

  /// Plays, draws and encodes one file on this thread; the seconds spent in each.
  static func record(
    _ name: String, corpus: String, to output: String, width: Int, height: Int, seconds: Double,
    encoderThreads: Int = 0
  ) -> (play: Double, draw: Double, encode: Double, cpu: Double, frames: Int, bytes: Int)? {
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: corpus).appendingPathComponent(name))
      let file = try RuntimeFile(data: data)
      let images = try ArtboardImages.embedded(in: file.document)
      var player = try FramePlayer(file: file)
      let fps = 30
      let exporter = try FrameExporter(
        output: output, width: width, height: height, fps: fps,
        options: ExportOptions(encoderThreads: encoderThreads, pipelined: false))
      var clock = ScriptClock()
      var play = 0.0
      var draw = 0.0
      var encode = 0.0
      let cpuStart = cpuSeconds()
      let count = Int((seconds * Double(fps)).rounded())
      for frame in 0..<count {
        var start = Timing.now()
        try player.play(to: Double(frame) / Double(fps), following: &clock)
        play += Double(Timing.now() - start) / 1e9
        start = Timing.now()
        let picture = try player.render(width: width, height: height, images: images)
        draw += Double(Timing.now() - start) / 1e9
        start = Timing.now()
        try exporter.append(picture)
        encode += Double(Timing.now() - start) / 1e9
      }
      let start = Timing.now()
      try exporter.finish()
      encode += Double(Timing.now() - start) / 1e9
      let bytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
      return (play, draw, encode, cpuSeconds() - cpuStart, count, bytes)
    } catch {
      print("\(name): \(error)")
      return nil
    }
  }

  /// The 1080p recording of `name` through `FramePlayer.record` (pipelined, the encoder's
  /// threads) on one core and on two, alternating; prints frames per second and the speed-up.
  /// Returns false when a recording failed or the two wrote different bytes.
  static func recordOnCores(
    _ name: String, corpus: String, folder: URL, seconds: Double, serialBytes: Data?
  ) -> Bool {
    guard
      let data = try? Data(contentsOf: URL(fileURLWithPath: corpus).appendingPathComponent(name))
    else {
      print("\(name): cannot read")
      return false
    }
    let settings = RecordingSettings(
      fps: 30, length: .seconds(seconds), width: 1920, height: 1080)
    var best: [Int: (seconds: Double, others: Double, busy: Double)] = [:]
    var bytes: [Int: Data] = [:]
    // Per round: the recording's CPU seconds (the process's, start to finish) and its busiest
    // thread's up to the last frame given (the encoder's threads end with the recording; a
    // video's pipeline still holds frames then, so this one is a lower bound).
    var work: [Int: (total: Double, busiest: Double)] = [:]
    var frames = 0
    for cores in [1, 2, 1, 2, 1, 2] {
      let output = folder.appendingPathComponent("median-\(cores)-cores.mp4").path
      let machineBefore = machineBusySeconds()
      let cpuBefore = cpuSeconds()
      let start = Timing.now()
      let baseline = threadSeconds()
      let last = Locked<[Int: Double]>([:])
      let result = CoreAffinity.run(cores: cores) { () -> Result<Int, any Error> in
        Result {
          var player = try FramePlayer(data: data)
          // At the last frame, while the encoder's threads are still there.
          return try player.record(to: output, settings: settings) { done, total in
            if done == total { last.withLock { $0 = threadSeconds() } }
          }.summary.frameCount
        }
      }
      let deltas = last.withLock { $0 }.map { $0.value - (baseline[$0.key] ?? 0) }
      let elapsed = Double(Timing.now() - start) / 1e9
      let ours = cpuSeconds() - cpuBefore
      work[cores] = (ours, deltas.max() ?? 0)
      let others = max(0, machineBusySeconds() - machineBefore - ours)
      switch result {
      case .success(let count)?: frames = count
      case .failure(let error)?:
        print("\(name): \(error)")
        return false
      case nil:
        print("cannot run on \(cores) core\(cores == 1 ? "" : "s") (sched_setaffinity)")
        return false
      }
      bytes[cores] = try? Data(contentsOf: URL(fileURLWithPath: output))
      if elapsed < best[cores]?.seconds ?? .infinity {
        best[cores] = (elapsed, others, ours / elapsed)
      }
    }
    guard let one = best[1], let two = best[2] else { return false }
    let same = bytes[1] != nil && bytes[1] == bytes[2]
    print(
      "as rive-assets record writes it (frames drawn ahead while the encoder works): "
        + "\(Timing.format(Double(frames) / one.seconds, digits: 1)) frames/s on one core, "
        + "\(Timing.format(Double(frames) / two.seconds, digits: 1)) on two: "
        + "\(Timing.format(one.seconds / two.seconds, digits: 2))× "
        + "(the recording kept \(Timing.format(two.busy, digits: 2)) cores busy on two, "
        + "\(Timing.format(one.busy, digits: 2)) on one; other processes kept \(Timing.format(two.others / two.seconds, digits: 2)) cores busy "
        + "during the two-core run, \(Timing.format(one.others / one.seconds, digits: 2)) during "
        + "the one-core run); "
        + (same
          ? "the same bytes on one core and two" : "THE BYTES DIFFER between one core and two")
        + (serialBytes == bytes[1]
          ? " as serially" : " (not the serial recording's: the file has a sound track)"))
    // With two free cores a run takes at least half its CPU time and at least its busiest
    // thread's: the speed-up that bounds, from CPU times (which other processes do not inflate).
    if let oneWork = work[1], let twoWork = work[2], oneWork.total > 0 {
      let bound = oneWork.total / max(twoWork.total / 2, twoWork.busiest, 1e-9)
      print(
        "  CPU of the recording: \(Timing.format(oneWork.total, digits: 2)) s on one core, "
          + "\(Timing.format(twoWork.total, digits: 2)) s on two (busiest thread to the last frame "
          + "\(Timing.format(twoWork.busiest, digits: 2)) s): at most "
          + "\(Timing.format(bound, digits: 2))× on two free cores")
    }
    return same
  }

  /// `rive-assets record` (beside this program) of `name` at 1080p in fresh processes, on one
  /// core and on two, alternating, three rounds each; prints the best times. A process of
  /// its own starts with a cold heap, as a user's does: in this process the heap is warm from
  /// the recordings before, so memory a recording frees and asks for again costs less here.
  static func recordFreshProcesses(_ name: String, corpus: String, folder: URL, seconds: Double) {
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("rive-assets")
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
      print("fresh processes: no rive-assets beside rive-bench (build it to measure them)")
      return
    }
    let input = URL(fileURLWithPath: corpus).appendingPathComponent(name).path
    let output = folder.appendingPathComponent("median-process.mp4").path
    let arguments = [
      "record", input, "--size", "1920x1080", "--duration", String(seconds), "-o", output,
    ]
    var best: [Int: Double] = [:]
    for cores in [1, 2, 1, 2, 1, 2] {
      // Started from a thread restricted to the cores: the process inherits the restriction.
      let elapsed = CoreAffinity.run(cores: cores) { () -> Double? in
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = Timing.now()
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Double(Timing.now() - start) / 1e9
      }
      guard let elapsed, let elapsed else {
        print("fresh processes: rive-assets record failed on \(cores) core(s)")
        return
      }
      best[cores] = min(best[cores] ?? .infinity, elapsed)
    }
    guard let one = best[1], let two = best[2] else { return }
    print(
      "as fresh rive-assets record processes (best of three): "
        + "\(Timing.format(one, digits: 2)) s on one core, \(Timing.format(two, digits: 2)) s on "
        + "two: \(Timing.format(one / two, digits: 2))×")
  }

  /// CPU seconds of each thread of the process (`/proc/self/task/*/stat`: user and system
  /// time, in clock ticks), by thread id.
  static func threadSeconds() -> [Int: Double] {
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    var seconds: [Int: Double] = [:]
    guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
    else { return seconds }
    for task in tasks {
      guard let id = Int(task),
        let text = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
      else { continue }
      // After the name: state (field 3) …, utime (field 14), stime (field 15).
      let fields = text[text.index(after: close)...].split(separator: " ")
      guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
      else { continue }
      seconds[id] = (user + system) / ticks
    }
    return seconds
  }

  /// Busy time of every core of the machine since boot (`/proc/stat`), in seconds.
  static func machineBusySeconds() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
    else { return 0 }
    let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard fields.count >= 5 else { return 0 }
    // user nice system idle iowait irq softirq steal …: everything but idle and iowait.
    let busy = fields.reduce(0, +) - fields[3] - fields[4]
    return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// CPU time of the process (every thread), in seconds.
  static func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
}
