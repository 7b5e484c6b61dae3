import CCairo

/// A Cairo canvas for plain figures, pictures and labels in pixel coordinates: what
/// `rive-assets sheet` lays its contact sheets out on, around the frames the ``Rasterizer``
/// draws.
///
/// Rectangles and lines on whole pixels are drawn without anti-aliasing, so their colours are
/// exact; pictures are scaled by Cairo with its good filter (an average of the source pixels
/// when shrinking); labels are set in an installed sans-serif face that fontconfig picks
/// (DejaVu Sans where it is installed), shaped and rasterised by Cairo.
///
/// A canvas is not `Sendable`: it owns a Cairo surface. Use each from one thread.
public final class RasterCanvas {
  /// A rectangle in pixels.
  public struct Rect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }
  }

  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The label size in pixels (the em size).
  public let labelSize: Double
  private let surface: OpaquePointer
  private let context: OpaquePointer

  /// A canvas filled with `background`.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - background: The fill, `0xAARRGGBB`.
  ///   - labelSize: The em size of labels in pixels.
  ///   - limits: The largest canvas allowed.
  /// - Throws: ``RasterError`` with code `invalidSize` for a size outside `limits`, or `cairo`
  ///   when Cairo cannot allocate the canvas.
  public init(
    width: Int, height: Int, background: UInt32, labelSize: Double = 11,
    limits: RasterLimits = .default
  ) throws(RasterError) {
    let (surface, context) = try Rasterizer.makeCanvas(
      width: width, height: height, limits: limits)
    self.width = width
    self.height = height
    self.labelSize = labelSize
    self.surface = surface
    self.context = context
    cairo_select_font_face(context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, labelSize)
    fill(Rect(x: 0, y: 0, width: width, height: height), with: background)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// The height of a line of labels in pixels.
  public var lineHeight: Int { Int(labelSize.rounded(.up)) + 3 }

  /// Fills `rect` with `color` (`0xAARRGGBB`).
  public func fill(_ rect: Rect, with color: UInt32) {
    cairo_save(context)
    cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
    Rasterizer.setSource(color: color, opacity: 1, on: context)
    cairo_rectangle(
      context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
    cairo_fill(context)
    cairo_restore(context)
  }

  /// Draws a one-pixel border just inside `rect`.
  public func stroke(_ rect: Rect, with color: UInt32) {
    guard rect.width > 0, rect.height > 0 else { return }
    fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), with: color)
    fill(Rect(x: rect.x, y: rect.y + rect.height - 1, width: rect.width, height: 1), with: color)
    fill(Rect(x: rect.x, y: rect.y, width: 1, height: rect.height), with: color)
    fill(Rect(x: rect.x + rect.width - 1, y: rect.y, width: 1, height: rect.height), with: color)
  }

  /// Draws an anti-aliased line `width` pixels wide between pixel centres.
  public func line(
    from start: (x: Int, y: Int), to end: (x: Int, y: Int), color: UInt32, width: Double = 2
  ) {
    cairo_save(context)
    Rasterizer.setSource(color: color, opacity: 1, on: context)
    cairo_set_line_width(context, width)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_move_to(context, Double(start.x) + 0.5, Double(start.y) + 0.5)
    cairo_line_to(context, Double(end.x) + 0.5, Double(end.y) + 0.5)
    cairo_stroke(context)
    cairo_restore(context)
  }

  /// Fills `rect` with a checkerboard of `cell`-pixel squares, the usual backdrop of
  /// transparency, starting with `light` at its top left.
  public func checkerboard(_ rect: Rect, light: UInt32, dark: UInt32, cell: Int = 8) {
    fill(rect, with: light)
    guard cell > 0 else { return }
    var y = 0
    while y < rect.height {
      var x = (y / cell) % 2 == 0 ? cell : 0
      while x < rect.width {
        fill(
          Rect(
            x: rect.x + x, y: rect.y + y, width: min(cell, rect.width - x),
            height: min(cell, rect.height - y)), with: dark)
        x += 2 * cell
      }
      y += cell
    }
  }

  /// Draws `image` scaled to fit `box`, keeping its aspect ratio, centred, over what is there.
  ///
  /// - Throws: ``RasterError`` with code `invalidImage` when the image's pixels do not match
  ///   its size.
  public func draw(_ image: PixelImage, fittingIn box: Rect) throws(RasterError) {
    let images = try RasterImages([0: image])
    guard let source = images.surface(0), image.width > 0, image.height > 0, box.width > 0,
      box.height > 0
    else { return }
    let scale = min(
      Double(box.width) / Double(image.width), Double(box.height) / Double(image.height))
    let drawnWidth = Double(image.width) * scale
    let drawnHeight = Double(image.height) * scale
    cairo_save(context)
    cairo_rectangle(
      context, Double(box.x), Double(box.y), Double(box.width), Double(box.height))
    cairo_clip(context)
    cairo_translate(
      context, Double(box.x) + (Double(box.width) - drawnWidth) / 2,
      Double(box.y) + (Double(box.height) - drawnHeight) / 2)
    cairo_scale(context, scale, scale)
    cairo_set_source_surface(context, source, 0, 0)
    // Padded, so that the picture's edge pixels are not faded into transparency by the filter.
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    cairo_rectangle(context, 0, 0, Double(image.width), Double(image.height))
    cairo_fill(context)
    cairo_restore(context)
  }

  /// Draws `frame` scaled to fit `box` (see ``draw(_:fittingIn:)``).
  public func draw(_ frame: RasterFrame, fittingIn box: Rect) throws(RasterError) {
    try draw(
      PixelImage(
        width: frame.width, height: frame.height, pixels: frame.rgba, isPremultiplied: false),
      fittingIn: box)
  }

  /// The advance width of `text` as a label, in pixels.
  public func labelWidth(_ text: String) -> Double {
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, Self.printable(text), &extents)
    return extents.x_advance
  }

  /// `text`, shortened with a trailing ellipsis until it fits in `width` pixels.
  public func fitting(_ text: String, in width: Int) -> String {
    guard labelWidth(text) > Double(width) else { return text }
    var characters = Array(text)
    while !characters.isEmpty, labelWidth(String(characters) + "…") > Double(width) {
      characters.removeLast()
    }
    return String(characters) + "…"
  }

  /// Draws `text` as a label with its baseline at `baseline`, starting at `x` (control
  /// characters are left out).
  public func label(_ text: String, x: Int, baseline: Int, color: UInt32) {
    cairo_save(context)
    Rasterizer.setSource(color: color, opacity: 1, on: context)
    cairo_move_to(context, Double(x), Double(baseline))
    cairo_show_text(context, Self.printable(text))
    cairo_restore(context)
  }

  /// The pixels drawn so far.
  ///
  /// - Throws: ``RasterError`` with code `cairo` when Cairo failed while drawing.
  public func makeFrame() throws(RasterError) -> RasterFrame {
    let status = cairo_status(context)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RasterError(.cairo, message: Rasterizer.describe(status))
    }
    return try Rasterizer.frame(of: surface, width: width, height: height)
  }

  private static func printable(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 }))
  }
}
