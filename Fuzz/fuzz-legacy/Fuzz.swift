import Foundation
import RiveLegacy

/// libFuzzer entry point for the legacy loader path: a `RiveFile` from arbitrary bytes with a
/// closure that decodes everything it is offered through the factory and claims it.
/// See `scripts/fuzz.sh`.
/// Messages are formatted, as a user's handler would, but not written: a line on standard
/// error for every rejected input would slow the fuzzer and bury its own output.
let quietLogging: Void = {
  RiveLogger.handler = { entry in _ = entry.description.utf8.count }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  quietLogging
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
