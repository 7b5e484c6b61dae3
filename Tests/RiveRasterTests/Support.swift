import RiveDisplayList
import RiveRaster

/// Small builders for hand-made display lists.
enum Draw {
  static func rect(
    _ x: Float, _ y: Float, _ width: Float, _ height: Float, fillRule: FillRule = .nonZero,
    clockwise: Bool = true
  ) -> RenderPath {
    let corners: [(Float, Float)] = [
      (x, y), (x + width, y), (x + width, y + height), (x, y + height),
    ]
    let ordered = clockwise ? corners : corners.reversed()
    var commands: [PathCommand] = [.move(ordered[0].0, ordered[0].1)]
    for corner in ordered.dropFirst() { commands.append(.line(corner.0, corner.1)) }
    commands.append(.close)
    return RenderPath(fillRule: fillRule, commands: commands)
  }

  static func fill(_ color: UInt32, blend: BlendMode = .srcOver, feather: Float = 0) -> RenderPaint
  {
    RenderPaint(style: .fill, color: color, blendMode: blend, feather: feather)
  }

  static func render(
    _ operations: [DrawOperation], width: Int = 20, height: Int = 20, background: UInt32 = 0,
    images: RasterImages = RasterImages()
  ) throws -> RasterFrame {
    try Rasterizer.render(
      DisplayList(operations: operations), width: width, height: height, background: background,
      images: images)
  }
}

/// A pixel as straight RGBA values.
struct Pixel: Equatable, CustomStringConvertible {
  var red: Int, green: Int, blue: Int, alpha: Int

  init(_ red: Int, _ green: Int, _ blue: Int, _ alpha: Int) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  init(_ frame: RasterFrame, _ x: Int, _ y: Int) {
    let pixel = frame.pixel(x: x, y: y) ?? (0, 0, 0, 0)
    self.init(Int(pixel.red), Int(pixel.green), Int(pixel.blue), Int(pixel.alpha))
  }

  /// From `0xAARRGGBB`.
  init(argb: UInt32) {
    self.init(
      Int((argb >> 16) & 0xFF), Int((argb >> 8) & 0xFF), Int(argb & 0xFF), Int(argb >> 24))
  }

  static let clear = Pixel(0, 0, 0, 0)

  func isClose(to other: Pixel, tolerance: Int) -> Bool {
    abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
      && abs(blue - other.blue) <= tolerance && abs(alpha - other.alpha) <= tolerance
  }

  var description: String { "(\(red), \(green), \(blue), \(alpha))" }
}

/// The W3C "Compositing and Blending Level 1" formulas, written out independently of Cairo,
/// for checking every blend mode.
enum BlendFormula {
  typealias RGB = (Double, Double, Double)

  /// Source-over compositing of `source` onto `backdrop` with blend mode `mode`:
  /// `co = cs·αs·(1 − αb) + cb·αb·(1 − αs) + αs·αb·B(cb, cs)`, `αo = αs + αb·(1 − αs)`.
  static func composite(source: Pixel, backdrop: Pixel, mode: BlendMode) -> Pixel {
    let cs = (Double(source.red) / 255, Double(source.green) / 255, Double(source.blue) / 255)
    let cb = (Double(backdrop.red) / 255, Double(backdrop.green) / 255, Double(backdrop.blue) / 255)
    let alphaS = Double(source.alpha) / 255
    let alphaB = Double(backdrop.alpha) / 255
    let blended = blend(mode, backdrop: cb, source: cs)
    let alphaO = alphaS + alphaB * (1 - alphaS)
    func channel(_ s: Double, _ b: Double, _ mixed: Double) -> Int {
      let premultiplied =
        s * alphaS * (1 - alphaB) + b * alphaB * (1 - alphaS) + alphaS * alphaB * mixed
      return alphaO == 0 ? 0 : Int((premultiplied / alphaO * 255).rounded())
    }
    return Pixel(
      channel(cs.0, cb.0, blended.0), channel(cs.1, cb.1, blended.1),
      channel(cs.2, cb.2, blended.2), Int((alphaO * 255).rounded()))
  }

  static func blend(_ mode: BlendMode, backdrop b: RGB, source s: RGB) -> RGB {
    func separable(_ f: (Double, Double) -> Double) -> RGB {
      (f(b.0, s.0), f(b.1, s.1), f(b.2, s.2))
    }
    switch mode {
    case .srcOver: return s
    case .multiply: return separable { $0 * $1 }
    case .screen: return separable { $0 + $1 - $0 * $1 }
    case .overlay: return separable { hardLight(source: $0, backdrop: $1) }
    case .darken: return separable { min($0, $1) }
    case .lighten: return separable { max($0, $1) }
    case .colorDodge:
      return separable { cb, cs in cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs))) }
    case .colorBurn:
      return separable { cb, cs in cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)) }
    case .hardLight: return separable { cb, cs in hardLight(source: cs, backdrop: cb) }
    case .softLight:
      return separable { cb, cs in
        if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
        let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
        return cb + (2 * cs - 1) * (d - cb)
      }
    case .difference: return separable { abs($0 - $1) }
    case .exclusion: return separable { $0 + $1 - 2 * $0 * $1 }
    case .hue: return setLuminosity(setSaturation(s, saturation(b)), luminosity(b))
    case .saturation: return setLuminosity(setSaturation(b, saturation(s)), luminosity(b))
    case .color: return setLuminosity(s, luminosity(b))
    case .luminosity: return setLuminosity(b, luminosity(s))
    }
  }

  static func hardLight(source cs: Double, backdrop cb: Double) -> Double {
    cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
  }

  static func luminosity(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

  static func clipColor(_ c: RGB) -> RGB {
    let l = luminosity(c)
    let n = min(c.0, c.1, c.2)
    let x = max(c.0, c.1, c.2)
    var result = [c.0, c.1, c.2]
    if n < 0 { result = result.map { l + ($0 - l) * l / (l - n) } }
    if x > 1 { result = result.map { l + ($0 - l) * (1 - l) / (x - l) } }
    return (result[0], result[1], result[2])
  }

  static func setLuminosity(_ c: RGB, _ l: Double) -> RGB {
    let d = l - luminosity(c)
    return clipColor((c.0 + d, c.1 + d, c.2 + d))
  }

  static func saturation(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

  static func setSaturation(_ c: RGB, _ s: Double) -> RGB {
    var values = [c.0, c.1, c.2]
    let order = values.indices.sorted { values[$0] < values[$1] }
    let (minimum, middle, maximum) = (order[0], order[1], order[2])
    if values[maximum] > values[minimum] {
      values[middle] = (values[middle] - values[minimum]) * s / (values[maximum] - values[minimum])
      values[maximum] = s
    } else {
      values[middle] = 0
      values[maximum] = 0
    }
    values[minimum] = 0
    return (values[0], values[1], values[2])
  }
}
