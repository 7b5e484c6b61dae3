/// A type that value properties hold: `String`, `Float`, `Bool` and ``Color``.
public protocol PropertyValue: Sendable {}

extension String: PropertyValue {}
extension Float: PropertyValue {}
extension Bool: PropertyValue {}
