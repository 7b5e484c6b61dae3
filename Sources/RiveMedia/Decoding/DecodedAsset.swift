import Foundation

/// Decoded content of one asset, shared by both API generations.
///
/// A `DecodedAsset` is immutable and has identity: the current API's `Image`, `Font`, `Audio`
/// and `Blob` and the legacy `RiveRenderImage`, `RiveFont` and `RiveAudio` each wrap one. Its
/// ``digest`` is computed once, when it is made, so comparing two assets is cheap.
public final class DecodedAsset: Sendable, CustomStringConvertible {
  /// The decoded content.
  public enum Content: Sendable, Hashable {
    case image(DecodedImage)
    case font(DecodedFont)
    case audio(DecodedAudio)
    case blob(DecodedBlob)
  }

  /// The content.
  public let content: Content
  /// The content digest (see ``ContentDigest``): equal digests mean equal content.
  public let digest: ContentDigest

  /// Wraps decoded content, computing its digest.
  public init(_ content: Content) {
    self.content = content
    switch content {
    case .image(let image): digest = image.digest
    case .font(let font): digest = font.digest
    case .audio(let audio): digest = audio.digest
    case .blob(let blob): digest = blob.digest
    }
  }

  /// Decodes `bytes` as an asset of `kind`.
  ///
  /// - Throws: ``DecodingError`` from the kind's decoder.
  public static func decode(
    _ bytes: UnsafeRawBufferPointer, as kind: MediaKind, limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedAsset {
    switch kind {
    case .image: DecodedAsset(.image(try ImageDecoder.decode(bytes, limits: limits)))
    case .font: DecodedAsset(.font(try FontDecoder.decode(bytes, limits: limits)))
    case .audio: DecodedAsset(.audio(try AudioDecoder.decode(bytes, limits: limits)))
    case .blob: DecodedAsset(.blob(BlobDecoder.decode(bytes)))
    }
  }

  /// Decodes `data` as an asset of `kind`.
  ///
  /// - Throws: ``DecodingError`` from the kind's decoder.
  public static func decode(
    _ data: Data, as kind: MediaKind, limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedAsset {
    let result: Result<DecodedAsset, DecodingError> = data.withUnsafeBytes { buffer in
      Result { () throws(DecodingError) in try decode(buffer, as: kind, limits: limits) }
    }
    return try result.get()
  }

  /// The media kind of the content.
  public var kind: MediaKind {
    switch content {
    case .image: .image
    case .font: .font
    case .audio: .audio
    case .blob: .blob
    }
  }

  /// The decoded image, if this is one.
  public var image: DecodedImage? {
    if case .image(let image) = content { return image }
    return nil
  }

  /// The decoded font, if this is one.
  public var font: DecodedFont? {
    if case .font(let font) = content { return font }
    return nil
  }

  /// The decoded audio, if this is one.
  public var audio: DecodedAudio? {
    if case .audio(let audio) = content { return audio }
    return nil
  }

  /// The blob, if this is one.
  public var blob: DecodedBlob? {
    if case .blob(let blob) = content { return blob }
    return nil
  }

  /// A one-line summary: kind, dimensions / family and style / rate, channels and frames / size.
  public var summary: String {
    switch content {
    case .image(let image): "image \(image.format) \(image.width)×\(image.height)"
    case .font(let font): "font \"\(font.familyName)\" \(font.styleName), \(font.glyphCount) glyphs"
    case .audio(let audio):
      "audio \(audio.format) \(audio.sampleRate) Hz, \(audio.channelCount) ch, \(audio.frameCount) frames"
    case .blob(let blob): "blob \(blob.count) bytes"
    }
  }

  public var description: String { "\(summary), digest \(digest.hexString.prefix(16))…" }
}
