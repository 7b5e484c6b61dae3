import Foundation
import RiveCore
import RiveExport
import RiveFormat
import RiveFrames
import RiveTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Pipelined exports (frames encoded on the exporter's own thread while the next one is
/// drawn) and encoders on threads of their own: the bytes are those of a serial export on one
/// core, for every format, with sound and without.
@Suite("Export: pipelined and threaded encoding keep the bytes")
struct PipelinedExportTests {
  /// The slide fixture's recording settings: the box slides from 0.3 s, 1.5 s at 10 fps.
  static func settings(pipelined: Bool) throws -> RecordingSettings {
    var settings = RecordingSettings(
      fps: 10, length: .seconds(1.5), script: try RecordingTests.script(), width: 64,
      height: 64, background: 0x8000_40FF)
    settings.export.pipelined = pipelined
    return settings
  }

  /// Every file a recording to `output` wrote (one, or a PNG per frame), in order.
  static func files(_ output: String, frames: Int) throws -> [Data] {
    guard output.contains("%") else { return [try Data(contentsOf: URL(fileURLWithPath: output))] }
    return try (0..<frames).map { index in
      let path = output.replacingOccurrences(of: "%02d", with: String(format: "%02d", index))
      return try Data(contentsOf: URL(fileURLWithPath: path))
    }
  }

  /// Runs `body` on a thread of its own whose threads (and those it starts, the encoders'
  /// among them) may run on the first core only, and waits for it.
  static func onOneCore<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
  ) throws -> Value {
    let result = Locked<Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let pinned = pinToFirstCore()
      let outcome: Result<Value, any Error> =
        pinned ? Result { try body() } : .failure(PinningFailed(errorNumber: errno))
      result.withLock { $0 = outcome }
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    done.wait()
    guard let outcome = result.withLock({ $0 }) else { throw PinningFailed(errorNumber: 0) }
    return try outcome.get()
  }

  struct PinningFailed: Error {
    var errorNumber: Int32
  }

  /// Lets the calling thread (and the threads it starts from now on) run on the first core
  /// only: glibc's `sched_setaffinity`, looked up at run time (Swift's Glibc module leaves out
  /// the GNU extensions).
  static func pinToFirstCore() -> Bool {
    typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity") else {
      return false
    }
    let setAffinity = unsafeBitCast(symbol, to: SetAffinity.self)
    // A 1,024-core mask with the first core alone.
    var mask = [UInt64](repeating: 0, count: 16)
    mask[0] = 1
    return mask.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return false }
      return setAffinity(0, bytes.count, base) == 0
    }
  }

  /// A recording draws every frame on one canvas and (for a video, whose frames are
  /// converted as they are appended) into the pixels of the frame before: its bytes are those
  /// of frames rendered one by one, each on memory of its own, and appended to an exporter.
  @Test("a recorded video has the bytes of frames rendered one by one", arguments: [false, true])
  func recordingEqualsFramesRenderedAlone(pipelined: Bool) throws {
    let directory = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var settings = try Self.settings(pipelined: pipelined)
    // A transparent background: each frame starts from the canvas as the last one left it,
    // cleared (an opaque or translucent one is painted over every pixel).
    settings.background = 0
    let recorded = directory.appendingPathComponent("recorded.mp4").path
    var player = try RecordingTests.filePlayer()
    _ = try player.record(to: recorded, settings: settings)
    var alone = try RecordingTests.filePlayer()
    let frames = try alone.frames(
      at: (0..<15).map { Double($0) / 10 }, script: try RecordingTests.script(), width: 64,
      height: 64, background: settings.background)
    let appended = directory.appendingPathComponent("appended.mp4").path
    let exporter = try FrameExporter(
      output: appended, width: 64, height: 64, fps: 10, options: settings.export)
    for frame in frames { try exporter.append(frame) }
    try exporter.finish()
    let recordedBytes = try Data(contentsOf: URL(fileURLWithPath: recorded))
    #expect(recordedBytes.count > 100)
    #expect(recordedBytes == (try Data(contentsOf: URL(fileURLWithPath: appended))))
  }

  @Test(
    "a pipelined recording writes the bytes of a serial one",
    arguments: ["slide.mp4", "slide.webm", "slide.webp", "slide.gif", "global.gif", "%02d.png"])
  func pipelinedEqualsSerial(_ name: String) throws {
    let directory = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var outputs: [[Data]] = []
    for pipelined in [false, true] {
      let output = directory.appendingPathComponent("\(pipelined)/\(name)").path
      var settings = try Self.settings(pipelined: pipelined)
      if name.hasPrefix("global") { settings.export.gifPalette = .global }
      var player = try RecordingTests.filePlayer()
      let result = try player.record(to: output, settings: settings)
      #expect(result.summary.frameCount == 15)
      outputs.append(try Self.files(output, frames: 15))
    }
    #expect(outputs[0].count == outputs[1].count)
    #expect(outputs[0].allSatisfy { $0.count > 100 }, "\(name): empty output")
    for (index, (serial, pipelined)) in zip(outputs[0], outputs[1]).enumerated() {
      #expect(serial == pipelined, "\(name): file \(index) differs when pipelined")
    }
  }

  /// A video's pipeline holds as many pictures as libx264 takes in before its first frame
  /// comes out (so the caller draws ahead while the encoder fills its lookahead), bounded by
  /// their bytes; the other formats hold two frames of full RGBA; unpipelined, none.
  @Test("a video exporter's pipeline covers the encoder's lookahead, within a memory bound")
  func pipelineDepths() throws {
    let directory = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func depth(_ name: String, _ width: Int, _ height: Int, pipelined: Bool = true) throws -> Int {
      var options = ExportOptions()
      options.pipelined = pipelined
      let exporter = try FrameExporter(
        output: directory.appendingPathComponent(name).path, width: width, height: height,
        fps: 30, options: options)
      return exporter.pipelineFrames
    }
    #expect(FrameExporter.videoPipelineDepth > 40 + 3 + 3, "libx264's lookahead, B-frames, threads")
    #expect(try depth("small.mp4", 64, 64) == FrameExporter.videoPipelineDepth)
    #expect(try depth("hd.mp4", 1920, 1080) == FrameExporter.videoPipelineDepth)
    #expect(try depth("hd.webm", 1920, 1080) == FrameExporter.videoPipelineDepth)
    // 4K: 12,441,600 bytes a picture, 16 of them within the bound.
    #expect(try depth("uhd.mp4", 3840, 2160) == FrameExporter.videoPipelineBytes / 12_441_600)
    #expect(try depth("uhd.mp4", 3840, 2160) * 12_441_600 <= FrameExporter.videoPipelineBytes)
    #expect(try depth("huge.mp4", 8192, 8192) == FrameExporter.pipelineDepth)
    #expect(try depth("hd.webp", 1920, 1080) == FrameExporter.pipelineDepth)
    #expect(try depth("hd.gif", 640, 480) == FrameExporter.pipelineDepth)
    #expect(try depth("frames/%02d.png", 64, 64) == FrameExporter.pipelineDepth)
    #expect(try depth("serial.mp4", 1920, 1080, pipelined: false) == 0)
  }

  /// More frames than the pipeline holds: the caller waits on a full queue, the pictures go
  /// round the pool, and the bytes stay a serial export's.
  @Test(
    "a video of more frames than its pipeline holds writes a serial recording's bytes",
    arguments: ["long.mp4", "long.webm"])
  func longPipelinedEqualsSerial(_ name: String) throws {
    let directory = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var outputs: [Data] = []
    let frames = FrameExporter.videoPipelineDepth + 20
    for pipelined in [false, true] {
      let output = directory.appendingPathComponent("\(pipelined)/\(name)").path
      var settings = try Self.settings(pipelined: pipelined)
      settings.fps = 40
      settings.length = .seconds(Double(frames) / 40)
      var player = try RecordingTests.filePlayer()
      let result = try player.record(to: output, settings: settings)
      #expect(result.summary.frameCount == frames)
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
    }
    #expect(outputs[0].count > 100, "\(name): empty output")
    #expect(outputs[0] == outputs[1], "\(name) differs when pipelined")
  }

  @Test(
    "a video has the same bytes when its encoder and pipeline share one core as on every core",
    arguments: ["slide.mp4", "slide.webm"])
  func oneCoreEqualsEveryCore(_ name: String) throws {
    let directory = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let everyCore = directory.appendingPathComponent("every-\(name)").path
    let oneCore = directory.appendingPathComponent("one-\(name)").path
    var player = try RecordingTests.filePlayer()
    _ = try player.record(to: everyCore, settings: try Self.settings(pipelined: true))
    let settings = try Self.settings(pipelined: true)
    _ = try Self.onOneCore {
      var player = try RecordingTests.filePlayer()
      return try player.record(to: oneCore, settings: settings)
    }
    let a = try Data(contentsOf: URL(fileURLWithPath: everyCore))
    let b = try Data(contentsOf: URL(fileURLWithPath: oneCore))
    #expect(a.count > 1000)
    #expect(a == b, "\(name): \(a.count) bytes on every core, \(b.count) on one")
  }

  @Test("sounds mixed into a pipelined MP4 or WebM, and the WAV file, keep a serial export's bytes")
  func pipelinedAudio() throws {
    let directory = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var player = try RecordingTests.filePlayer()
    let times = (0..<12).map { Double($0) / 12 }
    let frames = try player.frames(at: times, script: try RecordingTests.script())
    // A mono tone at 8 kHz and a stereo one at 48 kHz, resampled into the 44.1 kHz mix.
    let low = DecodedAudio(
      format: .wav, sampleRate: 8000, channelCount: 1,
      samples: (0..<2400).map { Float(sin(Double($0) * 0.3)) * 0.5 })
    let high = DecodedAudio(
      format: .wav, sampleRate: 48000, channelCount: 2,
      samples: (0..<9600).map { Float(sin(Double($0 / 2) * 0.05)) * 0.4 })
    for container in ["mp4", "webm"] {
      var written: [Data] = []
      var mixes: [[Float]] = []
      for pipelined in [false, true] {
        let output = directory.appendingPathComponent("\(pipelined).\(container)").path
        let wav = directory.appendingPathComponent("\(pipelined)-\(container).wav").path
        let exporter = try FrameExporter(
          output: output, width: 100, height: 100, fps: 12,
          options: ExportOptions(audioTrack: true, audioOutput: wav, pipelined: pipelined))
        for (index, frame) in frames.enumerated() {
          if index == 2 { exporter.addAudio(low, at: 0.17, name: "low") }
          if index == 7 { exporter.addAudio(high, at: 0.6, name: "high") }
          try exporter.append(frame)
        }
        let summary = try exporter.finish()
        #expect(summary.hasAudioTrack)
        #expect(summary.soundCount == 2)
        written.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        mixes.append(
          try Data(contentsOf: URL(fileURLWithPath: wav)).withUnsafeBytes {
            try AudioDecoder.decode($0).samples
          })
      }
      #expect(written[0].count > 1000)
      #expect(written[0] == written[1], "\(container): the video differs when pipelined")
      // The WAV files' samples (libsndfile stamps a float WAV's PEAK chunk with the time).
      #expect(mixes[0].count > 44_100, "\(container): \(mixes[0].count) samples")
      #expect(mixes[0] == mixes[1], "\(container): the WAV file differs when pipelined")
    }
  }

  @Test(
    "a frame that cannot be written fails the pipelined export naming that frame",
    arguments: [false, true])
  func failureNamesTheFrame(_ pipelined: Bool) throws {
    let directory = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("frames")
    var player = try RecordingTests.filePlayer()
    let frames = try player.frames(at: [0, 0.1, 0.2, 0.3, 0.4])
    let exporter = try FrameExporter(
      output: folder.appendingPathComponent("%02d.png").path, width: 100, height: 100, fps: 10,
      options: ExportOptions(pipelined: pipelined))
    // The folder the exporter made becomes a file: no frame can be written.
    try FileManager.default.removeItem(at: folder)
    try Data("not a folder".utf8).write(to: folder)
    var failure: ExportError?
    do {
      for frame in frames { try exporter.append(frame) }
      try exporter.finish()
    } catch {
      failure = error
    }
    let error = try #require(failure, "the export succeeded without its folder")
    #expect(error.code == .io)
    #expect(error.frameIndex == 0, "\(error)")
    #expect(error.output.hasSuffix("frames/00.png"), "\(error)")
  }

  @Test("a pipelined video dropped before it is finished stops its thread and leaves no file")
  func droppedExport() throws {
    let directory = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var player = try RecordingTests.filePlayer()
    let frames = try player.frames(at: [0, 0.1, 0.2, 0.3, 0.4, 0.5])
    let output = directory.appendingPathComponent("dropped.mp4").path
    do {
      let exporter = try FrameExporter(output: output, width: 100, height: 100, fps: 10)
      for frame in frames { try exporter.append(frame) }
      #expect(exporter.frameCount == frames.count)
    }
    #expect(!FileManager.default.fileExists(atPath: output))
    // Finishing after the frames: the file is there, with every frame given.
    let kept = directory.appendingPathComponent("kept.mp4").path
    let exporter = try FrameExporter(output: kept, width: 100, height: 100, fps: 10)
    for frame in frames { try exporter.append(frame) }
    #expect(try exporter.finish().frameCount == frames.count)
    #expect(FileManager.default.fileExists(atPath: kept))
  }
}
