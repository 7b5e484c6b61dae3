// Data binding: the legacy image property, and the current image, font and blob properties.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: poster.riv has a view model "Poster" with an image, a font and a blob property.
let poster = RiveFileBlueprint(
  assets: [
    .embedded(.image, name: "cover.png", id: 1, bytes: Array(ExampleMedia.png(value: 0x30)))
  ],
  viewModels: [
    .init(
      name: "Poster",
      properties: [
        .init(name: "cover", dataType: .assetImage),
        .init(name: "headline", dataType: .assetFont),
        .init(name: "config", dataType: .assetBlob),
      ],
      instances: [.init(name: "Default", assetValues: [0: 0])])
  ],
  artboards: [
    .init(
      name: "Poster", stateMachines: [.init(name: "Poster Machine")],
      defaultStateMachineIndex: 0, viewModelIndex: 0)
  ])
let resources = try ExampleResources(["poster.riv": poster.data])
defer { resources.remove() }
let bundle = try resources.bundle
let newCover = ExampleMedia.png(value: 0xA0)

// guide:legacy
let riveFile = try RiveFile(name: "poster", in: bundle, loadCdn: false)
let legacyInstance = riveFile.viewModelNamed("Poster")?.createDefaultInstance()
legacyInstance?.imageProperty(fromPath: "cover")?.setValue(RiveFactory().decodeImage(newCover))
// guide.end
printReport("legacy", riveFile.resolutionReport())

// guide:current
let worker = try await Worker()
let file = try await File(source: .local("poster", bundle), worker: worker)
let instance = try await file.createViewModelInstance(.viewModelDefault(from: .name("Poster")))
instance.setValue(
  of: ImageProperty(path: "cover"), to: try await worker.decodeImage(from: newCover))
// guide.end

// guide:fontAndBlob
// New here (upstream has no such setters): fonts and blobs bound the same way, per instance.
let headline = try await worker.decodeFont(from: SystemFont(name: "DejaVu Serif", size: 12))
instance.setValue(of: FontProperty(path: "headline"), to: headline)
let config = try await worker.decodeBlob(from: Data(#"{"theme":"dark"}"#.utf8))
instance.setValue(of: BlobProperty(path: "config"), to: config)
// guide.end
printReport("current", await instance.resolutionReport())
