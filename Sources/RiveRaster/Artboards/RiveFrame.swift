import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

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

/// What a frame is drawn from, gathered from either API generation: the live artboard's
/// drawing (``drawn``) or else the loaded file, the artboard, the driver and the time to
/// replay; the resolved images and how it fits. Both APIs' frames are made here.
package struct FrameRequest: Sendable {
  /// The live artboard drawn with ``ArtboardImages/drawImages(document:images:)`` of
  /// ``images``; nil replays the file instead.
  package var drawn: DrawnArtboard?
  /// The loaded file whose runtime graph a replay plays (linked once and shared).
  package var loaded: LoadedFile?
  package var fileName: String
  package var artboard: String?
  package var stateMachine: String?
  package var animation: String?
  package var seconds: Double
  package var images: [Int: DecodedImage]
  /// The fonts a replay's text draws with (nil: no text).
  package var text: TextFonts?
  package var document: RiveDocument
  package var width: Int?
  package var height: Int?
  package var fit: FrameFit
  package var alignment: FrameAlignment
  package var scaleFactor: Float
  package var background: UInt32

  package init(
    loaded: LoadedFile?, fileName: String, artboard: String?, stateMachine: String?,
    animation: String?, seconds: Double, images: [Int: DecodedImage], document: RiveDocument,
    width: Int?, height: Int?, fit: FrameFit, alignment: FrameAlignment, scaleFactor: Float = 1,
    background: UInt32, drawn: DrawnArtboard? = nil, text: TextFonts? = nil
  ) {
    self.drawn = drawn
    self.text = text
    self.loaded = loaded
    self.fileName = fileName
    self.artboard = artboard
    self.stateMachine = stateMachine
    self.animation = animation
    self.seconds = seconds
    self.images = images
    self.document = document
    self.width = width
    self.height = height
    self.fit = fit
    self.alignment = alignment
    self.scaleFactor = scaleFactor
    self.background = background
  }

  /// Rasterises the live drawing, or plays the artboard to the time and draws it: the same
  /// steps whichever API asked.
  ///
  /// - Throws: ``ArtboardFrameError``: `invalidFile` when there is no drawing and the file's
  ///   bytes are not kept, a missing artboard, state machine or animation, a bad time, or the
  ///   rasteriser's error.
  package func render() throws(ArtboardFrameError) -> RiveFrame {
    let prepared: ArtboardImages
    do throws(RasterError) {
      prepared = try ArtboardImages(document: document, images: images)
    } catch {
      throw ArtboardFrameError(error)
    }
    let drawn: DrawnArtboard
    if let live = self.drawn {
      drawn = live
    } else {
      drawn = try replay(images: prepared.draw)
    }
    let bounds = FrameRect(width: drawn.width, height: drawn.height)
    // With the layout fit the artboard took the frame's size divided by the scale factor, as
    // upstream's (drawn scaled by it).
    let scale = fit == .layout ? scaleFactor : 1
    let frameWidth = try ArtboardPlayer.side(width, bounds.width * scale, "width")
    let frameHeight = try ArtboardPlayer.side(height, bounds.height * scale, "height")
    do throws(RasterError) {
      return RiveFrame(
        try Rasterizer.render(
          drawn.displayList, artboard: bounds, width: frameWidth, height: frameHeight, fit: fit,
          alignment: alignment, scaleFactor: scale, background: background,
          images: prepared.raster))
    } catch {
      throw ArtboardFrameError(error)
    }
  }

  /// The artboard replayed from the file's runtime graph to ``seconds``.
  private func replay(images: DrawImages) throws(ArtboardFrameError) -> DrawnArtboard {
    guard let loaded else {
      throw ArtboardFrameError(
        .invalidFile, message: "\(fileName): the file was not loaded from bytes, nothing to play")
    }
    let file: RuntimeFile
    do throws(RiveError) {
      file = try loaded.runtimeFile()
    } catch {
      throw ArtboardFrameError(.invalidFile, message: "\(fileName): \(error.description)")
    }
    var player = try ArtboardPlayer(
      file: file, artboard: artboard, stateMachine: stateMachine, animation: animation,
      drawsText: text != nil)
    if let text { player.text = text }
    try player.play(to: seconds)
    if fit == .layout {
      player.resizeForLayoutFit(width: width, height: height, scale: scaleFactor)
    }
    let list = player.displayList(images: images)
    let bounds = player.bounds
    return DrawnArtboard(displayList: list, width: bounds.width, height: bounds.height)
  }
}
