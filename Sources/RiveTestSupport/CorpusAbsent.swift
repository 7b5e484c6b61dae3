/// The shared corpus folder is missing (see ``SharedCorpus``).
public struct CorpusAbsent: Error, CustomStringConvertible {
  /// Creates the error.
  public init() {}

  public var description: String {
    "\(SharedCorpus.directory.path) is absent; the shared corpus is required here"
  }
}
