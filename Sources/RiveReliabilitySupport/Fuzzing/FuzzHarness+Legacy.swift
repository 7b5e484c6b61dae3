import Foundation
import RiveLegacy

extension FuzzHarness {
  /// Messages are formatted, as a user's handler would, but not written: a line on standard
  /// error for every rejected input would slow the fuzzer and bury its own output.
  private static let quietLogging: Void = {
    RiveLogger.handler = { entry in _ = entry.description.utf8.count }
  }()

  /// The legacy loader path: a `RiveFile` from arbitrary bytes with a closure that decodes
  /// everything it is offered through the factory and claims it, then the resolution report
  /// and the artboard names.
  package static func legacy(_ bytes: UnsafeRawBufferPointer) {
    quietLogging
    let file = try? RiveFile(
      data: Data(bytes), loadCdn: false,
      customAssetLoader: { asset, data, factory in
        switch asset {
        case let image as RiveImageAsset: image.renderImage(factory.decodeImage(data))
        case let font as RiveFontAsset: font.font(factory.decodeFont(data))
        case let audio as RiveAudioAsset: audio.audio(factory.decodeAudio(data))
        default: return false
        }
        return true
      })
    if let file {
      _ = file.resolutionReport().description
      _ = file.artboardNames()
    }
  }
}
