import Foundation

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

  /// Binds property `key` of the object just written to view-model path `path`.
  mutating func bind(_ key: UInt16, to path: [UInt32]) {
    object(
      TypeKey.dataBindContext,
      [
        (PropertyKey.dataBindPropertyKey, .uint(UInt64(key))),
        (PropertyKey.dataBindContextSourcePathIds, .bytes(RiveObjectWriter.pathBytes(path))),
      ])
  }
}
