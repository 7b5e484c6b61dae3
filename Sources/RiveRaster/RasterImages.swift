import CCairo

/// The images a display list refers to, by id, ready for Cairo.
///
/// A display list names images by id: for a file's own draw stream, the position of the
/// image in the order the runtime asked for decoding (its embedded image assets, in file
/// order). Each ``PixelImage`` is converted once, when the set is made, into a Cairo ARGB32
/// surface with premultiplied alpha, so that rendering many frames does not convert again.
/// Pixels are used as stored: a JPEG's `exifOrientation` is not applied.
///
/// A set is not `Sendable`: it owns Cairo surfaces. Make one per thread that renders.
public final class RasterImages {
  private var surfaces: [Int: OpaquePointer] = [:]
  private var sizes: [Int: (width: Int, height: Int)] = [:]

  /// An empty set: every image is missing, and the rasteriser draws nothing for it (as the
  /// runtime does for an image that has not loaded).
  public init() {}

  /// Prepares `images` for drawing.
  ///
  /// - Parameter images: Images by id.
  /// - Throws: ``RasterError`` with code `invalidImage` when an image's pixel count does not
  ///   match its size or a side is beyond Cairo's 32767 pixels, or `cairo` when Cairo cannot
  ///   allocate a surface.
  public convenience init(_ images: [Int: PixelImage]) throws(RasterError) {
    self.init()
    for (id, image) in images.sorted(by: { $0.key < $1.key }) {
      try insert(image, id: id)
    }
  }

  /// Prepares images given in decode order: the image at position `i` gets id `i`; nil
  /// entries (images that failed to decode) stay missing.
  ///
  /// - Parameter decodeOrder: The images, in the order their ids count.
  /// - Throws: ``RasterError``; see ``init(_:)-(_)``.
  public convenience init(decodeOrder: [PixelImage?]) throws(RasterError) {
    self.init()
    for (id, image) in decodeOrder.enumerated() {
      if let image { try insert(image, id: id) }
    }
  }

  deinit {
    for surface in surfaces.values { cairo_surface_destroy(surface) }
  }

  /// The ids that have an image, sorted.
  public var ids: [Int] { surfaces.keys.sorted() }

  /// The size of image `id`, or nil when it is missing.
  public func size(of id: Int) -> (width: Int, height: Int)? { sizes[id] }

  func surface(_ id: Int) -> OpaquePointer? { surfaces[id] }

  private func insert(_ image: PixelImage, id: Int) throws(RasterError) {
    let (count, overflow) = image.width.multipliedReportingOverflow(by: image.height)
    guard image.width > 0, image.height > 0, !overflow,
      image.width <= RasterLimits.cairoMaximumDimension,
      image.height <= RasterLimits.cairoMaximumDimension, image.pixels.count == count * 4
    else {
      throw RasterError(
        .invalidImage,
        message: "image \(id) is \(image.width)×\(image.height) with \(image.pixels.count) "
          + "bytes; expected width × height × 4 bytes and sides of 1 to "
          + "\(RasterLimits.cairoMaximumDimension) pixels")
    }
    guard
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else {
      throw RasterError(
        .cairo, message: "cannot allocate a \(image.width)×\(image.height) surface for image \(id)")
    }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    PixelConversion.storePremultiplied(
      straightOrPremultiplied: image.pixels, isPremultiplied: image.isPremultiplied,
      width: image.width, height: image.height, into: data, stride: stride)
    cairo_surface_mark_dirty(surface)
    if let old = surfaces[id] { cairo_surface_destroy(old) }
    surfaces[id] = surface
    sizes[id] = (image.width, image.height)
  }
}
