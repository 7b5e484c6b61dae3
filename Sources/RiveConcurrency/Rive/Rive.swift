/// A file, artboard, state machine and optional view-model instance put together, as upstream's
/// view model is; headless on Linux (nothing is drawn, the fit and background are stored).
@MainActor
public final class Rive: Equatable {
  /// The file.
  public let file: File
  /// The artboard.
  public let artboard: Artboard
  /// The state machine.
  public let stateMachine: StateMachine
  /// The bound view-model instance, if any.
  public let viewModelInstance: ViewModelInstance?
  /// The background color.
  public var backgroundColor: Color
  /// How the artboard fits its bounds.
  public var fit: Fit

  /// Puts a file's artboard and state machine together and binds data.
  ///
  /// - Parameters:
  ///   - file: The file.
  ///   - artboard: The artboard; nil creates the file's default artboard.
  ///   - stateMachine: The state machine; nil creates the artboard's default one.
  ///   - dataBind: `.auto` (default) creates and binds the artboard's default view model's
  ///     default instance, binding nothing if that fails; `.instance` binds the given one;
  ///     `.none` binds nothing.
  ///   - fit: How the artboard fits its bounds.
  ///   - backgroundColor: The background color (transparent by default).
  /// - Throws: The errors of ``File/createArtboard(_:)`` and
  ///   ``Artboard/createStateMachine(_:)`` when they are called.
  public init(
    file: File, artboard: Artboard? = nil, stateMachine: StateMachine? = nil,
    dataBind: DataBind = .auto, fit: Fit = .contain(alignment: .center),
    backgroundColor: Color = Color(red: 0, green: 0, blue: 0, alpha: 0)
  ) async throws {
    let artboard = try await Self.orCreate(artboard) { try await file.createArtboard() }
    let stateMachine = try await Self.orCreate(stateMachine) {
      try await artboard.createStateMachine()
    }
    let instance: ViewModelInstance?
    switch dataBind {
    case .auto:
      instance = try? await file.createViewModelInstance(
        .viewModelDefault(from: .artboardDefault(artboard)))
    case .instance(let given):
      instance = given
    case .none:
      instance = nil
    }
    if let instance { stateMachine.bindViewModelInstance(instance) }
    self.file = file
    self.artboard = artboard
    self.stateMachine = stateMachine
    viewModelInstance = instance
    self.fit = fit
    self.backgroundColor = backgroundColor
  }

  private static func orCreate<Value>(
    _ value: Value?, _ create: () async throws -> Value
  ) async throws -> Value {
    if let value { return value }
    return try await create()
  }

  /// Whether both are the same object.
  nonisolated public static func == (lhs: Rive, rhs: Rive) -> Bool { lhs === rhs }
}
