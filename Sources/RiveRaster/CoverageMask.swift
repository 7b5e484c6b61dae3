import CCairo
import Foundation
import RiveDisplayList

/// An 8-bit coverage mask over a rectangle of the canvas, at the canvas's resolution or below.
///
/// The rasteriser draws a path's coverage here when Cairo cannot draw it in one call: a
/// feathered paint (the coverage is blurred, see ``blur(sigmaX:sigmaY:)``) and a
/// `clockwise` fill with counterclockwise contours (several coverages are combined, see
/// ``keepPositiveWinding(levels:)``). The result is then painted through ``pattern(local:)``.
final class CoverageMask {
  let surface: OpaquePointer
  let width: Int
  let height: Int
  /// Mask pixels per device pixel, along x and y (at most 1).
  let scaleX: Double
  let scaleY: Double
  /// Where device x = 0 and y = 0 land in the mask: `maskX = deviceX · scaleX + offsetX`.
  let offsetX: Double
  let offsetY: Double

  /// A cleared mask covering device pixels `left..<right`, `top..<bottom` at the given
  /// scale; nil when the rectangle is empty or Cairo cannot allocate it.
  init?(left: Int, top: Int, right: Int, bottom: Int, scaleX: Double, scaleY: Double) {
    let width = Int((Double(right - left) * scaleX).rounded(.up))
    let height = Int((Double(bottom - top) * scaleY).rounded(.up))
    guard width > 0, height > 0, width <= RasterLimits.cairoMaximumDimension,
      height <= RasterLimits.cairoMaximumDimension,
      let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
    else { return nil }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    self.surface = surface
    self.width = width
    self.height = height
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.offsetX = -Double(left) * scaleX
    self.offsetY = -Double(top) * scaleY
  }

  deinit { cairo_surface_destroy(surface) }

  /// The matrix from device space to mask pixels.
  var fromDevice: Affine {
    Affine(xx: scaleX, xy: 0, yx: 0, yy: scaleY, tx: offsetX, ty: offsetY)
  }

  /// Draws into the mask with a fresh Cairo context (identity matrix, `OVER`, opaque black
  /// source); returns Cairo's status.
  func draw(_ body: (OpaquePointer) -> Void) -> cairo_status_t {
    guard let context = cairo_create(surface) else { return CAIRO_STATUS_NO_MEMORY }
    defer { cairo_destroy(context) }
    cairo_set_source_rgba(context, 0, 0, 0, 1)
    body(context)
    let status = cairo_status(context)
    cairo_surface_flush(surface)
    return status
  }

  /// The mask as a Cairo pattern for a context whose matrix maps `local` space to the device:
  /// the pattern maps local coordinates to mask pixels and samples bilinearly, so a mask made
  /// at a reduced scale is smoothly enlarged. The caller destroys the pattern.
  func pattern(local: Affine) -> OpaquePointer? {
    guard let pattern = cairo_pattern_create_for_surface(surface) else { return nil }
    var matrix = (fromDevice * local).cairo
    cairo_pattern_set_matrix(pattern, &matrix)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
    return pattern
  }

  /// Replaces this mask (the coverage where the winding number is not 0) with the coverage
  /// where it is positive, given `levels[j - 1]` = the coverage where the winding number is not
  /// −j, for j = 1…K.
  ///
  /// Where every winding number is at least −K, "positive" = "not 0, not −1, …, not −K", and
  /// since coverage is additive, `positive = Σ levels + self − K` for every pixel, exactly,
  /// anti-aliased edges included (up to 8-bit rounding).
  func keepPositiveWinding(levels: [CoverageMask]) {
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let sources = levels.compactMap { cairo_image_surface_get_data($0.surface) }
    guard sources.count == levels.count else { return }
    let bias = 255 * levels.count
    for y in 0..<height {
      let row = y * stride
      for x in 0..<width {
        var sum = Int(data[row + x])
        for source in sources { sum += Int(source[row + x]) }
        data[row + x] = UInt8(clamping: sum - bias)
      }
    }
    cairo_surface_mark_dirty(surface)
  }

  /// Convolves the mask with a Gaussian of the given standard deviations, in mask pixels,
  /// separably (along x, then along y), with the kernel cut at 3 σ and zeros outside the mask.
  ///
  /// Cairo has no blur, so this is the one pixel loop the rasteriser owns besides format
  /// conversions.
  func blur(sigmaX: Double, sigmaY: Double) {
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let kernelX = Self.kernel(sigma: sigmaX)
    let kernelY = Self.kernel(sigma: sigmaY)
    let width = self.width
    let height = self.height
    var horizontal = [Float](repeating: 0, count: width * height)
    horizontal.withUnsafeMutableBufferPointer { buffer in
      guard let out = buffer.baseAddress else { return }
      Self.convolveRows(
        source: data, stride: stride, width: width, height: height, kernel: kernelX,
        into: out)
      Self.convolveColumns(
        source: out, width: width, height: height, kernel: kernelY, into: data, stride: stride)
    }
    cairo_surface_mark_dirty(surface)
  }

  /// A normalised Gaussian kernel, radius ⌈3σ⌉ (a single tap of 1 when σ is tiny).
  static func kernel(sigma: Double) -> [Float] {
    guard sigma.isFinite, sigma > 0.05 else { return [1] }
    let radius = Int((3 * sigma).rounded(.up))
    var weights = (-radius...radius).map { offset -> Double in
      let t = Double(offset) / sigma
      return exp(-0.5 * t * t)
    }
    let total = weights.reduce(0, +)
    weights = weights.map { $0 / total }
    return weights.map(Float.init)
  }

  private static func convolveRows(
    source: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, kernel: [Float],
    into out: UnsafeMutablePointer<Float>
  ) {
    let radius = kernel.count / 2
    kernel.withUnsafeBufferPointer { taps in
      for y in 0..<height {
        let row = source + y * stride
        let target = out + y * width
        for x in 0..<width {
          let first = max(0, x - radius)
          let last = min(width - 1, x + radius)
          var sum: Float = 0
          var index = first
          while index <= last {
            sum += Float(row[index]) * taps[index - x + radius]
            index += 1
          }
          target[x] = sum
        }
      }
    }
  }

  private static func convolveColumns(
    source: UnsafeMutablePointer<Float>, width: Int, height: Int, kernel: [Float],
    into data: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    let radius = kernel.count / 2
    var accumulator = [Float](repeating: 0, count: width)
    kernel.withUnsafeBufferPointer { taps in
      accumulator.withUnsafeMutableBufferPointer { sums in
        for y in 0..<height {
          for x in 0..<width { sums[x] = 0 }
          let first = max(0, y - radius)
          let last = min(height - 1, y + radius)
          var line = first
          while line <= last {
            let weight = taps[line - y + radius]
            let row = source + line * width
            for x in 0..<width { sums[x] += row[x] * weight }
            line += 1
          }
          let target = data + y * stride
          for x in 0..<width {
            target[x] = UInt8(clamping: Int((sums[x] + 0.5).rounded(.down)))
          }
        }
      }
    }
  }
}
