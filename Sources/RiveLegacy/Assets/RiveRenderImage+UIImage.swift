import Foundation
import RiveCore
import RiveFormat

extension RiveRenderImage {
  /// How upstream re-encodes a `UIImage` before decoding it for Rive.
  public enum Format: Sendable, Equatable {
    /// JPEG at a quality from 0 to 1.
    case jpeg(compressionQuality: CGFloat)
    /// PNG.
    case png
  }

  /// An image for Rive from a `UIImage`.
  ///
  /// Upstream encodes the image in `format` and decodes the result; here the image's decoded
  /// pixels are used directly, so nothing is lost to JPEG re-encoding (`format` is accepted and
  /// has no effect).
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - format: The format upstream would re-encode in.
  ///
  /// Fails (nil) for an empty image, as upstream.
  public convenience init?(image: UIImage, format: Format) {
    guard let decoded = image.decoded else { return nil }
    self.init(decodedAsset: decoded)
  }
}
