import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveReference
import Testing

@testable import RiveCore

/// Colour channel properties bound to view-model numbers, in files made by the package's
/// writer: a channel is a view of its solid colour's colour value.
@Suite("Colour channel binds")
struct ColorChannelBindTests {
  /// View model "Main" with number `value`, bound to channel `key` of a square's solid colour
  /// (authored as opaque grey 0xFF404040).
  private func file(channel key: UInt16, value: Float) throws -> RuntimeFile {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.viewModelWithInstance(
      "Main", index: 0, property: "level", propertyType: TypeKey.viewModelPropertyNumber,
      value: TypeKey.viewModelInstanceNumber, key: PropertyKey.viewModelInstanceNumberPropertyValue,
      .float(value))
    writer.boundArtboard("Main", width: 100, height: 100, viewModel: 0)
    writer.filledShape(color: 0xFF40_4040)
    writer.bind(key, to: [0, 0])
    writer.rectangle(width: 10, height: 10)
    return try RuntimeFile(data: Data(writer.bytes))
  }

  /// The colour the square is filled with after the first advance.
  private func drawnColor(_ file: RuntimeFile) throws -> UInt32? {
    var artboard = file.artboards[0].instance()
    #expect(artboard.bindDefaultViewModel(file: file) == "Main")
    _ = artboard.advance(0)
    return try #require(artboard.draw().drawnPaints.last).color
  }

  @Test(
    "each channel replaces its byte of the colour value, rounded and saturating at 0 and 255",
    arguments: [
      (PropertyKey.colorChannelsColorRed, Float(200), UInt32(0xFFC8_4040)),
      (PropertyKey.colorChannelsColorGreen, 17.4, 0xFF40_1140),
      (PropertyKey.colorChannelsColorBlue, 300, 0xFF40_40FF),
      (PropertyKey.colorChannelsColorAlpha, 127, 0x7F40_4040),
      // Values from files can be anything: they saturate instead of trapping.
      (PropertyKey.colorChannelsColorRed, 1e30, 0xFFFF_4040),
      (PropertyKey.colorChannelsColorRed, .infinity, 0xFFFF_4040),
      (PropertyKey.colorChannelsColorRed, -.infinity, 0xFF00_4040),
      (PropertyKey.colorChannelsColorRed, .nan, 0xFF00_4040),
    ])
  func channel(key: UInt16, value: Float, expected: UInt32) throws {
    #expect(try drawnColor(file(channel: key, value: value)) == expected)
  }

  @Test("a keyed channel tweens its byte of the colour value")
  func keyedChannel() throws {
    var fixture = RuntimeFixture()
    let shape = fixture.shape(x: 50, y: 50)
    fixture.parametric(TypeKey.rectangle, parent: shape, width: 10, height: 10)
    // The fill's solid colour is the component after the fill.
    let color = fixture.fill(shape, color: 0xFF10_2030) + 1
    var writer = fixture.writer
    writer.object(
      TypeKey.linearAnimation,
      [
        (PropertyKey.animationName, .string("red")),
        (PropertyKey.linearAnimationFps, .uint(60)),
        (PropertyKey.linearAnimationDuration, .uint(30)),
      ])
    writer.object(TypeKey.keyedObject, [(PropertyKey.keyedObjectObjectId, .uint(UInt64(color)))])
    writer.object(
      TypeKey.keyedProperty,
      [(PropertyKey.keyedPropertyPropertyKey, .uint(UInt64(PropertyKey.colorChannelsColorRed)))])
    for (frame, red) in [(UInt64(0), UInt64(0)), (30, 200)] {
      writer.object(
        TypeKey.keyFrameUint,
        [
          (PropertyKey.keyFrameFrame, .uint(frame)),
          (PropertyKey.keyFrameUintValue, .uint(red)),
          (PropertyKey.interpolatingKeyFrameInterpolationType, .uint(1)),
        ])
    }
    let file = try RuntimeFile(data: Data(writer.bytes))
    let lists = try #require(DrawRecorder(file: file).displayLists(frames: [0, 15, 30]))
    let colors = lists.map { $0.1.drawnPaints.last?.color }
    // Red goes 0 → 100 → 200; green, blue and alpha stay as authored.
    #expect(colors == [0xFF00_2030, 0xFF64_2030, 0xFFC8_2030])
    var artboard = file.artboards[0].instance()
    var animation = try #require(AnimationInstance(artboard: file.artboards[0], index: 0))
    _ = animation.advanceAndApply(0.5, artboard: &artboard)
    #expect(artboard.value(of: color, property: PropertyKey.colorChannelsColorRed) == .uint(200))
  }
}
