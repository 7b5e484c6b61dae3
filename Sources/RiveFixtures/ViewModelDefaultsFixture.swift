import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Files whose view-model values come from defaults rather than from stored values.
///
/// Both files have enum `Modes` (`first`, `second`), view model `Detail` (string `title`) and
/// view model `Card`: number `x`, string `label`, boolean `on`, colour `tint`, enum `mode`
/// (`Modes`), view model `detail` (`Detail`), trigger `ping`, view model `implicit` (written
/// without its reference, which is then the schema's default, view model 0), image `picture`,
/// font `typeface`, blob `data`, artboard `board` and list `items`. The artboard
/// (100 × 100) is bound to `Card`; it has a shape (id 1) at x 25 whose x is bound to `Card/x`,
/// and default state machine `Machine`, whose one layer goes from entry to animation `Idle`
/// (which keys nothing).
///
/// - ``noInstances()``: neither view model has an instance, so every default instance is a
///   blank one.
/// - ``unstoredValues()``: `Card` has one instance, `Stored`, whose value objects (one per
///   property but the view-model ones, as the editor writes them) leave out their property
///   value, so every value is its schema default.
public enum ViewModelDefaultsFixture {
  /// The shape whose x is bound to `Card/x`.
  public static let boundShape = 1
  /// `Card`'s property names, in file order.
  public static let properties = [
    "x", "label", "on", "tint", "mode", "detail", "ping", "implicit", "picture", "typeface", "data",
    "board", "items",
  ]

  /// The file where no view model has an instance.
  public static func noInstances() -> Data { data(storedInstance: false) }

  /// The file where `Card`'s one instance stores no property value.
  public static func unstoredValues() -> Data { data(storedInstance: true) }

  private static func data(storedInstance: Bool) -> Data {
    var fixture = RuntimeFixture(viewModel: 1, defaultStateMachine: 0) { writer in
      writer.object(TypeKey.dataEnumCustom, [(PropertyKey.dataEnumCustomName, .string("Modes"))])
      for value in ["first", "second"] {
        writer.object(TypeKey.dataEnumValue, [(PropertyKey.dataEnumValueKey, .string(value))])
      }
      writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Detail"))])
      writer.object(
        TypeKey.viewModelPropertyString, [(PropertyKey.viewModelComponentName, .string("title"))])
      writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Card"))])
      let properties: [(UInt32, String, [(UInt16, RiveObjectWriter.Value)])] = [
        (TypeKey.viewModelPropertyNumber, "x", []),
        (TypeKey.viewModelPropertyString, "label", []),
        (TypeKey.viewModelPropertyBoolean, "on", []),
        (TypeKey.viewModelPropertyColor, "tint", []),
        (
          TypeKey.viewModelPropertyEnumCustom, "mode",
          [(PropertyKey.viewModelPropertyEnumCustomEnumId, .uint(0))]
        ),
        (
          TypeKey.viewModelPropertyViewModel, "detail",
          [(PropertyKey.viewModelPropertyViewModelViewModelReferenceId, .uint(0))]
        ),
        (TypeKey.viewModelPropertyTrigger, "ping", []),
        // A view-model property whose reference is left out: the schema's default, view
        // model 0 (`Detail`).
        (TypeKey.viewModelPropertyViewModel, "implicit", []),
        (TypeKey.viewModelPropertyAssetImage, "picture", []),
        (TypeKey.viewModelPropertyAssetFont, "typeface", []),
        (TypeKey.viewModelPropertyAssetBlob, "data", []),
        (TypeKey.viewModelPropertyArtboard, "board", []),
        (TypeKey.viewModelPropertyList, "items", []),
      ]
      for (type, name, extra) in properties {
        writer.object(type, [(PropertyKey.viewModelComponentName, .string(name))] + extra)
      }
      guard storedInstance else { return }
      writer.object(
        TypeKey.viewModelInstance,
        [
          (PropertyKey.componentName, .string("Stored")),
          (PropertyKey.viewModelInstanceViewModelId, .uint(1)),
        ])
      // One value object per property, each naming its property and nothing else.
      let values: [(UInt32, Int)] = [
        (TypeKey.viewModelInstanceNumber, 0), (TypeKey.viewModelInstanceString, 1),
        (TypeKey.viewModelInstanceBoolean, 2), (TypeKey.viewModelInstanceColor, 3),
        (TypeKey.viewModelInstanceEnum, 4), (TypeKey.viewModelInstanceTrigger, 6),
        (TypeKey.viewModelInstanceAssetImage, 8), (TypeKey.viewModelInstanceAssetFont, 9),
        (TypeKey.viewModelInstanceAssetBlob, 10), (TypeKey.viewModelInstanceArtboard, 11),
        (TypeKey.viewModelInstanceList, 12),
      ]
      for (type, property) in values {
        writer.object(
          type, [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(UInt64(property)))])
      }
    }
    let shape = fixture.shape(x: 25, y: 50)
    fixture.bind(PropertyKey.nodeX, to: [1, 0])
    fixture.parametric(TypeKey.rectangle, parent: shape, width: 10, height: 10)
    _ = fixture.fill(shape)
    fixture.animation(name: "Idle", keys: [])
    MachineWriter.write(
      into: &fixture, inputs: [],
      layers: [[.entry([.init(to: 3)]), .any([]), .exit, .animation(0, [])]])
    return fixture.data
  }
}
