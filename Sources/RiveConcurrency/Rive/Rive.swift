import Foundation
import RiveCore
import RiveFormat

/// A file, artboard, state machine and optional view-model instance put together, as upstream's
/// view model is; headless on Linux (nothing is drawn, the fit and background are stored).
/// ``advance(by:)`` plays it.
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
  public var backgroundColor: Color {
    get { appearance.withLock { $0.backgroundColor } }
    set { appearance.withLock { $0.backgroundColor = newValue } }
  }
  /// How the artboard fits its bounds.
  public var fit: Fit {
    get { appearance.withLock { $0.fit } }
    set { appearance.withLock { $0.fit = newValue } }
  }
  /// The background and fit, readable from ``==`` outside the main actor.
  private nonisolated let appearance: Locked<(backgroundColor: Color, fit: Fit)>

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
    appearance = Locked((backgroundColor, fit))
  }

  private static func orCreate<Value>(
    _ value: Value?, _ create: () async throws -> Value
  ) async throws -> Value {
    if let value { return value }
    return try await create()
  }

  /// Advances the state machine by `time` seconds, as upstream's view does once per display
  /// frame (headless: your code calls this).
  ///
  /// - Parameter time: Seconds to advance.
  /// - Returns: Whether the state machine needs more frames (false once it settled).
  @discardableResult
  public func advance(by time: TimeInterval) -> Bool {
    stateMachine.advance(by: time)
    return !stateMachine.isSettled
  }

  /// Whether both show the same thing, as upstream compares: the same object, or the same
  /// file, artboard, state machine, view-model instance, background color and fit.
  nonisolated public static func == (lhs: Rive, rhs: Rive) -> Bool {
    if lhs === rhs { return true }
    let left = lhs.appearance.withLock { $0 }
    let right = rhs.appearance.withLock { $0 }
    return lhs.file == rhs.file && lhs.artboard == rhs.artboard
      && lhs.stateMachine == rhs.stateMachine && lhs.viewModelInstance == rhs.viewModelInstance
      && left.backgroundColor == right.backgroundColor && left.fit == right.fit
  }
}
