import Foundation
import RiveCore
import RiveFormat

/// Decodes asset bytes with the core decoders, by the asset's kind.
enum AssetDecoding {
  /// What decoding an asset's bytes gave.
  enum Outcome: Sendable {
    /// The bytes decode as the asset's kind.
    case decoded(DecodedAsset)
    /// The bytes do not decode; the decoder's reason.
    case failed(DecodingError)
    /// The asset's kind has no decoder (scripts, shaders, unknown kinds).
    case notMedia

    /// The decoded asset, if any.
    var decoded: DecodedAsset? {
      if case .decoded(let asset) = self { return asset }
      return nil
    }

    /// The decoder's reason, if decoding failed.
    var failure: DecodingError? {
      if case .failed(let error) = self { return error }
      return nil
    }
  }

  /// Decodes `bytes` as an asset of `kind`.
  ///
  /// - Parameters:
  ///   - bytes: The asset's file contents.
  ///   - kind: The asset's kind in the `.riv` file.
  /// - Returns: The decoded asset, the decoder's error, or ``Outcome/notMedia``.
  static func decode(_ bytes: UnsafeRawBufferPointer, as kind: RiveDocument.Asset.Kind) -> Outcome {
    guard let mediaKind = kind.mediaKind else { return .notMedia }
    do throws(DecodingError) {
      return .decoded(try DecodedAsset.decode(bytes, as: mediaKind))
    } catch {
      return .failed(error)
    }
  }

  /// Decodes `data` as an asset of `kind`.
  ///
  /// - Parameters:
  ///   - data: The asset's file contents.
  ///   - kind: The asset's kind in the `.riv` file.
  /// - Returns: The decoded asset, the decoder's error, or ``Outcome/notMedia``.
  static func decode(_ data: Data, as kind: RiveDocument.Asset.Kind) -> Outcome {
    data.withUnsafeBytes { decode($0, as: kind) }
  }

  /// The extension matching the format sniffed from `bytes`, or `nil` when nothing matches.
  ///
  /// - Parameter bytes: The start of a media file.
  /// - Returns: `png`, `jpg`, `webp`, `gif`, `ttf`, `otf`, `ttc`, `woff`, `woff2`, `wav`,
  ///   `flac`, `ogg` or `mp3`.
  static func sniffedExtension(_ bytes: UnsafeRawBufferPointer) -> String? {
    switch MediaSniffer.sniff(bytes) {
    case .image(let format)?:
      switch format {
      case .png: "png"
      case .jpeg: "jpg"
      case .webp: "webp"
      case .gif: "gif"
      }
    case .font(let format)?:
      switch format {
      case .trueType: "ttf"
      case .openType: "otf"
      case .collection: "ttc"
      case .woff: "woff"
      case .woff2: "woff2"
      }
    case .audio(let format)?:
      switch format {
      case .wav: "wav"
      case .flac: "flac"
      case .ogg: "ogg"
      case .mp3: "mp3"
      }
    case nil: nil
    }
  }
}
