// Wrapping legacy loaders with the adapter (step 2), and what a per-worker registration changes.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: card.riv and banner.riv both reference an image "photo.png" (asset id 7, so its unique
// name is photo-7 in both files); each screen of the app supplies its own picture.
func referencingPhoto(artboard: String) -> RiveFileBlueprint {
  RiveFileBlueprint(
    assets: [.referenced(.image, name: "photo.png", id: 7, width: 4, height: 4)],
    artboards: [.init(name: artboard)])
}
let resources = try ExampleResources([
  "card.riv": referencingPhoto(artboard: "Card").data,
  "banner.riv": referencingPhoto(artboard: "Banner").data,
  "card-images/photo-7.png": ExampleMedia.png(value: 0x20),
  "banner-images/photo-7.png": ExampleMedia.png(value: 0xC0),
])
defer { resources.remove() }
let bundle = try resources.bundle
let cardImages = resources.url("card-images")
let bannerImages = resources.url("banner-images")

// guide:loader
/// The app's legacy loader: supplies referenced images from one of its folders.
func imageLoader(folder: URL) -> LoadAsset {
  return { asset, data, factory in
    // Embedded bytes, fonts and audio: let the runtime handle them.
    guard let image = asset as? RiveImageAsset, data.isEmpty else { return false }
    let url = folder.appendingPathComponent(asset.uniqueFilename())
    guard let bytes = FileManager.default.contents(atPath: url.path) else { return false }
    image.renderImage(factory.decodeImage(bytes))
    return true
  }
}
// guide.end

// guide:legacy
let legacyCard = try RiveFile(
  name: "card", in: bundle, loadCdn: false, customLoader: imageLoader(folder: cardImages))
// guide.end
printReport("legacy card", legacyCard.resolutionReport())

// guide:oneLiner
// Step 2: the same closure, run by the adapter; what it assigns is registered on the worker.
let worker = try await Worker()
let card = try await File(
  source: .local("card", bundle), worker: worker,
  legacyLoader: imageLoader(folder: cardImages))
// guide.end
printReport("adapted card", await card.resolutionReport())

// guide:report
let adapter = LegacyLoaderAdapter(worker: try await Worker())
let (sharedCard, cardReport) = try await adapter.load(
  .local("card", bundle), loader: imageLoader(folder: cardImages))
let (sharedBanner, bannerReport) = try await adapter.load(
  .local("banner", bundle), loader: imageLoader(folder: bannerImages))
print(cardReport)
print(bannerReport)  // names the conflict: both files registered photo-7
// guide.end
printReport("shared worker, card", await sharedCard.resolutionReport())
printReport("shared worker, banner", await sharedBanner.resolutionReport())

// guide:isolation
// Legacy per-file behaviour, exactly: every file is loaded on a worker of its own.
let isolated = LegacyLoaderAdapter(worker: try await Worker(), isolation: .workerPerFile)
let (ownCard, _) = try await isolated.load(
  .local("card", bundle), loader: imageLoader(folder: cardImages))
let (ownBanner, _) = try await isolated.load(
  .local("banner", bundle), loader: imageLoader(folder: bannerImages))
// guide.end
printReport("worker per file, card", await ownCard.resolutionReport())
printReport("worker per file, banner", await ownBanner.resolutionReport())
