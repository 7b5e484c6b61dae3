import Foundation
import RiveCore
import RiveReference

/// `rive-bench silvers`: plays every silver scenario with the package's runtime and compares
/// the frames with the official runtime's silvers; prints matched / total and, for each miss,
/// its category and first difference.
enum SilverSuite {
  static let help = """
    USAGE: rive-bench silvers [--verbose] [--context] [--state] [--dump DIR] [--scenarios FILE]
                              [--silvers DIR] [--corpus DIR]... [--oracle BIN] [--decode-only]
                              [NAME...]

      NAME            only these silvers (default: every scenario)
      --scenarios     the scenario file (default
                      Tests/RiveReferenceTests/Silvers/scenarios.json)
      --silvers DIR   the silvers (default ../shared/reference/silvers)
      --corpus DIR    where the .riv files are (default ../shared/corpus and
                      ../shared/corpus-extra; repeat to give several)
      --oracle BIN    also replay each silver with the official runtime's replay
                      (`BIN sriv FILE`, one JSON line per frame) and check that it and
                      this package's reader decode the same frames
      --decode-only   read the silvers (and cross-check them with --oracle), play nothing
      --context       for each miss, the calls around the first difference on both sides
      --dump DIR      write each silver's frames and the package's, one JSON array of
                      draw calls per line (DIR/NAME.expected.jsonl, DIR/NAME.found.jsonl)
      --state         play the scenarios named and print, as each frame ends, the boxes
                      layout gave the artboard's laid-out components and the bound view
                      model's values (compare with the official runtime's own state)
      --verbose       one line per silver, matched ones too
    """

  static func run(arguments: [String]) -> Int32 {
    var scenarioPath = "Tests/RiveReferenceTests/Silvers/scenarios.json"
    var silverDirectory = "../shared/reference/silvers"
    var corpora: [String] = []
    var oracle: String?
    var dump: String?
    var verbose = false
    var decodeOnly = false
    var state = false
    var context = 0
    var names: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let valued = ["--scenarios", "--silvers", "--corpus", "--oracle", "--dump"]
      if valued.contains(argument) {
        guard index + 1 < arguments.count else {
          FileHandle.standardError.write(Data("\(argument) needs a value\n\(help)\n".utf8))
          return 2
        }
        let value = arguments[index + 1]
        switch argument {
        case "--scenarios": scenarioPath = value
        case "--silvers": silverDirectory = value
        case "--corpus": corpora.append(value)
        case "--dump": dump = value
        default: oracle = value
        }
        index += 2
        continue
      }
      switch argument {
      case "-h", "--help":
        print(help)
        return 0
      case "--verbose": verbose = true
      case "--decode-only": decodeOnly = true
      case "--context": context = 3
      case "--state": state = true
      default:
        guard !argument.hasPrefix("-") else {
          FileHandle.standardError.write(Data("unknown option \(argument)\n\(help)\n".utf8))
          return 2
        }
        names.append(argument)
      }
      index += 1
    }
    if corpora.isEmpty { corpora = ["../shared/corpus", "../shared/corpus-extra"] }

    let scenarios: [SilverScenario]
    do {
      scenarios = try SilverScenario.scenarios(
        json: Data(contentsOf: URL(fileURLWithPath: scenarioPath)))
    } catch {
      FileHandle.standardError.write(Data("\(scenarioPath): \(error)\n".utf8))
      return 1
    }
    let silverURL = URL(fileURLWithPath: silverDirectory)
    var selected = scenarios
    if !names.isEmpty {
      let known = Set(scenarios.map(\.silver))
      for name in names where !known.contains(name) {
        FileHandle.standardError.write(Data("no scenario for silver \(name)\n".utf8))
        return 2
      }
      selected = scenarios.filter { names.contains($0.silver) }
    }
    let indexed = Set(indexNames(silverDirectory))
    let unscripted = indexed.subtracting(scenarios.map(\.silver)).sorted()

    if decodeOnly || oracle != nil {
      let status = decode(selected, silvers: silverURL, oracle: oracle, verbose: verbose)
      if decodeOnly { return status }
    }

    let corpusURLs = corpora.map { URL(fileURLWithPath: $0) }
    if state {
      guard !names.isEmpty else {
        FileHandle.standardError.write(Data("--state needs the silvers' names\n".utf8))
        return 2
      }
      return printStates(selected, corpora: corpusURLs)
    }
    if let dump {
      return dumpFrames(selected, silvers: silverURL, corpora: corpusURLs, into: dump)
    }
    let start = Date()
    let chosen = selected
    let around = context
    let collected = Locked([SilverOutcome?](repeating: nil, count: chosen.count))
    DispatchQueue.concurrentPerform(iterations: chosen.count) { position in
      let scenario = chosen[position]
      let outcome = SilverCheck.run(
        scenario, silverURL: silverURL.appendingPathComponent(scenario.silver + ".sriv"),
        corpora: corpusURLs, context: around)
      collected.withLock { $0[position] = outcome }
    }
    let outcomes = collected.withLock { $0 }
    let results = outcomes.compactMap { $0 }
    var byCategory: [SilverMissCategory: Int] = [:]
    for outcome in results {
      if let category = outcome.category { byCategory[category, default: 0] += 1 }
      guard verbose || !outcome.matched else { continue }
      let traits = outcome.traits.map { " [\($0.summary)]" } ?? ""
      print(
        "\(outcome.matched ? "match" : (outcome.category?.rawValue ?? "miss"))\t"
          + "\(outcome.silver) (\(outcome.file), \(outcome.expectedFrames) frames"
          + (outcome.playError == nil && outcome.foundFrames != outcome.expectedFrames
            ? ", \(outcome.foundFrames) played" : "") + ")\(traits): "
          + outcome.reason)
      if !outcome.matched, let note = outcome.note { print("\tnote: \(note)") }
      if !outcome.matched, outcome.category == .scroll {
        print(
          "\tscroll constraints played in "
            + outcome.scrollingArtboards.map { "\"\($0)\"" }.joined(separator: ", "))
      }
      if !outcome.differingFrames.isEmpty {
        print(
          "\tframes that differ (\(outcome.differingFrames.count)): "
            + ranges(outcome.differingFrames))
      }
      for line in outcome.context { print("\t" + line) }
    }
    let matched = results.filter(\.matched).count
    print(
      "matched \(matched) / \(results.count) silvers"
        + String(format: " (%.1f s)", Date().timeIntervalSince(start)))
    let misses = SilverMissCategory.allCases.compactMap { category in
      byCategory[category].map { "\(category.rawValue) \($0)" }
    }
    if !misses.isEmpty { print("misses: " + misses.joined(separator: ", ")) }
    let groups: [(String, (SilverFileTraits) -> Bool)] = [
      ("files without scripts, layout or scroll", \.isFullyRun),
      ("files with layout", \.hasLayout),
      (
        "files with layout and no scripts or scroll",
        { $0.hasLayout && !$0.hasScripts && !$0.hasScroll }
      ),
      ("files without scripts", \.isRunWithoutScripts),
    ]
    for (title, included) in groups {
      let group = results.filter { $0.traits.map(included) == true }
      print("\(title): \(group.filter(\.matched).count) / \(group.count) matched")
    }
    if names.isEmpty, !unscripted.isEmpty {
      print("silvers of INDEX.tsv without a scenario: " + unscripted.joined(separator: ", "))
    }
    return 0
  }

  /// Plays each scenario and prints, as each frame ends, the laid-out components' boxes and
  /// the bound view model's values.
  static func printStates(_ scenarios: [SilverScenario], corpora: [URL]) -> Int32 {
    var status: Int32 = 0
    for scenario in scenarios {
      print("\(scenario.silver) (\(scenario.file))")
      guard
        let url = corpora.map({ $0.appendingPathComponent(scenario.file) }).first(where: {
          FileManager.default.fileExists(atPath: $0.path)
        }),
        let file = try? RuntimeFile(contentsOf: url)
      else {
        print("\tcannot read \(scenario.file)")
        status = 1
        continue
      }
      do throws(SilverPlayError) {
        _ = try SilverPlayer.play(scenario, file: file) { frame, player in
          print("frame \(frame)")
          for box in player.artboard.layoutFrames {
            print(
              String(repeating: "  ", count: box.depth + 1)
                + "\(box.kind) \(box.id) \"\(box.name)\": "
                + "\(box.x) \(box.y) \(box.width) x \(box.height)")
          }
          for hosted in player.artboard.hostedLayoutFrames {
            let indent = String(repeating: "  ", count: hosted.depth)
            print(indent + "hosted \"\(hosted.name)\"")
            for box in hosted.frames {
              print(
                indent + String(repeating: "  ", count: box.depth + 1)
                  + "\(box.kind) \(box.id) \"\(box.name)\": "
                  + "\(box.x) \(box.y) \(box.width) x \(box.height)")
            }
          }
          guard let store = player.artboard.viewModels, let root = store.root else { return }
          for name in store.propertyNames(of: root) {
            guard let value = store.value(at: name) else { continue }
            switch value {
            case .number, .string, .boolean, .color, .enumeration:
              print("  vm \(name) = \(value)")
            default:
              continue
            }
          }
        }
      } catch {
        print("\tcannot play: \(error)")
        status = 1
      }
    }
    return status
  }

  /// Writes each silver's frames and the package's as JSON lines.
  static func dumpFrames(
    _ scenarios: [SilverScenario], silvers: URL, corpora: [URL], into directory: String
  ) -> Int32 {
    let folder = URL(fileURLWithPath: directory)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      FileHandle.standardError.write(Data("cannot make \(directory): \(error)\n".utf8))
      return 1
    }
    func lines(_ frames: [DisplayList]) -> Data {
      Data(frames.map { $0.jsonValue.serialized() + "\n" }.joined().utf8)
    }
    var status: Int32 = 0
    for scenario in scenarios {
      do {
        let recording = try SilverStream.decode(
          contentsOf: silvers.appendingPathComponent(scenario.silver + ".sriv"))
        guard
          let url = corpora.map({ $0.appendingPathComponent(scenario.file) }).first(where: {
            FileManager.default.fileExists(atPath: $0.path)
          })
        else { throw SilverPlayError(step: nil, message: "\(scenario.file) is not there") }
        let playback = try SilverPlayer.play(scenario, file: try RuntimeFile(contentsOf: url))
        try lines(recording.frames.map(\.displayList)).write(
          to: folder.appendingPathComponent(scenario.silver + ".expected.jsonl"))
        try lines(playback.frames).write(
          to: folder.appendingPathComponent(scenario.silver + ".found.jsonl"))
        print("\(scenario.silver): \(recording.frames.count) and \(playback.frames.count) frames")
      } catch {
        print("\(scenario.silver): \(error)")
        status = 1
      }
    }
    return status
  }

  /// Ascending indices as runs (`3, 6-9, 12`).
  static func ranges(_ indices: [Int]) -> String {
    var runs: [String] = []
    var start = -1
    var last = -1
    for index in indices + [Int.min] {
      if start >= 0, index == last + 1 {
        last = index
        continue
      }
      if start >= 0 { runs.append(start == last ? "\(start)" : "\(start)-\(last)") }
      start = index
      last = index
    }
    return runs.joined(separator: ", ")
  }

  /// The silver names INDEX.tsv lists.
  static func indexNames(_ directory: String) -> [String] {
    guard let text = try? String(contentsOfFile: directory + "/INDEX.tsv", encoding: .utf8) else {
      return []
    }
    return text.split(separator: "\n").dropFirst().compactMap { line in
      line.split(separator: "\t").first.map(String.init)
    }.filter { !$0.hasPrefix("#") }
  }

  /// Decodes the silvers, and with an oracle checks each against the official replay.
  static func decode(
    _ scenarios: [SilverScenario], silvers: URL, oracle: String?, verbose: Bool
  ) -> Int32 {
    let start = Date()
    var decoded = 0
    var agreed = 0
    var frames = 0
    var operations = 0
    var failures = 0
    for scenario in scenarios {
      let url = silvers.appendingPathComponent(scenario.silver + ".sriv")
      let recording: SilverRecording
      do throws(SilverStreamError) {
        recording = try SilverStream.decode(contentsOf: url)
      } catch {
        print("unreadable\t\(scenario.silver): \(error)")
        failures += 1
        continue
      }
      decoded += 1
      frames += recording.frames.count
      operations += recording.frames.reduce(0) { $0 + $1.displayList.count }
      guard let oracle else {
        if verbose {
          print(
            "decoded\t\(scenario.silver): \(recording.frames.count) frames, "
              + "\(recording.statistics.operations) operations, size "
              + (recording.frameSize?.description ?? "none"))
        }
        continue
      }
      switch OracleReplay.frames(oracle: oracle, silver: url) {
      case .failure(let message):
        print("oracle failed\t\(scenario.silver): \(message)")
        failures += 1
      case .success(let replayed):
        let mine = recording.frames.map(\.displayList)
        if let difference = DrawComparison.firstDifference(
          expected: replayed, found: mine, tolerance: .init(absolute: 1e-5, relative: 1e-5))
        {
          print("decoders differ\t\(scenario.silver): \(difference) (expected: official replay)")
          failures += 1
        } else {
          agreed += 1
          if verbose { print("agree\t\(scenario.silver): \(mine.count) frames") }
        }
      }
    }
    print(
      "decoded \(decoded) / \(scenarios.count) silvers: \(frames) frames, \(operations) draw calls"
        + String(format: " (%.1f s)", Date().timeIntervalSince(start)))
    if oracle != nil {
      print("the official replay decodes the same frames: \(agreed) / \(decoded)")
    }
    return failures == 0 ? 0 : 1
  }
}

/// The official runtime's replay of a silver (`rive_oracle sriv FILE`: one JSON line per
/// frame, `{"frame": N, "ops": [...]}` in the draw-stream schema).
enum OracleReplay {
  static func frames(oracle: String, silver: URL) -> Result<[DisplayList], OracleFailure> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: oracle)
    process.arguments = ["sriv", silver.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(OracleFailure(message: "cannot run \(oracle): \(error)"))
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      return .failure(OracleFailure(message: "exit status \(process.terminationStatus)"))
    }
    var frames: [DisplayList] = []
    for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
        let ops = object["ops"] as? [Any]
      else { return .failure(OracleFailure(message: "a line that is not a frame")) }
      do {
        frames.append(try DisplayList(jsonArray: ops))
      } catch {
        return .failure(OracleFailure(message: "frame \(frames.count): \(error)"))
      }
    }
    return .success(frames)
  }
}

struct OracleFailure: Error {
  var message: String
}
