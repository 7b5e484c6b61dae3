import Foundation

/// A parsed `.riv` file shared by every artboard, state machine and instance made from it.
///
/// The file is parsed once; embedded asset contents are decoded lazily, at most once each, and
/// the outcome (content or decoding error) is kept. Safe to use from any thread.
public final class LoadedFile: Sendable {
  /// The parsed document.
  public let document: RiveDocument
  /// A name for messages and reports (the resource or URL it came from).
  public let displayName: String
  /// The file's bytes, when it was parsed from them (nil for a wrapped document): what the
  /// runtime parses when a frame of the file is drawn.
  public let data: Data?
  private let embedded = Locked<[Int: Result<DecodedAsset, DecodingError>]>([:])

  /// Wraps a parsed document.
  public init(document: RiveDocument, displayName: String) {
    self.document = document
    self.displayName = displayName
    data = nil
  }

  private init(document: RiveDocument, displayName: String, data: Data) {
    self.document = document
    self.displayName = displayName
    self.data = data
  }

  /// Parses `data` at full depth.
  ///
  /// - Throws: ``RiveError``.
  public convenience init(data: Data, displayName: String) throws(RiveError) {
    self.init(document: try RiveDocument(data: data), displayName: displayName, data: data)
  }

  /// The decoded embedded content of the asset at `index`: nil when the asset has no embedded
  /// bytes or is not an image, font, audio or blob asset; a failure when the bytes do not decode.
  public func embeddedContent(ofAssetAt index: Int) -> Result<DecodedAsset, DecodingError>? {
    guard document.assets.indices.contains(index) else { return nil }
    let asset = document.assets[index]
    guard let contents = asset.contents, let kind = asset.kind.mediaKind else { return nil }
    if let cached = embedded.withLock({ $0[index] }) { return cached }
    // Decode outside the lock; if two threads race, both results are equal and one is kept.
    let result = contents.withUnsafeBytes { bytes in
      Result { () throws(DecodingError) in try DecodedAsset.decode(bytes, as: kind) }
    }
    return embedded.withLock { cache in
      if let existing = cache[index] { return existing }
      cache[index] = result
      return result
    }
  }
}
