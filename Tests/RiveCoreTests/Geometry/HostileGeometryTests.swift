import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveReference
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// Hostile geometry: the update and the draw finish, with bounded work, whatever the values.
@Suite("Hostile geometry")
struct HostileGeometryTests {
  /// Draws frames 0 and 30 and returns the lists (the recorder advances 30 frames between).
  static func draw(_ fixture: RuntimeFixture) throws -> [DisplayList] {
    let file = try fixture.file()
    return (DrawRecorder(file: file).displayLists() ?? []).map(\.1)
  }

  @Test("NaN and infinite transforms draw (with non-finite numbers) instead of trapping")
  func nonFiniteTransforms() throws {
    var fixture = RuntimeFixture()
    let nan = fixture.shape(x: .nan, y: .infinity)
    fixture.parametric(TypeKey.ellipse, parent: nan, width: 10, height: 10)
    fixture.fill(nan)
    let scaled = fixture.component(
      TypeKey.shape,
      [
        (PropertyKey.transformComponentScaleX, .float(.infinity)),
        (PropertyKey.transformComponentRotation, .float(.nan)),
      ])
    fixture.parametric(TypeKey.rectangle, parent: scaled, width: .nan, height: -.infinity)
    fixture.stroke(scaled)
    let lists = try Self.draw(fixture)
    #expect(lists.count == 2)
    #expect(lists[0].drawnPaths.count == 2)
    // The JSON writer turns non-finite numbers into null, as the reference does.
    let json = lists[0].jsonValue.serialized()
    #expect(json.contains("null"))
  }

  @Test("zero and negative sizes build paths without trouble")
  func degenerateSizes() throws {
    var fixture = RuntimeFixture(artboardWidth: -10, artboardHeight: 0)
    for (width, height) in [(0, 0), (-40, 20), (30, -5)] as [(Float, Float)] {
      let shape = fixture.shape()
      fixture.parametric(
        TypeKey.rectangle, parent: shape, width: width, height: height,
        [
          (PropertyKey.rectangleCornerRadiusTL, .float(-50)),
          (PropertyKey.rectangleLinkCornerRadius, .bool(true)),
        ])
      fixture.fill(shape)
      let polygon = fixture.shape()
      fixture.parametric(
        TypeKey.polygon, parent: polygon, width: width, height: height,
        [(PropertyKey.polygonPoints, .uint(0)), (PropertyKey.polygonCornerRadius, .float(1e30))])
      fixture.fill(polygon)
    }
    let lists = try Self.draw(fixture)
    #expect(lists.count == 2)
    #expect(!lists[0].operations.isEmpty)
  }

  @Test("a polygon claiming millions of points is an empty path (bounded work)")
  func hugeVertexCount() throws {
    var fixture = RuntimeFixture()
    let shape = fixture.shape()
    fixture.parametric(
      TypeKey.polygon, parent: shape, width: 100, height: 100,
      [(PropertyKey.polygonPoints, .uint(50_000_000))])
    fixture.fill(shape)
    let star = fixture.shape()
    fixture.parametric(
      TypeKey.star, parent: star, width: 100, height: 100,
      [(PropertyKey.polygonPoints, .uint(4_000_000_000))])
    fixture.fill(star)
    let start = Date()
    let lists = try Self.draw(fixture)
    #expect(Date().timeIntervalSince(start) < 20)
    #expect(lists[0].drawnPaths.allSatisfy { $0.commands.isEmpty })
  }

  @Test("clips nested thousands deep sort and draw without recursion")
  func deepClipNesting() throws {
    var fixture = RuntimeFixture()
    var parent = 0
    let depth = 1_000
    for _ in 0..<depth {
      let group = fixture.component(TypeKey.node, parent: parent)
      let source = fixture.shape(parent: group)
      fixture.parametric(TypeKey.rectangle, parent: source, width: 10, height: 10)
      fixture.component(
        TypeKey.clippingShape, parent: group,
        [(PropertyKey.clippingShapeSourceId, .uint(UInt64(source)))])
      parent = group
    }
    let leaf = fixture.shape(parent: parent)
    fixture.parametric(TypeKey.ellipse, parent: leaf, width: 5, height: 5)
    fixture.fill(leaf)
    let lists = try Self.draw(fixture)
    let clips = lists[0].operations.filter {
      if case .clipPath = $0 { return true }
      return false
    }
    #expect(clips.count == depth + 1)
    let saves = lists[0].operations.filter { $0 == .save }.count
    let restores = lists[0].operations.filter { $0 == .restore }.count
    #expect(saves == restores)
  }

  @Test("dashes shorter than anything still finish (the dash count is capped)")
  func tinyDashes() throws {
    var fixture = RuntimeFixture()
    let shape = fixture.shape()
    fixture.parametric(TypeKey.ellipse, parent: shape, width: 1_000, height: 1_000)
    let stroke = fixture.stroke(shape)
    let dashPath = fixture.component(TypeKey.dashPath, parent: stroke)
    fixture.component(TypeKey.dash, parent: dashPath, [(PropertyKey.dashLength, .float(1e-6))])
    let start = Date()
    let lists = try Self.draw(fixture)
    #expect(Date().timeIntervalSince(start) < 60)
    #expect(lists.count == 2)
  }

  @Test("a constraint cycle stops the dependency sort instead of looping")
  func constraintCycle() throws {
    var fixture = RuntimeFixture()
    let a = fixture.shape()
    let b = fixture.shape()
    fixture.component(
      TypeKey.translationConstraint, parent: a,
      [(PropertyKey.targetedConstraintTargetId, .uint(UInt64(b)))])
    fixture.component(
      TypeKey.translationConstraint, parent: b,
      [(PropertyKey.targetedConstraintTargetId, .uint(UInt64(a)))])
    fixture.fill(a)
    fixture.fill(b)
    let lists = try Self.draw(fixture)
    #expect(lists.count == 2)
  }

  @Test("every corpus file draws both reference frames without trapping", Corpus.requirement)
  func corpusDraws() throws {
    for name in Corpus.rivFiles {
      guard let data = try? Corpus.data(name), let file = try? RuntimeFile(data: data) else {
        continue
      }
      for artboard in file.artboards {
        var player = ArtboardPlayback(artboard: artboard, file: file)
        player.advance()
        _ = player.draw(images: DrawImages(document: file.document))
      }
    }
  }
}

/// Corrupted corpus files that still import are played and drawn without trapping, within the
/// sweep's time bound.
@Suite("Corrupted geometry", Corpus.requirement)
struct CorruptedGeometryTests {
  @Test(
    "bit flips and chunk edits of drawn files",
    arguments: [
      "clip_tests.riv", "trim_path.riv", "two_bone_ik.riv", "follow_path.riv", "tape.riv",
    ])
  func sweep(_ name: String) throws {
    let data = try Corpus.data(name)
    let outcome = CorruptionSweep.run(
      data, seed: UInt64(data.count), flips: 40, chunkEdits: 8, timeBound: 10, playsFrames: true)
    #expect(outcome.overTime.isEmpty, "\(outcome.overTime)")
    #expect(outcome.reads == 56)
  }
}
