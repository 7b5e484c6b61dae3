import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// A custom trigger property counts its fires during a frame and goes back to 0 at the end of
/// it (the official runtime's `CustomPropertyTrigger` is resettable); one already at 0 is left
/// alone, so a frame that fired nothing changes nothing.
@Suite("Custom trigger reset")
struct CustomTriggerResetTests {
  /// An artboard with two custom trigger properties (ids 1 and 2), and a shape between them
  /// so that their slots are not neighbours.
  static func instance() throws -> ArtboardInstance {
    var fixture = RuntimeFixture()
    fixture.component(TypeKey.customPropertyTrigger, [(PropertyKey.componentName, .string("A"))])
    fixture.component(TypeKey.customPropertyTrigger, [(PropertyKey.componentName, .string("B"))])
    fixture.component(TypeKey.shape)
    fixture.component(TypeKey.customPropertyTrigger, [(PropertyKey.componentName, .string("C"))])
    return try fixture.file().artboards[0].instance()
  }

  static func count(_ instance: ArtboardInstance, _ id: Int) throws -> UInt32 {
    let offset = try #require(
      TypeTable.shared.slotOffset(
        type: UInt16(TypeKey.customPropertyTrigger),
        key: PropertyKey.customPropertyTriggerPropertyValue))
    return instance.uint(id, offset)
  }

  @Test("fired triggers return to 0 at the end of the frame; others stay untouched")
  func reset() throws {
    var instance = try Self.instance()
    #expect(instance.model.customTriggerIDs == [1, 2, 4])
    instance.fireCustomTrigger(1)
    instance.fireCustomTrigger(1)
    instance.fireCustomTrigger(4)
    #expect(try [1, 2, 4].map { try Self.count(instance, $0) } == [2, 0, 1])
    let before = instance.drawInputs
    instance.resetResettables()
    #expect(try [1, 2, 4].map { try Self.count(instance, $0) } == [0, 0, 0])
    // The changes count for the frame's draw.
    #expect(instance.drawInputs > before)
    let settled = instance.drawInputs
    instance.resetResettables()
    #expect(instance.drawInputs == settled)
    #expect(try [1, 2, 4].map { try Self.count(instance, $0) } == [0, 0, 0])
  }
}
