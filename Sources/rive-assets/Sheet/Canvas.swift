/// An RGBA8 image to draw on: rectangles, lines, a checkerboard, scaled images and coverage
/// masks (glyphs), all clipped to the canvas.
struct Canvas {
  /// A colour with straight (not premultiplied) alpha.
  struct Color: Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8 = 255

    static let white = Color(red: 255, green: 255, blue: 255)
    static let text = Color(red: 0x20, green: 0x20, blue: 0x28)
    static let secondaryText = Color(red: 0x50, green: 0x50, blue: 0x5A)
    static let border = Color(red: 0xB0, green: 0xB0, blue: 0xB8)
    static let checkerLight = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
    static let checkerDark = Color(red: 0xD8, green: 0xD8, blue: 0xDC)
    static let missingFill = Color(red: 0xFB, green: 0xE9, blue: 0xE9)
    static let missingStroke = Color(red: 0xC0, green: 0x30, blue: 0x30)
    static let undecodableFill = Color(red: 0xFD, green: 0xF1, blue: 0xDF)
    static let undecodableStroke = Color(red: 0xC0, green: 0x70, blue: 0x10)
  }

  /// A rectangle in pixels.
  struct Rect {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
  }

  /// The width in pixels.
  let width: Int
  /// The height in pixels.
  let height: Int
  /// The RGBA8 pixels, top row first, `width * 4` bytes per row.
  private(set) var pixels: [UInt8]

  /// A canvas filled with `background`.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - background: The fill colour.
  init(width: Int, height: Int, background: Color) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
    fill(Rect(x: 0, y: 0, width: width, height: height), with: background)
  }

  /// Blends `color` over the pixel at (`x`, `y`) with extra `coverage` (0…255).
  ///
  /// - Parameters:
  ///   - x: The column.
  ///   - y: The row.
  ///   - color: The colour.
  ///   - coverage: How much of the pixel is covered (glyph anti-aliasing); 255 for all.
  mutating func blend(x: Int, y: Int, color: Color, coverage: UInt8 = 255) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    let alpha = Int(color.alpha) * Int(coverage) / 255
    guard alpha > 0 else { return }
    let offset = (y * width + x) * 4
    let channels = [color.red, color.green, color.blue]
    for channel in 0..<3 {
      let below = Int(pixels[offset + channel])
      pixels[offset + channel] = UInt8(
        (Int(channels[channel]) * alpha + below * (255 - alpha)) / 255)
    }
    pixels[offset + 3] = UInt8(alpha + Int(pixels[offset + 3]) * (255 - alpha) / 255)
  }

  /// Fills `rect` with `color`.
  ///
  /// - Parameters:
  ///   - rect: The area.
  ///   - color: The colour, blended by its alpha.
  mutating func fill(_ rect: Rect, with color: Color) {
    for y in max(0, rect.y)..<min(height, rect.y + rect.height) {
      for x in max(0, rect.x)..<min(width, rect.x + rect.width) {
        if color.alpha == 255 {
          let offset = (y * width + x) * 4
          pixels[offset] = color.red
          pixels[offset + 1] = color.green
          pixels[offset + 2] = color.blue
          pixels[offset + 3] = 255
        } else {
          blend(x: x, y: y, color: color)
        }
      }
    }
  }

  /// Draws a one-pixel outline just inside `rect`.
  ///
  /// - Parameters:
  ///   - rect: The area.
  ///   - color: The colour.
  mutating func stroke(_ rect: Rect, with color: Color) {
    fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), with: color)
    fill(Rect(x: rect.x, y: rect.y + rect.height - 1, width: rect.width, height: 1), with: color)
    fill(Rect(x: rect.x, y: rect.y, width: 1, height: rect.height), with: color)
    fill(Rect(x: rect.x + rect.width - 1, y: rect.y, width: 1, height: rect.height), with: color)
  }

  /// Draws a two-pixel-wide line between two points.
  ///
  /// - Parameters:
  ///   - from: The start point.
  ///   - to: The end point.
  ///   - color: The colour.
  mutating func line(from: (x: Int, y: Int), to: (x: Int, y: Int), color: Color) {
    let steps = max(abs(to.x - from.x), abs(to.y - from.y), 1)
    for step in 0...steps {
      let x = from.x + (to.x - from.x) * step / steps
      let y = from.y + (to.y - from.y) * step / steps
      fill(Rect(x: x, y: y, width: 2, height: 2), with: color)
    }
  }

  /// Fills `rect` with an 8-pixel checkerboard, the usual backdrop of transparency.
  ///
  /// - Parameter rect: The area.
  mutating func checkerboard(_ rect: Rect) {
    for y in max(0, rect.y)..<min(height, rect.y + rect.height) {
      for x in max(0, rect.x)..<min(width, rect.x + rect.width) {
        let isDark = ((x - rect.x) / 8 + (y - rect.y) / 8) % 2 == 1
        fill(Rect(x: x, y: y, width: 1, height: 1), with: isDark ? .checkerDark : .checkerLight)
      }
    }
  }

  /// Draws an RGBA8 image scaled to fit `box`, preserving its aspect ratio, centred, blended
  /// over what is already there.
  ///
  /// Downscaling averages every source pixel that falls in a destination pixel (a box filter,
  /// on premultiplied colour); upscaling repeats pixels.
  ///
  /// - Parameters:
  ///   - image: Straight RGBA8 pixels, `imageWidth * imageHeight * 4` bytes.
  ///   - imageWidth: The image's width.
  ///   - imageHeight: The image's height.
  ///   - box: The area to fit into.
  mutating func draw(image: [UInt8], imageWidth: Int, imageHeight: Int, fittingIn box: Rect) {
    guard imageWidth > 0, imageHeight > 0, image.count >= imageWidth * imageHeight * 4 else {
      return
    }
    let scale = min(
      Double(box.width) / Double(imageWidth), Double(box.height) / Double(imageHeight))
    let drawnWidth = max(1, min(box.width, Int((Double(imageWidth) * scale).rounded())))
    let drawnHeight = max(1, min(box.height, Int((Double(imageHeight) * scale).rounded())))
    let left = box.x + (box.width - drawnWidth) / 2
    let top = box.y + (box.height - drawnHeight) / 2
    for row in 0..<drawnHeight {
      let sourceTop = row * imageHeight / drawnHeight
      let sourceBottom = max(sourceTop + 1, (row + 1) * imageHeight / drawnHeight)
      for column in 0..<drawnWidth {
        let sourceLeft = column * imageWidth / drawnWidth
        let sourceRight = max(sourceLeft + 1, (column + 1) * imageWidth / drawnWidth)
        var sums = (0, 0, 0, 0)
        for sourceY in sourceTop..<sourceBottom {
          for sourceX in sourceLeft..<sourceRight {
            let offset = (sourceY * imageWidth + sourceX) * 4
            let alpha = Int(image[offset + 3])
            sums.0 += Int(image[offset]) * alpha
            sums.1 += Int(image[offset + 1]) * alpha
            sums.2 += Int(image[offset + 2]) * alpha
            sums.3 += alpha
          }
        }
        guard sums.3 > 0 else { continue }
        let count = (sourceBottom - sourceTop) * (sourceRight - sourceLeft)
        let color = Color(
          red: UInt8(sums.0 / sums.3), green: UInt8(sums.1 / sums.3), blue: UInt8(sums.2 / sums.3),
          alpha: UInt8(sums.3 / count))
        blend(x: left + column, y: top + row, color: color)
      }
    }
  }
}
