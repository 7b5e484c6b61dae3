/// A property holding a nested view-model instance.
public struct ViewModelInstanceProperty: Property, Equatable, Hashable {
  /// The property's path (`"Name"` or `"Nested/Name"`).
  public let path: String

  /// Addresses the property at `path`.
  ///
  /// - Parameter path: A name, or names joined by `/`.
  public init(path: String) {
    self.path = path
  }
}
