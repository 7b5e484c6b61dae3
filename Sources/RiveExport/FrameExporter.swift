import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveRaster

/// Settings of an export beside the frames' size and rate.
public struct ExportOptions: Sendable, Hashable {
  /// How a GIF's palettes are chosen (default: one per frame).
  public var gifPalette: GIFPalette = .perFrame
  /// The opaque colour, `0xAARRGGBB` (alpha ignored), behind frames written to a format
  /// without alpha (MP4, WebM); default white.
  public var matte: UInt32 = 0xFFFF_FFFF
  /// Encoder threads for H.264 and VP9 (0: as many as the encoder likes).
  public var encoderThreads = 0
  /// Whether a video gets an audio track (the mix of ``FrameExporter/addAudio(_:at:name:)``,
  /// silence where nothing plays).
  public var audioTrack = false
  /// A WAV file to write the mix to as well, if any.
  public var audioOutput: String?

  /// Default settings.
  public init(
    gifPalette: GIFPalette = .perFrame, matte: UInt32 = 0xFFFF_FFFF, encoderThreads: Int = 0,
    audioTrack: Bool = false, audioOutput: String? = nil
  ) {
    self.gifPalette = gifPalette
    self.matte = matte
    self.encoderThreads = encoderThreads
    self.audioTrack = audioTrack
    self.audioOutput = audioOutput
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
/// ``ExportOptions/matte``. Not `Sendable`: use one exporter from one thread.
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
  /// Frames written so far.
  public private(set) var frameCount = 0
  private let options: ExportOptions
  private var mix: AudioMix?
  private var video: VideoEncoder?
  private var webp: AnimatedWebPEncoder?
  private var gif: GIFEncoder?
  private var finished = false

  /// The largest frame rate: 120.
  public static let maximumFPS = 120
  /// The largest frame rate of a GIF: 50 (delays are whole hundredths of a second, and
  /// viewers slow down delays under two hundredths).
  public static let maximumGIFFPS = 50

  /// Opens an output.
  ///
  /// - Parameters:
  ///   - output: The file, or a `%d` pattern for PNG frames (its folder is made if missing).
  ///   - width: The frames' width (even for MP4 and WebM, whose 4:2:0 chroma is halved).
  ///   - height: The frames' height (even for MP4 and WebM).
  ///   - fps: Frames per second, 1 to ``maximumFPS`` (``maximumGIFFPS`` for GIF).
  ///   - options: Palette, matte, threads, audio.
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

  /// Writes the next frame.
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
    do throws(ExportError) {
      switch format {
      case .mp4, .webm:
        try video?.append(Self.flatten(frame.rgba, over: options.matte))
        if let samples = mix?.takeFinal(upTo: Double(frameCount) / Double(fps)) {
          try video?.appendAudio(samples)
        }
      case .webp:
        try webp?.append(frame.rgba)
      case .gif:
        try gif?.append(frame.rgba)
      case .pngSequence(let pattern):
        let path = ExportFormat.sequencePath(pattern, index: frameCount)
        do {
          try frame.pngData().write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
          throw ExportError(.io, output: path, message: "cannot write: \(error)")
        }
      }
    } catch {
      var located = error
      if located.frameIndex == nil { located.frameIndex = frameCount }
      throw located
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

  /// Finishes the output: flushes the encoders, writes the index or the file, and the WAV
  /// file when asked.
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
    let end = Double(frameCount) / Double(fps)
    if let samples = mix?.takeFinal(upTo: end) { try video?.appendAudio(samples) }
    try video?.finish()
    try webp?.finish()
    try gif?.finish()
    if let path = options.audioOutput, let mix {
      try WAVWriter.write(mix.everything, to: path)
    }
    return ExportSummary(
      output: output, format: format, frameCount: frameCount, width: width, height: height,
      fps: fps, hasAudioTrack: format.carriesAudio && options.audioTrack,
      soundCount: mix?.clips.count ?? 0, audioOutput: options.audioOutput)
  }

  /// Straight RGBA drawn over an opaque colour (`0xAARRGGBB`, alpha ignored).
  static func flatten(_ rgba: [UInt8], over matte: UInt32) -> [UInt8] {
    let background = [
      UInt32((matte >> 16) & 0xFF), UInt32((matte >> 8) & 0xFF), UInt32(matte & 0xFF),
    ]
    var out = rgba
    out.withUnsafeMutableBufferPointer { pixels in
      var index = 0
      while index < pixels.count {
        let alpha = UInt32(pixels[index + 3])
        if alpha != 255 {
          for channel in 0..<3 {
            let value =
              UInt32(pixels[index + channel]) * alpha + background[channel] * (255 - alpha)
            pixels[index + channel] = UInt8((value + 127) / 255)
          }
          pixels[index + 3] = 255
        }
        index += 4
      }
    }
    return out
  }
}
