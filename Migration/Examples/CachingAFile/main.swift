// Caching a file: legacy `RiveModel`s sharing one `RiveFile`; a current `File` kept and asked
// for new artboard and state machine instances.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: buttons.riv has two artboards. "Primary" has an editor-designated default state
// machine; "Secondary" has a state machine but no designated default.
let buttons = RiveFileBlueprint(
  artboards: [
    .init(
      name: "Primary", animations: [.init(name: "press")],
      stateMachines: [.init(name: "Primary Machine")], defaultStateMachineIndex: 0),
    .init(name: "Secondary", stateMachines: [.init(name: "Secondary Machine")]),
  ])
let resources = try ExampleResources(["buttons.riv": buttons.data])
defer { resources.remove() }
let bundle = try resources.bundle

// guide:legacy
// The shape upstream users write (the file is known to be in the bundle): kept as is.
// swift-format-ignore: NeverUseForceTry
let cachedFile = try! RiveFile(resource: "buttons", in: bundle, loadCdn: false)
let okButton = RiveViewModel(RiveModel(riveFile: cachedFile), stateMachineName: nil)
let cancelButton = RiveViewModel(
  RiveModel(riveFile: cachedFile), stateMachineName: nil, artboardName: "Secondary")
// guide.end
print("legacy: \(okButton.riveModel.map { "\($0)" } ?? "no model")")
print("legacy: \(cancelButton.riveModel.map { "\($0)" } ?? "no model")")

// guide:current
let worker = try await Worker()
let file = try await File(source: .local("buttons", bundle), worker: worker)  // keep this

/// One button: new, independent instances from the cached file on every call.
@MainActor
func makeButton(artboard: String?, stateMachine: String?) async throws -> Rive {
  let artboardInstance = try await file.createArtboard(artboard ?? .default)
  let stateMachineInstance = try await artboardInstance.createStateMachine(
    stateMachine ?? .default)
  return try await Rive(file: file, artboard: artboardInstance, stateMachine: stateMachineInstance)
}

let ok = try await makeButton(artboard: nil, stateMachine: nil)
let another = try await makeButton(artboard: nil, stateMachine: nil)
// guide.end
print("current: \(ok.artboard.name) / \(ok.stateMachine.name)")
print(
  "same file: \(ok.file === another.file), same artboard instance: \(ok.artboard === another.artboard)"
)

// guide:defaults
// Legacy picked the first state machine when the editor designated none; the current API does
// not. Name the state machine when the artboard has no designated default.
do {
  _ = try await makeButton(artboard: "Secondary", stateMachine: nil)
} catch let error as ArtboardError {
  print("current, no default: \(error)")
}
let cancel = try await makeButton(artboard: "Secondary", stateMachine: "Secondary Machine")
// guide.end
print("current: \(cancel.artboard.name) / \(cancel.stateMachine.name)")
