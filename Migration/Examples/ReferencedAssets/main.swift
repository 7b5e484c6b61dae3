// Referenced images and fonts: a legacy bundle loader, ported to worker decoding and global
// registration (step 3), then removing the adapter (step 4).
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: profile.riv embeds a logo and references a photo, a font and a hero image; the app
// bundles the referenced files under their unique names. The hero image was exported as WebP,
// so it is bundled as hero-5.webp although Rive reports `png` for every image.
let profile = RiveFileBlueprint(
  assets: [
    .embedded(.image, name: "logo.png", id: 1, bytes: Array(ExampleMedia.png(value: 0x10))),
    .referenced(.image, name: "photo.png", id: 2, width: 4, height: 4),
    .referenced(.font, name: "Inter.ttf", id: 3),
    .referenced(.image, name: "hero.png", id: 5, width: 8, height: 8),
  ],
  artboards: [.init(name: "Profile")])
let resources = try ExampleResources([
  "profile.riv": profile.data,
  "photo-2.png": ExampleMedia.png(value: 0x80),
  "Inter-3.ttf": try ExampleMedia.font(),
  "hero-5.webp": try ExampleMedia.webp(),
])
defer { resources.remove() }
let bundle = try resources.bundle

// guide:legacy
/// The app's legacy loader: referenced assets come from the bundle, by unique file name.
func bundleLoader(_ bundle: Bundle) -> LoadAsset {
  return { asset, data, factory in
    guard data.isEmpty else { return false }  // embedded: the runtime decodes the bytes
    guard
      let url = bundle.url(forResource: asset.uniqueName(), withExtension: asset.fileExtension()),
      let bytes = FileManager.default.contents(atPath: url.path)
    else { return false }
    if let image = asset as? RiveImageAsset {
      image.renderImage(factory.decodeImage(bytes))
    } else if let font = asset as? RiveFontAsset {
      font.font(factory.decodeFont(bytes))
    }
    return true
  }
}

let riveFile = try RiveFile(
  name: "profile", in: bundle, loadCdn: false, customLoader: bundleLoader(bundle))
// guide.end
printReport("legacy", riveFile.resolutionReport())

// guide:current
// Step 3: the loader, ported. Decode with the worker; register under the unique name.
let worker = try await Worker()
let file = try await File(source: .local("profile", bundle), worker: worker)
for asset in try await file.getAssets() where !asset.isEmbedded {
  guard
    let url = bundle.url(forResource: asset.uniqueName, withExtension: asset.fileExtension),
    let data = FileManager.default.contents(atPath: url.path)
  else { continue }
  switch asset.type {
  case .image:
    worker.addGlobalImageAsset(try await worker.decodeImage(from: data), name: asset.uniqueName)
  case .font:
    worker.addGlobalFontAsset(try await worker.decodeFont(from: data), name: asset.uniqueName)
  case .audio:
    worker.addGlobalAudioAsset(try await worker.decodeAudio(from: data), name: asset.uniqueName)
  case .blob, .unknown:
    break
  }
}
// guide.end
printReport("current, ported by hand", await file.resolutionReport())

// guide:bundled
// The same, in one call, also finding files bundled with their original extension.
let bundledWorker = try await Worker()
let bundled = try await File(source: .local("profile", bundle), worker: bundledWorker)
for result in await bundledWorker.registerBundledAssets(of: bundled, in: bundle) {
  print(
    "\(result.asset.uniqueName) (fileExtension \(result.asset.fileExtension)): \(result.outcome)")
}
// guide.end
printReport("current, registerBundledAssets", await bundled.resolutionReport())
