// Keeping an asset to swap its content later: a kept `RiveImageAsset` in the legacy API;
// re-registration or `ImageProperty` data binding in the current one.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: avatar.riv references an image "avatar.png" (unique name avatar-1) and has a view
// model "Profile" whose image property "picture" points at it.
let avatar = RiveFileBlueprint(
  assets: [.referenced(.image, name: "avatar.png", id: 1, width: 4, height: 4)],
  viewModels: [
    .init(
      name: "Profile", properties: [.init(name: "picture", dataType: .assetImage)],
      instances: [.init(name: "Default", assetValues: [0: 0])])
  ],
  artboards: [
    .init(
      name: "Avatar", stateMachines: [.init(name: "Avatar Machine")],
      defaultStateMachineIndex: 0, viewModelIndex: 0)
  ])
let resources = try ExampleResources(["avatar.riv": avatar.data])
defer { resources.remove() }
let bundle = try resources.bundle
let placeholder = ExampleMedia.png(value: 0x11)
let userPicture = ExampleMedia.png(value: 0xEE)
let holidayPicture = ExampleMedia.png(value: 0x77)

// guide:legacy
/// Holds on to the avatar asset the loader was given, to swap its picture later.
final class AvatarSlot {
  var asset: RiveImageAsset?
}

let slot = AvatarSlot()
let riveFile = try RiveFile(name: "avatar", in: bundle, loadCdn: false) { asset, _, factory in
  guard let image = asset as? RiveImageAsset, asset.uniqueName() == "avatar-1" else {
    return false
  }
  image.renderImage(factory.decodeImage(placeholder))
  slot.asset = image
  return true
}
// Later, when the user's picture has arrived:
slot.asset?.renderImage(RiveFactory().decodeImage(userPicture))
// guide.end
printReport("legacy, after the swap", riveFile.resolutionReport())

// guide:reregister
let worker = try await Worker()
worker.addGlobalImageAsset(try await worker.decodeImage(from: placeholder), name: "avatar-1")
let file = try await File(source: .local("avatar", bundle), worker: worker)
// Later: registering again under the same name replaces the image. Here that reaches files
// loaded before; upstream, only files loaded afterwards, so prefer data binding below.
worker.addGlobalImageAsset(try await worker.decodeImage(from: userPicture), name: "avatar-1")
// guide.end
printReport("current, re-registered", await file.resolutionReport())

// guide:dataBinding
// Data binding swaps the picture of one instance, at any time, on upstream too.
let picture = ImageProperty(path: "picture")
let profile = try await file.createViewModelInstance(.viewModelDefault(from: .name("Profile")))
let rive = try await Rive(file: file, dataBind: .instance(profile))
profile.setValue(of: picture, to: try await worker.decodeImage(from: holidayPicture))
// guide.end
print("bound to the state machine: \(rive.stateMachine.boundViewModelInstance == profile)")
printReport("current, data-bound instance", await profile.resolutionReport())
