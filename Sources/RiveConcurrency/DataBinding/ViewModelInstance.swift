import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// A view-model instance made by ``File/createViewModelInstance(_:)``.
///
/// An instance starts from the values the file stores for it (string, number, boolean, color
/// and enum values and asset references; a blank instance starts from each type's zero value)
/// and keeps what it is given. Nested view-model properties are reached with paths such as
/// `"Nested/Title"`; a nested instance that was never replaced starts from zero values. List
/// properties start empty (the reader does not model authored list items) and hold what is
/// appended or inserted.
///
/// The values live in one store per instance that the legacy API shares: a legacy
/// `RiveDataBindingViewModel.Instance` seen through `ViewModelInstance(_:worker:)` reads and
/// writes the same values.
public final class ViewModelInstance: Equatable, Sendable {
  /// The file the instance was made from.
  public let file: File
  /// The instance as both API generations see it.
  package let node: ViewModelInstanceNode

  package init(file: File, node: ViewModelInstanceNode) {
    self.file = file
    self.node = node
  }

  /// Whether both are views of the same instance (as upstream compares handles).
  public static func == (lhs: ViewModelInstance, rhs: ViewModelInstance) -> Bool {
    lhs === rhs || lhs.node.isSame(as: rhs.node)
  }

  var document: RiveDocument { node.document }
  var viewModelIndex: Int { node.viewModelIndex }

  /// The name of the instance's view model.
  ///
  /// - Returns: The name.
  /// - Throws: ``ViewModelInstanceError/message(_:)`` for an instance that a path or list index
  ///   did not resolve to (see ``value(of:)-(ViewModelInstanceProperty)``).
  @MainActor
  public func viewModelName() async throws -> String {
    if let failure = node.failure { throw ViewModelInstanceError.message(failure) }
    return node.viewModel.name
  }

  /// The instance's name: the file's instance name, or `""` for blank and nested instances.
  ///
  /// - Returns: The name.
  /// - Throws: As ``viewModelName()``.
  @MainActor
  public func name() async throws -> String {
    if let failure = node.failure { throw ViewModelInstanceError.message(failure) }
    return node.name
  }

  /// A stream that yields once for every mutation applied to this instance (setters, `fire`,
  /// nested replacements, list edits), to every live subscriber. Writes that are rejected
  /// (unknown path, wrong type) change nothing and yield nothing.
  ///
  /// - Returns: The stream; it ends when its consumer stops or the instance goes away.
  @MainActor
  public func dirtyStream() -> AsyncStream<Void> {
    node.store.dirtyStream()
  }

  // MARK: - Paths

  /// Follows a path, mapping failures to upstream's errors.
  func locate(_ path: String, expecting expected: ViewModelProperty.DataType)
    throws(ViewModelInstanceError) -> ViewModelInstanceNode.Location
  {
    do {
      return try node.locate(path, expecting: expected.core)
    } catch {
      switch error {
      case .notFound(let message):
        throw .message(message)
      case .mismatch(let expected, let actual):
        throw .valueMismatch(
          String(describing: ViewModelProperty.DataType(expected)),
          String(describing: ViewModelProperty.DataType(actual)))
      }
    }
  }
}

extension ViewModelProperty.DataType {
  /// The core's spelling of the type (nil for the types the core has no property for).
  var core: RiveDocument.ViewModelProperty.DataType? {
    switch self {
    case .none: RiveDocument.ViewModelProperty.DataType.none
    case .string: .string
    case .number: .number
    case .boolean: .boolean
    case .color: .color
    case .list: .list
    case .enum: .enumType
    case .trigger: .trigger
    case .viewModel: .viewModel
    case .symbolListIndex: .symbolListIndex
    case .assetImage: .assetImage
    case .assetFont: .assetFont
    case .assetBlob: .assetBlob
    case .artboard: .artboard
    case .integer, .input, .any: nil
    }
  }
}
