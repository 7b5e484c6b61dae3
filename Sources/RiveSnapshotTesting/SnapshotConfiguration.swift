import Foundation

/// When reference images are written, as swift-snapshot-testing's record modes.
///
/// Set it per assertion (`record:`), for a scope (`withSnapshotTesting(_:operation:)`),
/// or for a run with the environment variable `SNAPSHOT_TESTING_RECORD` (`all`, `missing`,
/// `failed`, `never`); an assertion's own mode wins over the scope's, which wins over the
/// variable. The default is ``missing``. Whatever the mode, nothing is written when the `CI`
/// variable is set (to anything but `0` or `false`): on CI a missing reference or a mismatch
/// only fails.
public enum SnapshotRecordMode: String, Sendable, Hashable, CaseIterable {
  /// Write every reference (and fail, so that a run never passes while recording).
  case all
  /// Write references that do not exist yet (and fail); compare the others. The default.
  case missing
  /// Compare; where the frame differs (or there is no reference), write the new frame as the
  /// reference, and fail.
  case failed
  /// Never write: a missing reference fails.
  case never

  /// The mode `SNAPSHOT_TESTING_RECORD` names in `environment`, if any.
  static func named(in environment: [String: String]) -> SnapshotRecordMode? {
    guard let value = environment["SNAPSHOT_TESTING_RECORD"]?.lowercased() else { return nil }
    switch value {
    case "1", "true", "yes": return .all
    case "0", "false", "no": return .never
    default: return SnapshotRecordMode(rawValue: value)
    }
  }
}

/// Settings of golden-frame assertions beyond each assertion's own.
///
/// Use `withSnapshotTesting(_:operation:)` to apply them to the assertions in a
/// scope (a task-local value, so concurrent tests keep their own).
public struct SnapshotConfiguration: Sendable {
  /// The record mode, unless an assertion gives its own (nil: `SNAPSHOT_TESTING_RECORD`, else
  /// `missing`).
  public var record: SnapshotRecordMode?
  /// Where the failure artefacts go (nil: `SNAPSHOT_ARTIFACTS` from the environment, else a
  /// `rive-snapshot-failures` folder in the temporary directory).
  public var artifactsDirectory: URL?
  /// A command that opens two images side by side, such as `ksdiff` or `compare`; the
  /// failure message then ends with the command line for the reference and the failure.
  public var diffTool: String?
  /// The environment the variables are read from (the process's by default).
  public var environment: [String: String]
  /// Where failures go; nil records a Swift Testing issue when a Swift Testing test is running
  /// and calls `XCTFail` otherwise.
  public var reporter: (@Sendable (SnapshotFailure) -> Void)?

  /// Settings that take everything from the environment.
  public init(
    record: SnapshotRecordMode? = nil, artifactsDirectory: URL? = nil, diffTool: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    reporter: (@Sendable (SnapshotFailure) -> Void)? = nil
  ) {
    self.record = record
    self.artifactsDirectory = artifactsDirectory
    self.diffTool = diffTool
    self.environment = environment
    self.reporter = reporter
  }

  /// The settings in force (`withSnapshotTesting(_:operation:)` sets them).
  @TaskLocal public static var current = SnapshotConfiguration()

  /// Whether `CI` is set in ``environment`` (to anything but `0` or `false`): then nothing is
  /// recorded.
  public var isContinuousIntegration: Bool {
    guard let value = environment["CI"]?.lowercased(), !value.isEmpty else { return false }
    return value != "0" && value != "false"
  }

  /// The mode an assertion asking for `mode` runs in.
  func recordMode(_ mode: SnapshotRecordMode?) -> SnapshotRecordMode {
    mode ?? record ?? SnapshotRecordMode.named(in: environment) ?? .missing
  }

  /// The folder failure artefacts go to.
  var artifacts: URL {
    if let artifactsDirectory { return artifactsDirectory }
    if let path = environment["SNAPSHOT_ARTIFACTS"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("rive-snapshot-failures")
  }
}

/// Runs `operation` with `configuration` applied to the golden-frame assertions inside it.
///
/// - Parameters:
///   - configuration: The settings.
///   - operation: The code.
/// - Returns: What `operation` returned.
public func withSnapshotTesting<R>(
  _ configuration: SnapshotConfiguration, operation: () throws -> R
) rethrows -> R {
  try SnapshotConfiguration.$current.withValue(configuration, operation: operation)
}

/// Runs the asynchronous `operation` with `configuration` applied to the golden-frame
/// assertions inside it.
///
/// - Parameters:
///   - configuration: The settings.
///   - isolation: The caller's actor (filled in).
///   - operation: The code.
/// - Returns: What `operation` returned.
public func withSnapshotTesting<R>(
  _ configuration: SnapshotConfiguration, isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  try await SnapshotConfiguration.$current.withValue(
    configuration, operation: operation, isolation: isolation)
}
