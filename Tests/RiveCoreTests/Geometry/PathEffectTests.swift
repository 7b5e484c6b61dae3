import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveReference
import Testing

@testable import RiveCore

/// Group and target path effects, and scripted path effects (scripting off), in files made by
/// the package's writer. Each targeted effect is checked against the same effect placed on a
/// paint of its own: a target must run its group's effects exactly as the paint's own would.
@Suite("Path effects")
struct PathEffectTests {
  /// Adds a trim path (sequential, from 0 to `end`) under `parent`; returns its id.
  @discardableResult
  private func trim(_ fixture: inout RuntimeFixture, parent: Int, end: Float) -> Int {
    fixture.component(
      TypeKey.trimPath, parent: parent,
      [(PropertyKey.trimPathEnd, .float(end)), (PropertyKey.trimPathModeValue, .uint(1))])
  }

  /// Adds a target effect under `paint` that runs group `group`.
  private func target(_ fixture: inout RuntimeFixture, paint: Int, group: Int) {
    fixture.component(
      TypeKey.targetEffect, parent: paint,
      [(PropertyKey.targetEffectTargetId, .uint(UInt64(group)))])
  }

  /// A stroked rectangle of `width` × `height`; returns the stroke's id.
  private func strokedRectangle(
    _ fixture: inout RuntimeFixture, width: Float, height: Float
  ) -> Int {
    let shape = fixture.shape(x: 50, y: 50)
    fixture.parametric(TypeKey.rectangle, parent: shape, width: width, height: height)
    return fixture.stroke(shape)
  }

  @Test("a target effect runs its group's trim as the paint's own trim; each paint gets its own")
  func targetRunsItsGroup() throws {
    var fixture = RuntimeFixture()
    let group = fixture.component(TypeKey.groupEffect)
    trim(&fixture, parent: group, end: 0.4)
    // Two sizes, each once through the group and once with a trim of its own.
    for (width, height) in [(Float(40), Float(40)), (20, 60)] {
      target(
        &fixture, paint: strokedRectangle(&fixture, width: width, height: height), group: group)
      trim(&fixture, parent: strokedRectangle(&fixture, width: width, height: height), end: 0.4)
    }
    let paths = try fixture.drawFrameZero().drawnPaths
    try #require(paths.count == 4)
    #expect(paths[0] == paths[1])
    #expect(paths[2] == paths[3])
    #expect(paths[0] != paths[2])
    // Trimmed to 40 % of a closed rectangle: open, so no close command.
    #expect(!paths[0].commands.isEmpty)
    #expect(!paths[0].commands.contains(.close))
  }

  @Test("a group's trim animated by a timeline updates every paint that targets it")
  func animatedGroupEffect() throws {
    var fixture = RuntimeFixture()
    let group = fixture.component(TypeKey.groupEffect)
    let groupTrim = trim(&fixture, parent: group, end: 0.25)
    target(&fixture, paint: strokedRectangle(&fixture, width: 40, height: 40), group: group)
    target(&fixture, paint: strokedRectangle(&fixture, width: 20, height: 60), group: group)
    fixture.animation(
      name: "grow", duration: 30,
      keys: [
        (
          object: groupTrim, property: PropertyKey.trimPathEnd,
          frames: [(0, 0.25, 1, nil), (30, 0.75, 1, nil)]
        )
      ])
    var reference = RuntimeFixture()
    for (width, height) in [(Float(40), Float(40)), (20, 60)] {
      trim(
        &reference, parent: strokedRectangle(&reference, width: width, height: height), end: 0.75)
    }
    let lists = try #require(DrawRecorder(file: try fixture.file()).displayLists(frames: [0, 30]))
    try #require(lists.count == 2)
    let start = lists[0].1.drawnPaths
    let end = lists[1].1.drawnPaths
    #expect(end == (try reference.drawFrameZero().drawnPaths))
    #expect(start.count == 2 && start != end)
  }

  @Test("a scripted path effect leaves an empty path, directly or through a group")
  func scriptedEffectIsEmpty() throws {
    var fixture = RuntimeFixture()
    let group = fixture.component(TypeKey.groupEffect)
    fixture.component(TypeKey.scriptedPathEffect, parent: group)
    // Directly on a paint, followed by a trim (which trims nothing).
    let direct = strokedRectangle(&fixture, width: 40, height: 40)
    fixture.component(TypeKey.scriptedPathEffect, parent: direct)
    trim(&fixture, parent: direct, end: 0.5)
    // Through a target.
    target(&fixture, paint: strokedRectangle(&fixture, width: 40, height: 40), group: group)
    // A target whose group is missing runs nothing: the rectangle is drawn whole.
    target(&fixture, paint: strokedRectangle(&fixture, width: 40, height: 40), group: 999)
    // Shapes draw in reverse order of addition (the first one added ends on top).
    let paths = try fixture.drawFrameZero().drawnPaths
    try #require(paths.count == 3)
    #expect(paths[2].commands.isEmpty)
    #expect(paths[1].commands.isEmpty)
    #expect(paths[0].commands.contains(.close))
  }

  @Test("a group that targets itself ends instead of recursing")
  func selfTargetingGroup() throws {
    var fixture = RuntimeFixture()
    let group = fixture.component(TypeKey.groupEffect)
    trim(&fixture, parent: group, end: 0.5)
    target(&fixture, paint: group, group: group)
    target(&fixture, paint: strokedRectangle(&fixture, width: 40, height: 40), group: group)
    let paths = try fixture.drawFrameZero().drawnPaths
    #expect(paths.count == 1)
  }
}
