/// A media format of any kind, as told apart by ``MediaSniffer``.
public enum MediaFormat: Hashable, Sendable, CustomStringConvertible {
  /// A raster image format.
  case image(ImageFormat)
  /// A font format.
  case font(FontFormat)
  /// An audio format.
  case audio(AudioFormat)

  /// The kind of media this format holds.
  public var kind: MediaKind {
    switch self {
    case .image: .image
    case .font: .font
    case .audio: .audio
    }
  }

  public var description: String {
    switch self {
    case .image(let format): format.description
    case .font(let format): format.description
    case .audio(let format): format.description
    }
  }
}
