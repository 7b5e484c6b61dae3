import Foundation
import RiveCore
import RiveFormat

/// An image asset of a ``RiveFile``.
public final class RiveImageAsset: RiveFileAsset, @unchecked Sendable {
  // @unchecked: no stored properties beyond the immutable ones of `RiveFileAsset`.

  /// The size authored in the file (not the size of any image assigned later).
  public var size: CGSize {
    CGSize(width: CGFloat(asset.width ?? 0), height: CGFloat(asset.height ?? 0))
  }

  /// Gives the asset new content; call again at any time to swap it.
  ///
  /// An empty image (one whose bytes did not decode) is recorded as a failure in
  /// ``RiveFile/resolutionReport()`` and logged; so is nil (upstream's parameter is implicitly
  /// unwrapped, so
  /// `nil` from a failable decode compiles there too).
  public func renderImage(_ image: RiveRenderImage?) {
    sink.assign(image, to: asset, what: "image")
  }
}
