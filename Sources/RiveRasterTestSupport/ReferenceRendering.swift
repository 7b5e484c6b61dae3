import Foundation
import RiveCore
import RiveFormat
import RiveFrames

/// Renders reference draw streams to pixels, independently of the package's engine: the
/// recorded operations go straight to the rasteriser.
///
/// This is one side of the pixel test of the engine (PSNR of the engine's frame against the
/// reference stream's frame, both through ``Rasterizer``).
public enum ReferenceRendering {
  /// The shared folders beside the project root, found from this file's location.
  public static let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared/corpus`.
  public static let corpusDirectory = projectRoot.appendingPathComponent("../shared/corpus")
    .standardizedFileURL

  /// `../shared/reference/draw`.
  public static let streamDirectory = projectRoot.appendingPathComponent(
    "../shared/reference/draw"
  ).standardizedFileURL

  /// Whether both folders are present.
  public static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: corpusDirectory.path)
      && FileManager.default.fileExists(atPath: streamDirectory.path)
  }

  /// The stream file names (`<file>.riv.json`), sorted.
  public static func streamNames(in directory: URL = streamDirectory) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".riv.json") }.sorted()
  }

  /// Loads a stream and the images of its `.riv` file.
  ///
  /// - Parameters:
  ///   - name: The stream's file name, `<file>.riv.json`.
  ///   - streams: The folder of streams.
  ///   - corpus: The folder of `.riv` files.
  /// - Returns: The stream and its images, ready for the rasteriser.
  /// - Throws: What reading the stream, the `.riv` file or preparing the images throws.
  public static func load(
    _ name: String, streams: URL = streamDirectory, corpus: URL = corpusDirectory
  ) throws -> (stream: ReferenceDrawStream, images: RasterImages) {
    let stream = try ReferenceDrawStream(contentsOf: streams.appendingPathComponent(name))
    guard !stream.images.isEmpty else { return (stream, RasterImages()) }
    let decoded = try ReferenceImages.decodeOrder(
      ofFileAt: corpus.appendingPathComponent(stream.file))
    return (stream, try RasterImages(decodeOrder: decoded))
  }

  /// Renders one frame of a stream.
  ///
  /// - Parameters:
  ///   - stream: The stream.
  ///   - frame: `0` or `30`.
  ///   - images: The file's images, in decode order.
  ///   - size: The output size; nil renders at the artboard's own size (rounded up), with no
  ///     fit transform.
  ///   - fit: How the artboard fits the output (with ``FrameAlignment/center``).
  ///   - background: The colour behind the artboard, `0xAARRGGBB`.
  /// - Returns: The frame.
  /// - Throws: ``ReferenceStreamError`` when the stream has no such frame or no artboard,
  ///   `RasterError` from the rasteriser.
  public static func render(
    _ stream: ReferenceDrawStream, frame: Int, images: RasterImages,
    size: (width: Int, height: Int)? = nil, fit: FrameFit = .contain, background: UInt32 = 0
  ) throws -> RasterFrame {
    guard stream.isDrawable, let list = stream.frames[frame] else {
      throw ReferenceStreamError(file: stream.file, problem: "has no drawable frame \(frame)")
    }
    guard let size else {
      return try Rasterizer.render(
        list, width: Int(stream.width.rounded(.up)), height: Int(stream.height.rounded(.up)),
        background: background, images: images)
    }
    let (width, height) = size
    return try Rasterizer.render(
      list, artboard: FrameRect(width: stream.width, height: stream.height), width: width,
      height: height, fit: fit, background: background, images: images)
  }

  /// The PSNR a frame must reach against its reference rendering (the threshold).
  public static let requiredPSNR = 40.0

  /// Compares a display list made by the package's engine with the reference stream's frame,
  /// both rasterised at the artboard's own size: the pixel test of the engine.
  ///
  /// - Parameters:
  ///   - list: The engine's display list for the frame.
  ///   - stream: The reference stream of the same file.
  ///   - frame: `0` or `30`.
  ///   - images: The file's images, in decode order.
  /// - Returns: The difference (PSNR, largest channel difference, differing pixels).
  /// - Throws: What ``render(_:frame:images:size:fit:background:)`` throws.
  public static func difference(
    of list: DisplayList, from stream: ReferenceDrawStream, frame: Int, images: RasterImages
  ) throws -> FrameDifference {
    let reference = try render(stream, frame: frame, images: images)
    var engine = stream
    engine.frames[frame] = list
    return try render(engine, frame: frame, images: images).difference(from: reference)
  }
}
