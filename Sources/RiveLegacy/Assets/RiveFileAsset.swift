import Foundation
import RiveCore
import RiveFormat

/// An asset of a ``RiveFile``, as a custom loader sees it.
///
/// A fresh object is made for every loader call, as upstream. The accessors return upstream's
/// exact string forms. Subclasses (``RiveImageAsset``, ``RiveFontAsset``, ``RiveAudioAsset``)
/// accept new content at any time, also after the file has loaded; the file sees it.
///
/// Asset objects are immutable and write through the file's lock-protected asset state, so they
/// may be kept and used from any thread. They do not keep the file alive.
public class RiveFileAsset: @unchecked Sendable {
  // @unchecked: every stored property is an immutable `let` of a Sendable type; the class is
  // not final only because the three asset kinds subclass it.

  /// The asset as the reader describes it.
  let asset: RiveDocument.Asset
  /// Where assigned content goes: the owning file's asset state, or the adapter's worker.
  let sink: any AssetAssignmentSink

  init(asset: RiveDocument.Asset, sink: any AssetAssignmentSink) {
    self.asset = asset
    self.sink = sink
  }

  /// The name as authored, possibly with an extension: `"image.png"`, `"Inter"`.
  public func name() -> String { asset.name }

  /// The name without its last extension, a dash and the asset id: `"image-49934"`.
  public func uniqueName() -> String { asset.uniqueName }

  /// ``uniqueName()``, a dot and ``fileExtension()``: `"image-49934.png"`.
  public func uniqueFilename() -> String { asset.uniqueFilename }

  /// The fixed extension of the asset's kind, without a dot: `"png"` for every image, `"ttf"`
  /// for fonts, `"wav"` for audio.
  public func fileExtension() -> String { asset.fileExtension }

  /// The CDN base URL: the file's value or `"https://public.rive.app/cdn/uuid"`.
  public func cdnBaseUrl() -> String { asset.cdnBaseURL }

  /// The CDN uuid in upstream's string form, or `""` when the asset is not hosted.
  public func cdnUuid() -> String { asset.cdnUUIDString }
}
