import Foundation
import RiveCore
import RiveFormat
import RiveFrames

/// Settings of an export beside the frames' size and rate.
public struct ExportOptions: Sendable, Hashable {
  /// How a GIF's palettes are chosen (default: one per frame).
  public var gifPalette: GIFPalette = .perFrame
  /// The opaque colour, `0xAARRGGBB` (alpha ignored), behind frames written to a format
  /// without alpha (MP4, WebM); default white.
  public var matte: UInt32 = 0xFFFF_FFFF
  /// Encoder threads for H.264 and VP9. 0 (the default) is a fixed count, 3 frame threads for
  /// libx264 and 2 threads for libvpx-vp9, so that a video has the same bytes on every machine;
  /// a video's bytes depend on the count (at most 16 are used).
  public var encoderThreads = 0
  /// Whether frames are encoded on a thread of the exporter's own while the caller draws the
  /// next ones (default true; ``FrameExporter/pipelineFrames`` ahead at most). The bytes
  /// written are the same either way.
  public var pipelined = true
  /// Whether a video gets an audio track (the mix of ``FrameExporter/addAudio(_:at:name:)``,
  /// silence where nothing plays).
  public var audioTrack = false
  /// A WAV file to write the mix to as well, if any.
  public var audioOutput: String?

  /// Default settings.
  public init(
    gifPalette: GIFPalette = .perFrame, matte: UInt32 = 0xFFFF_FFFF, encoderThreads: Int = 0,
    audioTrack: Bool = false, audioOutput: String? = nil, pipelined: Bool = true
  ) {
    self.gifPalette = gifPalette
    self.matte = matte
    self.encoderThreads = encoderThreads
    self.audioTrack = audioTrack
    self.audioOutput = audioOutput
    self.pipelined = pipelined
  }
}

/// What an export wrote.
public struct ExportSummary: Sendable, Hashable, CustomStringConvertible {
  /// The output file (or pattern).
  public var output: String
  /// The format written.
  public var format: ExportFormat
  /// Frames written.
  public var frameCount: Int
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// Frames per second.
  public var fps: Int
  /// Whether the output has an audio track.
  public var hasAudioTrack: Bool
  /// How many sounds were mixed in.
  public var soundCount: Int
  /// The WAV file written, if any.
  public var audioOutput: String?

  /// The length in seconds: ``frameCount`` / ``fps``.
  public var duration: Double { fps > 0 ? Double(frameCount) / Double(fps) : 0 }

  /// `out.mp4: MP4 (H.264, AAC), 90 frames 640×360 at 30 fps (3 s), audio: 2 sounds`.
  public var description: String {
    let kind: String
    switch format {
    case .mp4 where !hasAudioTrack: kind = "MP4 (H.264)"
    case .webm where !hasAudioTrack: kind = "WebM (VP9)"
    default: kind = format.description
    }
    var text =
      "\(output): \(kind), \(frameCount) frame\(frameCount == 1 ? "" : "s") "
      + "\(width)×\(height) at \(fps) fps (\(Self.seconds(duration)) s)"
    if hasAudioTrack || audioOutput != nil {
      text += ", audio: \(soundCount) sound\(soundCount == 1 ? "" : "s")"
    }
    if let audioOutput { text += " (\(audioOutput))" }
    return text
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.3g", value)
  }
}

/// Writes frames of one size as a video, an animated image or a PNG sequence, chosen by the
/// output's name (``ExportFormat``), with the sounds given mixed into the audio track (and a
/// WAV file when asked).
///
/// Frames are straight RGBA (`RasterFrame`); for formats without alpha they are drawn over
/// ``ExportOptions/matte``. With ``ExportOptions/pipelined`` (the default) the frames are
/// encoded on a thread of the exporter's own, at most ``pipelineFrames`` frames behind the
/// caller, so that the caller draws the next frames while the last ones encode; the bytes
/// written are the same as without. Not `Sendable`: use one exporter from one thread.
public final class FrameExporter {
  /// The output file (or pattern).
  public let output: String
  /// The format written.
  public let format: ExportFormat
  /// The frames' width.
  public let width: Int
  /// The frames' height.
  public let height: Int
  /// Frames per second.
  public let fps: Int
  /// Frames given so far (a pipelined exporter may still be encoding the last of them).
  public private(set) var frameCount = 0
  private let options: ExportOptions
  private var mix: AudioMix?
  /// The encoders, used on this thread, or by `pipeline`'s thread while there is one.
  private let encoders: FrameEncoders
  /// A video's conversion to 4:2:0, on this thread (the pipeline's thread only encodes).
  private let converter: VideoPictureConverter?
  private var pipeline: EncodingPipeline?
  private var finished = false

  /// The largest frame rate: 120.
  public static let maximumFPS = 120
  /// The largest frame rate of a GIF: 50 (delays are whole hundredths of a second, and
  /// viewers slow down delays under two hundredths).
  public static let maximumGIFFPS = 50
  /// How many frames a pipelined exporter of PNG frames, WebP or GIF holds that it has not
  /// encoded yet, at most: one waiting while another encodes (their encoders hold no frames
  /// of their own, and the frames wait as full RGBA).
  public static let pipelineDepth = 2
  /// How many 4:2:0 pictures a pipelined MP4 or WebM exporter holds that it has not encoded
  /// yet, at most (fewer where they would pass ``videoPipelineBytes``): as many as the
  /// encoder takes in before its first frame comes out — libx264 at preset medium looks 40
  /// frames ahead and holds its B-frames and one frame a frame thread besides, libvpx 25 —
  /// so that while the encoder fills its lookahead (the encoder's thread copying every new
  /// frame into memory the system has not handed out yet, its other threads idle) the caller
  /// plays, draws and converts the frames after on the other cores instead of waiting.
  public static let videoPipelineDepth = 48
  /// The most bytes of 4:2:0 pictures a pipelined video exporter holds that it has not
  /// encoded yet (a 1080p picture is 3 MiB, so 1080p is held ``videoPipelineDepth`` deep, 4K
  /// 16 deep, and no size less than ``pipelineDepth``).
  public static let videoPipelineBytes = 192 << 20
  /// How many frames this exporter holds that it has not encoded yet, at most: for a video,
  /// ``videoPipelineDepth`` bounded by ``videoPipelineBytes``, for the other formats
  /// ``pipelineDepth``; 0 when it is not pipelined (``ExportOptions/pipelined``).
  public let pipelineFrames: Int

  /// Opens an output.
  ///
  /// - Parameters:
  ///   - output: The file, or a `%d` pattern for PNG frames (its folder is made if missing).
  ///   - width: The frames' width (even for MP4 and WebM, whose 4:2:0 chroma is halved).
  ///   - height: The frames' height (even for MP4 and WebM).
  ///   - fps: Frames per second, 1 to ``maximumFPS`` (``maximumGIFFPS`` for GIF).
  ///   - options: Palette, matte, threads, pipelining, audio.
  /// - Throws: ``ExportError``: `unsupportedFormat` for an unknown extension, `invalidOption`
  ///   for a size or rate out of range (naming it), `encoder` or `io` when the output cannot
  ///   be opened.
  public init(
    output: String, width: Int, height: Int, fps: Int, options: ExportOptions = ExportOptions()
  ) throws(ExportError) {
    let format = try ExportFormat(path: output)
    self.output = output
    self.format = format
    self.width = width
    self.height = height
    self.fps = fps
    self.options = options
    let limit = RasterLimits.default.maximumDimension
    guard (1...limit).contains(width), (1...limit).contains(height) else {
      throw ExportError(
        .invalidOption, output: output,
        message: "the size \(width)×\(height) is outside 1 to \(limit) a side")
    }
    let fpsLimit = format == .gif ? Self.maximumGIFFPS : Self.maximumFPS
    guard (1...fpsLimit).contains(fps) else {
      throw ExportError(
        .invalidOption, output: output,
        message: "\(fps) frames per second is outside 1 to \(fpsLimit) for \(format)")
    }
    if !format.keepsAlpha,
      !width.isMultiple(of: 2) || !height.isMultiple(of: 2) || width < 2
        || height < 2
    {
      throw ExportError(
        .invalidOption, output: output,
        message: "\(format) needs even sides (4:2:0 chroma), found \(width)×\(height)")
    }
    if options.audioTrack || options.audioOutput != nil {
      mix = AudioMix(keepsEverything: options.audioOutput != nil)
    }
    try Self.makeFolder(for: format, output: output)
    encoders = try FrameEncoders(
      output: output, format: format, width: width, height: height, fps: fps, options: options)
    let depth =
      options.pipelined ? Self.pipelineFrames(for: format, width: width, height: height) : 0
    pipelineFrames = depth
    switch format {
    case .mp4, .webm:
      // One picture converting and one encoding beside those waiting, reused.
      converter = try VideoPictureConverter(
        output: output, width: width, height: height, keeping: max(depth, 1) + 2)
    case .webp, .gif, .pngSequence:
      converter = nil
    }
    if depth > 0 {
      pipeline = EncodingPipeline(encoders: encoders, depth: depth)
    }
  }

  deinit {
    // An export left unfinished: the frames not encoded yet are dropped, and the encoders
    // (which remove a partial video) go once the thread has stopped.
    pipeline?.stop(discarding: true)
  }

  /// The pipeline depth of a pipelined exporter of `format` at `width` × `height`
  /// (``pipelineFrames``).
  static func pipelineFrames(for format: ExportFormat, width: Int, height: Int) -> Int {
    switch format {
    case .mp4, .webm:
      // A 4:2:0 picture: a byte a pixel of luma, a quarter of that for each chroma plane.
      let pictureBytes = max(1, width * height * 3 / 2)
      return min(
        Self.videoPipelineDepth, max(Self.pipelineDepth, Self.videoPipelineBytes / pictureBytes))
    case .webp, .gif, .pngSequence:
      return Self.pipelineDepth
    }
  }

  private static func makeFolder(for format: ExportFormat, output: String) throws(ExportError) {
    let folder = URL(fileURLWithPath: output).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw ExportError(
        .io, output: output,
        message: "cannot make the folder \(folder.path): \(error.localizedDescription)")
    }
  }

  /// Whether an appended frame's pixels stay in use after ``append(_:)`` returns (queued for
  /// an encoder or kept for a palette); a video's are converted before it returns.
  var keepsFrames: Bool { converter == nil }

  /// Writes the next frame.
  ///
  /// A pipelined exporter hands the frame to its thread and returns (waiting while
  /// ``pipelineFrames`` frames are ahead of it); an error of an earlier frame's encoding is
  /// thrown here, by the next call, or by ``finish()``, naming that frame.
  ///
  /// - Parameter frame: A frame of the exporter's size.
  /// - Throws: ``ExportError``: `invalidFrame` for a frame of another size, `encoder` or `io`
  ///   naming the frame.
  public func append(_ frame: RasterFrame) throws(ExportError) {
    guard !finished else {
      throw ExportError(.invalidFrame, output: output, message: "the export is finished")
    }
    guard frame.width == width, frame.height == height else {
      throw ExportError(
        .invalidFrame, output: output, frameIndex: frameCount,
        message: "the frame is \(frame.width)×\(frame.height), the export \(width)×\(height)")
    }
    // The audio up to this frame's start is mixed here, where the sounds are added, and
    // encoded after the frame, as the muxer has always received them.
    let audio = format.carriesAudio ? mix?.takeFinal(upTo: Double(frameCount) / Double(fps)) : nil
    var job = FrameEncoders.Job(frame: frame, audio: audio, index: frameCount)
    if let converter {
      // Converted here, while the pipeline's thread encodes the frame before.
      do throws(ExportError) {
        job.picture = try converter.convert(frame.rgba, over: options.matte)
        // The encoder needs only the picture: the pixels go now, not when the frame is encoded.
        job.frame = nil
      } catch {
        var located = error
        located.frameIndex = frameCount
        throw located
      }
    }
    if let pipeline {
      try pipeline.submit(job)
    } else {
      try encoders.write(job)
    }
    frameCount += 1
  }

  /// Mixes a sound into the audio track from `time` seconds on (ignored without audio).
  ///
  /// - Parameters:
  ///   - clip: The decoded audio.
  ///   - time: Seconds from the first frame; sounds must be added in the order they start and
  ///     no earlier than the last frame written.
  ///   - name: What played it, for the summary.
  public func addAudio(_ clip: DecodedAudio, at time: Double, name: String = "") {
    mix?.add(clip, at: time, name: name)
  }

  /// Finishes the output: waits for the frames still encoding, flushes the encoders, writes
  /// the index or the file, and the WAV file when asked.
  ///
  /// - Returns: What was written.
  /// - Throws: ``ExportError``, `invalidFrame` when no frame was written.
  @discardableResult
  public func finish() throws(ExportError) -> ExportSummary {
    guard !finished else {
      throw ExportError(.invalidFrame, output: output, message: "the export is finished")
    }
    guard frameCount > 0 else {
      throw ExportError(.invalidFrame, output: output, message: "no frame was written")
    }
    finished = true
    if let pipeline {
      self.pipeline = nil
      if let failure = pipeline.stop(discarding: false) { throw failure }
    }
    let end = Double(frameCount) / Double(fps)
    // Taken for every format: the WAV file keeps what is taken.
    let samples = mix?.takeFinal(upTo: end)
    try encoders.finish(audio: samples)
    if let path = options.audioOutput, let mix {
      try WAVWriter.write(mix.everything, to: path)
    }
    return ExportSummary(
      output: output, format: format, frameCount: frameCount, width: width, height: height,
      fps: fps, hasAudioTrack: format.carriesAudio && options.audioTrack,
      soundCount: mix?.clips.count ?? 0, audioOutput: options.audioOutput)
  }

  /// Straight RGBA drawn over an opaque colour (`0xAARRGGBB`, alpha ignored), written to
  /// `target` (as many bytes as `source`): each channel `(value · α + matte · (255 − α) +
  /// 127) / 255`, alpha 255.
  ///
  /// Opaque and clear pixels (most of a frame) take no arithmetic, eight at a time: bytes one
  /// by one made this a seventh of a 1080p recording's time.
  static func flatten(
    _ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt8>,
    over matte: UInt32
  ) {
    guard let base = source.baseAddress else { return }
    let input = UnsafeRawPointer(base)
    let output = UnsafeMutableRawPointer(target)
    let red = (matte >> 16) & 0xFF
    let green = (matte >> 8) & 0xFF
    let blue = matte & 0xFF
    let clearWord = (red | green << 8 | blue << 16 | 0xFF00_0000).littleEndian
    let pixels = source.count / 4
    var pixel = 0
    // Eight pixels at a time while they are all opaque (copied) or all clear (the matte);
    // any other run pixel by pixel.
    while isLittleEndian, pixel &+ 8 <= pixels {
      let offset = pixel &* 4
      let words = input.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
      let alphas = words &>> 24
      if alphas == SIMD8(repeating: 255) {
        output.storeBytes(of: words, toByteOffset: offset, as: SIMD8<UInt32>.self)
      } else if alphas == SIMD8(repeating: 0) {
        output.storeBytes(
          of: SIMD8(repeating: clearWord), toByteOffset: offset, as: SIMD8<UInt32>.self)
      } else {
        for index in pixel..<pixel &+ 8 {
          flattenPixel(input, output, index, red: red, green: green, blue: blue)
        }
      }
      pixel &+= 8
    }
    while pixel < pixels {
      flattenPixel(input, output, pixel, red: red, green: green, blue: blue)
      pixel &+= 1
    }
  }

  /// Whether words are stored least significant byte first (every Linux target Swift has).
  private static let isLittleEndian = UInt32(1).littleEndian == 1

  /// Pixel `index` of straight RGBA flattened over the matte's channels.
  @inline(__always)
  private static func flattenPixel(
    _ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, _ index: Int,
    red: UInt32, green: UInt32, blue: UInt32
  ) {
    let offset = index &* 4
    let word = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    let alpha = word >> 24
    let flat: UInt32
    if alpha == 255 {
      flat = word
    } else if alpha == 0 {
      flat = red | green << 8 | blue << 16 | 0xFF00_0000
    } else {
      let clear = 255 - alpha
      let r = ((word & 0xFF) * alpha + red * clear + 127) / 255
      let g = ((word >> 8 & 0xFF) * alpha + green * clear + 127) / 255
      let b = ((word >> 16 & 0xFF) * alpha + blue * clear + 127) / 255
      flat = r | g << 8 | b << 16 | 0xFF00_0000
    }
    output.storeBytes(of: flat.littleEndian, toByteOffset: offset, as: UInt32.self)
  }
}

/// The encoders of one export, for one format, and the frame buffer they reuse.
///
/// Not `Sendable`: used by one thread at a time (the exporter's caller, or its pipeline's
/// thread while that runs; the pipeline's lock orders the hand-overs).
final class FrameEncoders {
  /// One frame to encode: its pixels (for a video, converted: `picture`, and no pixels), the
  /// audio mixed up to its start (nil: none), its index.
  struct Job: Sendable {
    var frame: RasterFrame?
    var audio: [Float]?
    var index: Int
    var picture: VideoPicture?
  }

  private let output: String
  private let format: ExportFormat
  private var video: VideoEncoder?
  private var webp: AnimatedWebPEncoder?
  private var gif: GIFEncoder?

  init(
    output: String, format: ExportFormat, width: Int, height: Int, fps: Int,
    options: ExportOptions
  ) throws(ExportError) {
    self.output = output
    self.format = format
    switch format {
    case .mp4, .webm:
      video = try VideoEncoder(
        output: output, container: format == .mp4 ? .mp4 : .webm, width: width, height: height,
        fps: fps, hasAudio: options.audioTrack, threads: options.encoderThreads)
    case .webp:
      webp = try AnimatedWebPEncoder(output: output, width: width, height: height, fps: fps)
    case .gif:
      gif = try GIFEncoder(
        output: output, width: width, height: height, fps: fps, palette: options.gifPalette)
    case .pngSequence:
      break
    }
  }

  /// Encodes one frame, then its audio.
  ///
  /// - Throws: ``ExportError`` naming the frame.
  func write(_ job: Job) throws(ExportError) {
    do throws(ExportError) {
      switch format {
      case .mp4, .webm:
        guard let picture = job.picture else { throw missing(job) }
        try video?.append(picture)
        if let samples = job.audio { try video?.appendAudio(samples) }
      case .webp:
        try webp?.append(try pixels(of: job))
      case .gif:
        try gif?.append(try pixels(of: job))
      case .pngSequence(let pattern):
        let path = ExportFormat.sequencePath(pattern, index: job.index)
        guard let frame = job.frame else { throw missing(job) }
        do {
          try frame.pngData().write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
          throw ExportError(.io, output: path, message: "cannot write: \(error)")
        }
      }
    } catch {
      var located = error
      if located.frameIndex == nil { located.frameIndex = job.index }
      throw located
    }
  }

  /// The pixels of `job` (every format's but a video's, which has its picture instead).
  private func pixels(of job: Job) throws(ExportError) -> [UInt8] {
    guard let frame = job.frame else { throw missing(job) }
    return frame.rgba
  }

  /// The error for a job without what its format encodes (a defect of the exporter's).
  private func missing(_ job: Job) -> ExportError {
    ExportError(
      .encoder, output: output, frameIndex: job.index,
      message: "frame \(job.index) reached the encoder without its \(format) data")
  }

  /// Encodes the last audio, flushes the encoders and writes the file.
  func finish(audio: [Float]?) throws(ExportError) {
    if let audio { try video?.appendAudio(audio) }
    try video?.finish()
    try webp?.finish()
    try gif?.finish()
  }
}
