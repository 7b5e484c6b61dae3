// Layouts and the `layout` fit: files made with Rive's current editor are laid out (every
// artboard is a layout root); frames solve their layouts as the official runtime does. With
// the `layout` fit the artboard takes the frame's size divided by the scale factor and is laid
// out again at that size, so a panel made at one size fills a frame of another.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveFixtures
import RiveRuntime

// Set-up: panel.riv (made by the package's writer) is a 200 × 100 artboard laid out as a row
// whose layout `F` (teal) fills it and holds layout `A` (red, 20 × 10) at its top-left.
let resources = try ExampleResources(["panel.riv": LayoutFixture.fit()])
defer { resources.remove() }
let bundle = try resources.bundle

/// A pixel's colour, named for the two layouts.
func colour(_ frame: RiveFrame, _ x: Int, _ y: Int) -> String {
  guard let pixel = frame.pixel(x: x, y: y) else { return "outside" }
  if pixel.alpha == 0 { return "empty" }
  switch (pixel.red, pixel.green, pixel.blue) {
  case (0xE0, 0x30, 0x30): return "A (red)"
  case (0x20, 0xC0, 0xC0): return "F (teal)"
  default: return "other"
  }
}

// guide:legacy
// The view model's fit is .layout; layoutScaleFactor 2 lays the 300 × 160 snapshot out at
// 150 × 80 artboard units, drawn twice as large.
let viewModel = RiveViewModel(
  fileName: "panel", in: bundle, stateMachineName: nil, fit: .layout)
viewModel.layoutScaleFactor = 2
let legacyFrame = try viewModel.snapshot(width: 300, height: 160)
print("legacy: bottom-right corner \(colour(legacyFrame, 299, 159))")
print(
  "legacy: A spans 40 × 20 pixels: \(colour(legacyFrame, 38, 18)), then \(colour(legacyFrame, 42, 18))"
)
// guide.end

// guide:current
// Fit.layout with an explicit scale factor; .automatic is 1 without a screen.
let worker = try await Worker()
let file = try await File(source: .local("panel", bundle), worker: worker)
let rive = try await Rive(file: file, fit: .layout(scaleFactor: .explicit(2)))
let currentFrame = try await rive.renderFrame(width: 300, height: 160)
print("current: bottom-right corner \(colour(currentFrame, 299, 159))")
print("same pixels in both generations: \(currentFrame == legacyFrame)")
// Another fit gives the artboard back its own 200 × 100, scaled to 300 × 150 and centred:
// the frame's top rows are empty.
rive.fit = .contain(alignment: .center)
let contained = try await rive.renderFrame(width: 300, height: 160)
print("contain: top row \(colour(contained, 150, 2)), centre \(colour(contained, 150, 80))")
// guide.end
