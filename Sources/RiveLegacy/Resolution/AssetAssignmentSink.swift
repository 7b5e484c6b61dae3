import RiveCore
import RiveFormat

/// Where a legacy asset object's content goes when a loader (or a kept asset object) assigns it.
///
/// A ``RiveFile`` records assignments in its own per-file store; the adapter onto the current API
/// turns them into global registrations on a worker. Implementations must be safe to call from
/// any thread: kept asset objects may be given new content at any time.
protocol AssetAssignmentSink: Sendable {
  /// Records where the asset at `index` gets its content from.
  func assign(_ assignment: FileAssetStore.Assignment, toAssetAt index: Int)
}

extension AssetAssignmentSink {
  /// Records content assigned through a kept asset object (or during the loader call).
  func assign(
    _ content: (some DecodedContentWrapper)?, to asset: RiveDocument.Asset, what: String
  ) {
    guard let content else {
      let reason = "no \(what) (nil) was assigned to \(asset.uniqueName)"
      RiveLogger.log(.error, "asset", reason)
      assign(
        FileAssetStore.Assignment(origin: .failed(reason: reason), content: nil),
        toAssetAt: asset.index)
      return
    }
    if let decoded = content.decodedAsset {
      if decoded.kind == asset.kind.mediaKind {
        assign(
          FileAssetStore.Assignment(origin: .customLoader, content: decoded), toAssetAt: asset.index
        )
        return
      }
      let reason = "a \(decoded.kind) was assigned to \(asset.kind) asset \(asset.uniqueName)"
      RiveLogger.log(.error, "asset", reason)
      assign(
        FileAssetStore.Assignment(origin: .failed(reason: reason), content: nil),
        toAssetAt: asset.index)
      return
    }
    let reason = "the \(what) assigned to \(asset.uniqueName) is empty: \(content.failureReason)"
    RiveLogger.log(.error, "asset", reason)
    assign(
      FileAssetStore.Assignment(origin: .failed(reason: reason), content: nil),
      toAssetAt: asset.index)
  }

}
