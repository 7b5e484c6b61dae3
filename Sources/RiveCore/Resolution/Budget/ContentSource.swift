import Foundation
import RiveFormat

/// Where decoded content can be decoded again from: a file, bytes kept in memory, or a
/// loader of your own.
///
/// A ``DecodedContentBudget`` may drop decoded content that has a source and decode it again
/// on its next use; content without a source is never dropped.
public struct ContentSource: Sendable, CustomStringConvertible {
  /// What the source is, for messages (a path, "4,096 bytes in memory", a URL's cache entry).
  public let description: String
  /// The bytes the source itself keeps in memory (0 for files), counted by the budget as
  /// memory that cannot be freed.
  public let retainedByteCount: Int
  private let loader: @Sendable () throws -> Data

  /// Creates a source from a loader.
  ///
  /// - Parameters:
  ///   - description: What the source is, for messages.
  ///   - retainedByteCount: The bytes the loader keeps in memory.
  ///   - load: Returns the encoded bytes; it may throw when they are gone.
  public init(
    description: String, retainedByteCount: Int = 0, load: @escaping @Sendable () throws -> Data
  ) {
    self.description = description
    self.retainedByteCount = retainedByteCount
    self.loader = load
  }

  /// A file read again when needed.
  ///
  /// - Parameter url: A file URL.
  /// - Returns: The source.
  public static func file(_ url: URL) -> ContentSource {
    ContentSource(description: url.path) { try Data(contentsOf: url) }
  }

  /// Encoded bytes kept in memory (usually far smaller than the decoded content).
  ///
  /// - Parameter data: The encoded bytes.
  /// - Returns: The source.
  public static func bytes(_ data: Data) -> ContentSource {
    ContentSource(
      description: "\(data.count) encoded bytes in memory", retainedByteCount: data.count
    ) { data }
  }

  /// The encoded bytes.
  ///
  /// - Returns: The bytes.
  /// - Throws: Whatever the loader throws (for a file, the read error).
  public func load() throws -> Data {
    try loader()
  }
}
