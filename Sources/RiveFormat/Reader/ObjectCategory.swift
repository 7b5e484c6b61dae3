/// What the reader does with an object of a given type key.
@_spi(RiveFormatInternals) public enum ObjectCategory: UInt8, Sendable {
  /// Not a concrete runtime type: skipped, offered as a null placeholder.
  case unknown
  /// A runtime type the reader does not look into.
  case other
  case backboard
  /// An asset of the file's asset list.
  case listedAsset
  case manifestAsset
  case fileAssetContents
  case artboard
  /// A drawable other than an artboard (its blend mode is validated).
  case drawable
  case linearAnimation
  case stateMachine
  case stateMachineInput
  case stateMachineLayer
  case layerState
  case stateTransition
  case stateMachineListener
  case viewModel
  case viewModelProperty
  case viewModelInstance
  case viewModelInstanceValue
  case dataEnum
  case dataEnumValue

  /// The category of each type key, derived once from the schema's parent table.
  @_spi(RiveFormatInternals) public static let table: [ObjectCategory] = {
    let parents = Schema.parentTypeKeys
    let flags = Schema.typeFlags
    func descends(_ type: Int, from base: UInt32) -> Bool {
      var current = type
      var steps = 0
      while current < parents.count, steps < 64 {
        if UInt32(current) == base { return true }
        let parent = parents[current]
        if parent == UInt16.max { return false }
        current = Int(parent)
        steps += 1
      }
      return false
    }
    var table = [ObjectCategory](filling: .unknown, count: flags.count)
    for type in 0..<flags.count where flags[type] == 7 {
      let key = UInt32(type)
      let category: ObjectCategory
      switch key {
      case TypeKey.backboard: category = .backboard
      case TypeKey.imageAsset, TypeKey.fontAsset, TypeKey.audioAsset, TypeKey.blobAsset,
        TypeKey.scriptAsset, TypeKey.scriptModuleAsset, TypeKey.shaderAsset:
        category = .listedAsset
      case TypeKey.manifestAsset: category = .manifestAsset
      case TypeKey.fileAssetContents: category = .fileAssetContents
      case TypeKey.artboard: category = .artboard
      case TypeKey.linearAnimation: category = .linearAnimation
      case TypeKey.stateMachine: category = .stateMachine
      case TypeKey.stateMachineNumber, TypeKey.stateMachineTrigger, TypeKey.stateMachineBool:
        category = .stateMachineInput
      case TypeKey.stateMachineLayer: category = .stateMachineLayer
      case TypeKey.viewModel: category = .viewModel
      case TypeKey.viewModelInstance: category = .viewModelInstance
      case TypeKey.dataEnumValue: category = .dataEnumValue
      default:
        if descends(type, from: TypeKey.fileAsset) {
          category = .listedAsset
        } else if descends(type, from: TypeKey.drawable) {
          category = .drawable
        } else if descends(type, from: TypeKey.layerState) {
          category = .layerState
        } else if descends(type, from: TypeKey.stateTransition) {
          category = .stateTransition
        } else if descends(type, from: TypeKey.stateMachineListener) {
          category = .stateMachineListener
        } else if descends(type, from: TypeKey.viewModelProperty) {
          category = .viewModelProperty
        } else if descends(type, from: TypeKey.viewModelInstanceValue) {
          category = .viewModelInstanceValue
        } else if descends(type, from: TypeKey.dataEnum) {
          category = .dataEnum
        } else {
          category = .other
        }
      }
      table[type] = category
    }
    return table
  }()

  /// The category of a type key read from a file, looked up in `categories` (``table``, which
  /// the reader holds: read through its global for every object, it costs a lazy-initialisation
  /// check each time).
  @inline(__always)
  @_spi(RiveFormatInternals) public static func of(
    _ typeKey: UInt64, in categories: [ObjectCategory]
  ) -> ObjectCategory {
    typeKey < UInt64(categories.count) ? categories[Int(typeKey)] : .unknown
  }
}

extension ObjectCategory {
  /// Whether the asset-only reader must look inside objects of this category.
  @_spi(RiveFormatInternals) public func matters(for depth: ReadDepth) -> Bool {
    switch self {
    case .backboard, .listedAsset, .manifestAsset, .fileAssetContents: true
    default: depth == .structure
    }
  }
}
