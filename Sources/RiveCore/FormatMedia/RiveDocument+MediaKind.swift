import RiveFormat
import RiveMedia

extension RiveDocument.Asset.Kind {
  /// The media kind of assets of this kind, for image, font, audio and blob assets.
  public var mediaKind: MediaKind? {
    switch self {
    case .image: .image
    case .font: .font
    case .audio: .audio
    case .blob: .blob
    default: nil
    }
  }
}
