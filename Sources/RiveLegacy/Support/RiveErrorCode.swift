import Foundation
import RiveCore
import RiveFormat

/// The legacy runtime's error codes, carried by `NSError`s of domain ``domain``.
///
/// Every error also carries `userInfo["name"]` (the code's name, e.g. `"Malformed"`), a
/// localized description that includes the core reader's explanation (with its byte offset) and,
/// under ``detailKey``, that explanation alone.
public enum RiveErrorCode: Int, Sendable, CaseIterable {
  /// The file has no artboards (asked for the default artboard).
  case noArtboardsFound = 100
  /// No artboard at that index or with that name.
  case noArtboardFound = 101
  /// The artboard has no animations.
  case noAnimations = 200
  /// No animation at that index or with that name.
  case noAnimationFound = 201
  /// The artboard has no state machines.
  case noStateMachines = 300
  /// No state machine at that index or with that name.
  case noStateMachineFound = 301
  /// No state-machine input at that index or with that name.
  case noStateMachineInputFound = 400
  /// An input of a kind the runtime does not know.
  case unknownStateMachineInput = 401
  /// No state change at that index.
  case noStateChangeFound = 402
  /// The file's major version is not supported.
  case unsupportedVersion = 500
  /// The file is not a valid Rive file.
  case malformed = 600
  /// Anything else (a missing resource, an unreadable file, a failed download).
  case unknown = 700

  /// The error domain, as upstream: `"rive.app.ios.runtime"`.
  public static let domain = "rive.app.ios.runtime"

  /// The `userInfo` key of the detailed explanation (the core's error description).
  public static let detailKey = "detail"

  /// The name upstream puts in `userInfo["name"]`.
  public var name: String {
    switch self {
    case .noArtboardsFound: "NoArtboardsFound"
    case .noArtboardFound: "NoArtboardFound"
    case .noAnimations: "NoAnimations"
    case .noAnimationFound: "NoAnimationFound"
    case .noStateMachines: "NoStateMachines"
    case .noStateMachineFound: "NoStateMachineFound"
    case .noStateMachineInputFound: "NoStateMachineInputFound"
    case .unknownStateMachineInput: "UnknownStateMachineInput"
    case .noStateChangeFound: "NoStateChangeFound"
    case .unsupportedVersion: "UnsupportedVersion"
    case .malformed: "Malformed"
    case .unknown: "Unknown"
    }
  }

  /// Upstream's fixed message for the code.
  var summary: String {
    switch self {
    case .noArtboardsFound: "No Artboards Found."
    case .noArtboardFound: "No Artboard Found."
    case .noAnimations: "No Animations found."
    case .noAnimationFound: "No Animation found."
    case .noStateMachines: "No State Machines found."
    case .noStateMachineFound: "No State Machine found."
    case .noStateMachineInputFound: "No State Machine Input found."
    case .unknownStateMachineInput: "Unknown State Machine Input."
    case .noStateChangeFound: "No State Change found."
    case .unsupportedVersion: "Unsupported Rive File Version."
    case .malformed: "Malformed Rive File."
    case .unknown: "Unknown error loading file."
    }
  }

  /// An `NSError` of this code whose description adds `detail` to upstream's message.
  func error(_ detail: String, underlying: (any Error)? = nil) -> NSError {
    var info: [String: Any] = [
      "name": name,
      NSLocalizedDescriptionKey: "\(summary) \(detail)",
      Self.detailKey: detail,
    ]
    if let underlying { info[NSUnderlyingErrorKey] = underlying }
    return NSError(domain: Self.domain, code: rawValue, userInfo: info)
  }

  /// The code for a reader failure: 500 for an unsupported version, 700 for I/O, else 600.
  static func code(for error: RiveError) -> RiveErrorCode {
    if error.code == .io { return .unknown }
    return error.code.importResult == .unsupportedVersion ? .unsupportedVersion : .malformed
  }
}
