/// Which view model an instance is made from.
public enum ViewModelSource: Sendable {
  /// The view model the artboard binds by default.
  case artboardDefault(Artboard)
  /// The view model with this name.
  case name(String)
}
