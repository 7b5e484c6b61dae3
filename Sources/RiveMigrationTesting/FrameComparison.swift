import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveFrames
import RiveLegacy
import RiveNetworking

/// The frames the legacy and the current path draw for one file at the same times, and how far
/// apart they are.
///
/// Made by ``SideBySide/compareFrames(data:name:legacyLoader:loadCdn:downloader:assetTimeout:current:times:width:height:)``.
/// Frames are equal when both paths resolve the same images and play the same state machine;
/// ``largestDifference`` is the largest difference of one channel of one premultiplied pixel
/// over all times (0 to 255), and every time that differs keeps a picture of where
/// (``Sample/differenceImage``, see `RasterFrame.differenceImage(from:)`).
public struct FrameComparison: Sendable, CustomStringConvertible {
  /// The two frames at one time.
  public struct Sample: Sendable {
    /// Seconds played.
    public var time: Double
    /// The legacy path's frame (`RiveView.snapshot`).
    public var legacy: RiveFrame
    /// The current path's frame (`Rive.renderFrame`).
    public var current: RiveFrame
    /// PSNR, largest channel difference and differing pixel count.
    public var difference: FrameDifference
    /// Where the frames differ (red, brighter for larger differences, over a faded copy of the
    /// legacy frame); nil when they are identical.
    public var differenceImage: RasterFrame?
  }

  /// The file's name.
  public var subject: String
  /// The state machine both paths played.
  public var stateMachine: String
  /// One sample per time, in order.
  public var samples: [Sample]

  /// The largest per-pixel channel difference over every sample (0 when all are identical).
  public var largestDifference: Int {
    samples.map(\.difference.maximumChannelDifference).max() ?? 0
  }

  /// Whether every pair of frames is pixel for pixel the same.
  public var isIdentical: Bool { largestDifference == 0 }

  /// Whether no channel of any pixel differs by more than `tolerance`.
  public func isWithin(tolerance: Int) -> Bool { largestDifference <= tolerance }

  /// Writes, for every time whose frames differ, the legacy frame, the current frame and the
  /// difference picture as PNG files into `directory` (made if missing):
  /// `<subject>-<time>s-legacy.png`, `-current.png` and `-difference.png`.
  ///
  /// - Parameter directory: Where to write.
  /// - Returns: The files written (none when the frames are identical).
  /// - Throws: `RasterError` when a PNG cannot be encoded, Foundation's error when a file
  ///   cannot be written.
  @discardableResult
  public func writeDifferences(to directory: URL) throws -> [URL] {
    var written: [URL] = []
    let stem = subject.replacingOccurrences(of: "/", with: "_")
    for sample in samples {
      guard let picture = sample.differenceImage else { continue }
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let prefix = "\(stem)-\(String(format: "%g", sample.time))s"
      for (suffix, frame) in [
        ("legacy", sample.legacy.raster), ("current", sample.current.raster),
        ("difference", picture),
      ] {
        let url = directory.appendingPathComponent("\(prefix)-\(suffix).png")
        try frame.pngData().write(to: url)
        written.append(url)
      }
    }
    return written
  }

  public var description: String {
    var lines = [
      "\(subject) (state machine \"\(stateMachine)\"): largest pixel difference "
        + "\(largestDifference) over \(samples.count) frame\(samples.count == 1 ? "" : "s")"
    ]
    for sample in samples {
      let difference = sample.difference
      let psnr =
        difference.psnr.isInfinite ? "identical" : String(format: "%.1f dB", difference.psnr)
      lines.append(
        "  \(String(format: "%g", sample.time)) s: \(sample.current.width)×"
          + "\(sample.current.height), largest \(difference.maximumChannelDifference), "
          + "\(difference.differingPixelCount) pixels differ, \(psnr)")
    }
    return lines.joined(separator: "\n")
  }
}

/// Why frames could not be compared.
public struct FrameComparisonError: CodedError, Sendable {
  /// The category: frames that cannot be compared. It wraps a private enumeration, so a code
  /// added later does not break callers that compare with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable { case notComparable }

    private let value: Value

    private init(_ value: Value) { self.value = value }

    /// A frame could not be drawn or read, or the two frames cannot be compared.
    public static var notComparable: Self { Self(.notComparable) }

    public var description: String { value.rawValue }
  }

  /// ``Code/notComparable``.
  public var code: Code { .notComparable }
  /// The ``subject``.
  public var place: String? { subject }
  /// The file's name.
  public var subject: String
  /// What went wrong, and on which path.
  public var message: String

  public var description: String { "\(subject): \(message)" }
}

extension SideBySide {
  /// Loads one file through the legacy path and the current path, plays both to each of
  /// `times` and compares the frames they draw.
  ///
  /// The legacy path is `RiveFile` with `legacyLoader`, a `RiveViewModel` playing its default
  /// state machine (else state machine 0) and the view's `snapshot`; the current path is a
  /// `Rive` on the same state machine, with assets from the adapter or your ported
  /// registration code, and `renderFrame`. Both advance by the same deltas: 0 s first (the
  /// legacy view does when its model is set), then to each time in one step.
  ///
  /// - Parameters:
  ///   - data: The `.riv` file's bytes.
  ///   - name: The file's name, for messages.
  ///   - legacyLoader: The legacy `customLoader` closure.
  ///   - loadCdn: The legacy `loadCdn` flag (also used by the adapter path).
  ///   - downloader: How hosted assets are fetched on both paths.
  ///   - assetTimeout: How long to wait for legacy CDN downloads.
  ///   - current: The current path: the adapter, or your ported registration code.
  ///   - times: The times to compare, in seconds, ascending (default: 0, 0.5 and 1).
  ///   - width: The frames' width; nil is the artboard's width.
  ///   - height: The frames' height; nil is the artboard's height.
  /// - Returns: The comparison, time by time.
  /// - Throws: ``FrameComparisonError`` when the artboard has no state machine for both paths
  ///   to play, or a frame cannot be drawn (naming the path); the paths' loading errors.
  @MainActor
  public static func compareFrames(
    data: Data, name: String, legacyLoader: @escaping LoadAsset, loadCdn: Bool = false,
    downloader: AssetDownloader = AssetDownloader(), assetTimeout: TimeInterval = 30,
    current: CurrentPath = .adapter, times: [Double] = [0, 0.5, 1], width: Int? = nil,
    height: Int? = nil
  ) async throws -> FrameComparison {
    guard times.allSatisfy({ $0.isFinite && $0 >= 0 }), times == times.sorted() else {
      throw FrameComparisonError(
        subject: name, message: "times must be finite, at least 0 and ascending: \(times)")
    }
    // Legacy: the loader runs inside the initializer, before the current path calls it.
    let legacyFile = try RiveFile(
      data: data, loadCdn: loadCdn, customAssetLoader: legacyLoader, assetDownloader: downloader)
    _ = await legacyFile.waitForAssets(timeout: assetTimeout)
    let viewModel = RiveViewModel(
      RiveModel(riveFile: legacyFile), stateMachineName: nil, autoPlay: false)
    guard let machine = viewModel.riveModel?.stateMachine?.name() else {
      throw FrameComparisonError(
        subject: name,
        message: "the legacy view model plays no state machine"
          + (viewModel.loadError.map { " (\($0))" } ?? "")
          + "; the current API plays state machines only")
    }
    let view = viewModel.createRiveView()

    let worker = try await Worker()
    let file: File
    switch current {
    case .adapter:
      let adapter = LegacyLoaderAdapter(worker: worker, loadCdn: loadCdn, downloader: downloader)
      file = try await adapter.load(.data(data), loader: legacyLoader).file
    case .ported(let register):
      file = try await File(source: .data(data), worker: worker)
      try await register(worker, file)
    }
    let artboard = try await file.createArtboard()
    let rive = try await Rive(
      file: file, artboard: artboard, stateMachine: try await artboard.createStateMachine(machine),
      dataBind: .none)

    // The legacy view advanced by 0 s when its model was set (not auto-playing, as upstream's
    // view does); the current path takes the same first advance.
    rive.stateMachine.advance(by: 0)

    var samples: [FrameComparison.Sample] = []
    var played = 0.0
    for time in times {
      let delta = time - played
      if delta > 0 {
        view.advance(delta: delta)
        rive.stateMachine.advance(by: delta)
        played = time
      }
      let legacyFrame: RiveFrame
      let currentFrame: RiveFrame
      do {
        legacyFrame = try view.snapshot(width: width, height: height)
      } catch {
        throw FrameComparisonError(subject: name, message: "legacy frame at \(time) s: \(error)")
      }
      do {
        currentFrame = try await rive.renderFrame(width: width, height: height)
      } catch {
        throw FrameComparisonError(subject: name, message: "current frame at \(time) s: \(error)")
      }
      do throws(RasterError) {
        let difference = try legacyFrame.raster.difference(from: currentFrame.raster)
        let picture =
          difference.differingPixelCount == 0
          ? nil : try legacyFrame.raster.differenceImage(from: currentFrame.raster)
        samples.append(
          FrameComparison.Sample(
            time: time, legacy: legacyFrame, current: currentFrame, difference: difference,
            differenceImage: picture))
      } catch {
        throw FrameComparisonError(subject: name, message: "at \(time) s: \(error)")
      }
    }
    return FrameComparison(subject: name, stateMachine: machine, samples: samples)
  }
}
