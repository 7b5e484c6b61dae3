import Foundation
import RiveCore
import RiveExport
import RiveFormat
import RiveFrames
import RiveRuntime
import RiveTestSupport
import Testing

/// Frame sequences and recordings of both API generations and of files: the same script
/// gives the same frames on every path, and recordings hold what was asked for.
@Suite("Export: recordings of both APIs")
struct RecordingTests {
  static let times = [0, 0.2, 0.5, 0.75, 1.1, 1.6]
  static let start = 0.3

  static func script() throws -> InputScript {
    try InputScript(
      json: Data(#"[{"time": \#(start), "input": "go", "value": true}]"#.utf8), source: "go.json")
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-export-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func filePlayer() throws -> FramePlayer {
    try FramePlayer(data: SlideFixture.data)
  }

  @MainActor
  static func rive() async throws -> Rive {
    let worker = try await Worker()
    let file = try await File(source: .data(SlideFixture.data), worker: worker)
    return try await Rive(file: file)
  }

  static func viewModel() throws -> RiveViewModel {
    let file = try RiveFile(data: SlideFixture.data, loadCdn: false)
    return RiveViewModel(RiveModel(riveFile: file), stateMachineName: nil, autoPlay: false)
  }

  @Test("a file, a current Rive and a legacy view model give the same frames for one script")
  @MainActor
  func samePixelsOnEveryPath() async throws {
    let script = try Self.script()
    var player = try Self.filePlayer()
    let fromFile = try player.frames(at: Self.times, script: script)
    let fromRive = try await Self.rive().frames(at: Self.times, script: script).map(\.raster)
    let fromLegacy = try Self.viewModel().frames(at: Self.times, script: script).map(\.raster)
    #expect(fromFile.count == Self.times.count)
    for (index, time) in Self.times.enumerated() {
      let x = try #require(SlideFixture.boxCentre(rgba: fromFile[index].rgba, width: 100))
      let expected = SlideFixture.expectedX(secondsIntoSlide: time - Self.start - 1.0 / 60)
      #expect(abs(x - expected) <= 2.5, "at \(time) s: x \(x), expected \(expected)")
      #expect(fromRive[index] == fromFile[index], "current API differs at \(time) s")
      #expect(fromLegacy[index] == fromFile[index], "legacy API differs at \(time) s")
    }
  }

  @Test("a Rive and a view model record PNG frames and an MP4 with the frames asked for")
  @MainActor
  func recordBothAPIs() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var settings = RecordingSettings(fps: 10, length: .seconds(1.5), script: try Self.script())
    let pattern = directory.appendingPathComponent("current/%02d.png").path
    var progress: [Int] = []
    let current = try await Self.rive().record(to: pattern, settings: settings) { done, total in
      progress.append(done)
      #expect(total == 15)
    }
    #expect(current.summary.frameCount == 15)
    #expect(progress == Array(1...15))
    let legacy = try Self.viewModel().record(
      to: directory.appendingPathComponent("legacy/%02d.png").path, settings: settings)
    #expect(legacy.summary.frameCount == 15)
    for index in 0..<15 {
      let name = String(format: "%02d.png", index)
      let a = try Data(contentsOf: directory.appendingPathComponent("current/\(name)"))
      let b = try Data(contentsOf: directory.appendingPathComponent("legacy/\(name)"))
      #expect(a == b, "frame \(index) differs between the APIs")
    }
    // Until settled: the slide ends 1 s after it starts, and the machine settles just after.
    settings.length = .untilSettled(limit: 5)
    settings.width = 40
    settings.height = 40
    let settled = try await Self.rive().record(
      to: directory.appendingPathComponent("settled.mp4").path, settings: settings)
    #expect(settled.settled)
    let end = (Self.start + SlideFixture.slideSeconds) * 10
    #expect(Double(settled.summary.frameCount) >= end)
    #expect(Double(settled.summary.frameCount) <= end + 3)
    #expect(!settled.summary.hasAudioTrack)
  }

  @Test(
    "both APIs mix the state machine's sounds as their files resolved the audio",
    SharedCorpus.requirement)
  @MainActor
  func soundsThroughTheAPIs() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = try SharedCorpus.data("sound.riv")
    // Number 1 set to 1 plays "hover", whose audio event plays the embedded WAV.
    let script = try InputScript(
      json: Data(#"[{"time": 0.5, "input": "Number 1", "value": 1}]"#.utf8))
    var settings = RecordingSettings(
      fps: 10, length: .seconds(1.2), script: script, width: 32, height: 32)
    let worker = try await Worker()
    let rive = try await Rive(file: try await File(source: .data(data), worker: worker))
    settings.export.audioOutput = directory.appendingPathComponent("current.wav").path
    let current = try await rive.record(
      to: directory.appendingPathComponent("current.webm").path, settings: settings)
    let legacyFile = try RiveFile(data: data, loadCdn: false)
    let viewModel = RiveViewModel(
      RiveModel(riveFile: legacyFile), stateMachineName: nil, autoPlay: false)
    settings.export.audioOutput = directory.appendingPathComponent("legacy.wav").path
    let legacy = try viewModel.record(
      to: directory.appendingPathComponent("legacy.mp4").path, settings: settings)
    for (result, name) in [(current, "current"), (legacy, "legacy")] {
      #expect(result.summary.hasAudioTrack, "\(name)")
      #expect(result.summary.soundCount == 1, "\(name)")
      let mix = try Data(contentsOf: directory.appendingPathComponent("\(name).wav"))
        .withUnsafeBytes { try AudioDecoder.decode($0) }
      let half = Int(0.5 * Double(mix.sampleRate)) * 2
      #expect(mix.samples[..<half].allSatisfy { $0 == 0 }, "\(name): sound before the input")
      #expect(mix.samples[half...].contains { abs($0) > 0.01 }, "\(name): no sound after it")
    }
  }

  @Test("a recording starts at the first frame; a played Rive or view is refused")
  @MainActor
  func playedAlready() async throws {
    let rive = try await Self.rive()
    rive.advance(by: 0.5)
    await #expect(throws: ArtboardFrameError.self) { try await rive.frames(at: [1]) }
    let viewModel = try Self.viewModel()
    let view = viewModel.createRiveView()
    view.advance(delta: 0.25)
    #expect(throws: ArtboardFrameError.self) { try viewModel.frames(at: [1]) }
    var player = try Self.filePlayer()
    #expect(throws: ArtboardFrameError.self) { try player.frames(at: [1, 0.5]) }
  }

  @Test("a script event the API's file cannot take names the script, the event and the input")
  @MainActor
  func scriptErrorsThroughTheAPIs() async throws {
    let script = try InputScript(
      json: Data(#"[{"time": 0.2, "trigger": "go"}]"#.utf8), source: "typo.json")
    let rive = try await Self.rive()
    let viewModel = try Self.viewModel()
    do {
      _ = try await rive.frames(at: [0.5], script: script)
      Issue.record("a boolean input was fired as a trigger")
    } catch {
      #expect(error.code == .inputScript)
      #expect(error.inputScript?.code == .wrongKind)
      #expect(error.description.contains("typo.json: event 1 (at 0.2 s)"), "\(error)")
    }
    do {
      _ = try viewModel.record(
        to: FileManager.default.temporaryDirectory.appendingPathComponent("never.gif").path,
        settings: RecordingSettings(length: .seconds(1), script: script))
      Issue.record("a boolean input was fired as a trigger")
    } catch {
      #expect(error.code == .playback)
      #expect(error.frameIndex == 6)
      #expect(error.description.contains("never.gif: frame 6"), "\(error)")
    }
  }

  @Test("the exporter refuses frames of another size and outputs it cannot write")
  func exporterErrors() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.webp").path
    let exporter = try FrameExporter(output: output, width: 8, height: 8, fps: 10)
    let small = try RasterFrame(width: 8, height: 8, rgba: [UInt8](repeating: 255, count: 256))
    let large = try RasterFrame(width: 9, height: 8, rgba: [UInt8](repeating: 255, count: 288))
    try exporter.append(small)
    #expect(throws: ExportError.self) { try exporter.append(large) }
    do {
      try exporter.append(large)
    } catch {
      #expect(error.code == .invalidFrame)
      #expect(error.frameIndex == 1)
    }
    #expect(try exporter.finish().frameCount == 1)
    #expect(throws: ExportError.self) { try exporter.finish() }
    for (name, code) in [
      ("out.mov", ExportError.Code.unsupportedFormat), ("frames/%d.jpg", .unsupportedFormat),
    ] {
      do {
        _ = try FrameExporter(
          output: directory.appendingPathComponent(name).path, width: 8, height: 8, fps: 10)
        Issue.record("\(name) was opened")
      } catch {
        #expect(error.code == code, "\(error)")
      }
    }
    do {
      _ = try FrameExporter(
        output: directory.appendingPathComponent("odd.webm").path, width: 9, height: 8, fps: 10)
      Issue.record("an odd WebM was opened")
    } catch {
      #expect(error.code == .invalidOption)
      #expect(error.message.contains("even sides"))
    }
    let empty = try FrameExporter(
      output: directory.appendingPathComponent("empty.gif").path, width: 8, height: 8, fps: 10)
    #expect(throws: ExportError.self) { try empty.finish() }
  }

  @Test("sounds are mixed at their times: mono on both channels, resampled, added and clamped")
  func audioMix() {
    var mix = AudioMix(keepsEverything: true)
    // 220 frames of a constant 0.5 at 22,050 Hz, mono (440 frames at 44.1 kHz), and 100
    // frames of 0.75 in stereo at 44.1 kHz, both from 0.1 s.
    let mono = DecodedAudio(
      format: .wav, sampleRate: 22_050, channelCount: 1,
      samples: [Float](repeating: 0.5, count: 220))
    let stereo = DecodedAudio(
      format: .wav, sampleRate: 44_100, channelCount: 2,
      samples: [Float](repeating: 0.75, count: 200))
    mix.add(mono, at: 0.1)
    mix.add(stereo, at: 0.1)
    #expect(mix.takeFinal(upTo: 0.05).allSatisfy { $0 == 0 })
    let samples = mix.takeFinal(upTo: 0.2)
    let start = 4_410 - 2_205
    #expect(samples.count == (8_820 - 2_205) * 2)
    #expect(samples[(start - 1) * 2] == 0)
    // Where both play: 0.5 + 0.75, clamped to 1; then the mono clip alone; then silence.
    #expect(samples[start * 2] == 1 && samples[start * 2 + 1] == 1)
    #expect(samples[(start + 150) * 2] == 0.5 && samples[(start + 150) * 2 + 1] == 0.5)
    #expect(samples[(start + 440) * 2] == 0)
    #expect(mix.everything.count == 8_820 * 2)
    #expect(mix.clips.count == 2)
  }
}
