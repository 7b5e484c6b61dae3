import Foundation
import RiveCore
import RiveFrames
import RiveLegacy
import RiveTestSupport
import Testing

/// The `layout` fit through the legacy API on a writer-made file (``LayoutFixture/fit()``):
/// a 200 × 100 artboard whose layout `F` fills it, holding `A` 20 × 10 at its top-left.
/// `fit = .layout` gives the artboard the snapshot's size divided by `layoutScaleFactor`, and
/// its layout fills that size. (The file's boxes at its own size were also confirmed by the
/// official runtime built with layout.)
@Suite("Legacy layout fit")
@MainActor
struct LayoutFitTests {
  /// `F`'s and `A`'s fill colours (``LayoutFixture/color(_:)``) as red, green, blue.
  static let fColor: [UInt8] = [0x20, 0xC0, 0xC0]
  static let aColor: [UInt8] = [0xE0, 0x30, 0x30]

  static func rgb(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?) -> [UInt8]? {
    pixel.map { [$0.red, $0.green, $0.blue] }
  }

  static func boxes(_ model: RiveModel) -> [String: LayoutFrame] {
    let frames =
      model.stateMachine?.withRuntime { _, artboard in artboard.layoutFrames } ?? []
    return Dictionary(frames.map { ($0.name, $0) }) { first, _ in first }
  }

  static func viewModel(scale: Double) throws -> (RiveViewModel, RiveModel) {
    let file = try RiveFile(data: LayoutFixture.fit(), loadCdn: false)
    let model = RiveModel(riveFile: file)
    let viewModel = RiveViewModel(model, stateMachineName: nil, fit: .layout)
    viewModel.layoutScaleFactor = scale
    return (viewModel, model)
  }

  @Test(
    "fit = .layout with layoutScaleFactor 2, with and without a view", arguments: [true, false])
  func explicitScale(withView: Bool) throws {
    let (viewModel, model) = try Self.viewModel(scale: 2)
    if withView { _ = viewModel.createRiveView() }
    let frame = try viewModel.snapshot(width: 300, height: 160).raster
    // The artboard is 150 × 80, drawn at twice the size: F's colour at the frame's corners
    // but the top-left, where A (40 × 20 pixels) is.
    #expect(frame.width == 300 && frame.height == 160)
    #expect(Self.rgb(frame.pixel(x: 299, y: 0)) == Self.fColor)
    #expect(Self.rgb(frame.pixel(x: 0, y: 159)) == Self.fColor)
    #expect(Self.rgb(frame.pixel(x: 299, y: 159)) == Self.fColor)
    #expect(Self.rgb(frame.pixel(x: 1, y: 1)) == Self.aColor)
    #expect(Self.rgb(frame.pixel(x: 38, y: 18)) == Self.aColor)
    #expect(Self.rgb(frame.pixel(x: 42, y: 1)) == Self.fColor)
    let boxes = Self.boxes(model)
    #expect(boxes["F"].map { [$0.x, $0.y, $0.width, $0.height] } == [0, 0, 150, 80])
    #expect(boxes["A"].map { [$0.x, $0.y, $0.width, $0.height] } == [0, 0, 20, 10])
  }

  @Test("fit = .layout with the automatic factor is a scale of 1 without a screen")
  func automaticScale() throws {
    let (viewModel, model) = try Self.viewModel(scale: RiveViewModel.layoutScaleFactorAutomatic)
    let frame = try viewModel.snapshot(width: 240, height: 90).raster
    #expect(Self.rgb(frame.pixel(x: 239, y: 89)) == Self.fColor)
    #expect(Self.rgb(frame.pixel(x: 18, y: 8)) == Self.aColor)
    #expect(Self.rgb(frame.pixel(x: 22, y: 8)) == Self.fColor)
    #expect(Self.boxes(model)["F"].map { [$0.width, $0.height] } == [240, 90])
  }

  @Test(
    "touches land on laid-out elements: a frame point mapped through the layout fit",
    arguments: [true, false])
  func touchOnLaidOutElement(withView: Bool) throws {
    let file = try RiveFile(data: LayoutFixture.fitListener(), loadCdn: false)
    let model = RiveModel(riveFile: file)
    let viewModel = RiveViewModel(model, stateMachineName: nil, fit: .layout)
    viewModel.layoutScaleFactor = 2
    if withView { _ = viewModel.createRiveView() }
    let machine = try #require(model.stateMachine)
    machine.advance(by: 0)
    // The 300 × 160 snapshot gives the artboard 150 × 80: B, aligned to the bottom right, is
    // laid out at x 130…150, y 70…80 and drawn at twice the size from the top left.
    let frame = try viewModel.snapshot(width: 300, height: 160).raster
    let b = LayoutFixture.color("B")
    #expect(
      Self.rgb(frame.pixel(x: 280, y: 150))
        == [UInt8(b >> 16 & 0xFF), UInt8(b >> 8 & 0xFF), UInt8(b & 0xFF)])
    // Frame pixels mapped back through the layout fit's transform to artboard points.
    let fit = FrameFit.layout.transform(
      alignment: .topLeft, frame: FrameRect(width: 300, height: 160),
      content: FrameRect(width: 150, height: 80), scaleFactor: 2)
    func artboardPoint(_ x: Float, _ y: Float) -> CGPoint {
      CGPoint(x: CGFloat((x - fit.tx) / fit.xx), y: CGFloat((y - fit.ty) / fit.yy))
    }
    #expect(artboardPoint(280, 150) == CGPoint(x: 140, y: 75))
    #expect(machine.touchBegan(atLocation: artboardPoint(250, 130)) == .none)
    #expect(machine.touchBegan(atLocation: CGPoint(x: 190, y: 95)) == .none)
    #expect(machine.getBool("pressed").value() == false)
    #expect(machine.touchBegan(atLocation: artboardPoint(280, 150)) != .none)
    #expect(machine.getBool("pressed").value() == true)
    #expect(machine.reportedEventCount() == 1)
    #expect(machine.reportedEvent(at: 0).name() == "pressed")
  }
}
