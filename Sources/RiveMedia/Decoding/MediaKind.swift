/// The broad kind of a media asset.
public enum MediaKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// A raster image (PNG, JPEG, WebP, GIF).
  case image
  /// A font file (TrueType, OpenType, collections, WOFF).
  case font
  /// An audio clip (WAV, FLAC, Ogg, MP3).
  case audio
  /// Opaque bytes that are kept as given.
  case blob

  public var description: String { rawValue }
}
