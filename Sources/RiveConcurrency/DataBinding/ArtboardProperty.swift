/// An artboard property, assigned an ``Artboard`` per instance.
public struct ArtboardProperty: Property, Equatable, Hashable {
  /// The property's path (`"Name"` or `"Nested/Name"`).
  public let path: String

  /// Addresses the property at `path`.
  ///
  /// - Parameter path: A name, or names joined by `/`.
  public init(path: String) {
    self.path = path
  }
}
