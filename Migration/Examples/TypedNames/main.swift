// Typed resource names: `rive-assets codegen` turns the names in .riv files into constants,
// so a renamed artboard or asset is a compile error instead of a silent miss.
//
// GalleryNames.swift beside this file was generated from the file this example writes:
//   swift run TypedNames --write-riv /tmp/gallery.riv
//   swift run rive-assets codegen /tmp/gallery.riv --output GalleryNames.swift
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: gallery.riv references a photo (photo-2) and has a view model with an image property.
let gallery = RiveFileBlueprint(
  assets: [.referenced(.image, name: "photo.png", id: 2, width: 4, height: 4)],
  viewModels: [
    .init(
      name: "Gallery", properties: [.init(name: "cover", dataType: .assetImage)],
      instances: [.init(name: "Default")])
  ],
  artboards: [
    .init(
      name: "Gallery",
      stateMachines: [.init(name: "Browse", inputs: [.init(name: "next", kind: .trigger)])],
      defaultStateMachineIndex: 0, viewModelIndex: 0)
  ])
let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--write-riv" {
  try gallery.data.write(to: URL(fileURLWithPath: arguments[2]))
  exit(0)
}
let resources = try ExampleResources([
  "gallery.riv": gallery.data, "photo-2.png": ExampleMedia.png(value: 0x55),
])
defer { resources.remove() }
let bundle = try resources.bundle
let photo = ExampleMedia.png(value: 0x55)

// guide:legacy
let viewModel = RiveViewModel(
  fileName: "gallery", in: bundle, stateMachineName: "Browse", loadCdn: false)
viewModel.triggerInput("next")  // a typo here fails silently (a warning in the log)
// guide.end
print("legacy: \(viewModel.riveModel.map { "\($0)" } ?? "no model")")

// guide:current
typealias Names = GalleryNames.Gallery

let worker = try await Worker()
// Known names let you register before loading, which is also what upstream requires.
let image = try await worker.decodeImage(from: photo)
worker.addGlobalImageAsset(image, name: Names.Assets.photo2.uniqueName)
let file = try await File(source: .local(Names.resourceName, bundle), worker: worker)
let artboard = try await file.createArtboard(Names.Artboards.Gallery.name)
let stateMachine = try await artboard.createStateMachine(
  Names.Artboards.Gallery.StateMachines.Browse.name)
let cover = try await file.createViewModelInstance(
  .viewModelDefault(from: .name(Names.ViewModels.Gallery.name)))
cover.setValue(of: Names.ViewModels.Gallery.Properties.cover, to: image)
// guide.end
print("current: \(artboard.name) / \(stateMachine.name)")
printReport("current, file", await file.resolutionReport())
printReport("current, view-model instance", await cover.resolutionReport())
