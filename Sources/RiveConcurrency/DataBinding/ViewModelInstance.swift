import RiveCore
import RiveFormat

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
///
/// Each object is a handle of its own, as each of upstream's objects holds a handle of the
/// runtime's command queue: every ``value(of:)-(ViewModelInstanceProperty)`` and
/// ``value(of:at:)`` call gives a new handle onto the same values, which is not `==` to the
/// others and has its own ``dirtyStream()``.
public final class ViewModelInstance: Equatable, Sendable {
  /// The file the instance was made from.
  public let file: File
  /// The instance as both API generations see it.
  package let node: ViewModelInstanceNode
  /// This handle's dirty-stream subscribers, by subscription.
  private let dirtySubscribers = Locked(
    (next: 0, continuations: [Int: AsyncStream<Void>.Continuation]()))

  package init(file: File, node: ViewModelInstanceNode) {
    self.file = file
    self.node = node
  }

  deinit {
    let continuations = dirtySubscribers.withLock { $0.continuations }
    for continuation in continuations.values { continuation.finish() }
  }

  /// Whether both are the same handle, as upstream compares handles: two reads of one nested
  /// instance (or list item) are two handles and not equal, though they read and write the
  /// same values.
  public static func == (lhs: ViewModelInstance, rhs: ViewModelInstance) -> Bool {
    lhs === rhs
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

  /// A stream that yields once for every mutating call made through this handle (setters of
  /// every type, `fire`, nested replacements, list edits), to every live subscriber, as
  /// upstream's: whether or not the path resolves and the write changes anything. Calls made
  /// through another handle (another read of a nested instance, the legacy API) and values
  /// the runtime changes as it advances do not yield here (value streams report those).
  ///
  /// - Returns: The stream; it ends when its consumer stops or the instance goes away.
  @MainActor
  public func dirtyStream() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    let id = dirtySubscribers.withLock { state in
      let id = state.next
      state.next += 1
      state.continuations[id] = continuation
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.dirtySubscribers.withLock { $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// Tells this handle's dirty streams that a mutating call was made.
  func markDirty() {
    let continuations = dirtySubscribers.withLock { Array($0.continuations.values) }
    for continuation in continuations { continuation.yield() }
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
