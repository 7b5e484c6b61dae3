// Text and fonts: frames draw text, shaped with HarfBuzz in each font asset's font as
// resolved — a loader's `font(...)` in the legacy API, a global registration or a bound font
// property in the current one — with fallback fonts for missing characters. Text runs are
// set by name in the legacy API and through data binding in the current one.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveFixtures
import RiveRuntime

// Set-up: card.riv (made by the package's writer) has a text run "label" in an embedded
// font asset "Label" (unique name Label-0), a view model whose string property "label" is
// bound to the run's text and whose font property "font" is bound to the text's font.
let embedded = try SystemFont(name: "DejaVu Sans", size: 12).decode().bytes
let resources = try ExampleResources(["card.riv": FontSwapFixture.data(embedding: embedded)])
defer { resources.remove() }
let bundle = try resources.bundle

// guide:legacy
// The loader swaps the card's font; the text run is set by name.
let riveFile = try RiveFile(name: "card", in: bundle, loadCdn: false) { asset, _, factory in
  guard let fontAsset = asset as? RiveFontAsset else { return false }
  fontAsset.font(factory.decodeFont(UIFont(name: "DejaVu Sans Mono", size: 12)))
  return true
}
let viewModel = RiveViewModel(RiveModel(riveFile: riveFile), autoPlay: false)
try viewModel.setTextRunValue("label", textValue: "Hello from Linux")
print("legacy run: \(viewModel.getTextRunValue("label") ?? "none")")
let view = viewModel.createRiveView()
view.advance(delta: 1 / 60)
let legacyFrame = try viewModel.snapshot()
// guide.end

// guide:current
// The font is registered globally by unique name; the text comes through data binding.
let worker = try await Worker()
let mono = try await worker.decodeFont(from: UIFont(name: "DejaVu Sans Mono", size: 12))
worker.addGlobalFontAsset(mono, name: "Label-0")
let file = try await File(source: .local("card", bundle), worker: worker)
let rive = try await Rive(file: file)
guard let instance = rive.viewModelInstance else {
  print("the card's view model instance is not bound")
  exit(1)
}
instance.setValue(of: StringProperty(path: "label"), to: "Hello from Linux")
rive.stateMachine.advance(by: 1 / 60)
let currentFrame = try await rive.renderFrame()
print("same pixels in both generations: \(currentFrame == legacyFrame)")
// guide.end

// guide:property
// A font given to a bound font property draws after the next advance; fallback fonts (the
// system sans-serif until set) draw characters the font lacks.
let serif = try await worker.decodeFont(from: UIFont(name: "DejaVu Serif", size: 12))
instance.setValue(of: FontProperty(path: "font"), to: serif)
rive.stateMachine.advance(by: 1 / 60)
let serifFrame = try await rive.renderFrame()
print("the serif changes the frame: \(serifFrame != currentFrame)")
worker.fallbackFonts = [try await worker.decodeFont(from: UIFont(name: "DejaVu Sans", size: 12))]
print("fallback fonts: \(worker.fallbackFonts.map(\.familyName))")
// guide.end
