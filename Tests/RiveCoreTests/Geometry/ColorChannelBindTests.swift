import Foundation
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
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
    writer.object(
      TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string("level"))])
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
        (PropertyKey.componentName, .string("")),
      ])
    writer.object(
      TypeKey.viewModelInstanceNumber,
      [
        (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
        (PropertyKey.viewModelInstanceNumberPropertyValue, .float(value)),
      ])
    writer.object(
      TypeKey.artboard,
      [
        (PropertyKey.componentName, .string("Main")),
        (PropertyKey.layoutComponentWidth, .float(100)),
        (PropertyKey.layoutComponentHeight, .float(100)),
        (PropertyKey.artboardViewModelId, .uint(0)),
      ])
    writer.object(TypeKey.shape, [(PropertyKey.componentParentId, .uint(0))])
    writer.object(TypeKey.fill, [(PropertyKey.componentParentId, .uint(1))])
    writer.object(
      TypeKey.solidColor,
      [
        (PropertyKey.componentParentId, .uint(2)),
        (PropertyKey.solidColorColorValue, .color(0xFF40_4040)),
      ])
    writer.object(
      TypeKey.dataBindContext,
      [
        (PropertyKey.dataBindPropertyKey, .uint(UInt64(key))),
        (PropertyKey.dataBindContextSourcePathIds, .bytes(RiveObjectWriter.pathBytes([0, 0]))),
      ])
    writer.object(
      TypeKey.rectangle,
      [
        (PropertyKey.componentParentId, .uint(1)),
        (PropertyKey.parametricPathWidth, .float(10)),
        (PropertyKey.parametricPathHeight, .float(10)),
      ])
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
    "each channel replaces its byte of the colour value, rounded and capped at 255",
    arguments: [
      (PropertyKey.colorChannelsColorRed, Float(200), UInt32(0xFFC8_4040)),
      (PropertyKey.colorChannelsColorGreen, 17.4, 0xFF40_1140),
      (PropertyKey.colorChannelsColorBlue, 300, 0xFF40_40FF),
      (PropertyKey.colorChannelsColorAlpha, 127, 0x7F40_4040),
    ])
  func channel(key: UInt16, value: Float, expected: UInt32) throws {
    #expect(try drawnColor(file(channel: key, value: value)) == expected)
  }
}
