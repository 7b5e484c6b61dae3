import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// A file whose keyframes take their values from a view model: string, boolean, number and
/// colour keyframes bound to view-model properties, some through converters, keyed on custom
/// properties and a fill's colour by one looping animation that a state machine plays.
///
/// View model "Main" (its instance "Instance" bound to the artboard): `label` (string,
/// "bound text"), `flag` (boolean, true), `amount` (number, 7), `tint` (colour, 0xFF00FF00).
/// The artboard (200 × 200) has a shape (id 1) with a fill (id 2) of a solid colour (id 3),
/// and custom properties on the shape: `caption` (string, id 4), `shown` (boolean, id 5),
/// `level` (number, id 6) and `count` (string, id 7). Converters: 0 multiplies by 2,
/// 1 turns a number into a string.
///
/// Animation "cycle" (60 frames at 60 fps, looping) keys:
/// - `caption`: "zero" at frame 0; at frame 30 "thirty", bound to `label`;
/// - `shown`: at frame 10 false, bound to `flag` (so before frame 10 too: the first keyframe
///   holds back to the start); false at frame 40;
/// - `level`: at frame 0 1, bound to `amount` through converter 0; 100 at frame 60, linear;
/// - `count`: at frame 0 "n/a", bound to `amount` through converter 1;
/// - the solid colour: at frame 0 red, bound to `tint`; blue at frame 60, linear.
///
/// State machine "Machine": its one layer goes from entry to "cycle" (state 3).
public enum KeyFrameBindFixture {
  /// The ids of the keyed objects.
  public enum ID {
    public static let solidColor = 3
    public static let caption = 4
    public static let shown = 5
    public static let level = 6
    public static let count = 7
  }

  /// The file's bytes; with `bound` false the artboard names no view model.
  public static func data(bound: Bool = true) -> Data {
    var fixture = RuntimeFixture(
      artboardWidth: 200, artboardHeight: 200, viewModel: bound ? 0 : nil,
      preamble: writeViewModel)
    let shape = fixture.shape(x: 100, y: 100)
    _ = fixture.fill(shape)  // the fill is id 2, its solid colour id 3
    fixture.component(
      TypeKey.customPropertyString, parent: shape,
      [
        (PropertyKey.componentName, .string("caption")),
        (PropertyKey.customPropertyStringPropertyValue, .string("authored")),
      ])
    fixture.component(
      TypeKey.customPropertyBoolean, parent: shape,
      [(PropertyKey.componentName, .string("shown"))])
    fixture.component(
      TypeKey.customPropertyNumber, parent: shape,
      [
        (PropertyKey.componentName, .string("level")),
        (PropertyKey.customPropertyNumberPropertyValue, .float(-1)),
      ])
    fixture.component(
      TypeKey.customPropertyString, parent: shape,
      [
        (PropertyKey.componentName, .string("count")),
        (PropertyKey.customPropertyStringPropertyValue, .string("authored")),
      ])
    writeAnimation(&fixture)
    MachineWriter.write(
      into: &fixture, inputs: [],
      layers: [[.entry([.init(to: 3)]), .any([]), .exit, .animation(0, [])]])
    return fixture.data
  }

  private static func writeViewModel(_ writer: inout RiveObjectWriter) {
    // Converters first: they are indexed by their order in the file.
    writer.object(
      TypeKey.dataConverterOperationValue,
      [
        (PropertyKey.dataConverterOperationOperationType, .uint(2)),
        (PropertyKey.dataConverterOperationValueOperationValue, .float(2)),
      ])
    writer.object(TypeKey.dataConverterToString)
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
    for (type, name) in [
      (TypeKey.viewModelPropertyString, "label"), (TypeKey.viewModelPropertyBoolean, "flag"),
      (TypeKey.viewModelPropertyNumber, "amount"), (TypeKey.viewModelPropertyColor, "tint"),
    ] {
      writer.object(type, [(PropertyKey.viewModelComponentName, .string(name))])
    }
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
        (PropertyKey.componentName, .string("Instance")),
      ])
    let values: [(UInt32, Int, UInt16, RiveObjectWriter.Value)] = [
      (
        TypeKey.viewModelInstanceString, 0, PropertyKey.viewModelInstanceStringPropertyValue,
        .string("bound text")
      ),
      (
        TypeKey.viewModelInstanceBoolean, 1, PropertyKey.viewModelInstanceBooleanPropertyValue,
        .bool(true)
      ),
      (
        TypeKey.viewModelInstanceNumber, 2, PropertyKey.viewModelInstanceNumberPropertyValue,
        .float(7)
      ),
      (
        TypeKey.viewModelInstanceColor, 3, PropertyKey.viewModelInstanceColorPropertyValue,
        .color(0xFF00_FF00)
      ),
    ]
    for (type, property, key, value) in values {
      writer.object(
        type,
        [
          (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(UInt64(property))),
          (key, value),
        ]
      )
    }
  }

  /// A context bind of the keyframe written just before to view-model property `property`.
  private static func bindKeyFrame(
    _ fixture: inout RuntimeFixture, valueKey: UInt16, property: UInt32, converter: Int? = nil
  ) {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.dataBindPropertyKey, .uint(UInt64(valueKey))),
      (
        PropertyKey.dataBindContextSourcePathIds,
        .bytes(RiveObjectWriter.pathBytes([0, property]))
      ),
    ]
    if let converter {
      properties.append((PropertyKey.dataBindConverterId, .uint(UInt64(converter))))
    }
    fixture.object(TypeKey.dataBindContext, properties)
  }

  private static func keyed(_ fixture: inout RuntimeFixture, object: Int, property: UInt16) {
    fixture.object(TypeKey.keyedObject, [(PropertyKey.keyedObjectObjectId, .uint(UInt64(object)))])
    fixture.object(
      TypeKey.keyedProperty, [(PropertyKey.keyedPropertyPropertyKey, .uint(UInt64(property)))])
  }

  private static func frame(
    _ fixture: inout RuntimeFixture, _ type: UInt32, at frame: UInt32, _ key: UInt16,
    _ value: RiveObjectWriter.Value, linear: Bool = false
  ) {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.keyFrameFrame, .uint(UInt64(frame))), (key, value),
    ]
    if linear { properties.append((PropertyKey.interpolatingKeyFrameInterpolationType, .uint(1))) }
    fixture.object(type, properties)
  }

  private static func writeAnimation(_ fixture: inout RuntimeFixture) {
    fixture.object(
      TypeKey.linearAnimation,
      [
        (PropertyKey.animationName, .string("cycle")),
        (PropertyKey.linearAnimationFps, .uint(60)),
        (PropertyKey.linearAnimationDuration, .uint(60)),
        (PropertyKey.linearAnimationLoopValue, .uint(UInt64(LoopMode.loop.rawValue))),
      ])
    let string = TypeKey.keyFrameString
    let stringValue = PropertyKey.keyFrameStringValue
    keyed(&fixture, object: ID.caption, property: PropertyKey.customPropertyStringPropertyValue)
    frame(&fixture, string, at: 0, stringValue, .string("zero"))
    frame(&fixture, string, at: 30, stringValue, .string("thirty"))
    bindKeyFrame(&fixture, valueKey: stringValue, property: 0)

    keyed(&fixture, object: ID.shown, property: PropertyKey.customPropertyBooleanPropertyValue)
    frame(&fixture, TypeKey.keyFrameBool, at: 10, PropertyKey.keyFrameBoolValue, .bool(false))
    bindKeyFrame(&fixture, valueKey: PropertyKey.keyFrameBoolValue, property: 1)
    frame(&fixture, TypeKey.keyFrameBool, at: 40, PropertyKey.keyFrameBoolValue, .bool(false))

    let double = TypeKey.keyFrameDouble
    let doubleValue = PropertyKey.keyFrameDoubleValue
    keyed(&fixture, object: ID.level, property: PropertyKey.customPropertyNumberPropertyValue)
    frame(&fixture, double, at: 0, doubleValue, .float(1), linear: true)
    bindKeyFrame(&fixture, valueKey: doubleValue, property: 2, converter: 0)
    frame(&fixture, double, at: 60, doubleValue, .float(100), linear: true)

    keyed(&fixture, object: ID.count, property: PropertyKey.customPropertyStringPropertyValue)
    frame(&fixture, string, at: 0, stringValue, .string("n/a"))
    bindKeyFrame(&fixture, valueKey: stringValue, property: 2, converter: 1)

    let color = TypeKey.keyFrameColor
    let colorValue = PropertyKey.keyFrameColorValue
    keyed(&fixture, object: ID.solidColor, property: PropertyKey.solidColorColorValue)
    frame(&fixture, color, at: 0, colorValue, .color(0xFFFF_0000), linear: true)
    bindKeyFrame(&fixture, valueKey: colorValue, property: 3)
    frame(&fixture, color, at: 60, colorValue, .color(0xFF00_00FF), linear: true)
  }
}
