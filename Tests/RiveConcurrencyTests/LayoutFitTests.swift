import Foundation
import RiveConcurrency
import RiveCore
import RiveFrames
import RiveTestSupport
import Testing

/// The `layout` fit through the current API on a writer-made file (``LayoutFixture/fit()``):
/// a 200 × 100 artboard whose layout `F` fills it, holding `A` 20 × 10 at its top-left. The
/// layout fit gives the artboard the frame's size divided by the scale factor, and its layout
/// fills that size; another fit gives the artboard back its own size. (The file's boxes at
/// its own size were also confirmed by the official runtime built with layout.)
@Suite("Current API layout fit")
@MainActor
struct LayoutFitTests {
  /// `F`'s and `A`'s fill colours (``LayoutFixture/color(_:)``) as red, green, blue.
  static let fColor: [UInt8] = [0x20, 0xC0, 0xC0]
  static let aColor: [UInt8] = [0xE0, 0x30, 0x30]

  static func rgb(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?) -> [UInt8]? {
    pixel.map { [$0.red, $0.green, $0.blue] }
  }

  static func boxes(_ rive: Rive) -> [String: LayoutFrame] {
    let frames = rive.stateMachine.withRuntime { _, artboard in artboard.layoutFrames } ?? []
    return Dictionary(frames.map { ($0.name, $0) }) { first, _ in first }
  }

  @Test("layout(scaleFactor: 2): a 300 × 160 frame lays the artboard out at 150 × 80")
  func explicitScale() async throws {
    let worker = try await Worker()
    let file = try await File(source: .data(LayoutFixture.fit()), worker: worker)
    let rive = try await Rive(file: file, fit: .layout(scaleFactor: .explicit(2)))
    let frame = try await rive.renderFrame(width: 300, height: 160).raster
    // F fills the 150 × 80 artboard, drawn at twice the size: the frame's corners are F's
    // colour, except the top-left, where A (20 × 10, so 40 × 20 pixels) is.
    #expect(frame.width == 300 && frame.height == 160)
    #expect(Self.rgb(frame.pixel(x: 299, y: 0)) == Self.fColor)
    #expect(Self.rgb(frame.pixel(x: 0, y: 159)) == Self.fColor)
    #expect(Self.rgb(frame.pixel(x: 299, y: 159)) == Self.fColor)
    #expect(Self.rgb(frame.pixel(x: 1, y: 1)) == Self.aColor)
    #expect(Self.rgb(frame.pixel(x: 38, y: 18)) == Self.aColor)
    #expect(Self.rgb(frame.pixel(x: 42, y: 1)) == Self.fColor)
    #expect(Self.rgb(frame.pixel(x: 1, y: 22)) == Self.fColor)
    let boxes = Self.boxes(rive)
    #expect(boxes["Artboard"].map { [$0.width, $0.height] } == [150, 80])
    #expect(boxes["F"].map { [$0.x, $0.y, $0.width, $0.height] } == [0, 0, 150, 80])
    #expect(boxes["A"].map { [$0.x, $0.y, $0.width, $0.height] } == [0, 0, 20, 10])

    // Another fit gives the artboard back its own 200 × 100.
    rive.fit = .contain(alignment: .center)
    _ = try await rive.renderFrame(width: 300, height: 160)
    #expect(Self.boxes(rive)["F"].map { [$0.width, $0.height] } == [200, 100])
  }

  @Test("layout(scaleFactor: .automatic) is a scale of 1 without a screen")
  func automaticScale() async throws {
    let worker = try await Worker()
    let file = try await File(source: .data(LayoutFixture.fit()), worker: worker)
    let rive = try await Rive(file: file, fit: .layout(scaleFactor: .automatic))
    let frame = try await rive.renderFrame(width: 240, height: 90).raster
    #expect(Self.rgb(frame.pixel(x: 239, y: 89)) == Self.fColor)
    #expect(Self.rgb(frame.pixel(x: 18, y: 8)) == Self.aColor)
    #expect(Self.rgb(frame.pixel(x: 22, y: 8)) == Self.fColor)
    #expect(Self.boxes(rive)["F"].map { [$0.width, $0.height] } == [240, 90])
  }

  /// `color` (`0xAARRGGBB`) as red, green, blue.
  static func rgb(_ color: UInt32) -> [UInt8] {
    [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
  }

  /// The artboard point under frame pixel (`x`, `y`) of a `width` × `height` frame, mapped
  /// back through the layout fit (the artboard at the frame's size divided by `scale`).
  static func artboardPoint(
    _ x: Float, _ y: Float, frame: (width: Int, height: Int), scale: Float
  ) -> CGPoint {
    let artboard = FrameRect(
      width: Float(frame.width) / scale, height: Float(frame.height) / scale)
    let fit = FrameFit.layout.transform(
      alignment: .center, frame: FrameRect(width: Float(frame.width), height: Float(frame.height)),
      content: artboard, scaleFactor: scale)
    return CGPoint(x: CGFloat((x - fit.tx) / fit.xx), y: CGFloat((y - fit.ty) / fit.yy))
  }

  @Test("pointer events land on laid-out elements: a frame point mapped through the layout fit")
  func pointerOnLaidOutElement() async throws {
    let worker = try await Worker()
    let file = try await File(source: .data(LayoutFixture.fitListener()), worker: worker)
    let rive = try await Rive(file: file, fit: .layout(scaleFactor: .explicit(2)))
    let machine = rive.stateMachine
    machine.advance(by: 0)
    // The 300 × 160 frame gives the artboard 150 × 80: B, aligned to the bottom right, is laid
    // out at x 130…150, y 70…80 and drawn at twice the size (its stored place, x 180…200, is
    // beyond the laid-out artboard).
    let frame = try await rive.renderFrame(width: 300, height: 160).raster
    #expect(Self.rgb(frame.pixel(x: 280, y: 150)) == Self.rgb(LayoutFixture.color("B")))
    #expect(frame.pixel(x: 250, y: 130)?.alpha == 0)
    let inside = Self.artboardPoint(280, 150, frame: (300, 160), scale: 2)
    #expect(inside == CGPoint(x: 140, y: 75))
    #expect(
      machine.pointerDown(at: Self.artboardPoint(250, 130, frame: (300, 160), scale: 2)) == .none)
    #expect(machine.pointerDown(at: CGPoint(x: 190, y: 95)) == .none)
    #expect(machine.reportedEvents.isEmpty)
    #expect(machine.pointerDown(at: inside) != .none)
    #expect(machine.reportedEvents.map(\.name) == ["pressed"])
  }
}
