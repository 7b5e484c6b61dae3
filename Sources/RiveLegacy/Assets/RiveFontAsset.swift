import Foundation
import RiveCore
import RiveFormat

/// A font asset of a ``RiveFile``.
public final class RiveFontAsset: RiveFileAsset, @unchecked Sendable {
  // @unchecked: no stored properties beyond the immutable ones of `RiveFileAsset`.

  /// Gives the asset new content; call again at any time to swap it.
  ///
  /// An empty font (one whose bytes did not decode) is recorded as a failure in
  /// ``RiveFile/resolutionReport()`` and logged; so is nil (upstream's parameter is implicitly
  /// unwrapped, so
  /// `nil` from a failable decode compiles there too).
  public func font(_ font: RiveFont?) {
    sink.assign(font, to: asset, what: "font")
  }
}
