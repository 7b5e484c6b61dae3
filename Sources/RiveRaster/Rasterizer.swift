import CCairo
import Foundation
import RiveDisplayList

/// Draws a `DisplayList` into pixels with Cairo.
///
/// A rasteriser owns one Cairo ARGB32 canvas. Hand it operations (it is a `DrawRenderer`,
/// so `displayList.replay(into: &rasterizer)` works), then take the pixels with
/// ``makeFrame()``. ``render(_:width:height:transform:background:images:limits:)`` and
/// ``render(_:artboard:width:height:fit:alignment:scaleFactor:background:images:limits:)``
/// do all three steps.
///
/// How each operation maps onto Cairo:
///
/// - Paths are mapped into device space in Swift and handed to Cairo in device
///   coordinates (so that out-of-range values are clamped here); fills are anti-aliased with `nonZero` → `CAIRO_FILL_RULE_WINDING` and `evenOdd` →
///   `CAIRO_FILL_RULE_EVEN_ODD`. Cairo has no `clockwise` rule (the runtime's: only where the
///   winding number, counted in the path's own space, is positive); when no contour of the
///   path runs counterclockwise it equals `nonZero` and is drawn so. Otherwise, with K
///   counterclockwise contours, the coverage where the winding number is not 0, not −1, …,
///   not −K is drawn with Cairo into K + 1 masks, which add up (coverage is additive) to the
///   positive-winding coverage exactly, edges included, for every path whose winding numbers
///   are at least −K (always true for paths of simple contours). Clips use the same levels as
///   successive Cairo clips, whose anti-aliased edges multiply, so a `clockwise` clip with
///   counterclockwise contours can show a faint seam (at most a quarter of a pixel's
///   coverage) along the edges where negative winding meets zero.
/// - Strokes use the paint's thickness, cap and join, with the runtime's miter limit of 4
///   (beyond it the join is bevelled, as upstream).
/// - Linear and radial gradients are Cairo gradients in the path's space with the paint's
///   stops, padded at the ends. A gradient whose geometry is degenerate (start = end, radius
///   ≤ 0) paints its last colour, as Skia (upstream's other renderer) does.
/// - Blend modes map one-to-one onto Cairo's PDF operators (`srcOver` → `OVER`, `screen` →
///   `SCREEN`, …, `hue` → `HSL_HUE`, `luminosity` → `HSL_LUMINOSITY`), which implement the
///   same W3C compositing formulas as the runtime.
/// - Feather (a Gaussian blur of the paint's coverage with σ = feather / 2 in the path's
///   space, as upstream): the coverage is drawn by Cairo into an 8-bit mask, blurred here (Cairo
///   has no blur) with a separable Gaussian whose σ along the device axes is exact for the
///   current transform (only the correlation of a skewed or rotated non-uniform scale is
///   lost), cut at 3 σ, and painted through the mask. A σ above 2.5 device pixels is blurred
///   at reduced resolution (σ = 2.5 mask pixels) and enlarged bilinearly, as upstream's atlas
///   does. Across a straight edge the result is within 3/255 of the exact Gaussian
///   convolution for σ from 1 to 50 device pixels (measured). Feathered strokes get round
///   caps and joins, as upstream's Skia renderer does.
///   Feathers of 0 or below, or whose device σ is under a quarter pixel, draw sharp.
///   (Upstream's GPU renderer skips feathered fills whose rule is not `clockwise`; its Skia
///   renderer draws them, and so does this one.)
/// - Images are drawn as the rectangle `0, 0, width, height` in the current space, sampled
///   bilinearly with edges padded, from premultiplied surfaces; opacity via
///   `cairo_paint_with_alpha`. Meshes are drawn triangle by triangle: each triangle is filled
///   (without anti-aliasing, so shared edges leave no seams) from the image with the affine
///   map that takes its vertices to its texture coordinates.
/// - `modulateOpacity` multiplies the opacity of everything drawn until the matching
///   restore.
///
/// Hostile input never traps: a transform that is not finite or not invertible, a path with
/// a point that is not finite, a stroke thickness that is not positive, an image id that is
/// missing and a mesh index out of range draw nothing (a clip under such a transform clips
/// everything); coordinates are clamped to ±2²² pixels; a `restore` without a `save` is
/// ignored, and saves nest at most 4096 deep (deeper ones are counted and matched, not kept).
/// A Cairo failure (out of memory) is kept and thrown by ``makeFrame()``.
///
/// A rasteriser is not `Sendable`; use one per thread.
public final class Rasterizer: DrawRenderer {
  /// The canvas width in pixels.
  public let width: Int

  /// The canvas height in pixels.
  public let height: Int

  let surface: OpaquePointer
  let context: OpaquePointer
  let images: RasterImages
  /// The memory reused from a render before, and given to the next (nil: none).
  private let scratch: RasterScratch?

  struct State {
    var matrix: Affine
    var opacity: Double
  }

  var state: State
  private var stack: [State] = []
  private var ignoredSaves = 0
  private var failure: RasterError?

  /// The deepest save nesting kept; deeper saves and their restores are ignored.
  static let maximumSaveDepth = 4096

  /// The runtime's miter limit.
  static let miterLimit = 4.0

  /// Creates a canvas.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - background: The colour every pixel starts with, `0xAARRGGBB` (not premultiplied);
  ///     0 is transparent.
  ///   - transform: The matrix before every operation, such as a fit from
  ///     ``FrameFit/transform(alignment:frame:content:scaleFactor:)``.
  ///   - images: The images the operations' ids refer to.
  ///   - limits: The largest canvas allowed.
  /// - Throws: ``RasterError`` with code `invalidSize` for a size outside `limits`, or `cairo`
  ///   when Cairo cannot allocate the canvas.
  public convenience init(
    width: Int, height: Int, background: UInt32 = 0, transform: Transform2D = .identity,
    images: RasterImages = RasterImages(), limits: RasterLimits = .default
  ) throws(RasterError) {
    try self.init(
      width: width, height: height, background: background, transform: transform,
      images: images, limits: limits, scratch: nil)
  }

  /// A canvas drawn on `scratch`'s memory when given (its surface, cleared; the frame into
  /// the pixels it was handed back): the same pixels as a canvas of its own.
  package init(
    width: Int, height: Int, background: UInt32 = 0, transform: Transform2D = .identity,
    images: RasterImages = RasterImages(), limits: RasterLimits = .default,
    scratch: RasterScratch?
  ) throws(RasterError) {
    let (surface, context) = try Self.makeCanvas(
      width: width, height: height, limits: limits, scratch: scratch)
    self.scratch = scratch
    self.width = width
    self.height = height
    self.surface = surface
    self.context = context
    self.images = images
    self.state = State(matrix: Affine(transform), opacity: 1)
    cairo_set_miter_limit(context, Self.miterLimit)
    if background >> 24 != 0 {
      cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
      Self.setSource(color: background, opacity: 1, on: context)
      cairo_paint(context)
    }
    recordStatus()
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Draws one operation.
  public func draw(_ operation: DrawOperation) {
    guard failure == nil else { return }
    switch operation {
    case .save:
      if stack.count >= Self.maximumSaveDepth {
        ignoredSaves += 1
      } else {
        stack.append(state)
        cairo_save(context)
      }
    case .restore:
      if ignoredSaves > 0 {
        ignoredSaves -= 1
      } else if let saved = stack.popLast() {
        state = saved
        cairo_restore(context)
      }
    case .transform(let transform):
      state.matrix = state.matrix * Affine(transform)
    case .clipPath(let path):
      clip(path)
    case .drawPath(let path, let paint):
      drawPath(path, paint: paint)
    case .drawImage(let image, let blendMode, let opacity):
      drawImage(image, blendMode: blendMode, opacity: opacity)
    case .drawImageMesh(let image, let mesh, let blendMode, let opacity):
      drawImageMesh(image, mesh: mesh, blendMode: blendMode, opacity: opacity)
    case .modulateOpacity(let opacity):
      state.opacity = Self.combine(state.opacity, opacity)
    }
    recordStatus()
  }

  /// The pixels drawn so far.
  ///
  /// - Returns: The frame, in straight RGBA8.
  /// - Throws: ``RasterError`` with code `cairo` when Cairo failed while drawing.
  public func makeFrame() throws(RasterError) -> RasterFrame {
    if let failure { throw failure }
    guard let scratch else { return try Self.frame(of: surface, width: width, height: height) }
    var pixels = scratch.takePixels()
    try Self.frame(of: surface, width: width, height: height, into: &pixels)
    return RasterFrame(uncheckedWidth: width, height: height, rgba: pixels)
  }

  // MARK: Shared helpers

  /// A Cairo ARGB32 surface of `width` × `height` and a context on it (the caller destroys
  /// both).
  ///
  /// - Throws: ``RasterError`` with code `invalidSize` for a size outside `limits`, or `cairo`
  ///   when Cairo cannot allocate it.
  static func makeCanvas(
    width: Int, height: Int, limits: RasterLimits, scratch: RasterScratch? = nil
  ) throws(RasterError) -> (surface: OpaquePointer, context: OpaquePointer) {
    try limits.check(width: width, height: height)
    let made =
      scratch.map { $0.surface(width: width, height: height) }
      ?? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    guard let surface = made
    else { throw RasterError(.cairo, message: "cannot create a \(width)×\(height) surface") }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw RasterError(.cairo, message: describe(status))
    }
    return (surface, context)
  }

  /// The pixels of `surface` as straight RGBA8.
  static func frame(of surface: OpaquePointer, width: Int, height: Int) throws(RasterError)
    -> RasterFrame
  {
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else {
      throw RasterError(.cairo, message: "the surface has no pixels")
    }
    let stride = Int(cairo_image_surface_get_stride(surface))
    return RasterFrame(
      uncheckedWidth: width, height: height,
      rgba: PixelConversion.straightRGBA(
        from: data, stride: stride, width: width, height: height))
  }

  /// The pixels of `surface` as straight RGBA8, written into `pixels` (reused when it has
  /// the size).
  static func frame(
    of surface: OpaquePointer, width: Int, height: Int, into pixels: inout [UInt8]
  ) throws(RasterError) {
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else {
      throw RasterError(.cairo, message: "the surface has no pixels")
    }
    let stride = Int(cairo_image_surface_get_stride(surface))
    PixelConversion.straightRGBA(
      from: data, stride: stride, width: width, height: height, into: &pixels)
  }

  /// `current × factor`, never negative and 0 for a factor that is not a number.
  static func combine(_ current: Double, _ factor: Float) -> Double {
    let value = current * Double(factor)
    return value.isNaN ? 0 : max(0, value)
  }

  /// Keeps the first Cairo error; Cairo ignores every call on a context in error, so nothing
  /// more is drawn after it.
  func recordStatus() {
    guard failure == nil else { return }
    let status = cairo_status(context)
    if status != CAIRO_STATUS_SUCCESS {
      failure = RasterError(.cairo, message: Self.describe(status))
    }
  }

  /// Records a failure that did not come from the context (a mask that could not be made).
  func recordFailure(_ message: String) {
    if failure == nil { failure = RasterError(.cairo, message: message) }
  }

  static func describe(_ status: cairo_status_t) -> String {
    guard let text = cairo_status_to_string(status) else { return "cairo status \(status)" }
    return String(cString: text)
  }

  /// Sets a solid `0xAARRGGBB` source with its alpha multiplied by `opacity`.
  static func setSource(color: UInt32, opacity: Double, on context: OpaquePointer) {
    let components = Self.components(color)
    cairo_set_source_rgba(
      context, components.red, components.green, components.blue,
      min(1, components.alpha * opacity))
  }

  static func components(_ color: UInt32) -> (
    red: Double, green: Double, blue: Double, alpha: Double
  ) {
    (
      Double((color >> 16) & 0xFF) / 255, Double((color >> 8) & 0xFF) / 255,
      Double(color & 0xFF) / 255, Double(color >> 24) / 255
    )
  }
}

extension Rasterizer {
  /// Renders a display list on a canvas of its own.
  ///
  /// - Parameters:
  ///   - list: The operations.
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - transform: The matrix before every operation.
  ///   - background: The starting colour, `0xAARRGGBB`; 0 is transparent.
  ///   - images: The images the operations' ids refer to.
  ///   - limits: The largest canvas allowed.
  /// - Returns: The frame.
  /// - Throws: ``RasterError``; see ``init(width:height:background:transform:images:limits:)``
  ///   and ``makeFrame()``.
  public static func render(
    _ list: DisplayList, width: Int, height: Int, transform: Transform2D = .identity,
    background: UInt32 = 0, images: RasterImages = RasterImages(),
    limits: RasterLimits = .default
  ) throws(RasterError) -> RasterFrame {
    try render(
      list, width: width, height: height, transform: transform, background: background,
      images: images, limits: limits, scratch: nil)
  }

  /// ``render(_:width:height:transform:background:images:limits:)`` on `scratch`'s memory.
  package static func render(
    _ list: DisplayList, width: Int, height: Int, transform: Transform2D = .identity,
    background: UInt32 = 0, images: RasterImages = RasterImages(),
    limits: RasterLimits = .default, scratch: RasterScratch?
  ) throws(RasterError) -> RasterFrame {
    var rasterizer = try Rasterizer(
      width: width, height: height, background: background, transform: transform,
      images: images, limits: limits, scratch: scratch)
    list.replay(into: &rasterizer)
    return try rasterizer.makeFrame()
  }

  /// Renders a display list in artboard space into a frame of any size, fitted and aligned
  /// as upstream's `computeAlignment` does.
  ///
  /// - Parameters:
  ///   - list: The operations, in artboard space.
  ///   - artboard: The artboard's bounds (usually `0, 0, width, height`).
  ///   - width: The frame's width in pixels.
  ///   - height: The frame's height in pixels.
  ///   - fit: How the artboard is scaled.
  ///   - alignment: Where it sits.
  ///   - scaleFactor: The scale of ``FrameFit/layout``.
  ///   - background: The colour behind the artboard, `0xAARRGGBB`; 0 is transparent.
  ///   - images: The images the operations' ids refer to.
  ///   - limits: The largest canvas allowed.
  /// - Returns: The frame.
  /// - Throws: ``RasterError``; see ``init(width:height:background:transform:images:limits:)``
  ///   and ``makeFrame()``.
  public static func render(
    _ list: DisplayList, artboard: FrameRect, width: Int, height: Int, fit: FrameFit = .contain,
    alignment: FrameAlignment = .center, scaleFactor: Float = 1, background: UInt32 = 0,
    images: RasterImages = RasterImages(), limits: RasterLimits = .default
  ) throws(RasterError) -> RasterFrame {
    try render(
      list, artboard: artboard, width: width, height: height, fit: fit, alignment: alignment,
      scaleFactor: scaleFactor, background: background, images: images, limits: limits,
      scratch: nil)
  }

  /// ``render(_:artboard:width:height:fit:alignment:scaleFactor:background:images:limits:)``
  /// on `scratch`'s memory.
  package static func render(
    _ list: DisplayList, artboard: FrameRect, width: Int, height: Int, fit: FrameFit,
    alignment: FrameAlignment, scaleFactor: Float, background: UInt32, images: RasterImages,
    limits: RasterLimits, scratch: RasterScratch?
  ) throws(RasterError) -> RasterFrame {
    let transform = fit.transform(
      alignment: alignment, frame: FrameRect(width: Float(width), height: Float(height)),
      content: artboard, scaleFactor: scaleFactor)
    return try render(
      list, width: width, height: height, transform: transform, background: background,
      images: images, limits: limits, scratch: scratch)
  }
}
