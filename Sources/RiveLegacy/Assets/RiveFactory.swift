import Foundation
import RiveCore
import RiveFormat

/// Decodes images, fonts and audio for custom asset loaders.
///
/// A factory is handed to every ``LoadAsset`` call; you may also make your own. Decoding uses the
/// core's decoders and is safe from any thread.
public final class RiveFactory: Sendable {
  /// Creates a factory.
  public init() {}

  /// Decodes a PNG, JPEG or WebP image.
  ///
  /// As upstream, this never returns nil: when the bytes do not decode, the image is empty
  /// (``RiveRenderImage/isEmpty``) and ``RiveRenderImage/decodingError`` says why.
  public func decodeImage(_ data: Data) -> RiveRenderImage {
    RiveRenderImage(decoding: data)
  }

  /// Decodes a TrueType, OpenType or collection font.
  ///
  /// As upstream, this never returns nil: when the bytes do not decode, the font is empty
  /// (``RiveFont/isEmpty``) and ``RiveFont/decodingError`` says why.
  public func decodeFont(_ data: Data) -> RiveFont {
    RiveFont(decoding: data)
  }

  /// Decodes an installed system font: the Linux counterpart of upstream's
  /// `decodeFont(_: UIFont)`. Only the family decides; size and weight are ignored, as upstream.
  ///
  /// - Returns: nil when the font cannot be found or read; the reason is logged through
  ///   ``RiveLogger``.
  public func decodeFont(_ font: SystemFont) -> RiveFont? {
    do {
      return RiveFont(decodedAsset: DecodedAsset(.font(try font.decode())), decodingError: nil)
    } catch {
      RiveLogger.log(
        .warning, "asset", "system font \(font.familyName ?? "(default)") not decoded: \(error)")
      return nil
    }
  }

  /// Decodes WAV, FLAC, Ogg/Vorbis or MP3 audio.
  ///
  /// Returns an empty object rather than nil when the bytes do not decode
  /// (``RiveAudio/isEmpty``, ``RiveAudio/decodingError``); upstream returns nil only in builds
  /// without audio.
  public func decodeAudio(_ data: Data) -> RiveAudio? {
    RiveAudio(decoding: data)
  }
}
