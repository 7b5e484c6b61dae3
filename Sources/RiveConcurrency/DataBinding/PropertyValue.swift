import RiveCore
import RiveFormat

/// A type that value properties hold: `String`, `Float`, `Bool` and `Color` (RiveCore's color value, which both API generations share).
public protocol PropertyValue: Sendable {}

extension String: PropertyValue {}
extension Float: PropertyValue {}
extension Bool: PropertyValue {}
extension Color: PropertyValue {}
