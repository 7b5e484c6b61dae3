import Foundation

/// A custom asset loader: called once per image, font and audio asset while a ``RiveFile`` loads.
///
/// The closure receives a fresh asset object (``RiveImageAsset``, ``RiveFontAsset`` or
/// ``RiveAudioAsset``), the asset's embedded bytes (empty `Data` for referenced and hosted
/// assets) and a ``RiveFactory`` to decode content with. Return `true` when the closure supplies
/// the content itself (the embedded bytes are then not decoded), `false` to let the runtime try:
/// the CDN when loading from it is enabled and the asset is hosted, else the embedded bytes.
///
/// The closure runs synchronously, on the thread that creates the file (for
/// ``RiveFile/init(httpUrl:loadCdn:customAssetLoader:assetDownloader:with:)``, on the main actor
/// once the download finishes).
public typealias LoadAsset = (RiveFileAsset, Data, RiveFactory) -> Bool
