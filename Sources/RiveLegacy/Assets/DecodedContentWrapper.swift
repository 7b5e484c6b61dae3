import Foundation
import RiveCore
import RiveFormat

/// What ``RiveRenderImage``, ``RiveFont`` and ``RiveAudio`` share: decoded content, or the
/// reason there is none.
protocol DecodedContentWrapper: Sendable {
  /// The decoded content, nil when decoding failed.
  var decodedAsset: DecodedAsset? { get }
  /// Why decoding failed, nil when it succeeded.
  var decodingError: DecodingError? { get }
}

extension DecodedContentWrapper {
  /// Why the wrapper has no content, in words.
  var failureReason: String {
    decodingError?.description ?? "no content"
  }
}

extension DecodedAsset {
  /// Decodes `data` as `kind`, returning the content or the error.
  static func outcome(
    decoding data: Data, as kind: MediaKind
  ) -> (asset: DecodedAsset?, error: DecodingError?) {
    do {
      return (try DecodedAsset.decode(data, as: kind), nil)
    } catch {
      return (nil, error)
    }
  }
}
