/// How ``Rive`` binds a view-model instance to its state machine.
public enum DataBind: Equatable, Sendable {
  /// Create the artboard's default view model's default instance and bind it; if that fails,
  /// bind nothing.
  case auto
  /// Bind this instance.
  case instance(ViewModelInstance)
  /// Bind nothing.
  case none
}
