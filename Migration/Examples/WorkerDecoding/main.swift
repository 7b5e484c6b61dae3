// Factory decoding → worker decoding: the legacy factory never fails (it returns an empty
// object); the worker throws with the decoder's reason.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

let goodPNG = ExampleMedia.png()
let notAnImage = Data("<html>404</html>".utf8)

// guide:legacy
let factory = RiveFactory()
let image = factory.decodeImage(goodPNG)  // never nil, even when decoding failed
let broken = factory.decodeImage(notAnImage)
// This package says why an object is empty; upstream hides it.
print("legacy: \(image.width)×\(image.height), broken isEmpty: \(broken.isEmpty)")
print("legacy reason: \(broken.decodingError.map { "\($0)" } ?? "none")")
// guide.end

// guide:current
let worker = try await Worker()
let decoded = try await worker.decodeImage(from: goodPNG)
print("current: \(decoded.width)×\(decoded.height)")
do {
  _ = try await worker.decodeImage(from: notAnImage)
} catch ImageError.failedDecoding(let reason) {
  print("current reason: \(reason)")
}
// guide.end

// What a loader does with an empty image: the legacy file shows the failure; the adapter
// registers nothing (and says so), so the asset keeps its embedded bytes or stays unresolved.
let cover = RiveFileBlueprint(
  assets: [.referenced(.image, name: "cover.png", id: 3)], artboards: [.init(name: "Cover")])

// guide:emptyDecode
let brokenLoader: LoadAsset = { asset, _, factory in
  guard let image = asset as? RiveImageAsset else { return false }
  image.renderImage(factory.decodeImage(notAnImage))
  return true
}
let legacyCover = try RiveFile(data: cover.data, loadCdn: false, customAssetLoader: brokenLoader)
let adapter = LegacyLoaderAdapter(worker: worker)
let (currentCover, report) = try await adapter.load(.data(cover.data), loader: brokenLoader)
// guide.end
printReport("legacy", legacyCover.resolutionReport())
print(report)
printReport("current", await currentCover.resolutionReport())
