import Foundation

/// A color: the Linux stand-in for UIKit's `UIColor`, which legacy color properties of view
/// models get and take (`RiveDataBindingViewModel.Instance.ColorProperty.value`).
///
/// Components are in the sRGB space, 0 to 1, as UIKit's. UIKit's class colors and system
/// colors (in their light appearance), the RGB, white and HSB initializers and their
/// component reads are provided; nothing needs a `CGColor`.
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

  /// A color from hue, saturation and brightness (each clamped to 0…1), as UIKit's
  /// initializer of the same name.
  ///
  /// - Parameters:
  ///   - hue: The hue, 0 to 1 around the color wheel (1 is red again).
  ///   - saturation: The saturation.
  ///   - brightness: The brightness.
  ///   - alpha: The opacity.
  public convenience init(
    hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat
  ) {
    let h = Self.clamp(hue) * 6
    let s = Self.clamp(saturation)
    let v = Self.clamp(brightness)
    let sector = min(Int(h), 5)
    let f = h - CGFloat(sector)
    let (p, q, t) = (v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f)))
    let rgb: (CGFloat, CGFloat, CGFloat)
    switch sector {
    case 0: rgb = (v, t, p)
    case 1: rgb = (q, v, p)
    case 2: rgb = (p, v, t)
    case 3: rgb = (p, q, v)
    case 4: rgb = (t, p, v)
    default: rgb = (v, p, q)
    }
    self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
  }

  /// Reads the brightness of the color as a gray (the mean of its components, as UIKit gives
  /// for colors in the RGB space), as UIKit's method does.
  ///
  /// - Parameters:
  ///   - white: Receives the brightness.
  ///   - alpha: Receives the opacity.
  /// - Returns: Always true.
  @discardableResult
  public func getWhite(
    _ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    white?.pointee = (red + green + blue) / 3
    alpha?.pointee = self.alpha
    return true
  }

  /// Reads hue, saturation and brightness, as UIKit's method does.
  ///
  /// - Parameters:
  ///   - hue: Receives the hue (0 for grays).
  ///   - saturation: Receives the saturation.
  ///   - brightness: Receives the brightness.
  ///   - alpha: Receives the opacity.
  /// - Returns: Always true.
  @discardableResult
  public func getHue(
    _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
    brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    let maximum = max(red, green, blue)
    let minimum = min(red, green, blue)
    let delta = maximum - minimum
    var h: CGFloat = 0
    if delta > 0 {
      if maximum == red {
        h = (green - blue) / delta
        if h < 0 { h += 6 }
      } else if maximum == green {
        h = (blue - red) / delta + 2
      } else {
        h = (red - green) / delta + 4
      }
      h /= 6
    }
    hue?.pointee = h
    saturation?.pointee = maximum > 0 ? delta / maximum : 0
    brightness?.pointee = maximum
    alpha?.pointee = self.alpha
    return true
  }

  /// The components, red, green, blue and opacity, each 0 to 1 (what `cgColor.components`
  /// gives for an RGB color on Apple platforms).
  public var rgbaComponents: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    (red, green, blue, alpha)
  }

  // MARK: - UIKit's class colors

  /// Opaque black.
  public static var black: UIColor { UIColor(white: 0, alpha: 1) }
  /// Opaque dark gray (1/3).
  public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
  /// Opaque light gray (2/3).
  public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
  /// Opaque white.
  public static var white: UIColor { UIColor(white: 1, alpha: 1) }
  /// Opaque gray (0.5).
  public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
  /// Opaque red.
  public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
  /// Opaque green.
  public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
  /// Opaque blue.
  public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
  /// Opaque cyan.
  public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
  /// Opaque yellow.
  public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
  /// Opaque magenta.
  public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
  /// Opaque orange (1, 0.5, 0).
  public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
  /// Opaque purple (0.5, 0, 0.5).
  public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
  /// Opaque brown (0.6, 0.4, 0.2).
  public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
  /// Transparent black.
  public static var clear: UIColor { UIColor(white: 0, alpha: 0) }

  // MARK: - UIKit's system colors (their light appearance: there is no dark mode headless)

  private static func system(_ red: Int, _ green: Int, _ blue: Int) -> UIColor {
    UIColor(
      red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: 1)
  }

  /// The system red (255, 59, 48).
  public static var systemRed: UIColor { system(255, 59, 48) }
  /// The system orange (255, 149, 0).
  public static var systemOrange: UIColor { system(255, 149, 0) }
  /// The system yellow (255, 204, 0).
  public static var systemYellow: UIColor { system(255, 204, 0) }
  /// The system green (52, 199, 89).
  public static var systemGreen: UIColor { system(52, 199, 89) }
  /// The system mint (0, 199, 190).
  public static var systemMint: UIColor { system(0, 199, 190) }
  /// The system teal (48, 176, 199).
  public static var systemTeal: UIColor { system(48, 176, 199) }
  /// The system cyan (50, 173, 230).
  public static var systemCyan: UIColor { system(50, 173, 230) }
  /// The system blue (0, 122, 255).
  public static var systemBlue: UIColor { system(0, 122, 255) }
  /// The system indigo (88, 86, 214).
  public static var systemIndigo: UIColor { system(88, 86, 214) }
  /// The system purple (175, 82, 222).
  public static var systemPurple: UIColor { system(175, 82, 222) }
  /// The system pink (255, 45, 85).
  public static var systemPink: UIColor { system(255, 45, 85) }
  /// The system brown (162, 132, 94).
  public static var systemBrown: UIColor { system(162, 132, 94) }
  /// The system gray (142, 142, 147).
  public static var systemGray: UIColor { system(142, 142, 147) }
  /// The system gray 2 (174, 174, 178).
  public static var systemGray2: UIColor { system(174, 174, 178) }
  /// The system gray 3 (199, 199, 204).
  public static var systemGray3: UIColor { system(199, 199, 204) }
  /// The system gray 4 (209, 209, 214).
  public static var systemGray4: UIColor { system(209, 209, 214) }
  /// The system gray 5 (229, 229, 234).
  public static var systemGray5: UIColor { system(229, 229, 234) }
  /// The system gray 6 (242, 242, 247).
  public static var systemGray6: UIColor { system(242, 242, 247) }

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
