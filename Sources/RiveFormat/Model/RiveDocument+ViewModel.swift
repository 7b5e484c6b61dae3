extension RiveDocument {
  /// A view model: its properties and instances.
  public struct ViewModel: Sendable, Hashable {
    /// The view model's name.
    public var name: String
    /// Its properties, in file order (value objects refer to them by index).
    public var properties: [ViewModelProperty]
    /// Its instances, in file order; the first is the default instance.
    public var instances: [ViewModelInstance]

    /// The property with this name.
    public func property(named name: String) -> ViewModelProperty? {
      properties.first { $0.name == name }
    }

    /// The instance with this name.
    public func instance(named name: String) -> ViewModelInstance? {
      instances.first { $0.name == name }
    }
  }

  /// A property of a view model.
  public struct ViewModelProperty: Sendable, Hashable {
    /// The runtime data types of properties.
    public enum DataType: String, Sendable, Hashable, CaseIterable {
      case none, string, number, boolean, color, list, enumType, trigger, viewModel
      case symbolListIndex, assetImage, assetFont, assetBlob, artboard

      /// The data type of a property type key, as the official runtime maps it.
      public init(typeKey: UInt32) {
        switch typeKey {
        case TypeKey.viewModelPropertyString: self = .string
        case TypeKey.viewModelPropertyNumber: self = .number
        case TypeKey.viewModelPropertyBoolean: self = .boolean
        case TypeKey.viewModelPropertyColor: self = .color
        case TypeKey.viewModelPropertyList: self = .list
        case TypeKey.viewModelPropertyEnum, TypeKey.viewModelPropertyEnumCustom,
          TypeKey.viewModelPropertyEnumSystem:
          self = .enumType
        case TypeKey.viewModelPropertyTrigger: self = .trigger
        case TypeKey.viewModelPropertyViewModel: self = .viewModel
        case TypeKey.viewModelPropertySymbolListIndex: self = .symbolListIndex
        case TypeKey.viewModelPropertyAssetImage: self = .assetImage
        case TypeKey.viewModelPropertyAssetFont: self = .assetFont
        case TypeKey.viewModelPropertyAssetBlob: self = .assetBlob
        case TypeKey.viewModelPropertyArtboard: self = .artboard
        default: self = .none
        }
      }
    }

    /// The property's name.
    public var name: String
    /// The core type key.
    public var typeKey: UInt32
    /// The runtime data type.
    public var dataType: DataType
    /// The enum's name, for enum properties whose enum resolves.
    public var enumName: String?
    /// The referenced view model's index, for view-model properties.
    public var viewModelReferenceIndex: Int?
  }

  /// An instance of a view model.
  public struct ViewModelInstance: Sendable, Hashable {
    /// The instance's name (may be empty in older files).
    public var name: String
    /// The asset each image, font or blob value points at: property index → asset index.
    public var assetReferences: [AssetReference]
    /// The byte offset of the instance object in the file.
    public var byteOffset: Int
    /// The stored string, number, boolean, color and enum values, in file order.
    public var values: [Value] = []

    /// A stored value of an instance, for the property at ``propertyIndex`` of its view model.
    public struct Value: Sendable, Hashable {
      /// The stored value.
      public enum Content: Sendable, Hashable {
        /// A string value.
        case string(String)
        /// A number value.
        case number(Float)
        /// A boolean value.
        case boolean(Bool)
        /// A color value as 0xAARRGGBB.
        case color(UInt32)
        /// An index into the values of the property's enum.
        case enumIndex(Int)
      }

      /// The index of the property in the view model.
      public var propertyIndex: Int
      /// The value.
      public var content: Content
    }

    /// The stored value of the property at `propertyIndex`, if the file stores one (the last wins).
    public func value(ofPropertyAt propertyIndex: Int) -> Value.Content? {
      values.last { $0.propertyIndex == propertyIndex }?.content
    }

    /// An asset value of an instance.
    public struct AssetReference: Sendable, Hashable {
      /// The index of the property in the view model.
      public var propertyIndex: Int
      /// The index of the asset in the file's asset list, or nil when the value points at none.
      public var assetIndex: Int?

      @_spi(RiveFormatInternals) public init(propertyIndex: Int, assetIndex: Int?) {
        self.propertyIndex = propertyIndex
        self.assetIndex = assetIndex
      }
    }
  }

  /// A file-level enum used by enum properties.
  public struct DataEnum: Sendable, Hashable {
    /// The enum's name.
    public var name: String
    /// Its values' keys, in file order.
    public var values: [String]

    @_spi(RiveFormatInternals) public init(name: String, values: [String]) {
      self.name = name
      self.values = values
    }
  }
}
