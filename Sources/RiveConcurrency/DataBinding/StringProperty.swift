/// A string property.
public struct StringProperty: ValueProperty, Equatable, Hashable {
  public typealias Value = String

  /// The property's path (`"Name"` or `"Nested/Name"`).
  public let path: String

  /// Addresses the property at `path`.
  ///
  /// - Parameter path: A name, or names joined by `/`.
  public init(path: String) {
    self.path = path
  }
}
