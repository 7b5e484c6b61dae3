// Platform fonts: `UIFont` requests. On Linux `UIFont` names `SystemFont`, looked up through
// fontconfig; size and weight are ignored, as upstream ignores them.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: label.riv references a font "Inter.ttf" (unique name Inter-2) that the app does not
// bundle: it uses the system font instead.
let label = RiveFileBlueprint(
  assets: [.referenced(.font, name: "Inter.ttf", id: 2)], artboards: [.init(name: "Label")])
let resources = try ExampleResources(["label.riv": label.data])
defer { resources.remove() }
let bundle = try resources.bundle

// guide:legacy
let riveFile = try RiveFile(name: "label", in: bundle, loadCdn: false) { asset, _, factory in
  guard let fontAsset = asset as? RiveFontAsset else { return false }
  fontAsset.font(factory.decodeFont(UIFont.systemFont(ofSize: 12)))
  return true
}
// guide.end
printReport("legacy", riveFile.resolutionReport())

// guide:current
let worker = try await Worker()
let systemFont = try await worker.decodeFont(from: UIFont.systemFont(ofSize: 12))
worker.addGlobalFontAsset(systemFont, name: "Inter-2")
let file = try await File(source: .local("label", bundle), worker: worker)
// guide.end
printReport("current", await file.resolutionReport())

// guide:named
// A named family: `UIFont(name:size:)` on Apple platforms, `SystemFont(name:size:)` on Linux.
let serif = try await worker.decodeFont(from: SystemFont(name: "DejaVu Serif", size: 12))
print("named family: \(serif.familyName)")
do {
  _ = try await worker.decodeFont(from: SystemFont(name: "No Such Family", size: 12))
} catch FontError.failedDecoding {
  print("a family that is not installed fails to decode")
}
// guide.end
