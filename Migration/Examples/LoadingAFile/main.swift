// Loading a file: the legacy synchronous initializer and the current async one.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: an app's resources holding card.riv (an artboard with a default state machine and an
// embedded image). In an app this is Bundle.main on Apple platforms, Bundle.module in a Linux
// package target.
let card = RiveFileBlueprint(
  assets: [.embedded(.image, name: "badge.png", id: 1, bytes: Array(ExampleMedia.png()))],
  artboards: [
    .init(
      name: "Card", animations: [.init(name: "idle")],
      stateMachines: [.init(name: "Card Machine")], defaultStateMachineIndex: 0)
  ])
let resources = try ExampleResources(["card.riv": card.data])
defer { resources.remove() }
let bundle = try resources.bundle

// guide:legacy
// Step 1: legacy code builds as is with `import RiveRuntime`; only the bundle changes.
let riveFile = try RiveFile(name: "card", in: bundle, loadCdn: false)
let model = RiveModel(riveFile: riveFile)
try model.setArtboard()
try model.setStateMachine()
print("legacy: \(model)")
// guide.end
printReport("legacy assets", riveFile.resolutionReport())

// guide:current
let worker = try await Worker()
let file = try await File(source: .local("card", bundle), worker: worker)
let artboard = try await file.createArtboard()
let stateMachine = try await artboard.createStateMachine()
print("current: artboard \(artboard.name), state machine \(stateMachine.name)")
// guide.end
printReport("current assets", await file.resolutionReport())
