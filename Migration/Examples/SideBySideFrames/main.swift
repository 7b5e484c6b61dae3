// Proving the picture did not change: `RiveMigrationTesting` plays one file through the legacy
// path (a `RiveView` snapshot) and the current path (`Rive.renderFrame`) to the same times and
// compares the frames pixel by pixel. `--output FILE.png` also writes the current frame.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveMigrationTesting
import RiveRuntime

// Set-up: poster.riv (made by this package's writer) references "photo.png", drawn 2× in the
// middle of a 320×240 artboard with a state machine; the app supplies the photo.
let poster = RiveFileBlueprint(
  assets: [.referenced(.image, name: "photo.png", id: 1, width: 160, height: 120)],
  artboards: [
    .init(
      name: "Poster", width: 320, height: 240, stateMachines: [.init(name: "Main")],
      images: [.init(assetIndex: 0, x: 160, y: 120, scaleX: 1.75, scaleY: 1.75)],
      defaultStateMachineIndex: 0)
  ])
let photo = ExampleMedia.poster()

/// The legacy loader being ported.
let photoLoader: LoadAsset = { asset, data, factory in
  guard let image = asset as? RiveImageAsset, data.isEmpty else { return false }
  image.renderImage(factory.decodeImage(photo))
  return true
}

// guide:frames
// The ported code registers the photo globally; both paths play to 0 s and 0.5 s and draw.
let frames = try await SideBySide.compareFrames(
  data: poster.data, name: "poster.riv", legacyLoader: photoLoader,
  current: .ported { worker, file in
    for asset in try await file.getAssets() where asset.type == .image && !asset.isEmbedded {
      worker.addGlobalImageAsset(
        try await worker.decodeImage(from: photo), name: asset.uniqueName)
    }
  }, times: [0, 0.5])
print(frames)
// In a test: expectFramesMatch(frames) fails with this report and writes the legacy frame, the
// current frame and a difference picture (red where they differ) for every time that differs.
// guide.end

// guide:render
// Either generation's frame on its own: a `Rive` renders its current state to a frame value.
let worker = try await Worker()
worker.addGlobalImageAsset(try await worker.decodeImage(from: photo), name: "photo-1")
let file = try await File(source: .data(poster.data), worker: worker)
let rive = try await Rive(file: file)
rive.stateMachine.advance(by: 0.5)
let frame = try await rive.renderFrame(width: 640, height: 480)
let png = try frame.pngData()
print("\(frame.width)×\(frame.height) frame, \(frame.rgba.count) bytes of RGBA")
// guide.end

// The centre of the disc, and a corner outside the photo (transparent).
if let centre = frame.pixel(x: 320, y: 240), let corner = frame.pixel(x: 2, y: 2) {
  print(
    "centre \(centre.red) \(centre.green) \(centre.blue) \(centre.alpha), corner alpha \(corner.alpha)"
  )
}
let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--output"), index + 1 < arguments.count {
  let url = URL(fileURLWithPath: arguments[index + 1])
  try png.write(to: url)
  print("wrote \(url.path)")
}
