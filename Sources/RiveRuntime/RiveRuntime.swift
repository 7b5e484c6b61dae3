/// The umbrella module: `import RiveRuntime` gives both API generations, as upstream's module
/// of the same name does, so code written for the Apple runtime compiles here with that one
/// import. It re-exports what such code touches: Foundation (and FoundationNetworking on Linux,
/// where `URLSession` lives), the two APIs (`RiveConcurrency`, `RiveLegacy`), the core they
/// share (`RiveCore`: `SystemFont`, `DecodedAsset`, `ResolutionReport`, …) and the downloads
/// (`RiveNetworking`: `AssetDownloader`, `AssetDownloadError`), the frames (`RiveFrames`:
/// `FramePlayer`, `RiveFrame`) and the rasteriser they are drawn with (`RiveRaster`:
/// `RasterFrame`, `FrameFit`).
@_exported import Foundation
@_exported import RiveConcurrency
@_exported import RiveCore
@_exported import RiveFrames
@_exported import RiveLegacy
@_exported import RiveNetworking
@_exported import RiveRaster

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif

#if !canImport(UIKit) && !canImport(AppKit)
  /// On Linux, `UIFont` names a ``SystemFont`` request, so upstream calls such as
  /// `worker.decodeFont(from: UIFont.systemFont(ofSize: 12))` compile unchanged; the family is
  /// looked up through fontconfig and the size and weight are ignored, as upstream ignores them.
  public typealias UIFont = SystemFont
#endif
