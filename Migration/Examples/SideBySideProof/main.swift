// Proving nothing changed: `RiveMigrationTesting` loads a file through the legacy path and the
// current path and compares, asset by asset, where the content comes from and its digest.
// Put these checks in your own test suite (`expectEquivalent(_:)` or `XCTAssertEquivalent(_:)`).
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveMigrationTesting
import RiveRuntime

// Set-up: hero.riv references "hero.png" and embeds a logo; the app supplies the hero image.
let hero = RiveFileBlueprint(
  assets: [
    .referenced(.image, name: "hero.png", id: 1, width: 4, height: 4),
    .embedded(.image, name: "logo.png", id: 2, bytes: Array(ExampleMedia.png(value: 0x05))),
  ],
  artboards: [.init(name: "Hero")])
let heroImage = ExampleMedia.png(value: 0x99)

/// The legacy loader being ported.
let heroLoader: LoadAsset = { asset, data, factory in
  guard let image = asset as? RiveImageAsset, data.isEmpty else { return false }
  image.renderImage(factory.decodeImage(heroImage))
  return true
}

// guide:adapter
// Step 2: with the adapter, the current path must resolve every asset as the legacy one does.
let viaAdapter = try await SideBySide.compare(
  data: hero.data, name: "hero.riv", legacyLoader: heroLoader)
print(viaAdapter)
// guide.end

// guide:ported
// Step 3: the same check against the ported registration code.
let ported = try await SideBySide.compare(
  data: hero.data, name: "hero.riv", legacyLoader: heroLoader,
  current: .ported { worker, file in
    for asset in try await file.getAssets() where asset.type == .image && !asset.isEmbedded {
      let image = try await worker.decodeImage(from: heroImage)
      worker.addGlobalImageAsset(image, name: asset.uniqueName)
    }
  })
print(ported)
// guide.end

// guide:difference
// A closure that returns true without assigning anything: legacy leaves the asset empty, while
// the current API has no way to hide embedded bytes. The comparison shows the difference.
let claimsEverything: LoadAsset = { asset, _, _ in asset is RiveImageAsset }
let comparison = try await SideBySide.compare(
  data: hero.data, name: "hero.riv", legacyLoader: claimsEverything)
if !comparison.isEquivalent {
  print(comparison)
}
// guide.end
