// Audio: a legacy loader assigning decoded audio, ported to worker decoding and registration.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: sounds.riv embeds a click and references a chime that the app bundles.
let sounds = RiveFileBlueprint(
  assets: [
    .embedded(.audio, name: "click.wav", id: 1, bytes: Array(try ExampleMedia.wav(frames: 80))),
    .referenced(.audio, name: "chime.wav", id: 4),
  ],
  artboards: [.init(name: "Sounds")])
let resources = try ExampleResources([
  "sounds.riv": sounds.data,
  "chime-4.wav": try ExampleMedia.wav(frames: 1600),
])
defer { resources.remove() }
let bundle = try resources.bundle

// guide:legacy
let riveFile = try RiveFile(name: "sounds", in: bundle, loadCdn: false) { asset, data, factory in
  guard let audioAsset = asset as? RiveAudioAsset, data.isEmpty,
    let url = bundle.url(forResource: asset.uniqueName(), withExtension: asset.fileExtension()),
    let bytes = FileManager.default.contents(atPath: url.path)
  else { return false }
  audioAsset.audio(factory.decodeAudio(bytes))
  return true
}
// guide.end
printReport("legacy", riveFile.resolutionReport())

// guide:current
let worker = try await Worker()
let file = try await File(source: .local("sounds", bundle), worker: worker)
for asset in try await file.getAssets() where asset.type == .audio && !asset.isEmbedded {
  guard
    let url = bundle.url(forResource: asset.uniqueName, withExtension: asset.fileExtension),
    let data = FileManager.default.contents(atPath: url.path)
  else { continue }
  let audio = try await worker.decodeAudio(from: data)
  worker.addGlobalAudioAsset(audio, name: asset.uniqueName)
}
// guide.end
printReport("current", await file.resolutionReport())

// guide:remove
// A registration lasts until it is removed; the asset then has no content again.
worker.removeGlobalAudioAsset(name: "chime-4")
// guide.end
printReport("current, after removeGlobalAudioAsset", await file.resolutionReport())
