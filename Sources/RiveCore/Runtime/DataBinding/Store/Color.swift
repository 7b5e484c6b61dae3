@_spi(RiveFormatInternals) import RiveFormat

/// A color with 8-bit alpha, red, green and blue channels.
public struct Color: Sendable, Equatable, Hashable {
  /// The alpha channel.
  public var alpha: UInt8
  /// The red channel.
  public var red: UInt8
  /// The green channel.
  public var green: UInt8
  /// The blue channel.
  public var blue: UInt8

  /// A color from a packed `0xAARRGGBB` value.
  ///
  /// - Parameter argb: The packed value.
  public init(_ argb: UInt32) {
    alpha = UInt8(truncatingIfNeeded: argb >> 24)
    red = UInt8(truncatingIfNeeded: argb >> 16)
    green = UInt8(truncatingIfNeeded: argb >> 8)
    blue = UInt8(truncatingIfNeeded: argb)
  }

  /// A color from its channels.
  ///
  /// - Parameters:
  ///   - red: The red channel.
  ///   - green: The green channel.
  ///   - blue: The blue channel.
  ///   - alpha: The alpha channel (opaque by default).
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.alpha = alpha
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The colour a view-model colour value has when nothing was stored or given: the schema's
  /// initial value of `ViewModelInstanceColor.propertyValue` (opaque black), as the official
  /// runtime's value object starts with it.
  package static let viewModelDefault = Color(
    Importer.schemaDefault(
      PropertyKey.viewModelInstanceColorPropertyValue, of: TypeKey.viewModelInstanceColor))

  /// The packed `0xAARRGGBB` value.
  public var argbValue: UInt32 {
    UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
  }
}
