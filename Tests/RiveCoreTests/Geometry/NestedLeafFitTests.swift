import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveReference
import Testing

@testable import RiveCore

/// Nested artboard leaves (fitted into their parent's box) and text (not run), in files made
/// by the package's writer: both as the reference runtime, which has layout and text off.
@Suite("Nested leaf fit and text")
struct NestedLeafFitTests {
  /// A 300 × 300 artboard hosting a 100 × 80 filled artboard through a leaf with `fit` and
  /// alignment (`alignmentX`, 0), at (30, 40) under a layout component or a node.
  private func leafFile(fit: UInt64, alignmentX: Float = 0, underLayout: Bool) throws
    -> RuntimeFile
  {
    var fixture = RuntimeFixture(artboardWidth: 300, artboardHeight: 300)
    let parent = fixture.component(
      underLayout ? TypeKey.layoutComponent : TypeKey.node, parent: 0,
      [(PropertyKey.nodeX, .float(30)), (PropertyKey.nodeY, .float(40))]
        + (underLayout
          ? [
            (PropertyKey.layoutComponentWidth, .float(200)),
            (PropertyKey.layoutComponentHeight, .float(200)),
          ] : []))
    fixture.component(
      TypeKey.nestedArtboardLeaf, parent: parent,
      [
        (PropertyKey.nestedArtboardArtboardId, .uint(1)),
        (PropertyKey.nestedArtboardLeafFit, .uint(fit)),
        (PropertyKey.nestedArtboardLeafAlignmentX, .float(alignmentX)),
      ])
    fixture.artboard(name: "Child", width: 100, height: 80)
    fixture.fill(0)
    return try fixture.file()
  }

  /// The transform set right before the nested artboard's background is drawn (the last
  /// `transform` before the last path).
  private func nestedTransform(_ file: RuntimeFile) throws -> Transform2D? {
    let lists = try #require(DrawRecorder(file: file).displayLists(frames: [0]))
    let operations = lists[0].1.operations
    let lastPath = try #require(
      operations.lastIndex {
        if case .drawPath = $0 { return true }
        return false
      })
    var transforms: [Transform2D] = []
    for operation in operations[..<lastPath] {
      if case .transform(let transform) = operation { transforms.append(transform) }
    }
    // The nested artboard's world transform, then its background's own (identity).
    return transforms.dropLast().last
  }

  @Test("under a layout the box is empty: a scaling fit collapses the artboard to a point")
  func emptyLayoutBox() throws {
    for fit: UInt64 in [0, 1, 2, 3, 4, 6] {
      let transform = try #require(try nestedTransform(leafFile(fit: fit, underLayout: true)))
      #expect([transform.xx, transform.xy, transform.yx, transform.yy] == [0, 0, 0, 0])
      // The layout's position stays (the fit adds none: its box starts at the layout).
      #expect(transform.tx == 30 && transform.ty == 40)
    }
  }

  @Test("fit none centres the artboard on the box's aligned point")
  func noneCentres() throws {
    let centred = try #require(
      try nestedTransform(leafFile(fit: 5, underLayout: true)))
    #expect(centred == Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 30 - 50, ty: 40 - 40))
    // Aligned right: the content's right edge on the box's (empty) right edge.
    let right = try #require(
      try nestedTransform(leafFile(fit: 5, alignmentX: 1, underLayout: true)))
    #expect(right.tx == 30 - 100)
  }

  @Test("under a node the artboard fits its own bounds, which changes nothing")
  func ownBounds() throws {
    for fit: UInt64 in [0, 1, 5] {
      let transform = try nestedTransform(leafFile(fit: fit, underLayout: false))
      #expect(transform == Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 30, ty: 40))
    }
  }

  @Test("text keeps an identity world transform and a render opacity of 0")
  func textIsNotRun() throws {
    var fixture = RuntimeFixture(artboardWidth: 300, artboardHeight: 300)
    let text = fixture.component(
      TypeKey.text, parent: 0, [(PropertyKey.nodeX, .float(100)), (PropertyKey.nodeY, .float(50))])
    let node = fixture.component(
      TypeKey.node, parent: text, [(PropertyKey.nodeX, .float(10)), (PropertyKey.nodeY, .float(5))])
    let file = try fixture.file()
    var artboard = file.artboards[0].instance()
    _ = artboard.advance(0)
    #expect(artboard.geometry.worldTransforms[text] == .identity)
    #expect(artboard.geometry.renderOpacities[text] == 0)
    // What text holds composes with the identity: its own position only.
    #expect(
      artboard.geometry.worldTransforms[node]
        == Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 10, ty: 5))
    #expect(artboard.geometry.renderOpacities[node] == 0)
  }
}
