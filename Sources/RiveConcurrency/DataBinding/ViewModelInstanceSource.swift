/// Which instance of a view model to create.
public enum ViewModelInstanceSource: Sendable {
  /// A new instance with every property at its type's zero value, and an empty name.
  case blank(from: ViewModelSource)
  /// A copy of the view model's default (first) instance.
  case viewModelDefault(from: ViewModelSource)
  /// A copy of the instance with this name.
  case name(String, from: ViewModelSource)
}
