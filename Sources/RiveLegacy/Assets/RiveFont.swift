import Foundation
import RiveCore

/// A decoded font, to hand to ``RiveFontAsset/font(_:)``.
///
/// ``RiveFactory/decodeFont(_:)-(Data)`` always returns one, as upstream does; unlike upstream,
/// a font whose bytes did not decode says so: ``isEmpty`` is true and ``decodingError`` says why.
public final class RiveFont: DecodedContentWrapper, Sendable {
  /// The decoded content, nil when decoding failed.
  public let decodedAsset: DecodedAsset?
  /// Why decoding failed, nil when it succeeded.
  public let decodingError: DecodingError?

  init(decodedAsset: DecodedAsset?, decodingError: DecodingError?) {
    self.decodedAsset = decodedAsset
    self.decodingError = decodingError
  }

  convenience init(decoding data: Data) {
    let outcome = DecodedAsset.outcome(decoding: data, as: .font)
    self.init(decodedAsset: outcome.asset, decodingError: outcome.error)
  }

  /// Whether there is no font (decoding failed).
  public var isEmpty: Bool { decodedAsset == nil }

  /// The decoded font's family name (nil when empty).
  public var familyName: String? { decodedAsset?.font?.familyName }
}
