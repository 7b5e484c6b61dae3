import Foundation

/// A color: the Linux stand-in for UIKit's `UIColor`, which legacy color properties of view
/// models get and take (`RiveDataBindingViewModel.Instance.ColorProperty.value`).
///
/// Components are in the sRGB space, 0 to 1, as UIKit's. Only what code around Rive color
/// properties uses is provided.
public final class UIColor: Sendable, Hashable, CustomStringConvertible {
  private let red: CGFloat
  private let green: CGFloat
  private let blue: CGFloat
  private let alpha: CGFloat

  /// A color from its components (each clamped to 0…1).
  ///
  /// - Parameters:
  ///   - red: The red component.
  ///   - green: The green component.
  ///   - blue: The blue component.
  ///   - alpha: The opacity.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = Self.clamp(red)
    self.green = Self.clamp(green)
    self.blue = Self.clamp(blue)
    self.alpha = Self.clamp(alpha)
  }

  /// A gray.
  ///
  /// - Parameters:
  ///   - white: The brightness, 0 (black) to 1 (white).
  ///   - alpha: The opacity.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  private static func clamp(_ value: CGFloat) -> CGFloat {
    value.isNaN ? 0 : min(max(value, 0), 1)
  }

  /// Reads the components, as UIKit's method does.
  ///
  /// - Parameters:
  ///   - red: Receives the red component.
  ///   - green: Receives the green component.
  ///   - blue: Receives the blue component.
  ///   - alpha: Receives the opacity.
  /// - Returns: Always true (every color here is in a compatible space).
  @discardableResult
  public func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    red?.pointee = self.red
    green?.pointee = self.green
    blue?.pointee = self.blue
    alpha?.pointee = self.alpha
    return true
  }

  /// The same color with another opacity.
  ///
  /// - Parameter alpha: The opacity.
  /// - Returns: The color.
  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Opaque black.
  public static var black: UIColor { UIColor(white: 0, alpha: 1) }
  /// Opaque white.
  public static var white: UIColor { UIColor(white: 1, alpha: 1) }
  /// Transparent black.
  public static var clear: UIColor { UIColor(white: 0, alpha: 0) }
  /// Opaque gray (0.5).
  public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
  /// Opaque red.
  public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
  /// Opaque green.
  public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
  /// Opaque blue.
  public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }

  public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
    lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(red)
    hasher.combine(green)
    hasher.combine(blue)
    hasher.combine(alpha)
  }

  public var description: String {
    "UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))"
  }
}
