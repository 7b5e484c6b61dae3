/// A property whose value can be read and written.
public protocol ValueProperty: Property {
  /// The value's type.
  associatedtype Value: PropertyValue
}
