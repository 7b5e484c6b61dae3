import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// A file made by the package's writer for swapping a font through every resolution path: one
/// embedded (or referenced) font asset named `Label` (asset 0, unique name ``fontUniqueName``),
/// an artboard `Main` (``width`` × ``height``) whose one text line ``text`` is set in that font at 24 px,
/// black, from (10, 10), in text run `label`, and a view model `Main` whose font property
/// `font` (instance `Default`, holding asset 0) is bound to the text style's font, so a font
/// given to the property draws instead, and whose string property `label` (holding the same
/// text) is bound to the run's text. State machine `Machine` plays a one-second idle
/// animation.
public enum FontSwapFixture {
  /// The artboard's size.
  public static let width = 320
  public static let height = 60
  /// The text drawn.
  public static let text = "Swap iiiiiiii 0123"
  /// The font asset's name and unique name (its name, a dash and its asset id).
  public static let fontName = "Label"
  public static let fontUniqueName = "Label-0"

  /// The file with `font` embedded as the font asset's contents.
  ///
  /// - Parameters:
  ///   - font: A TrueType or OpenType file.
  ///   - text: The line of text (``text`` unless given).
  /// - Returns: The file's bytes.
  public static func data(embedding font: [UInt8], text: String = FontSwapFixture.text) -> Data {
    make(font: font, text: text)
  }

  /// The same file with the font asset referenced (no contents): its text draws in whatever
  /// font resolution gives `Label-0` (a bundle's `Label-0.ttf`, a registration, a loader).
  ///
  /// - Parameter text: The line of text (``text`` unless given).
  /// - Returns: The file's bytes.
  public static func referencing(text: String = FontSwapFixture.text) -> Data {
    make(font: nil, text: text)
  }

  private static func make(font: [UInt8]?, text: String) -> Data {
    var fixture = RuntimeFixture(
      artboardWidth: Float(width), artboardHeight: Float(height), viewModel: 0,
      defaultStateMachine: 0
    ) { writer in
      writer.object(
        TypeKey.fontAsset,
        [(PropertyKey.assetName, .string(fontName)), (PropertyKey.fileAssetAssetId, .uint(0))])
      if let font {
        writer.object(
          TypeKey.fileAssetContents, [(PropertyKey.fileAssetContentsBytes, .bytes(font))])
      }
      writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
      writer.object(
        TypeKey.viewModelPropertyAssetFont, [(PropertyKey.viewModelComponentName, .string("font"))])
      writer.object(
        TypeKey.viewModelPropertyString, [(PropertyKey.viewModelComponentName, .string("label"))])
      writer.object(
        TypeKey.viewModelInstance,
        [
          (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
          (PropertyKey.componentName, .string("Default")),
        ])
      writer.object(
        TypeKey.viewModelInstanceAssetFont,
        [
          (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
          (PropertyKey.viewModelInstanceAssetPropertyValue, .uint(0)),
        ])
      writer.object(
        TypeKey.viewModelInstanceString,
        [
          (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(1)),
          (PropertyKey.viewModelInstanceStringPropertyValue, .string(text)),
        ])
    }
    let textID = fixture.component(
      TypeKey.text, parent: 0, [(PropertyKey.nodeX, .float(10)), (PropertyKey.nodeY, .float(10))])
    let style = fixture.component(
      TypeKey.textStylePaint, parent: textID,
      [
        (PropertyKey.textStyleFontAssetId, .uint(0)),
        (PropertyKey.textStyleFontSize, .float(24)),
      ])
    fixture.bind(PropertyKey.textStyleFontAssetId, to: [0, 0])
    let fill = fixture.component(TypeKey.fill, parent: style)
    fixture.component(
      TypeKey.solidColor, parent: fill, [(PropertyKey.solidColorColorValue, .color(0xFF00_0000))])
    fixture.component(
      TypeKey.textValueRun, parent: textID,
      [
        (PropertyKey.componentName, .string("label")),
        (PropertyKey.textValueRunStyleId, .uint(UInt64(style))),
        (PropertyKey.textValueRunText, .string(text)),
      ])
    fixture.bind(PropertyKey.textValueRunText, to: [0, 1])
    fixture.object(
      TypeKey.linearAnimation,
      [
        (PropertyKey.animationName, .string("Idle")),
        (PropertyKey.linearAnimationFps, .uint(60)),
        (PropertyKey.linearAnimationDuration, .uint(60)),
        (PropertyKey.linearAnimationLoopValue, .uint(1)),
      ])
    fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("Machine"))])
    fixture.object(
      TypeKey.stateMachineLayer, [(PropertyKey.stateMachineComponentName, .string("Layer"))])
    fixture.object(TypeKey.entryState)
    fixture.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
    fixture.object(TypeKey.anyState)
    fixture.object(TypeKey.exitState)
    fixture.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
    return fixture.data
  }

  /// How many pixels of a frame drawn at the artboard's size are mostly dark (the ink of the
  /// text, anti-aliased edges half counted or not at all).
  ///
  /// - Parameter rgba: The frame's pixels, top row first, four bytes a pixel.
  /// - Returns: The count.
  public static func inkPixels(rgba: [UInt8]) -> Int {
    var count = 0
    var index = 0
    while index + 3 < rgba.count {
      if rgba[index + 3] > 128, rgba[index] < 100, rgba[index + 1] < 100, rgba[index + 2] < 100 {
        count += 1
      }
      index += 4
    }
    return count
  }

  /// The rightmost column holding ink, or nil for a frame without text.
  ///
  /// - Parameters:
  ///   - rgba: The frame's pixels.
  ///   - width: The frame's width.
  /// - Returns: The column.
  public static func inkExtent(rgba: [UInt8], width: Int) -> Int? {
    var right: Int?
    var index = 0
    while index + 3 < rgba.count {
      if rgba[index + 3] > 128, rgba[index] < 100 {
        let x = (index / 4) % width
        right = max(right ?? x, x)
      }
      index += 4
    }
    return right
  }
}
