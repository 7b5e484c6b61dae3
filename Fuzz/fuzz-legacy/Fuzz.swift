import Foundation
import RiveLegacy

/// libFuzzer entry point for the legacy loader path: a `RiveFile` from arbitrary bytes with a
/// closure that decodes everything it is offered through the factory and claims it.
/// See `scripts/fuzz.sh`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let data = Data(UnsafeRawBufferPointer(start: start, count: count))
  let file = try? RiveFile(
    data: data, loadCdn: false,
    customAssetLoader: { asset, bytes, factory in
      switch asset {
      case let image as RiveImageAsset: image.renderImage(factory.decodeImage(bytes))
      case let font as RiveFontAsset: font.font(factory.decodeFont(bytes))
      case let audio as RiveAudioAsset: audio.audio(factory.decodeAudio(bytes))
      default: return false
      }
      return true
    })
  if let file {
    _ = file.resolutionReport().description
    _ = file.artboardNames()
  }
  return 0
}
