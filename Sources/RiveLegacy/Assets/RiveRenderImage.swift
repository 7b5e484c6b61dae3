import Foundation
import RiveCore
import RiveFormat

/// A decoded image, to hand to ``RiveImageAsset/renderImage(_:)`` or an image property.
///
/// ``RiveFactory/decodeImage(_:)`` always returns one, as upstream does; unlike upstream, an
/// image whose bytes did not decode says so: ``isEmpty`` is true and ``decodingError`` says why.
/// Assigning an empty image shows as `.failed(reason:)` in ``RiveFile/resolutionReport()``.
public final class RiveRenderImage: DecodedContentWrapper, Sendable {
  /// The decoded content, nil when decoding failed.
  public let decodedAsset: DecodedAsset?
  /// Why decoding failed, nil when it succeeded.
  public let decodingError: DecodingError?

  init(decoding data: Data) {
    (decodedAsset, decodingError) = DecodedAsset.outcome(decoding: data, as: .image)
  }

  init(decodedAsset: DecodedAsset) {
    self.decodedAsset = decodedAsset
    decodingError = nil
  }

  /// Decodes a PNG, JPEG or WebP image.
  ///
  /// - Returns: nil when `data` is empty or does not decode (as upstream).
  public convenience init?(data: Data) {
    guard !data.isEmpty else { return nil }
    self.init(decoding: data)
    if isEmpty { return nil }
  }

  /// Whether there is no image (decoding failed).
  public var isEmpty: Bool { decodedAsset == nil }

  /// The decoded width in pixels (0 when empty).
  public var width: Int { decodedAsset?.image.map { Int($0.width) } ?? 0 }

  /// The decoded height in pixels (0 when empty).
  public var height: Int { decodedAsset?.image.map { Int($0.height) } ?? 0 }
}
