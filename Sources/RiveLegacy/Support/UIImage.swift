import Foundation
import RiveCore
import RiveFormat

/// An image: the Linux stand-in for UIKit's `UIImage`, for upstream's
/// `RiveRenderImage(image:format:)`.
///
/// It decodes PNG, JPEG and WebP through the core's decoders. An image made with `UIImage()`
/// is empty, as UIKit's is.
public final class UIImage: Sendable {
  /// The decoded image, nil for an empty image.
  let decoded: DecodedAsset?

  /// An empty image.
  public init() {
    decoded = nil
  }

  /// Decodes an image.
  ///
  /// Fails (nil) when the bytes are not an image that decodes, as UIKit's initializer.
  ///
  /// - Parameter data: PNG, JPEG or WebP bytes.
  public init?(data: Data) {
    guard let asset = try? DecodedAsset.decode(data, as: .image) else { return nil }
    decoded = asset
  }

  /// Decodes the image file at `path`.
  ///
  /// Fails (nil) when the file cannot be read or does not decode.
  ///
  /// - Parameter path: The file's path.
  public convenience init?(contentsOfFile path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    self.init(data: data)
  }

  /// The size in pixels (UIKit gives points; with a scale of 1 they are the same).
  public var size: CGSize {
    guard let image = decoded?.image else { return .zero }
    return CGSize(width: CGFloat(image.width), height: CGFloat(image.height))
  }
}
