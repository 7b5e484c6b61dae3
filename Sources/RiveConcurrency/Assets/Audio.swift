import RiveCore
import RiveFormat

/// An audio clip decoded by a ``Worker``.
///
/// Obtained only from ``Worker/decodeAudio(from:)``. Two values are equal only when they are the same
/// object, as upstream compares handles. The content is immutable, so the summaries below can
/// be read from any thread.
public final class Audio: Equatable, Sendable, CustomStringConvertible {
  /// The decoded content shared with the core.
  package let decodedAsset: DecodedAsset

  /// What the content can be decoded again from (the bytes the worker decoded), so that a
  /// budgeted worker may drop a registration of it and decode it again; nil for content
  /// without such bytes (a system font).
  package let source: ContentSource?

  package init(_ decodedAsset: DecodedAsset, source: ContentSource? = nil) {
    self.decodedAsset = decodedAsset
    self.source = source
  }

  /// Frames per second.
  public var sampleRate: Int { decodedAsset.audio?.sampleRate ?? 0 }

  /// The number of channels.
  public var channelCount: Int { decodedAsset.audio?.channelCount ?? 0 }

  /// The number of frames (samples per channel).
  public var frameCount: Int { decodedAsset.audio?.frameCount ?? 0 }

  /// The content digest: equal digests mean equal decoded content.
  public var digest: ContentDigest { decodedAsset.digest }

  /// A one-line summary of the content and its digest.
  public var description: String { decodedAsset.description }

  /// Whether both are the same object.
  public static func == (lhs: Audio, rhs: Audio) -> Bool { lhs === rhs }
}
