import CCairo
import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveFrames
import RiveTestSupport
import Testing

/// Shaped text rasterised through the package compared with Cairo's own text rendering of the
/// same string in the same face (DejaVu Sans, found through fontconfig by both), outlines
/// unhinted: their ink must cover the same pixels.
@Suite("Text pixels")
struct TextPixelTests {
  static let width = 420
  static let height = 120
  static let size: Float = 48
  static let origin = (x: Float(20), y: Float(20) + baselineNudge)

  /// Cairo draws glyphs at whole-pixel baselines: the text's top is moved by the fraction
  /// that puts its baseline (the face's ascent below the top) on a whole pixel for both.
  static let baselineNudge: Float = {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let cr = cairo_create(surface)
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cr, Double(size))
    let options = unhinted()
    cairo_set_font_options(cr, options)
    var extents = cairo_font_extents_t()
    cairo_font_extents(cr, &extents)
    cairo_font_options_destroy(options)
    cairo_destroy(cr)
    cairo_surface_destroy(surface)
    return Float(extents.ascent.rounded(.up) - extents.ascent)
  }()

  /// Font options without hinting (outlines and metrics as designed), grey anti-aliasing.
  static func unhinted() -> OpaquePointer? {
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    return options
  }

  /// Cairo's toy text API: fontconfig's DejaVu Sans through cairo-ft, black on white, the
  /// baseline the face's ascent below the text's top.
  static func cairoText(_ text: String) -> [UInt8] {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    let cr = cairo_create(surface)
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cr, Double(size))
    let options = unhinted()
    cairo_set_font_options(cr, options)
    var extents = cairo_font_extents_t()
    cairo_font_extents(cr, &extents)
    cairo_set_source_rgb(cr, 0, 0, 0)
    cairo_move_to(cr, Double(origin.x), Double(origin.y) + extents.ascent)
    cairo_show_text(cr, text)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    var ink = [UInt8](repeating: 0, count: width * height)
    if let data = cairo_image_surface_get_data(surface) {
      for y in 0..<height {
        for x in 0..<width {
          // Premultiplied BGRA in memory; ink is how far from white the green channel is.
          ink[y * width + x] = 255 - data[y * stride + x * 4 + 1]
        }
      }
    }
    cairo_font_options_destroy(options)
    cairo_destroy(cr)
    cairo_surface_destroy(surface)
    return ink
  }

  /// The package's rendering of the same string, black on white.
  static func packageText(_ text: String, font: [UInt8]) throws -> [UInt8] {
    var fixture = TextFixture(
      fonts: [font], styles: [.init(fontSize: size)], runs: [.init(text)],
      properties: [(PropertyKey.nodeX, .float(origin.x)), (PropertyKey.nodeY, .float(origin.y))])
    fixture.artboardWidth = Float(width)
    fixture.artboardHeight = Float(height)
    var player = try FramePlayer(data: fixture.data)
    let frame = try player.render(background: 0xFFFF_FFFF)
    var ink = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width { ink[y * width + x] = 255 - (frame.pixel(x: x, y: y)?.green ?? 255) }
    }
    return ink
  }

  /// The ink's total and the box of the pixels more than half inked.
  static func measure(_ ink: [UInt8]) -> (total: Int, box: (Int, Int, Int, Int)) {
    var total = 0
    var box = (Int.max, Int.max, Int.min, Int.min)
    for y in 0..<height {
      for x in 0..<width {
        let value = Int(ink[y * width + x])
        total += value
        if value > 128 {
          box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
        }
      }
    }
    return (total, box)
  }

  @Test("the package's glyphs cover what Cairo's own text rendering covers")
  func matchesCairo() throws {
    let match = try SystemFontLookup.locate(family: "DejaVu Sans")
    let font = Array(try Data(contentsOf: URL(fileURLWithPath: match.path)))
    // No kerning pairs among these letters in DejaVu Sans (Cairo's toy API does not kern).
    let text = "Hello mint"
    let ours = Self.measure(try Self.packageText(text, font: font))
    let reference = Self.measure(Self.cairoText(text))
    #expect(reference.total > 100_000)
    // Total ink within 3 %, the inked box within a pixel on every side.
    let ratio = Double(ours.total) / Double(reference.total)
    #expect(abs(ratio - 1) < 0.03, "ink \(ours.total) vs Cairo's \(reference.total)")
    #expect(abs(ours.box.0 - reference.box.0) <= 1)
    #expect(abs(ours.box.1 - reference.box.1) <= 1)
    #expect(abs(ours.box.2 - reference.box.2) <= 1)
    #expect(abs(ours.box.3 - reference.box.3) <= 1)
    // Per pixel they differ only at edges: Cairo's image backend puts each glyph at a whole
    // pixel (up to half a pixel from its shaped position), so fewer than 10 % of the inked
    // pixels may differ by more than a quarter of full ink; the ink's centre agrees within a
    // tenth of a pixel.
    let ourInk = try Self.packageText(text, font: font)
    let cairoInk = Self.cairoText(text)
    var differing = 0
    var inked = 0
    for i in ourInk.indices {
      if ourInk[i] > 0 || cairoInk[i] > 0 { inked += 1 }
      if abs(Int(ourInk[i]) - Int(cairoInk[i])) > 64 { differing += 1 }
    }
    #expect(
      Double(differing) < Double(inked) * 0.10, "\(differing) of \(inked) inked pixels differ")
    let (ourX, ourY) = Self.centroid(ourInk)
    let (cairoX, cairoY) = Self.centroid(cairoInk)
    #expect(abs(ourX - cairoX) < 0.1 && abs(ourY - cairoY) < 0.1)
  }

  /// The ink-weighted centre.
  static func centroid(_ ink: [UInt8]) -> (Double, Double) {
    var sx = 0.0
    var sy = 0.0
    var total = 0.0
    for y in 0..<height {
      for x in 0..<width {
        let v = Double(ink[y * width + x])
        sx += v * Double(x)
        sy += v * Double(y)
        total += v
      }
    }
    return (sx / max(total, 1), sy / max(total, 1))
  }

  @Test("text is off with drawsText false")
  func textOff() throws {
    let match = try SystemFontLookup.locate(family: "DejaVu Sans")
    let font = Array(try Data(contentsOf: URL(fileURLWithPath: match.path)))
    let fixture = TextFixture(fonts: [font], runs: [.init("Off")])
    var player = try FramePlayer(data: fixture.data, drawsText: false)
    #expect(try player.render(background: 0xFFFF_FFFF).rgba.allSatisfy { $0 == 255 })
    var on = try FramePlayer(data: fixture.data)
    #expect(!(try on.render(background: 0xFFFF_FFFF).rgba.allSatisfy { $0 == 255 }))
  }
}
