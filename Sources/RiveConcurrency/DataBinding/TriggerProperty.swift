/// A trigger property, fired with ``ViewModelInstance/fire(trigger:)``.
public struct TriggerProperty: Property, Equatable, Hashable {
  /// The property's path (`"Name"` or `"Nested/Name"`).
  public let path: String

  /// Addresses the property at `path`.
  ///
  /// - Parameter path: A name, or names joined by `/`.
  public init(path: String) {
    self.path = path
  }
}
