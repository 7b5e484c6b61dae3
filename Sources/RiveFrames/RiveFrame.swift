import Foundation
import RiveCore
import RiveFormat
import RiveRaster

/// One drawn frame of an artboard: its size, straight RGBA8 pixels and PNG bytes.
///
/// Both API generations give the same type: `Rive.renderFrame(width:height:)` in the current
/// API and `RiveView.snapshot(width:height:)` / `RiveViewModel.snapshot(width:height:)` in
/// the legacy one, so their frames compare directly (as `RiveMigrationTesting` does).
public struct RiveFrame: Sendable, Hashable {
  /// The frame as the rasteriser made it.
  public let raster: RasterFrame

  /// Wraps a rasterised frame.
  public init(_ raster: RasterFrame) {
    self.raster = raster
  }

  /// The width in pixels.
  public var width: Int { raster.width }

  /// The height in pixels.
  public var height: Int { raster.height }

  /// `width × height × 4` bytes, top row first, red, green, blue, alpha, alpha not multiplied
  /// in.
  public var rgba: [UInt8] { raster.rgba }

  /// The frame as a PNG file (8-bit RGBA, through libpng).
  ///
  /// - Throws: `RasterError` with code `pngEncoding` and libpng's message.
  public func pngData() throws(RasterError) -> Data { try raster.pngData() }

  /// The pixel at column `x`, row `y` as straight `(red, green, blue, alpha)`, or nil outside
  /// the frame.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
    raster.pixel(x: x, y: y)
  }
}

/// One frame, whichever player asks (a current-API `Rive` or `Artboard`, a legacy view or
/// view model, a file played from its bytes by ``FramePlayer``, and so recordings, golden
/// frames and `rive-assets render`): the assets it draws with and how the artboard fits the
/// frame. Drawing (``draw(_:firstFrameOf:)``) and rasterising (``render(_:images:)``) are
/// separate steps, so an API can draw on its own actor and rasterise elsewhere.
package struct FrameRequest: Sendable {
  /// What the frame draws with.
  package var assets: ResolvedAssets
  /// Whether text is drawn.
  package var drawsText = true
  /// The frame's width in pixels; nil is the artboard's (times the layout scale factor).
  package var width: Int?
  /// The frame's height in pixels; nil as ``width``.
  package var height: Int?
  package var fit: FrameFit
  package var alignment: FrameAlignment
  /// The `layout` fit's scale factor (the artboard takes the frame's size divided by it, and
  /// is drawn scaled by it); ignored by the other fits.
  package var scaleFactor: Float
  /// `0xAARRGGBB`; 0 is transparent.
  package var background: UInt32
  package var limits: RasterLimits

  package init(
    assets: ResolvedAssets, drawsText: Bool = true, width: Int?, height: Int?, fit: FrameFit,
    alignment: FrameAlignment, scaleFactor: Float = 1, background: UInt32,
    limits: RasterLimits = .default
  ) {
    self.assets = assets
    self.drawsText = drawsText
    self.width = width
    self.height = height
    self.fit = fit
    self.alignment = alignment
    self.scaleFactor = scaleFactor.isFinite && scaleFactor > 0 ? scaleFactor : 1
    self.background = background
    self.limits = limits
  }

  /// The artboard's size under the `layout` fit for an artboard now `current` (nil for the
  /// other fits).
  package func layoutSize(current: (width: Float, height: Float)) -> (width: Float, height: Float)?
  {
    guard fit == .layout else { return nil }
    return layoutFitSize(width: width, height: height, scale: scaleFactor, current: current)
  }

  /// Draws `playback`'s current frame for this request (`ArtboardPlayback.drawFrame`).
  ///
  /// - Parameters:
  ///   - playback: The playing artboard.
  ///   - unadvanced: For a frame before the first advance, what to show the first frame of.
  /// - Returns: The display list and the artboard's size.
  package func draw(
    _ playback: inout ArtboardPlayback, firstFrameOf unadvanced: ArtboardPlayback.FirstFrame? = nil
  ) -> DrawnArtboard {
    playback.drawFrame(
      with: assets, drawsText: drawsText,
      layoutSize: layoutSize(current: playback.artboard.currentSize), firstFrameOf: unadvanced)
  }

  /// Rasterises a drawn frame.
  ///
  /// - Parameters:
  ///   - drawn: What ``draw(_:firstFrameOf:)`` drew.
  ///   - images: ``assets``' images already prepared (to reuse across frames); nil prepares
  ///     them for this frame.
  ///   - scratch: Memory reused from the frame before (``RasterScratch``); nil draws on
  ///     memory of the frame's own.
  /// - Returns: The frame.
  /// - Throws: `ArtboardFrameError` with code `raster` (and the `RasterError`) for a size
  ///   outside ``limits`` (an artboard of a hostile size included), an image Cairo cannot
  ///   take or a Cairo failure.
  package func render(
    _ drawn: DrawnArtboard, images: ArtboardImages? = nil, scratch: RasterScratch? = nil
  ) throws(ArtboardFrameError) -> RiveFrame {
    let bounds = FrameRect(width: drawn.width, height: drawn.height)
    // With the layout fit the artboard took the frame's size divided by the scale factor, as
    // upstream's (drawn scaled by it).
    let scale = fit == .layout ? scaleFactor : 1
    let frameWidth = try FramePlayer.side(width, bounds.width * scale, "width")
    let frameHeight = try FramePlayer.side(height, bounds.height * scale, "height")
    do throws(RasterError) {
      let prepared: ArtboardImages
      if let images {
        prepared = images
      } else {
        prepared = try ArtboardImages(assets)
      }
      return RiveFrame(
        try Rasterizer.render(
          drawn.displayList, artboard: bounds, width: frameWidth, height: frameHeight, fit: fit,
          alignment: alignment, scaleFactor: scale, background: background,
          images: prepared.raster, limits: limits, scratch: scratch))
    } catch {
      throw ArtboardFrameError(error)
    }
  }

  /// Why a frame of an API's artboard has no drawing: its file cannot be played (the reader's
  /// or linker's error, naming the file).
  ///
  /// - Parameters:
  ///   - loaded: The file.
  ///   - name: The file's name for the message.
  /// - Returns: The error (code `invalidFile`).
  package static func unplayable(_ loaded: LoadedFile, name: String) -> ArtboardFrameError {
    do throws(RiveError) {
      _ = try loaded.runtimeFile()
      return ArtboardFrameError(.invalidFile, message: "\(name): the artboard cannot be played")
    } catch {
      return ArtboardFrameError(.invalidFile, message: "\(name): \(error.description)")
    }
  }
}

/// The artboard's size under the layout fit: the frame's size divided by the scale factor (a
/// side the frame leaves to the artboard keeps the artboard's current size).
package func layoutFitSize(
  width: Int?, height: Int?, scale: Float, current: (width: Float, height: Float)?
) -> (width: Float, height: Float)? {
  guard let current, scale.isFinite, scale > 0 else { return nil }
  return (
    width.map { Float($0) / scale } ?? current.width,
    height.map { Float($0) / scale } ?? current.height
  )
}
