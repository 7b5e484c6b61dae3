import Foundation

/// Why a worker could not be created.
public enum WorkerError: LocalizedError, Equatable, Sendable {
  /// No render device is available (upstream's Metal case; never thrown on Linux, where the
  /// worker needs no device).
  case missingDevice

  public var errorDescription: String? {
    switch self {
    case .missingDevice: "No Metal device available for rendering"
    }
  }
}
