import Foundation
import RiveCore

/// The code of the current API's error enumerations (``FileError``, ``ArtboardError``, …): the
/// name of the case, so that code handling any `CodedError` of the package logs and groups
/// them as it does the core's errors. Switch on the enumeration itself to branch.
public struct CaseCode: Hashable, Sendable, CustomStringConvertible {
  /// The case's name, as written in Swift (`invalidFile`, `cancelled`).
  public let name: String

  init(_ name: String) { self.name = name }

  public var description: String { name }
}

/// An enumeration's case as Swift prints a case of an enumeration that has no description of
/// its own: the name, then the payload as `debugPrint` writes it (`invalidFile("…")`). The
/// enumerations below print as upstream's do, not as `CodedError`'s default would.
func caseDescription(_ value: some Any, name: String) -> String {
  guard let payload = Mirror(reflecting: value).children.first?.value else { return name }
  let text = String(reflecting: payload)
  // A payload of several values is a tuple, which already prints in parentheses.
  return Mirror(reflecting: payload).displayStyle == .tuple ? name + text : "\(name)(\(text))"
}

// Each enumeration's message is its `errorDescription` (upstream's text); its cause, where it
// keeps one, the error underneath; its description the case as Swift prints it.

extension FileError: CodedError {
  public var code: CaseCode {
    switch self {
    case .missingFile: CaseCode("missingFile")
    case .invalidData: CaseCode("invalidData")
    case .missingData: CaseCode("missingData")
    case .invalidFile: CaseCode("invalidFile")
    case .invalidArtboard: CaseCode("invalidArtboard")
    case .invalidViewModel: CaseCode("invalidViewModel")
    case .invalidViewModelInstance: CaseCode("invalidViewModelInstance")
    case .cancelled: CaseCode("cancelled")
    }
  }
  public var message: String { errorDescription ?? "" }
  public var description: String { caseDescription(self, name: code.name) }
}

extension ArtboardError: CodedError {
  public var code: CaseCode {
    switch self {
    case .invalidArtboard: CaseCode("invalidArtboard")
    case .invalidStateMachine: CaseCode("invalidStateMachine")
    case .cancelled: CaseCode("cancelled")
    }
  }
  public var message: String { errorDescription ?? "" }
  public var description: String { caseDescription(self, name: code.name) }
}

extension StateMachineError: CodedError {
  public var code: CaseCode {
    switch self {
    case .error: CaseCode("error")
    case .cancelled: CaseCode("cancelled")
    }
  }
  public var message: String { errorDescription ?? "" }
  public var description: String { caseDescription(self, name: code.name) }
}

extension ViewModelInstanceError: CodedError {
  public var code: CaseCode {
    switch self {
    case .missingData: CaseCode("missingData")
    case .valueMismatch: CaseCode("valueMismatch")
    case .error: CaseCode("error")
    case .message: CaseCode("message")
    case .cancelled: CaseCode("cancelled")
    }
  }
  public var message: String { errorDescription ?? "" }
  public var description: String { caseDescription(self, name: code.name) }
  /// The underlying error of ``error(_:)``.
  public var cause: (any Error)? {
    if case .error(let error) = self { return error }
    return nil
  }
}

extension WorkerError: CodedError {
  public var code: CaseCode { CaseCode("missingDevice") }
  public var message: String { errorDescription ?? "" }
  public var description: String { caseDescription(self, name: code.name) }
}

/// The decoders' errors (``ImageError``, ``FontError``, ``AudioError``, ``BlobError``) have the
/// same two cases: `failedDecoding` and `cancelled`.
private func decodingCode<E: Equatable>(_ error: E, cancelled: E) -> CaseCode {
  CaseCode(error == cancelled ? "cancelled" : "failedDecoding")
}

extension ImageError: CodedError {
  public var code: CaseCode { decodingCode(self, cancelled: .cancelled) }
  public var message: String { errorDescription ?? "" }
  public var description: String { caseDescription(self, name: code.name) }
}

extension FontError: CodedError {
  public var code: CaseCode { decodingCode(self, cancelled: .cancelled) }
  public var message: String { errorDescription ?? "" }
  public var description: String { caseDescription(self, name: code.name) }
}

extension AudioError: CodedError {
  public var code: CaseCode { decodingCode(self, cancelled: .cancelled) }
  public var message: String { errorDescription ?? "" }
  public var description: String { caseDescription(self, name: code.name) }
}

extension BlobError: CodedError {
  public var code: CaseCode { decodingCode(self, cancelled: .cancelled) }
  public var message: String { errorDescription ?? "" }
  public var description: String { caseDescription(self, name: code.name) }
}
