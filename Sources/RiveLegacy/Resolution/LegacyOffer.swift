import Foundation
import RiveCore
import RiveFormat

/// The legacy offer loop, written once for ``RiveFile`` and ``LegacyLoaderAdapter``: each image,
/// font and audio asset of a file, in file order, is offered to the loader closure as a fresh
/// legacy asset object, and what the closure returned becomes a ``Decision``.
///
/// The caller acts on each decision as it is made (before the next asset is offered), so an
/// asset object the closure keeps and assigns later lands after the caller's own action, as
/// upstream. Blobs and other kinds are not offered: they keep their embedded bytes.
struct LegacyOffer {
  /// What the closure's answer means for one asset.
  enum Decision: Sendable, Hashable {
    /// The closure returned `true`: it supplies the content itself (during the call, or later
    /// through the kept asset object). Embedded bytes are not used.
    case handled
    /// The closure returned `false`, CDN loading is on and the asset is hosted: fetch it from
    /// this address.
    case downloadFromCDN(url: String)
    /// The closure returned `false` and there is nothing to fetch: the runtime's own fallback
    /// applies (the embedded bytes, if any, else nothing).
    case declined
  }

  /// Whether hosted assets the closure declines are fetched from the CDN.
  var loadCdn: Bool

  /// Offers every image, font and audio asset of `document` to `loader`, with its in-band
  /// bytes (`RiveDocument.inBandContents(ofAssetAt:)`, empty for referenced and hosted assets),
  /// and calls `act` with each decision, in file order.
  ///
  /// - Parameters:
  ///   - document: The file's structure.
  ///   - loader: The closure; `nil` declines everything.
  ///   - sink: Where the asset objects write the content they are given.
  ///   - act: What the caller does with one decision, called right after the closure returns.
  func run(
    _ document: RiveDocument, loader: LoadAsset?, sink: any AssetAssignmentSink,
    act: (RiveDocument.Asset, Decision) -> Void
  ) {
    let factory = RiveFactory()
    for asset in document.assets {
      guard let object = Self.assetObject(for: asset, sink: sink) else { continue }
      let bytes = document.inBandContents(ofAssetAt: asset.index)?.data ?? Data()
      let handled = loader?(object, bytes, factory) ?? false
      act(asset, decision(for: asset, handled: handled))
    }
  }

  /// The decision for an asset whose closure returned `handled`.
  func decision(for asset: RiveDocument.Asset, handled: Bool) -> Decision {
    if handled { return .handled }
    if loadCdn, let url = asset.cdnURL { return .downloadFromCDN(url: url) }
    return .declined
  }

  /// A fresh legacy asset object for an image, font or audio asset; `nil` for other kinds,
  /// which are never offered.
  static func assetObject(
    for asset: RiveDocument.Asset, sink: any AssetAssignmentSink
  ) -> RiveFileAsset? {
    switch asset.kind {
    case .image: RiveImageAsset(asset: asset, sink: sink)
    case .font: RiveFontAsset(asset: asset, sink: sink)
    case .audio: RiveAudioAsset(asset: asset, sink: sink)
    default: nil
    }
  }
}
