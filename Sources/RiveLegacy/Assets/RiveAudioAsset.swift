import Foundation
import RiveCore
import RiveFormat

/// An audio asset of a ``RiveFile``.
public final class RiveAudioAsset: RiveFileAsset, @unchecked Sendable {
  // @unchecked: no stored properties beyond the immutable ones of `RiveFileAsset`.

  /// Gives the asset new content; call again at any time to swap it.
  ///
  /// Empty audio (bytes that did not decode) is recorded as a failure in
  /// ``RiveFile/resolutionReport()`` and logged; so is nil (upstream's parameter is implicitly
  /// unwrapped, so
  /// `nil` from a failable decode compiles there too).
  public func audio(_ audio: RiveAudio?) {
    sink.assign(audio, to: asset, what: "audio")
  }
}
