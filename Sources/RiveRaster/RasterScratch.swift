import CCairo
import Foundation

/// The memory a run of same-size renders reuses from frame to frame: the Cairo surface they
/// draw on and the pixels of a frame its caller gave back.
///
/// A new canvas and a new frame each came fresh from the system (two 8 MB blocks at 1080p),
/// and the system zeroed and mapped every page of both on first touch: a video's frames spent
/// more time in those page faults than in drawing. With a scratch, the surface is cleared and
/// drawn again, and a frame's pixels are written into the storage of one handed back with
/// ``recycle(_:)``. The pixels are the same as without (a cleared surface is a new one: every
/// byte 0).
///
/// Not `Sendable`: use one scratch on one thread, for one render at a time.
package final class RasterScratch {
  /// The surface kept (a reference of its own), with its size.
  private var surface: OpaquePointer?
  private var surfaceWidth = 0
  private var surfaceHeight = 0
  /// Pixels handed back, written into by the next frame of their size.
  private var pixels: [UInt8] = []

  package init() {}

  deinit {
    if let surface { cairo_surface_destroy(surface) }
  }

  /// A frame whose pixels nothing else holds any more: the next frame of its size is written
  /// into them. (Pixels still held elsewhere are copied before they are written, so handing
  /// back a frame that is still in use costs a copy, never its contents.)
  package func recycle(_ frame: RasterFrame) {
    pixels = frame.rgba
  }

  /// A surface of `width` × `height`, every byte 0: the kept one cleared when it has that
  /// size, else a new one (kept from now on). The caller owns the returned reference.
  func surface(width: Int, height: Int) -> OpaquePointer? {
    if let surface, surfaceWidth == width, surfaceHeight == height,
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    {
      cairo_surface_flush(surface)
      memset(data, 0, Int(cairo_image_surface_get_stride(surface)) * height)
      cairo_surface_mark_dirty(surface)
      return cairo_surface_reference(surface)
    }
    if let surface { cairo_surface_destroy(surface) }
    surface = nil
    guard
      let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { return nil }
    if cairo_surface_status(made) == CAIRO_STATUS_SUCCESS {
      surface = cairo_surface_reference(made)
      surfaceWidth = width
      surfaceHeight = height
    }
    return made
  }

  /// The pixels handed back, taken out (empty when there are none).
  func takePixels() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &pixels)
    return taken
  }
}
