import Foundation
@_spi(RiveFormatInternals) import RiveFormat

@testable import RiveCore

/// Objects the data-bound drawing tests write again and again: an artboard bound to a view
/// model, a square with a solid fill, and a data bind of the object just written.
extension RiveObjectWriter {
  /// Starts artboard `name` of `width` × `height`, bound to view model `viewModel`.
  mutating func boundArtboard(_ name: String, width: Float, height: Float, viewModel: UInt64) {
    object(
      TypeKey.artboard,
      [
        (PropertyKey.componentName, .string(name)),
        (PropertyKey.layoutComponentWidth, .float(width)),
        (PropertyKey.layoutComponentHeight, .float(height)),
        (PropertyKey.artboardViewModelId, .uint(viewModel)),
      ])
  }

  /// A shape (component 1) with a fill (2) whose solid colour (3) is `color`, under the artboard
  /// just started. Its rectangle is added with ``rectangle(width:height:)``.
  mutating func filledShape(color: UInt32) {
    object(TypeKey.shape, [(PropertyKey.componentParentId, .uint(0))])
    object(TypeKey.fill, [(PropertyKey.componentParentId, .uint(1))])
    object(
      TypeKey.solidColor,
      [
        (PropertyKey.componentParentId, .uint(2)),
        (PropertyKey.solidColorColorValue, .color(color)),
      ])
  }

  /// The rectangle of the shape written by ``filledShape(color:)``.
  mutating func rectangle(width: Float, height: Float) {
    object(
      TypeKey.rectangle,
      [
        (PropertyKey.componentParentId, .uint(1)),
        (PropertyKey.parametricPathWidth, .float(width)),
        (PropertyKey.parametricPathHeight, .float(height)),
      ])
  }

  /// Binds property `key` of the object just written to view-model path `path`, with the
  /// runtime's data-bind `flags` (1 to source, 2 two-way; 0 to target).
  mutating func bind(_ key: UInt16, to path: [UInt32], flags: UInt64 = 0) {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.dataBindPropertyKey, .uint(UInt64(key))),
      (PropertyKey.dataBindContextSourcePathIds, .bytes(RiveObjectWriter.pathBytes(path))),
    ]
    if flags != 0 { properties.append((PropertyKey.dataBindFlags, .uint(flags))) }
    object(TypeKey.dataBindContext, properties)
  }

  /// View model `name` (at `index` among the file's view models) with one property of type
  /// `propertyType` named `property`, and an authored instance whose value of it is an object of
  /// `valueType` with `value` under `valueKey`.
  mutating func viewModelWithInstance(
    _ name: String, index: UInt64, property: String, propertyType: UInt32,
    value valueType: UInt32, key valueKey: UInt16, _ value: RiveObjectWriter.Value
  ) {
    object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string(name))])
    object(propertyType, [(PropertyKey.viewModelComponentName, .string(property))])
    object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(index)),
        (PropertyKey.componentName, .string("")),
      ])
    object(
      valueType,
      [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)), (valueKey, value)])
  }

  /// View model "Item" (0) with the number property `numberProperty`, when given, then (when
  /// `sizes` is given) a number property "size", and view model "Main" (1) with a list "items"
  /// of `numbers.count` Item instances (instance `i`'s number is `numbers[i]`, its size
  /// `sizes[i]`), and Main's instance holding them.
  mutating func itemListViewModels(
    numberProperty: (name: String, role: UInt64)?, numbers: [Float], sizes: [Float]? = nil
  ) {
    object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Item"))])
    if let numberProperty {
      object(
        TypeKey.viewModelPropertyNumber,
        [
          (PropertyKey.viewModelComponentName, .string(numberProperty.name)),
          (PropertyKey.viewModelPropertySymbolTypeValue, .uint(numberProperty.role)),
        ])
    }
    if sizes != nil {
      object(
        TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string("size"))])
    }
    object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
    object(
      TypeKey.viewModelPropertyList, [(PropertyKey.viewModelComponentName, .string("items"))])
    for (index, number) in numbers.enumerated() {
      object(
        TypeKey.viewModelInstance,
        [
          (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
          (PropertyKey.componentName, .string("item \(index)")),
        ])
      if numberProperty != nil {
        object(
          TypeKey.viewModelInstanceNumber,
          [
            (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
            (PropertyKey.viewModelInstanceNumberPropertyValue, .float(number)),
          ])
      }
      if let sizes {
        object(
          TypeKey.viewModelInstanceNumber,
          [
            (
              PropertyKey.viewModelInstanceValueViewModelPropertyId,
              .uint(numberProperty != nil ? 1 : 0)
            ),
            (PropertyKey.viewModelInstanceNumberPropertyValue, .float(sizes[index])),
          ])
      }
    }
    object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(1)),
        (PropertyKey.componentName, .string("")),
      ])
    object(
      TypeKey.viewModelInstanceList,
      [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0))])
    for index in numbers.indices {
      object(
        TypeKey.viewModelInstanceListItem,
        [
          (PropertyKey.viewModelInstanceListItemViewModelId, .uint(0)),
          (PropertyKey.viewModelInstanceListItemViewModelInstanceId, .uint(UInt64(index))),
        ])
    }
  }
}
