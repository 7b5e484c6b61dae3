/// An error of this package: a code to branch on, a message for people, the error that caused
/// it, and the place it concerns.
///
/// Every public error type of the package conforms: the reader's `RiveError`, the
/// media decoders', the runtime's, the rasteriser's, the exporters', the downloaders', the
/// reference harness's and both APIs' (the current API's enumerations keep upstream's cases,
/// with the case's name as their code); only the layout solver's `LayoutTreeError` does not, the
/// solver depending on nothing. Each keeps its own fields (a byte offset, a file, a frame index);
/// the protocol gives one way to read any of them:
///
/// ```swift
/// catch let error as any CodedError {
///   log("\(error.code) at \(error.place ?? "?"): \(error.message)")
///   print(error.detailedDescription)  // the error and its causes, one per line
/// }
/// ```
///
/// A type's `Code` is a small value type (most wrap a private enumeration, so that a new code
/// does not break callers that compare with `==`), and its `description` names the code.
public protocol CodedError: Error, CustomStringConvertible {
  /// The type of the error's category.
  associatedtype Code: Hashable, Sendable, CustomStringConvertible

  /// The category of failure.
  var code: Code { get }

  /// What was expected and what was found, in words.
  var message: String { get }

  /// The error that caused this one, if any (a decoder's error under a frame's, an I/O error
  /// under a cache's).
  var cause: (any Error)? { get }

  /// Where it happened, in words — a byte offset, a file, an operation, a step — when the error
  /// concerns a place the message does not already name.
  var place: String? { get }
}

extension CodedError {
  /// No cause, unless the type records one.
  public var cause: (any Error)? { nil }

  /// No place, unless the type records one.
  public var place: String? { nil }

  /// `code: message`, followed by ` (at place)` when there is a place.
  public var description: String {
    "\(code): \(message)" + (place.map { " (at \($0))" } ?? "")
  }

  /// The error's description, then each cause's, one per line, each indented under the error
  /// it caused.
  public var detailedDescription: String {
    var lines = [description]
    var next = cause
    // A chain is short; the bound stops a cause that (through a reference type) loops.
    while let error = next, lines.count < 32 {
      lines.append(String(repeating: "  ", count: lines.count) + "caused by: \(error)")
      next = (error as? any CodedError)?.cause
    }
    return lines.joined(separator: "\n")
  }
}
