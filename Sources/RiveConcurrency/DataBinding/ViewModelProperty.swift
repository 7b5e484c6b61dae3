import RiveCore
import RiveFormat

/// A property of a view model: its type and name.
public struct ViewModelProperty: Sendable, Equatable, Hashable {
  /// The data types of properties, in upstream's order.
  public enum DataType: Sendable, Equatable, Hashable {
    case none
    case string
    case number
    case boolean
    case color
    case list
    case `enum`
    case trigger
    case viewModel
    case integer
    case symbolListIndex
    case assetImage
    case assetFont
    case assetBlob
    case artboard
    case input
    case any

    init(_ core: RiveDocument.ViewModelProperty.DataType) {
      switch core {
      case .none: self = .none
      case .string: self = .string
      case .number: self = .number
      case .boolean: self = .boolean
      case .color: self = .color
      case .list: self = .list
      case .enumType: self = .enum
      case .trigger: self = .trigger
      case .viewModel: self = .viewModel
      case .symbolListIndex: self = .symbolListIndex
      case .assetImage: self = .assetImage
      case .assetFont: self = .assetFont
      case .assetBlob: self = .assetBlob
      case .artboard: self = .artboard
      }
    }
  }

  /// The property's type.
  public let type: DataType
  /// The property's name.
  public let name: String
  /// Extra information: the enum's name for enum properties, the referenced view model's name
  /// for view-model properties, otherwise empty.
  public let metaData: String

  /// Creates a property description.
  ///
  /// - Parameters:
  ///   - type: The type.
  ///   - name: The name.
  ///   - metaData: Extra information (empty by default).
  public init(type: DataType, name: String, metaData: String = "") {
    self.type = type
    self.name = name
    self.metaData = metaData
  }
}
