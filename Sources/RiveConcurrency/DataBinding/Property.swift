/// A property of a view-model instance, addressed by path.
///
/// A path is a property name (`"Title"`) or names joined by `/` through view-model properties
/// (`"Nested/Title"`).
public protocol Property: Sendable {
  /// The property's path.
  var path: String { get }
}
