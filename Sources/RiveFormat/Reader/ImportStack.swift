/// The kinds of importer the official runtime's import stack holds, which an object can attach
/// to.
@_spi(RiveFormatInternals) public enum ImporterKind: Int, CaseIterable, Hashable, Sendable {
  case backboard, artboard, fileAsset, enumCustom, linearAnimation, keyedObject
  case keyedProperty, stateMachine, layer, layerState, transition, layerComponent
  case listener, viewModel, viewModelInstance, viewModelInstanceList
  case transitionViewModelCondition, bindableProperty, converterGroup, converterFormula
  case scripted, dataBindPath
}

/// The official importer's stack: for each kind of importer only the most recent object of
/// that kind, never popped, and the order the kinds were last made current in. Every new object
/// attaches to the most recent object of the kind it needs; an object whose kind has none is
/// dropped.
///
/// The one model of that rule for both readings of a file: the structure reader keeps its report
/// indices here, the runtime's graph its record indices. Fixed-size storage by kind (no
/// dictionary lookup, no allocation per file).
@_spi(RiveFormatInternals) public struct ImportStack: Sendable {
  /// Room for every kind, and more (`ImportStackTests` checks).
  @usableFromInline var indices = InlineArray<32, Int>(repeating: -1)
  /// When each kind was last made current (a counter, 0 for never).
  @usableFromInline var madeLatest = InlineArray<32, Int>(repeating: 0)
  @usableFromInline var clock = 0

  @_spi(RiveFormatInternals) public init() {}

  /// The most recent object of `kind`; setting nil resolves that importer.
  ///
  /// Inlinable, as every member read in the readers' loops: called across the module boundary,
  /// each call passes the 520-byte stack by value (a copy).
  @inlinable
  @_spi(RiveFormatInternals) public subscript(kind: ImporterKind) -> Int? {
    get {
      let index = indices[kind.rawValue]
      return index >= 0 ? index : nil
    }
    set {
      indices[kind.rawValue] = newValue ?? -1
      clock += 1
      madeLatest[kind.rawValue] = newValue == nil ? 0 : clock
    }
  }

  /// Makes `index` the latest of the kind whose raw value is `rawKind`; nothing for a raw value
  /// no kind has.
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public mutating func set(rawKind: Int, _ index: Int) {
    guard rawKind >= 0, rawKind < indices.count else { return }
    indices[rawKind] = index
    clock += 1
    madeLatest[rawKind] = clock
  }

  /// Whether `kind` was made current more recently than each of `others` (and has an object).
  @inlinable
  @_spi(RiveFormatInternals) public func isNewer(_ kind: ImporterKind, than others: ImporterKind...)
    -> Bool
  {
    let order = madeLatest[kind.rawValue]
    return order > 0 && others.allSatisfy { order > madeLatest[$0.rawValue] }
  }

  /// The kinds that have a latest object, the most recently set first.
  @_spi(RiveFormatInternals) public func kindsNewestFirst() -> [ImporterKind] {
    ImporterKind.allCases.filter { madeLatest[$0.rawValue] > 0 }
      .sorted { madeLatest[$0.rawValue] > madeLatest[$1.rawValue] }
  }

  /// The importer kind an object of each type key becomes the latest of (as
  /// ``ImporterKind/rawValue``, or 0x7F for none), and in bit 7 whether it is also the latest
  /// layer component.
  @_spi(RiveFormatInternals) public static let latestRules: [UInt8] =
    (0..<Schema.parentTypeKeys.count).map {
      let type = UInt16($0)
      let kind = latestKind(type).map { UInt8($0.rawValue) } ?? 0x7F
      let layerComponent = TypeTable.shared.isA(type, UInt16(TypeKey.stateMachineLayerComponent))
      return kind | (layerComponent ? 0x80 : 0)
    }

  /// The importer kind an object of `type` becomes the latest of, as the official importer
  /// does.
  @_spi(RiveFormatInternals) public static func latestKind(_ type: UInt16) -> ImporterKind? {
    let table = TypeTable.shared
    func isA(_ base: UInt32) -> Bool { table.isA(type, UInt16(base)) }
    let key = UInt32(type)
    switch key {
    case TypeKey.backboard: return .backboard
    case TypeKey.artboard: return .artboard
    case TypeKey.dataEnumCustom: return .enumCustom
    case TypeKey.linearAnimation: return .linearAnimation
    case TypeKey.keyedObject: return .keyedObject
    case TypeKey.keyedProperty: return .keyedProperty
    case TypeKey.stateMachine: return .stateMachine
    case TypeKey.stateMachineLayer: return .layer
    case TypeKey.imageAsset, TypeKey.fontAsset, TypeKey.audioAsset, TypeKey.blobAsset,
      TypeKey.manifestAsset:
      return .fileAsset
    case TypeKey.viewModel: return .viewModel
    case TypeKey.viewModelInstance: return .viewModelInstance
    case TypeKey.viewModelInstanceList: return .viewModelInstanceList
    case TypeKey.transitionViewModelCondition, TypeKey.transitionArtboardCondition,
      TypeKey.transitionFocusCondition:
      return .transitionViewModelCondition
    case TypeKey.dataConverterGroup: return .converterGroup
    case TypeKey.dataConverterFormula: return .converterFormula
    case TypeKey.dataBindPath: return .dataBindPath
    default:
      if isA(TypeKey.layerState) && key != TypeKey.layerState { return .layerState }
      if isA(TypeKey.stateTransition) { return .transition }
      if isA(TypeKey.stateMachineListener) { return .listener }
      if isA(TypeKey.bindableProperty) && key != TypeKey.bindableProperty {
        return .bindableProperty
      }
      return nil
    }
  }
}
