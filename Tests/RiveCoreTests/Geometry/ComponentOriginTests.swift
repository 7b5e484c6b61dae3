import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveReference
import Testing

@testable import RiveCore

/// Component origins on nested artboards, in files made by the package's writer.
@Suite("Component origins")
struct ComponentOriginTests {
  /// A 300 × 300 artboard hosting a 100 × 80 filled artboard at (100, 100), with a component
  /// origin of (`origin`) on the host when given, and an animation of its x to `animatedX`.
  private func file(origin: (x: Float, y: Float)?, animatedX: Float? = nil) throws -> RuntimeFile {
    var fixture = RuntimeFixture(artboardWidth: 300, artboardHeight: 300)
    let host = fixture.component(
      TypeKey.nestedArtboard, parent: 0,
      [
        (PropertyKey.nodeX, .float(100)), (PropertyKey.nodeY, .float(100)),
        (PropertyKey.nestedArtboardArtboardId, .uint(1)),
      ])
    if let origin {
      let component = fixture.component(
        TypeKey.componentOrigin, parent: host,
        [
          (PropertyKey.componentOriginOriginX, .float(origin.x)),
          (PropertyKey.componentOriginOriginY, .float(origin.y)),
        ])
      if let animatedX {
        fixture.animation(
          name: "move", duration: 30,
          keys: [
            (
              object: component, property: PropertyKey.componentOriginOriginX,
              frames: [(0, origin.x, 1, nil), (30, animatedX, 1, nil)]
            )
          ])
      }
    }
    fixture.artboard(name: "Child", width: 100, height: 80)
    fixture.fill(0)
    return try fixture.file()
  }

  /// The smallest x and y of the nested artboard's background, as drawn at `frame`.
  private func corner(_ file: RuntimeFile, frame: Int = 0) throws -> (x: Float, y: Float) {
    let lists = try #require(DrawRecorder(file: file).displayLists(frames: [0, 30]))
    let path = try #require(lists[frame == 0 ? 0 : 1].1.drawnPaths.last)
    var xs: [Float] = []
    var ys: [Float] = []
    for command in path.commands {
      if case .move(let x, let y) = command { (xs, ys) = (xs + [x], ys + [y]) }
      if case .line(let x, let y) = command { (xs, ys) = (xs + [x], ys + [y]) }
    }
    return (xs.min() ?? .nan, ys.min() ?? .nan)
  }

  @Test("the override moves the mounted artboard by its origin times its size")
  func overrideOnMount() throws {
    let plain = try corner(try file(origin: nil))
    #expect(plain.x == 0 && plain.y == 0)
    let moved = try corner(try file(origin: (0.5, 0.25)))
    #expect(moved.x == -50 && moved.y == -20)
  }

  @Test("an animated override moves the mounted artboard as it plays")
  func animatedOverride() throws {
    let animated = try file(origin: (0, 0), animatedX: 1)
    #expect(try corner(animated, frame: 0).x == 0)
    // Frame 30 is the animation's end: origin x 1, the whole width.
    #expect(try corner(animated, frame: 30).x == -100)
  }
}
