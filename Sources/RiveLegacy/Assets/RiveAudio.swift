import Foundation
import RiveCore
import RiveFormat

/// Decoded audio, to hand to ``RiveAudioAsset/audio(_:)``.
///
/// An audio object whose bytes did not decode says so: ``isEmpty`` is true and
/// ``decodingError`` says why.
public final class RiveAudio: DecodedContentWrapper, Sendable {
  /// The decoded content, nil when decoding failed.
  public let decodedAsset: DecodedAsset?
  /// Why decoding failed, nil when it succeeded.
  public let decodingError: DecodingError?

  init(decoding data: Data) {
    (decodedAsset, decodingError) = DecodedAsset.outcome(decoding: data, as: .audio)
  }

  /// Whether there is no audio (decoding failed).
  public var isEmpty: Bool { decodedAsset == nil }
}
