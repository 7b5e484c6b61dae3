/// The scale factor of a layout fit.
public enum ScaleFactor: Sendable, Equatable, Hashable {
  /// The display's scale.
  case automatic
  /// A given scale.
  case explicit(Float)
}
