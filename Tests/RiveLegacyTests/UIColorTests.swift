import Foundation
import RiveLegacy
import Testing

/// The `UIColor` stand-in: UIKit's class and system colors, and its initializers and
/// component reads.
@Suite("UIColor stand-in")
struct UIColorTests {
  private func components(_ color: UIColor) -> [CGFloat] {
    var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (-1, -1, -1, -1)
    color.getRed(&r, green: &g, blue: &b, alpha: &a)
    return [r, g, b, a]
  }

  /// UIKit's class colors and their documented components.
  static let classColors: [(String, UIColor, [CGFloat])] = [
    ("black", .black, [0, 0, 0, 1]), ("darkGray", .darkGray, [1.0 / 3, 1.0 / 3, 1.0 / 3, 1]),
    ("lightGray", .lightGray, [2.0 / 3, 2.0 / 3, 2.0 / 3, 1]), ("white", .white, [1, 1, 1, 1]),
    ("gray", .gray, [0.5, 0.5, 0.5, 1]), ("red", .red, [1, 0, 0, 1]),
    ("green", .green, [0, 1, 0, 1]), ("blue", .blue, [0, 0, 1, 1]),
    ("cyan", .cyan, [0, 1, 1, 1]), ("yellow", .yellow, [1, 1, 0, 1]),
    ("magenta", .magenta, [1, 0, 1, 1]), ("orange", .orange, [1, 0.5, 0, 1]),
    ("purple", .purple, [0.5, 0, 0.5, 1]), ("brown", .brown, [0.6, 0.4, 0.2, 1]),
    ("clear", .clear, [0, 0, 0, 0]),
  ]

  @Test("UIKit's class colors have UIKit's components", arguments: classColors.indices)
  func classColor(_ index: Int) {
    let (name, color, expected) = Self.classColors[index]
    #expect(components(color) == expected, "\(name)")
  }

  @Test("system colors are UIKit's light appearance")
  func systemColors() {
    func bytes(_ color: UIColor) -> [Int] { components(color).map { Int(($0 * 255).rounded()) } }
    #expect(bytes(.systemBlue) == [0, 122, 255, 255])
    #expect(bytes(.systemRed) == [255, 59, 48, 255])
    #expect(bytes(.systemGray6) == [242, 242, 247, 255])
  }

  @Test("components clamp to 0…1 and NaN reads as 0")
  func clamping() {
    let color = UIColor(red: 2, green: -1, blue: .nan, alpha: 0.5)
    #expect(components(color) == [1, 0, 0, 0.5])
    #expect(components(UIColor(white: 0.25, alpha: 1)) == [0.25, 0.25, 0.25, 1])
    #expect(color.rgbaComponents == (1, 0, 0, 0.5))
  }

  @Test("hue, saturation and brightness go both ways")
  func hsb() {
    let orange = UIColor(hue: 30.0 / 360, saturation: 1, brightness: 1, alpha: 1)
    #expect(components(orange) == [1, 0.5, 0, 1])
    for color in [UIColor.brown, .purple, .cyan, .systemIndigo, .gray] {
      var (h, s, v, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
      color.getHue(&h, saturation: &s, brightness: &v, alpha: &a)
      let back = components(UIColor(hue: h, saturation: s, brightness: v, alpha: a))
      for (got, want) in zip(back, components(color)) {
        #expect(abs(got - want) < 1e-9, "\(color)")
      }
    }
    var white: CGFloat = -1
    var alpha: CGFloat = -1
    UIColor.lightGray.getWhite(&white, alpha: &alpha)
    #expect(abs(white - 2.0 / 3) < 1e-12 && alpha == 1)
  }
}
