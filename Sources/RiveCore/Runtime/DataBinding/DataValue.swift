import RiveFormat

/// A value travelling through a data bind: read from a view-model value or a bound property,
/// converted, then written to the other side.
enum DataValue: Sendable, Equatable {
  case none
  case number(Float)
  case string(String)
  case boolean(Bool)
  case color(UInt32)
  /// An enum value index and the enum it belongs to (-1 when unknown).
  case enumeration(UInt32, enumIndex: Int)
  /// A trigger's fire count.
  case trigger(UInt32)
  case integer(UInt32)
  case symbolListIndex(UInt32)
  /// List items: view-model instance handles in the store.
  case list([Int32])
  case assetImage(UInt32)
  case assetFont(UInt32)
  case assetBlob(UInt32)
  case artboard(UInt32)
  /// A view-model instance handle in the store (-1 for none).
  case viewModel(Int32)

  /// The integer payload of the kinds the official runtime treats as integers (enum, trigger,
  /// integer, assets, artboards).
  var integerValue: UInt32? {
    switch self {
    case .enumeration(let value, _), .trigger(let value), .integer(let value),
      .assetImage(let value), .assetFont(let value), .assetBlob(let value),
      .artboard(let value):
      return value
    default:
      return nil
    }
  }

  var numberValue: Float? {
    if case .number(let value) = self { return value }
    return nil
  }
}

/// What a data bind's value is once converted: picks the context value the official runtime
/// makes for a bind.
enum DataValueType: UInt8, Sendable {
  case none, string, number, boolean, color, list, enumeration, trigger, viewModel, integer
  case symbolListIndex, assetImage, assetFont, assetBlob, artboard
  /// A converter that passes its input type through (interpolators).
  case input
  case any

  init(kind: ViewModelValueKind) {
    switch kind {
    case .number: self = .number
    case .string: self = .string
    case .boolean: self = .boolean
    case .color: self = .color
    case .enumeration: self = .enumeration
    case .trigger: self = .trigger
    case .list: self = .list
    case .viewModel: self = .viewModel
    case .assetImage: self = .assetImage
    case .assetFont: self = .assetFont
    case .assetBlob: self = .assetBlob
    case .artboard: self = .artboard
    case .symbolListIndex: self = .symbolListIndex
    case .unknown: self = .none
    }
  }
}
