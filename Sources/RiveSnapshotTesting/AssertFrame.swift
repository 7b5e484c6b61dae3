import Foundation
import RiveConcurrency
import RiveCore
import RiveExport
import RiveFormat
import RiveFrames
import RiveLegacy

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// A moment of an animation: seconds from the first frame, or a frame at 60 a second (frame N
/// follows N steps of 1/60 s, as `rive-assets render --frame N`). A number literal is seconds.
public enum SnapshotTime: Sendable, Hashable, ExpressibleByFloatLiteral,
  ExpressibleByIntegerLiteral, CustomStringConvertible
{
  case seconds(Double)
  case frame(Int)

  public init(floatLiteral value: Double) { self = .seconds(value) }
  public init(integerLiteral value: Int) { self = .seconds(Double(value)) }

  /// The time in seconds.
  public var seconds: Double {
    switch self {
    case .seconds(let value): value
    case .frame(let frame): Double(frame) / 60
    }
  }

  public var description: String {
    switch self {
    case .seconds(let value): "\(PerceptualDifference.format(value)) s"
    case .frame(let frame): "frame \(frame)"
    }
  }
}

/// A frame size in pixels.
public struct SnapshotSize: Sendable, Hashable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

// MARK: - Files

/// Asserts that an artboard of a `.riv` file, played to `time`, looks as its reference image
/// (`__Snapshots__/<test file>/<test>.<n>.png` beside the test file), recording the reference
/// as the record mode says.
///
/// The file is played from its bytes as `rive-assets render` plays it (the state machine or
/// animation named, else the default; the default view-model instance bound; frame 0, then
/// steps of at most 1/60 s), with `script`'s events applied at their times, and drawn by the
/// package's rasteriser with the file's embedded assets and the system fallback font, through
/// the same frame steps as both APIs' frames. A failure is recorded as a Swift Testing issue
/// (or an XCTest failure) at the call, naming the reference and the artefacts written (see
/// ``FrameSnapshot``).
///
/// - Parameters:
///   - file: The `.riv` file.
///   - artboard: The artboard (nil: the first).
///   - stateMachine: A state machine to play.
///   - animation: An animation to play instead.
///   - time: When (seconds, or `.frame(n)`).
///   - script: What to do to the artboard on the way.
///   - size: The frame's size (nil: the artboard's).
///   - fit: How the artboard fits the frame (`layout` gives the artboard the frame's size
///     divided by `layoutScaleFactor` and lays it out again).
///   - alignment: Where it sits.
///   - layoutScaleFactor: The `layout` fit's scale factor.
///   - background: The colour behind it, `0xAARRGGBB` (default transparent).
///   - name: The snapshot's name (nil: numbered within the test).
///   - record: The record mode (nil: the scope's, `SNAPSHOT_TESTING_RECORD`, else `missing`).
///   - precision: The share of pixels, 0…1, that must be within the perceptual threshold.
///   - perceptualPrecision: 0…1: a pixel matches when its ΔE 1994 is at most
///     `(1 − perceptualPrecision) × 100` (default 0.98: ΔE 2).
///   - snapshotDirectory: A folder for the references instead of `__Snapshots__/<test file>`.
///   - fileID: The test file's id (`#fileID`), for the issue's location.
///   - filePath: The test file (`#filePath`): the references are beside it.
///   - testName: The test (`#function`): the reference's name starts with it.
///   - line: The assertion's line.
///   - column: The assertion's column.
/// - Returns: What was found.
@discardableResult
public func assertFrame(
  of file: URL, artboard: String? = nil, stateMachine: String? = nil, animation: String? = nil,
  at time: SnapshotTime = 0, script: InputScript = .empty, size: SnapshotSize? = nil,
  fit: FrameFit = .contain, alignment: FrameAlignment = .center, layoutScaleFactor: Float = 1,
  background: UInt32 = 0, named name: String? = nil, record: SnapshotRecordMode? = nil,
  precision: Double = 1,
  perceptualPrecision: Double = 0.98, snapshotDirectory: String? = nil,
  fileID: String = #fileID, filePath: StaticString = #filePath, testName: String = #function,
  line: UInt = #line, column: UInt = #column
) -> SnapshotOutcome {
  assertFrame(
    of: file, artboard: artboard, stateMachine: stateMachine, animation: animation, at: [time],
    script: script, size: size, fit: fit, alignment: alignment,
    layoutScaleFactor: layoutScaleFactor, background: background, named: name, record: record,
    precision: precision, perceptualPrecision: perceptualPrecision,
    snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath,
    testName: testName, line: line, column: column)
}

/// The strip form of `assertFrame(of:artboard:stateMachine:animation:at:…)` (for a file):
/// the frames at `times` (ascending), side by side left to right, compared as one image.
@discardableResult
public func assertFrame(
  of file: URL, artboard: String? = nil, stateMachine: String? = nil, animation: String? = nil,
  at times: [SnapshotTime], script: InputScript = .empty, size: SnapshotSize? = nil,
  fit: FrameFit = .contain, alignment: FrameAlignment = .center, layoutScaleFactor: Float = 1,
  background: UInt32 = 0, named name: String? = nil, record: SnapshotRecordMode? = nil,
  precision: Double = 1,
  perceptualPrecision: Double = 0.98, snapshotDirectory: String? = nil,
  fileID: String = #fileID, filePath: StaticString = #filePath, testName: String = #function,
  line: UInt = #line, column: UInt = #column
) -> SnapshotOutcome {
  let location = SnapshotLocation(
    fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column),
    testName: testName)
  let frames: Result<[RasterFrame], SnapshotDrawError> = Result {
    () throws(SnapshotDrawError) -> [RasterFrame] in
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw SnapshotDrawError(message: "\(file.path): cannot read: \(error.localizedDescription)")
    }
    do throws(ArtboardFrameError) {
      var player = try FramePlayer(
        data: data, artboard: artboard, stateMachine: stateMachine, animation: animation,
        settings: script.settings)
      return try player.frames(
        at: times.map(\.seconds), script: script, width: size?.width, height: size?.height,
        fit: fit, alignment: alignment, scaleFactor: layoutScaleFactor, background: background)
    } catch {
      throw SnapshotDrawError(message: "\(file.lastPathComponent): \(error)")
    }
  }
  return SnapshotReporting.conclude(
    frames, name: name, location: location, record: record, precision: precision,
    perceptualPrecision: perceptualPrecision, snapshotDirectory: snapshotDirectory,
    filePath: filePath, line: line)
}

// MARK: - Legacy API

/// Asserts that a legacy `RiveViewModel`'s model, played to `time`, looks as its reference
/// image (see `assertFrame(of:artboard:stateMachine:animation:at:…)` (for a file)).
///
/// The model plays from its first frame as `RiveViewModel.frames(at:script:width:height:background:)`
/// plays it (its state machine advanced directly, the script's pointer events as touches) and
/// is drawn with the view model's fit, alignment and layout scale factor, with the assets its
/// file resolved.
@discardableResult
public func assertFrame(
  of viewModel: RiveViewModel, at time: SnapshotTime = 0, script: InputScript = .empty,
  size: SnapshotSize? = nil, background: UInt32 = 0, named name: String? = nil,
  record: SnapshotRecordMode? = nil, precision: Double = 1, perceptualPrecision: Double = 0.98,
  snapshotDirectory: String? = nil, fileID: String = #fileID,
  filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line,
  column: UInt = #column
) -> SnapshotOutcome {
  assertFrame(
    of: viewModel, at: [time], script: script, size: size, background: background, named: name,
    record: record, precision: precision, perceptualPrecision: perceptualPrecision,
    snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath,
    testName: testName, line: line, column: column)
}

/// The strip form for a legacy `RiveViewModel`: the frames at `times`, side by side.
@discardableResult
public func assertFrame(
  of viewModel: RiveViewModel, at times: [SnapshotTime], script: InputScript = .empty,
  size: SnapshotSize? = nil, background: UInt32 = 0, named name: String? = nil,
  record: SnapshotRecordMode? = nil, precision: Double = 1, perceptualPrecision: Double = 0.98,
  snapshotDirectory: String? = nil, fileID: String = #fileID,
  filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line,
  column: UInt = #column
) -> SnapshotOutcome {
  let location = SnapshotLocation(
    fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column),
    testName: testName)
  let frames: Result<[RasterFrame], SnapshotDrawError> = Result {
    () throws(SnapshotDrawError) -> [RasterFrame] in
    do throws(ArtboardFrameError) {
      return try viewModel.frames(
        at: times.map(\.seconds), script: script, width: size?.width, height: size?.height,
        background: background
      ).map(\.raster)
    } catch {
      throw SnapshotDrawError(message: "the view model: \(error)")
    }
  }
  return SnapshotReporting.conclude(
    frames, name: name, location: location, record: record, precision: precision,
    perceptualPrecision: perceptualPrecision, snapshotDirectory: snapshotDirectory,
    filePath: filePath, line: line)
}

// MARK: - Current API

/// Asserts that a current-API `Rive`, played to `time`, looks as its reference image (see
/// `assertFrame(of:artboard:stateMachine:animation:at:…)` (for a file)).
///
/// The `Rive` plays from its first frame as `Rive.frames(at:script:width:height:)` plays it
/// and is drawn by `renderFrame` (its fit and background, the worker's registrations).
@MainActor @discardableResult
public func assertFrame(
  of rive: Rive, at time: SnapshotTime = 0, script: InputScript = .empty,
  size: SnapshotSize? = nil, named name: String? = nil, record: SnapshotRecordMode? = nil,
  precision: Double = 1, perceptualPrecision: Double = 0.98, snapshotDirectory: String? = nil,
  fileID: String = #fileID, filePath: StaticString = #filePath, testName: String = #function,
  line: UInt = #line, column: UInt = #column
) async -> SnapshotOutcome {
  await assertFrame(
    of: rive, at: [time], script: script, size: size, named: name, record: record,
    precision: precision, perceptualPrecision: perceptualPrecision,
    snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath,
    testName: testName, line: line, column: column)
}

/// The strip form for a current-API `Rive`: the frames at `times`, side by side.
@MainActor @discardableResult
public func assertFrame(
  of rive: Rive, at times: [SnapshotTime], script: InputScript = .empty,
  size: SnapshotSize? = nil, named name: String? = nil, record: SnapshotRecordMode? = nil,
  precision: Double = 1, perceptualPrecision: Double = 0.98, snapshotDirectory: String? = nil,
  fileID: String = #fileID, filePath: StaticString = #filePath, testName: String = #function,
  line: UInt = #line, column: UInt = #column
) async -> SnapshotOutcome {
  let location = SnapshotLocation(
    fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column),
    testName: testName)
  let frames: Result<[RasterFrame], SnapshotDrawError>
  do throws(ArtboardFrameError) {
    frames = .success(
      try await rive.frames(
        at: times.map(\.seconds), script: script, width: size?.width, height: size?.height
      ).map(\.raster))
  } catch {
    frames = .failure(SnapshotDrawError(message: "the Rive: \(error)"))
  }
  return SnapshotReporting.conclude(
    frames, name: name, location: location, record: record, precision: precision,
    perceptualPrecision: perceptualPrecision, snapshotDirectory: snapshotDirectory,
    filePath: filePath, line: line)
}

// MARK: - Reporting

/// Why the frame to compare could not be drawn.
struct SnapshotDrawError: Error {
  var message: String
}

enum SnapshotReporting {
  /// Joins the frames, verifies them and reports a failure.
  static func conclude(
    _ frames: Result<[RasterFrame], SnapshotDrawError>, name: String?,
    location: SnapshotLocation, record: SnapshotRecordMode?, precision: Double,
    perceptualPrecision: Double, snapshotDirectory: String?, filePath: StaticString, line: UInt
  ) -> SnapshotOutcome {
    let configuration = SnapshotConfiguration.current
    let outcome: SnapshotOutcome
    switch frames.flatMap({ FrameStrip.join($0) }) {
    case .success(let frame):
      outcome = FrameSnapshot.verify(
        frame, named: name, location: location, record: record, precision: precision,
        perceptualPrecision: perceptualPrecision, snapshotDirectory: snapshotDirectory,
        configuration: configuration)
    case .failure(let error):
      outcome = .failed(
        SnapshotFailure(
          message: "The frame could not be drawn: \(error.message)",
          reference: FrameSnapshot.referenceURL(
            named: name, location: location, snapshotDirectory: snapshotDirectory),
          artifacts: [], difference: nil, recorded: false, fileID: location.fileID,
          filePath: location.filePath, line: location.line, column: location.column))
    }
    if let failure = outcome.failure {
      report(failure, configuration: configuration, filePath: filePath, line: line)
    }
    return outcome
  }

  /// Records the failure where the running test framework (or the configured reporter) sees
  /// it: a Swift Testing issue when a Swift Testing test is running, else an XCTest failure.
  static func report(
    _ failure: SnapshotFailure, configuration: SnapshotConfiguration, filePath: StaticString,
    line: UInt
  ) {
    if let reporter = configuration.reporter {
      reporter(failure)
      return
    }
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: failure.message),
          sourceLocation: SourceLocation(
            fileID: failure.fileID, filePath: failure.filePath, line: failure.line,
            column: failure.column))
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(failure.message, file: filePath, line: line)
    #endif
  }
}

/// Frames side by side (`RasterFrame.strip`), or why not.
enum FrameStrip {
  static func join(_ frames: [RasterFrame]) -> Result<RasterFrame, SnapshotDrawError> {
    guard !frames.isEmpty else { return .failure(SnapshotDrawError(message: "no time given")) }
    do throws(RasterError) {
      return .success(try RasterFrame.strip(frames))
    } catch {
      return .failure(SnapshotDrawError(message: error.description))
    }
  }
}
