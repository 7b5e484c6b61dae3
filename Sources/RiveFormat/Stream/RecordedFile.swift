import Foundation
import Synchronization

/// A file read once: its structure report and the object stream recorded in the same walk.
///
/// This is the one reading of a file's bytes. ``RiveDocument`` is what the APIs list and
/// resolve; ``stream`` is what the runtime's object graph is linked from, later and only if the
/// file is played.
@_spi(RiveFormatInternals) public struct RecordedFile: Sendable {
  /// The structure report as a document.
  @_spi(RiveFormatInternals) public var document: RiveDocument
  /// The object stream, or the one failure only the runtime's reading has (a stored value too
  /// wide for its slot), which fails the runtime graph but not the document.
  @_spi(RiveFormatInternals) public var stream: Result<ObjectStream, RiveError>

  /// Reads `data` at ``ReadDepth/structure``, recording its object stream.
  ///
  /// - Throws: ``RiveError`` when the structure reader refuses the file.
  @_spi(RiveFormatInternals) public init(data: Data) throws(RiveError) {
    let (report, recorder) = RiveImportReport.readRecordingStream(data)
    document = try RiveDocument(report: consume report, byteCount: data.count)
    if let failure = recorder.failure {
      stream = .failure(failure)
    } else {
      stream = .success(recorder.stream(data: data, minorVersion: document.header.minorVersion))
    }
  }
}

/// Counts the walks over a file's bytes made while a task holds a counter, so a test can check
/// that a load reads the bytes once.
@_spi(RiveFormatInternals) public enum ReadInstrumentation {
  /// The counter the current task's reads are counted on, if any.
  @TaskLocal @_spi(RiveFormatInternals) public static var walks: WalkCounter?

  /// A number of walks, safe to bump from any thread.
  @_spi(RiveFormatInternals) public final class WalkCounter: Sendable {
    private let count = Atomic<Int>(0)

    @_spi(RiveFormatInternals) public init() {}

    /// The walks counted so far.
    @_spi(RiveFormatInternals) public var value: Int { count.load(ordering: .relaxed) }

    func record() { count.add(1, ordering: .relaxed) }
  }
}
