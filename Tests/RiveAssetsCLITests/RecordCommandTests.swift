import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

/// `rive-assets record`: every output checked by Debian's own readers (`ffprobe`, `webpinfo`,
/// `gifsicle --info`, libpng through the package's decoder) for the frames, size and duration
/// asked for, and the slide fixture's box found where its script puts it.
@Suite("rive-assets record")
struct RecordCommandTests {
  /// A working folder with the slide fixture and a script that sets `go` at `start`.
  static func slide(start: Double = 0.25) throws -> (directory: URL, riv: String, script: String) {
    let directory = try ToolRunner.temporaryDirectory()
    let riv = directory.appendingPathComponent("slide.riv")
    try SlideFixture.data.write(to: riv)
    let script = directory.appendingPathComponent("go.json")
    try Data(#"{"events": [{"time": \#(start), "input": "go", "value": true}]}"#.utf8).write(
      to: script)
    return (directory, riv.path, script.path)
  }

  /// Runs a Debian tool found on PATH (installed by scripts/system-packages.sh).
  static func tool(_ name: String, _ arguments: [String]) async throws -> BuiltProgram.Result {
    let program = try #require(
      BuiltProgram.onPath(name), "\(name) is not installed (scripts/system-packages.sh installs it)"
    )
    return try await BuiltProgram.run(program, arguments: arguments)
  }

  /// ffprobe's view of a video's streams and length.
  static func probe(_ path: String) async throws -> (streams: [[String: Any]], duration: Double) {
    let result = try await tool(
      "ffprobe",
      [
        "-v", "error", "-count_frames", "-show_entries",
        "stream=codec_type,codec_name,width,height,nb_read_frames,sample_rate,channels"
          + ":format=duration", "-of", "json", path,
      ])
    #expect(result.status == 0, "ffprobe: \(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
    let streams = object["streams"] as? [[String: Any]] ?? []
    let format = object["format"] as? [String: Any]
    return (streams, Double(format?["duration"] as? String ?? "") ?? -1)
  }

  @Test(
    "MP4 and WebM have the frames, size and length asked for",
    arguments: [("mp4", "h264"), ("webm", "vp9")])
  func video(_ extension: String, _ codec: String) async throws {
    let (directory, riv, script) = try Self.slide()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("slide.\(`extension`)").path
    let result = try await ToolRunner.run([
      "record", riv, "-o", output, "--script", script, "--duration", "0.5", "--fps", "20",
      "--size", "64x48",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("10 frames 64×48 at 20 fps"), "\(result.standardOutput)")
    let probed = try await Self.probe(output)
    // The slide fixture has no sound: no audio track.
    #expect(probed.streams.count == 1)
    let video = try #require(probed.streams.first)
    #expect(video["codec_name"] as? String == codec)
    #expect(video["width"] as? Int == 64)
    #expect(video["height"] as? Int == 48)
    #expect(video["nb_read_frames"] as? String == "10")
    #expect(abs(probed.duration - 0.5) < 0.02, "duration \(probed.duration)")
  }

  /// libx264's AVX-512 functions read memory the encoder never wrote when a side is not a
  /// multiple of 16, so what the heap held reached the bitstream (not the decoded pixels); the
  /// encoder runs without them (`VideoEncoder.x264Capabilities`). glibc's `MALLOC_PERTURB_`
  /// fills every block it hands out with a byte of its own: before, on a CPU with AVX-512, the
  /// two recordings differed.
  @Test("an MP4 of 100 × 100 frames has the same bytes whatever the heap held")
  func heapContentsDoNotReachTheBitstream() async throws {
    let (directory, riv, script) = try Self.slide()
    defer { try? FileManager.default.removeItem(at: directory) }
    var outputs: [Data] = []
    for perturb in [nil, "85"] {
      let output = directory.appendingPathComponent("slide-\(perturb ?? "plain").mp4").path
      var environment = ProcessInfo.processInfo.environment
      environment["MALLOC_PERTURB_"] = perturb
      let result = try await BuiltProgram.run(
        ToolRunner.executable,
        arguments: [
          "record", riv, "-o", output, "--script", script, "--duration", "0.5", "--fps", "20",
          "--size", "100x100",
        ], environment: environment)
      #expect(result.status == 0, "\(result.standardError)")
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
    }
    #expect(outputs[0].count > 500)
    #expect(outputs[0] == outputs[1], "\(outputs[0].count) bytes, then \(outputs[1].count)")
  }

  @Test("an animated WebP keeps every frame, at the size and durations asked for")
  func webp() async throws {
    let (directory, riv, script) = try Self.slide()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("slide.webp").path
    // 0.6 s at 25 fps: 15 frames; the box rests for the first ones, which are identical, and
    // each of them is a frame of its own.
    let result = try await ToolRunner.run([
      "record", riv, "-o", output, "--script", script, "--duration", "0.6", "--fps", "25",
      "--size", "50x40",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let info = try await Self.tool("webpinfo", ["-summary", output])
    #expect(info.status == 0, "\(info.standardOutput)")
    let text = info.standardOutput
    #expect(text.contains("Number of frames: 15"), "\(text)")
    #expect(text.contains("Canvas size 50 x 40"))
    let durations = text.components(separatedBy: "\n").compactMap { line -> Int? in
      let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "Duration: ")
      return parts.count == 2 ? Int(parts[1]) : nil
    }
    #expect(durations.count == 15)
    #expect(durations.reduce(0, +) == 600)
  }

  /// gifsicle's frame count, screen size, delays (centiseconds) and colour tables.
  static func gifInfo(_ path: String) async throws -> (
    frames: Int, screen: String, delays: [Int], globalTable: Bool, localTables: Int
  ) {
    let info = try await tool("gifsicle", ["--info", path])
    #expect(info.status == 0, "\(info.standardError)")
    let lines = info.standardOutput.components(separatedBy: "\n")
    let frames = lines.first.flatMap { line in
      line.components(separatedBy: " ").dropLast().last.flatMap(Int.init)
    }
    let screen =
      lines.first { $0.contains("logical screen") }?.components(separatedBy: "screen ").last ?? ""
    let delays = lines.compactMap { line -> Int? in
      guard let range = line.range(of: "delay ") else { return nil }
      let value = line[range.upperBound...].replacingOccurrences(of: "s", with: "")
      return Double(value).map { Int(($0 * 100).rounded()) }
    }
    return (
      frames ?? -1, screen, delays, lines.contains { $0.contains("global color table") },
      lines.filter { $0.contains("local color table") }.count
    )
  }

  @Test("a GIF has a palette per frame, or one global palette, and the delays add up")
  func gif() async throws {
    let (directory, riv, script) = try Self.slide()
    defer { try? FileManager.default.removeItem(at: directory) }
    for palette in ["per-frame", "global"] {
      let output = directory.appendingPathComponent("slide-\(palette).gif").path
      let result = try await ToolRunner.run([
        "record", riv, "-o", output, "--script", script, "--duration", "0.5", "--fps", "30",
        "--size", "40x40", "--gif-palette", palette,
      ])
      #expect(result.status == 0, "\(result.standardError)")
      let info = try await Self.gifInfo(output)
      #expect(info.frames == 15)
      #expect(info.screen == "40x40")
      // Delays are whole hundredths: 3 or 4, adding up to the half second.
      #expect(info.delays.count == 15)
      #expect(info.delays.reduce(0, +) == 50)
      #expect(Set(info.delays).isSubset(of: [3, 4]))
      if palette == "global" {
        #expect(info.globalTable)
        #expect(info.localTables == 0)
      } else {
        #expect(!info.globalTable)
        #expect(info.localTables == 15)
      }
    }
  }

  @Test("PNG frames show the box where the script and the animation put it")
  func pngSequence() async throws {
    let start = 0.25
    let (directory, riv, script) = try Self.slide(start: start)
    defer { try? FileManager.default.removeItem(at: directory) }
    let pattern = directory.appendingPathComponent("frames/%03d.png").path
    let fps = 10
    let result = try await ToolRunner.run([
      "record", riv, "-o", pattern, "--script", script, "--duration", "1.5", "--fps", "\(fps)",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let names = try FileManager.default.contentsOfDirectory(
      atPath: directory.appendingPathComponent("frames").path
    ).sorted()
    #expect(names == (0..<15).map { String(format: "%03d.png", $0) })
    for (index, name) in names.enumerated() {
      let data = try Data(contentsOf: directory.appendingPathComponent("frames/\(name)"))
      let image = try data.withUnsafeBytes { try ImageDecoder.decode($0) }
      #expect(image.width == 100 && image.height == 100)
      let x = try #require(SlideFixture.boxCentre(rgba: image.pixels, width: image.width))
      // The state changes in the first advance after `go`, and the slide plays from there.
      let time = Double(index) / Double(fps)
      let expected = SlideFixture.expectedX(secondsIntoSlide: time - start - 1.0 / 60)
      #expect(abs(x - expected) <= 2.5, "frame \(index) at \(time) s: x \(x), expected \(expected)")
    }
  }

  @Test("--until-settled stops after the frame where the slide has ended")
  func untilSettled() async throws {
    let start = 0.2
    let (directory, riv, script) = try Self.slide(start: start)
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("settled.gif").path
    let fps = 20
    let result = try await ToolRunner.run([
      "record", riv, "-o", output, "--script", script, "--until-settled", "--fps", "\(fps)",
      "--size", "20x20",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("; settled"), "\(result.standardOutput)")
    let info = try await Self.gifInfo(output)
    // The slide ends about `start + slideSeconds` in; the machine reports settling on the
    // advance after that, whose frame is the last.
    let end = start + SlideFixture.slideSeconds
    #expect(
      Double(info.frames) >= end * Double(fps) && Double(info.frames) <= end * Double(fps) + 3,
      "\(info.frames) frames")
    // Without the script nothing starts the slide: the rest animation ends after 1 s.
    let still = directory.appendingPathComponent("still.gif").path
    let rest = try await ToolRunner.run([
      "record", riv, "-o", still, "--until-settled", "--fps", "\(fps)", "--size", "20x20",
    ])
    #expect(rest.status == 0)
    let stillInfo = try await Self.gifInfo(still)
    #expect(stillInfo.frames < info.frames)
  }

  @Test(
    "the state machine's sounds are in the video's audio track and the WAV file",
    SharedCorpus.requirement)
  func sounds() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // sound.riv: number input "Number 1" set to 1 plays "hover", whose audio event plays the
    // embedded WAV.
    let script = directory.appendingPathComponent("sound.json")
    try Data(#"[{"time": 0.5, "input": "Number 1", "value": 1}]"#.utf8).write(to: script)
    let video = directory.appendingPathComponent("sound.mp4").path
    let wav = directory.appendingPathComponent("sound.wav").path
    let result = try await ToolRunner.run([
      "record", SharedCorpus.path("sound.riv"), "-o", video, "--script", script.path,
      "--duration", "1.5", "--fps", "10", "--size", "32x32", "--audio", wav,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("audio: 1 sound"), "\(result.standardOutput)")
    let probed = try await Self.probe(video)
    let audio = try #require(probed.streams.first { $0["codec_type"] as? String == "audio" })
    #expect(audio["codec_name"] as? String == "aac")
    #expect(audio["sample_rate"] as? String == "44100")
    #expect(audio["channels"] as? Int == 2)

    let mix = try Data(contentsOf: URL(fileURLWithPath: wav)).withUnsafeBytes {
      try AudioDecoder.decode($0)
    }
    #expect(mix.sampleRate == 44_100 && mix.channelCount == 2)
    #expect(abs(mix.duration - 1.5) < 0.001)
    let rate = Double(mix.sampleRate)
    let before = mix.samples[0..<Int(0.5 * rate) * 2]
    let after = mix.samples[Int(0.5 * rate) * 2..<Int(0.7 * rate) * 2]
    #expect(before.allSatisfy { $0 == 0 }, "sound before the input was set")
    #expect(after.contains { abs($0) > 0.01 }, "no sound after the input was set")
    // Without the script the machine plays nothing: the track is there, silent.
    let silent = directory.appendingPathComponent("silent.wav").path
    let quiet = try await ToolRunner.run([
      "record", SharedCorpus.path("sound.riv"), "-o",
      directory.appendingPathComponent(
        "silent.mp4"
      ).path, "--duration", "1", "--fps", "10", "--size", "32x32", "--audio", silent,
    ])
    #expect(quiet.status == 0, "\(quiet.standardError)")
    let silence = try Data(contentsOf: URL(fileURLWithPath: silent)).withUnsafeBytes {
      try AudioDecoder.decode($0)
    }
    #expect(silence.samples.allSatisfy { $0 == 0 })
  }

  @Test(
    "bad options and scripts fail naming the option, the script's event and the output",
    arguments: [
      (["-o", "out.avi"], 2, "unknown extension .avi"),
      (["-o", "out.mp4", "--fps", "0"], 2, "--fps needs"),
      (["-o", "out.mp4", "--duration", "-1"], 2, "--duration needs"),
      (["-o", "out.mp4", "--size", "63x48"], 1, "needs even sides"),
      (["-o", "out.gif", "--fps", "60"], 1, "outside 1 to 50 for GIF"),
      (["-o", "frames/%d-%d.png"], 2, "one %d field"),
      (["-o", "out.mp4", "--audio", "out.mp3"], 2, "--audio writes a WAV file"),
      (["-o", "out.mp4", "--gif-palette", "best"], 2, "--gif-palette needs per-frame or global"),
      (["-o", "out.mp4", "--state-machine", "Nope"], 1, #"state machine "Nope" not found"#),
    ])
  func badUsage(_ options: [String], _ status: Int32, _ fragment: String) async throws {
    let (directory, riv, _) = try Self.slide()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await ToolRunner.run(["record", riv] + options, in: directory)
    #expect(result.status == status, "\(result.standardError)")
    #expect(result.standardError.contains(fragment), "\(result.standardError)")
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(Set(left) == ["slide.riv", "go.json"], "a failed recording left \(left)")
  }

  @Test("a script event the file cannot take fails naming the script, the event and the inputs")
  func badScript() async throws {
    let (directory, riv, _) = try Self.slide()
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("typo.json")
    try Data(#"[{"time": 0.1, "input": "goo", "value": true}]"#.utf8).write(to: script)
    let output = directory.appendingPathComponent("out.gif").path
    let result = try await ToolRunner.run([
      "record", riv, "-o", output, "--script", script.path, "--duration", "0.5", "--size", "20x20",
    ])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("typo.json: event 1 (at 0.1 s)"), "\(result.standardError)")
    #expect(result.standardError.contains(#"has no input "goo"; it has "go""#))
    #expect(result.standardError.contains("out.gif: frame 3"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
    let json = directory.appendingPathComponent("broken.json")
    try Data("{ \"events\": [ { \"time\": 1, ".utf8).write(to: json)
    let broken = try await ToolRunner.run(["record", riv, "-o", output, "--script", json.path])
    #expect(broken.status == 2)
    #expect(broken.standardError.contains("--script: \(json.path): not JSON"))
  }

  @Test("render --script and trace --script play the script")
  func renderAndTrace() async throws {
    let (directory, riv, script) = try Self.slide(start: 0.25)
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("late.png").path
    let render = try await ToolRunner.run([
      "render", riv, "-o", png, "--time", "1", "--script", script,
    ])
    #expect(render.status == 0, "\(render.standardError)")
    let image = try Data(contentsOf: URL(fileURLWithPath: png)).withUnsafeBytes {
      try ImageDecoder.decode($0)
    }
    let x = try #require(SlideFixture.boxCentre(rgba: image.pixels, width: image.width))
    let expected = SlideFixture.expectedX(secondsIntoSlide: 1 - 0.25 - 1.0 / 60)
    #expect(abs(x - expected) <= 2.5, "x \(x), expected \(expected)")

    let trace = try await ToolRunner.run(["trace", riv, "--script", script, "--json"])
    #expect(trace.status == 0, "\(trace.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: trace.standardOutputData) as? [String: Any])
    let timeline = try #require(object["timeline"] as? [[String: Any]])
    let applied = timeline.first { $0["applied"] != nil }
    #expect(applied?["time"] as? Double == 0.25)
    #expect(applied?["applied"] as? String == #"input "go" = true"#)
    let slide = timeline.first { $0["state"] as? String == "slide" }
    let slideTime = try #require(slide?["time"] as? Double)
    #expect(slideTime > 0.25 && slideTime <= 0.25 + 1.0 / 60 + 1e-9)
    // The slide fixture settles after the slide, beyond the script's last event + 1 s.
    #expect(object["settled_at"] is NSNull)
  }
}
