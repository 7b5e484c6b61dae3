import Foundation
import RiveCore
import RiveFormat
import RiveFrames

/// A failed golden-frame assertion: what went wrong, where the reference is, and the
/// artefacts written to look at it.
public struct SnapshotFailure: Sendable, CustomStringConvertible {
  /// The whole failure message (as recorded in the test).
  public var message: String
  /// The reference image.
  public var reference: URL
  /// The files written for the failure (the reference's copy, the frame drawn now and the
  /// difference picture), in that order; empty when nothing was compared.
  public var artifacts: [URL]
  /// How far the frame was from the reference, when both had the same size.
  public var difference: PerceptualDifference?
  /// Whether the reference was written by this assertion.
  public var recorded: Bool
  /// Where the assertion is.
  public var fileID: String
  public var filePath: String
  public var line: Int
  public var column: Int

  public var description: String { message }
}

/// What a golden-frame assertion found.
public enum SnapshotOutcome: Sendable {
  /// The frame matches its reference (with how far apart they are).
  case matched(PerceptualDifference)
  /// The assertion failed (a mismatch, a missing reference, or a reference written).
  case failed(SnapshotFailure)

  /// Whether the frame matched.
  public var isMatch: Bool {
    if case .matched = self { return true }
    return false
  }

  /// The failure, if any.
  public var failure: SnapshotFailure? {
    if case .failed(let failure) = self { return failure }
    return nil
  }
}

/// Where the assertion is, as the macros and literals give it.
public struct SnapshotLocation: Sendable {
  public var fileID: String
  public var filePath: String
  public var line: Int
  public var column: Int
  /// The test's name (`#function`).
  public var testName: String

  public init(fileID: String, filePath: String, line: Int, column: Int, testName: String) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.testName = testName
  }
}

/// Compares a frame with its reference image and records references, as every golden-frame
/// assertion does (`assertFrame(of:artboard:stateMachine:animation:at:…)` (for a file)
/// draws the frame, then calls `verify(_:named:location:record:precision:perceptualPrecision:snapshotDirectory:configuration:)`).
public enum FrameSnapshot {
  /// The counter of unnamed snapshots per test (`<test>.1.png`, `<test>.2.png`, …).
  private static let counters = Locked([String: Int]())

  /// The reference image of a snapshot: `<folder of the test file>/__Snapshots__/<test file's
  /// name>/<test>.<name>.png`, where the test's name is `#function` without its argument list
  /// and `name` is the assertion's (or its position among the test's unnamed assertions,
  /// counted from 1).
  ///
  /// - Parameters:
  ///   - name: The assertion's name, nil to number it.
  ///   - location: Where the assertion is.
  ///   - snapshotDirectory: A folder to use instead of `__Snapshots__/<test file's name>`.
  /// - Returns: The reference's file.
  public static func referenceURL(
    named name: String?, location: SnapshotLocation, snapshotDirectory: String? = nil
  ) -> URL {
    let testFile = URL(fileURLWithPath: location.filePath)
    let folder =
      snapshotDirectory.map { URL(fileURLWithPath: $0) }
      ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
      .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let test = sanitized(location.testName)
    let suffix: String
    if let name {
      suffix = sanitized(name)
    } else {
      let key = location.filePath + "|" + location.testName
      let count = counters.withLock { counters -> Int in
        counters[key, default: 0] += 1
        return counters[key, default: 1]
      }
      suffix = String(count)
    }
    return folder.appendingPathComponent("\(test).\(suffix).png")
  }

  /// A test or snapshot name as a file name: `#function`'s argument list dropped, every run of
  /// characters other than letters, digits, `-` and `_` made one `-`.
  static func sanitized(_ name: String) -> String {
    var base = Substring(name)
    if let paren = base.firstIndex(of: "("), base.hasSuffix(")") { base = base[..<paren] }
    var out = ""
    var lastWasDash = false
    for character in base {
      if character.isLetter || character.isNumber || character == "_" || character == "-" {
        out.append(character)
        lastWasDash = false
      } else if !lastWasDash {
        out.append("-")
        lastWasDash = true
      }
    }
    let trimmed = out.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    return trimmed.isEmpty ? "snapshot" : trimmed
  }

  /// Compares `frame` with its reference and records as the mode says (see
  /// ``SnapshotRecordMode``), writing artefacts for a mismatch.
  ///
  /// - Parameters:
  ///   - frame: The frame drawn now.
  ///   - name: The snapshot's name (nil: numbered).
  ///   - location: Where the assertion is.
  ///   - record: The assertion's record mode (nil: the configuration's, the environment's,
  ///     else `missing`).
  ///   - precision: The share of pixels, 0…1, that must be within the perceptual threshold.
  ///   - perceptualPrecision: 0…1: a pixel is within the threshold when its ΔE is at most
  ///     `(1 − perceptualPrecision) × 100`.
  ///   - snapshotDirectory: A folder instead of `__Snapshots__/<test file>`.
  ///   - configuration: Artefacts folder, diff tool, environment.
  /// - Returns: What was found; a failure's message says what to do next.
  public static func verify(
    _ frame: RasterFrame, named name: String?, location: SnapshotLocation,
    record: SnapshotRecordMode? = nil, precision: Double = 1, perceptualPrecision: Double = 0.98,
    snapshotDirectory: String? = nil,
    configuration: SnapshotConfiguration = SnapshotConfiguration.current
  ) -> SnapshotOutcome {
    let reference = referenceURL(
      named: name, location: location, snapshotDirectory: snapshotDirectory)
    let mode = configuration.recordMode(record)
    let ci = configuration.isContinuousIntegration
    let canRecord = !ci && mode != .never
    let shown = display(reference)
    func failure(
      _ message: String, artifacts: [URL] = [], difference: PerceptualDifference? = nil,
      recorded: Bool = false
    ) -> SnapshotOutcome {
      .failed(
        SnapshotFailure(
          message: message, reference: reference, artifacts: artifacts, difference: difference,
          recorded: recorded, fileID: location.fileID, filePath: location.filePath,
          line: location.line, column: location.column))
    }
    guard (0...1).contains(precision), (0...1).contains(perceptualPrecision) else {
      return failure(
        "precision \(precision) and perceptualPrecision \(perceptualPrecision) must be 0 to 1")
    }
    if mode == .all, canRecord {
      if let error = write(frame, to: reference) { return failure(error) }
      return failure(
        "Record mode is on (all): recorded \(shown). Turn recording off and run again to "
          + "compare.", recorded: true)
    }
    guard FileManager.default.fileExists(atPath: reference.path) else {
      if canRecord {
        if let error = write(frame, to: reference) { return failure(error) }
        return failure(
          "No reference was found on disk: recorded \(shown) (record mode \(mode.rawValue)). "
            + "Run the test again to compare against it.", recorded: true)
      }
      return failure(
        "No reference at \(shown): "
          + (ci
            ? "CI is set, so references are never recorded; record it locally and commit it."
            : "record mode \(mode.rawValue) records nothing; run with record: .missing or "
              + "SNAPSHOT_TESTING_RECORD=missing to record it."))
    }
    let recordedFrame: RasterFrame
    do {
      let data = try Data(contentsOf: reference)
      let image = try data.withUnsafeBytes { try ImageDecoder.decode($0) }
      recordedFrame = try RasterFrame(width: image.width, height: image.height, rgba: image.pixels)
    } catch {
      return failure("The reference \(shown) cannot be read: \(error)")
    }
    let difference = FrameDifferenceMetric.compare(
      frame, with: recordedFrame, perceptualPrecision: perceptualPrecision)
    if let difference, difference.matches(precision: precision) {
      return .matched(difference)
    }
    var message =
      "The frame does not match \(shown): "
      + (difference.map(\.description)
        ?? "the frame is \(frame.width)×\(frame.height), the reference "
        + "\(recordedFrame.width)×\(recordedFrame.height)")
    if let difference, precision < 1 {
      message +=
        "; \(PerceptualDifference.format(difference.matchingFraction * 100)) % match, "
        + "\(PerceptualDifference.format(precision * 100)) % needed"
    }
    let artifacts = writeArtifacts(
      frame: frame, reference: recordedFrame, referenceURL: reference, location: location,
      configuration: configuration)
    switch artifacts {
    case .success(let files):
      message +=
        ".\nArtefacts in \(display(files[0].deletingLastPathComponent())):\n"
        + files.map { "  \($0.lastPathComponent)" }.joined(separator: "\n")
      if let tool = configuration.diffTool {
        message += "\nCompare with: \(tool) \"\(files[0].path)\" \"\(files[1].path)\""
      }
    case .failure(let error):
      message += ".\nArtefacts not written: \(error)"
    }
    var recorded = false
    if mode == .failed, canRecord {
      if let error = write(frame, to: reference) { return failure(message + "\n" + error) }
      message += "\nRecord mode failed: recorded the new frame as the reference; run again."
      recorded = true
    } else if ci, mode != .never {
      message += "\nCI is set, so the reference was not re-recorded."
    }
    return failure(
      message, artifacts: (try? artifacts.get()) ?? [], difference: difference, recorded: recorded)
  }

  /// Writes the reference's copy, the frame and the difference picture; returns the files.
  private static func writeArtifacts(
    frame: RasterFrame, reference: RasterFrame, referenceURL: URL, location: SnapshotLocation,
    configuration: SnapshotConfiguration
  ) -> Result<[URL], SnapshotWriteError> {
    let folder = configuration.artifacts.appendingPathComponent(
      URL(fileURLWithPath: location.filePath).deletingPathExtension().lastPathComponent)
    let stem = referenceURL.deletingPathExtension().lastPathComponent
    var pictures: [(String, RasterFrame)] = [("reference", reference), ("failure", frame)]
    if frame.width == reference.width, frame.height == reference.height,
      let picture = try? frame.differenceImage(from: reference)
    {
      pictures.append(("difference", picture))
    }
    var files: [URL] = []
    for (kind, picture) in pictures {
      let url = folder.appendingPathComponent("\(stem).\(kind).png")
      if let error = write(picture, to: url) { return .failure(SnapshotWriteError(message: error)) }
      files.append(url)
    }
    return .success(files)
  }

  /// Writes a frame as PNG (making the folder); returns a message when it cannot.
  private static func write(_ frame: RasterFrame, to url: URL) -> String? {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try frame.pngData().write(to: url, options: .atomic)
      return nil
    } catch {
      return "cannot write \(url.path): \(error)"
    }
  }

  /// A path as the messages show it: relative to the current folder when inside it.
  static func display(_ url: URL) -> String {
    let here = FileManager.default.currentDirectoryPath
    let path = url.standardizedFileURL.path
    return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
  }
}

/// Why artefacts were not written.
struct SnapshotWriteError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
