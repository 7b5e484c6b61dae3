/// Deterministic test pictures: value noise, hard-edged shapes and grain.
public enum SyntheticImage {
  /// A picture of smooth noise with rectangles, discs and per-pixel grain.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - channelCount: 3 for RGB or 4 for RGBA (alpha varies with the shapes).
  ///   - seed: Changes the picture.
  /// - Returns: `width * height * channelCount` bytes.
  public static func noiseAndShapes(
    width: Int, height: Int, channelCount: Int = 3, seed: UInt64 = 1
  )
    -> [UInt8]
  {
    var random = SplitMix(seed: seed)
    let cell = 64
    let gridWidth = width / cell + 2
    let gridHeight = height / cell + 2
    let lattice = (0..<(gridWidth * gridHeight * 3)).map { _ in Int(random.next() % 256) }
    struct Shape {
      var x0: Int, y0: Int, x1: Int, y1: Int, isDisc: Bool, color: (Int, Int, Int, Int)
    }
    let shapes = (0..<24).map { _ in
      let x = Int(random.next() % UInt64(max(width, 1)))
      let y = Int(random.next() % UInt64(max(height, 1)))
      let size = 8 + Int(random.next() % UInt64(max(width / 4, 9)))
      let color = (
        Int(random.next() % 256), Int(random.next() % 256), Int(random.next() % 256),
        128 + Int(random.next() % 128)
      )
      return Shape(
        x0: x, y0: y, x1: x + size, y1: y + size, isDisc: random.next() % 2 == 0, color: color)
    }
    var pixels = [UInt8](repeating: 0, count: width * height * channelCount)
    for y in 0..<height {
      let gy = y / cell
      let fy = y % cell
      for x in 0..<width {
        let gx = x / cell
        let fx = x % cell
        var rgb = [0, 0, 0]
        for channel in 0..<3 {
          func corner(_ dx: Int, _ dy: Int) -> Int {
            lattice[((gy + dy) * gridWidth + gx + dx) * 3 + channel]
          }
          let top = corner(0, 0) * (cell - fx) + corner(1, 0) * fx
          let bottom = corner(0, 1) * (cell - fx) + corner(1, 1) * fx
          rgb[channel] = (top * (cell - fy) + bottom * fy) / (cell * cell)
        }
        var alpha = 255
        for shape in shapes where x >= shape.x0 && x < shape.x1 && y >= shape.y0 && y < shape.y1 {
          if shape.isDisc {
            let radius = (shape.x1 - shape.x0) / 2
            let dx = x - shape.x0 - radius
            let dy = y - shape.y0 - radius
            guard dx * dx + dy * dy <= radius * radius else { continue }
          }
          rgb = [shape.color.0, shape.color.1, shape.color.2]
          alpha = shape.color.3
        }
        let grain = Int(random.next() % 9) - 4
        let base = (y * width + x) * channelCount
        for channel in 0..<3 {
          pixels[base + channel] = UInt8(clamping: rgb[channel] + grain)
        }
        if channelCount == 4 {
          pixels[base + 3] = UInt8(clamping: alpha)
        }
      }
    }
    return pixels
  }

  /// Adds an opaque alpha channel to RGB pixels.
  ///
  /// - Parameter rgb: 3 bytes per pixel.
  /// - Returns: 4 bytes per pixel with alpha 255.
  public static func rgba(fromRGB rgb: [UInt8]) -> [UInt8] {
    var result = [UInt8]()
    result.reserveCapacity(rgb.count / 3 * 4)
    for index in stride(from: 0, to: rgb.count - 2, by: 3) {
      result += [rgb[index], rgb[index + 1], rgb[index + 2], 255]
    }
    return result
  }
}

/// The SplitMix64 generator: small, fast and deterministic.
struct SplitMix {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
