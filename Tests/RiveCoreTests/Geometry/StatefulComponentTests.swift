import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveReference
import Testing

@testable import RiveCore

/// Nested artboards that hold a view-model instance of their own (stateful components), in
/// files made by the package's writer.
@Suite("Stateful components")
struct StatefulComponentTests {
  /// View model "Main" (colour `tint`, blue) and "Card" (colour `fill`, red in its authored
  /// instance). Artboard "Main" hosts artboard "Card", whose square's colour is bound to
  /// `Card/fill`; the host holds a "Card" instance of its own with `fill` green, whose value is
  /// bound to `Main/tint` when `bindsProp` is set and keyed to `keyedColor` at frame 30 when
  /// given. When `swapsIn` is set, "Main" also has an artboard property `source` (the "Card"
  /// artboard in its instance) bound to the nested artboard's artboard: the artboard it
  /// shows is swapped in by that property. With `writesBack`, the bind on the held value is
  /// two-way and the nested square's colour is bound to `Card/fill` to source: the nested
  /// artboard writes its authored grey into the held instance. With `swapsInBadge`, the artboard
  /// property names a third artboard, "Badge", of view model "Badge" (colour `fill`, yellow in
  /// its authored instance), whose square's colour is bound to `Badge/fill`.
  private func file(
    bindsProp: Bool, keyedColor: UInt32? = nil, heldViewModel: UInt64 = 1, swapsIn: Bool = false,
    writesBack: Bool = false, swapsInBadge: Bool = false
  ) throws -> RuntimeFile {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    for (index, name, property, color) in [
      (UInt64(0), "Main", "tint", UInt32(0xFF00_00FF)), (1, "Card", "fill", 0xFFFF_0000),
    ] {
      writer.viewModelWithInstance(
        name, index: index, property: property, propertyType: TypeKey.viewModelPropertyColor,
        value: TypeKey.viewModelInstanceColor, key: PropertyKey.viewModelInstanceColorPropertyValue,
        .color(color))
      if index == 0 && swapsIn {
        // Main's second property and its instance's value: the "Card" artboard (index 1).
        writer.object(
          TypeKey.viewModelPropertyArtboard,
          [(PropertyKey.viewModelComponentName, .string("source"))])
        writer.object(
          TypeKey.viewModelInstanceArtboard,
          [
            (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(1)),
            (PropertyKey.viewModelInstanceArtboardPropertyValue, .uint(swapsInBadge ? 2 : 1)),
          ])
      }
    }
    if swapsInBadge {
      writer.viewModelWithInstance(
        "Badge", index: 2, property: "fill", propertyType: TypeKey.viewModelPropertyColor,
        value: TypeKey.viewModelInstanceColor, key: PropertyKey.viewModelInstanceColorPropertyValue,
        .color(0xFFFF_FF00))
    }
    writer.boundArtboard("Main", width: 100, height: 100, viewModel: 0)
    writer.object(
      TypeKey.nestedArtboard,
      [
        (PropertyKey.componentParentId, .uint(0)),
        (PropertyKey.nestedArtboardArtboardId, .uint(1)),
      ])
    if swapsIn { writer.bind(PropertyKey.nestedArtboardArtboardId, to: [0, 1]) }
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.componentParentId, .uint(1)),
        (PropertyKey.viewModelInstanceViewModelId, .uint(heldViewModel)),
        (PropertyKey.componentName, .string("Card copy")),
      ])
    writer.object(
      TypeKey.viewModelInstanceColor,
      [
        (PropertyKey.componentParentId, .uint(2)),
        (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
        (PropertyKey.viewModelInstanceColorPropertyValue, .color(0xFF00_FF00)),
      ])
    if bindsProp {
      writer.bind(
        PropertyKey.viewModelInstanceColorPropertyValue, to: [0, 0], flags: writesBack ? 2 : 0)
    }
    if let keyedColor {
      writer.object(
        TypeKey.linearAnimation,
        [
          (PropertyKey.animationName, .string("recolor")),
          (PropertyKey.linearAnimationFps, .uint(60)),
          (PropertyKey.linearAnimationDuration, .uint(60)),
        ])
      // The held instance's value is component 3 of the host artboard.
      writer.object(TypeKey.keyedObject, [(PropertyKey.keyedObjectObjectId, .uint(3))])
      writer.object(
        TypeKey.keyedProperty,
        [
          (
            PropertyKey.keyedPropertyPropertyKey,
            .uint(UInt64(PropertyKey.viewModelInstanceColorPropertyValue))
          )
        ])
      writer.object(
        TypeKey.keyFrameColor,
        [
          (PropertyKey.keyFrameFrame, .uint(30)),
          (PropertyKey.keyFrameColorValue, .color(keyedColor)),
        ])
    }
    writer.boundArtboard("Card", width: 20, height: 20, viewModel: 1)
    writer.filledShape(color: 0xFF80_8080)
    writer.bind(PropertyKey.solidColorColorValue, to: [1, 0], flags: writesBack ? 1 : 0)
    writer.rectangle(width: 10, height: 10)
    if swapsInBadge {
      writer.boundArtboard("Badge", width: 20, height: 20, viewModel: 2)
      writer.filledShape(color: 0xFF80_8080)
      writer.bind(PropertyKey.solidColorColorValue, to: [2, 0])
      writer.rectangle(width: 10, height: 10)
    }
    return try RuntimeFile(data: Data(writer.bytes))
  }

  /// The colour the nested square is drawn with, frame by frame (0, 15, 30, 45).
  private func nestedColors(_ file: RuntimeFile) throws -> [UInt32?] {
    let lists = try #require(DrawRecorder(file: file).displayLists(frames: [0, 15, 30, 45]))
    return lists.map { $0.1.drawnPaints.last?.color }
  }

  @Test("the nested artboard binds to the instance its host holds, not the file's instance")
  func heldInstance() throws {
    #expect(try nestedColors(file(bindsProp: false)) == Array(repeating: 0xFF00_FF00, count: 4))
  }

  @Test("an artboard swapped in by an artboard property binds to the instance the host holds")
  func swappedInArtboard() throws {
    #expect(
      try nestedColors(file(bindsProp: false, swapsIn: true))
        == Array(repeating: 0xFF00_FF00, count: 4))
    // A bind on the held instance's value reaches the swapped-in artboard.
    #expect(
      try nestedColors(file(bindsProp: true, swapsIn: true))
        == Array(repeating: 0xFF00_00FF, count: 4))
  }

  @Test("an artboard of another view model swapped in binds an instance of its own view model")
  func swappedInOtherViewModel() throws {
    // Not the held "Card" instance (whose paths name none of Badge's properties): Badge's own
    // default instance, as the runtime makes one for it.
    #expect(
      try nestedColors(file(bindsProp: false, swapsIn: true, swapsInBadge: true))
        == Array(repeating: 0xFFFF_FF00, count: 4))
  }

  @Test("a bind on the held instance's value carries the host's view-model value inside")
  func boundProperty() throws {
    let file = try file(bindsProp: true)
    #expect(try nestedColors(file) == Array(repeating: 0xFF00_00FF, count: 4))

    var artboard = file.artboards[0].instance()
    #expect(artboard.bindDefaultViewModel(file: file) == "Main")
    _ = artboard.advance(0)
    #expect(try #require(artboard.draw().drawnPaints.last).color == 0xFF00_00FF)
    artboard.withViewModels { $0.setValue(.color(0xFF12_3456), at: "tint") }
    _ = artboard.advance(1 / 60)
    #expect(try #require(artboard.draw().drawnPaints.last).color == 0xFF12_3456)
  }

  @Test("a value the nested artboard writes into the held instance reaches a two-way bind's source")
  func writtenBack() throws {
    // The runtime's host bind observes the held value (its target) whoever writes it; here the
    // nested artboard's bind to source writes it, and the host's two-way bind carries it on.
    let file = try file(bindsProp: true, writesBack: true)
    var artboard = file.artboards[0].instance()
    #expect(artboard.bindDefaultViewModel(file: file) == "Main")
    _ = artboard.advance(0)
    _ = artboard.advance(1 / 60)
    #expect(artboard.withViewModels { $0.value(at: "tint") } == .color(0xFF80_8080))
  }

  @Test("each artboard instance holds its own copy of the instance")
  func copiesPerInstance() throws {
    let file = try file(bindsProp: true)
    var first = file.artboards[0].instance()
    var second = file.artboards[0].instance()
    first.bindDefaultViewModel(file: file)
    second.bindDefaultViewModel(file: file)
    first.withViewModels { $0.setValue(.color(0xFFAA_AAAA), at: "tint") }
    _ = first.advance(0)
    _ = second.advance(0)
    #expect(try #require(first.draw().drawnPaints.last).color == 0xFFAA_AAAA)
    #expect(try #require(second.draw().drawnPaints.last).color == 0xFF00_00FF)
  }

  @Test("a keyframe on the held instance's value reaches the nested artboard")
  func keyedValue() throws {
    let file = try file(bindsProp: false, keyedColor: 0xFFC0_FFEE)
    var artboard = file.artboards[0].instance()
    artboard.bindDefaultViewModel(file: file)
    var animation = try #require(AnimationInstance(artboard: file.artboards[0], index: 0))
    _ = animation.advanceAndApply(0.75, artboard: &artboard)
    _ = artboard.advance(0)
    #expect(try #require(artboard.draw().drawnPaints.last).color == 0xFFC0_FFEE)
  }

  @Test("a held instance of a view model the file lacks is left out, without trapping")
  func missingViewModel() throws {
    // Found by the corruption sweep: such an instance used to be copied with view model -1.
    let file = try file(bindsProp: true, heldViewModel: 7)
    var artboard = file.artboards[0].instance()
    #expect(artboard.bindDefaultViewModel(file: file) == "Main")
    _ = artboard.advance(0)
    // The nested artboard then binds through the host's context, where `Card/fill` is not
    // found: its square keeps its authored grey.
    #expect(try #require(artboard.draw().drawnPaints.last).color == 0xFF80_8080)
  }
}
