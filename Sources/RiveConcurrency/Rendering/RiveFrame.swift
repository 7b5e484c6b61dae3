import Foundation
import RiveCore
import RiveRaster

/// One drawn frame of an artboard: its size, straight RGBA8 pixels and PNG bytes.
///
/// Both API generations give the same type: ``Rive/renderFrame(width:height:)`` in the current
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

/// What a frame is drawn from, gathered from either API generation: the file's bytes, the
/// artboard, the driver, the time played, the resolved images and how it fits.
package struct FrameRequest: Sendable {
  package var data: Data?
  package var fileName: String
  package var artboard: String?
  package var stateMachine: String?
  package var animation: String?
  package var seconds: Double
  package var images: [Int: DecodedImage]
  package var document: RiveDocument
  package var width: Int?
  package var height: Int?
  package var fit: FrameFit
  package var alignment: FrameAlignment
  package var scaleFactor: Float
  package var background: UInt32

  package init(
    data: Data?, fileName: String, artboard: String?, stateMachine: String?, animation: String?,
    seconds: Double, images: [Int: DecodedImage], document: RiveDocument, width: Int?,
    height: Int?, fit: FrameFit, alignment: FrameAlignment, scaleFactor: Float = 1,
    background: UInt32
  ) {
    self.data = data
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

  /// Plays the artboard to the time and draws it: the same steps whichever API asked.
  ///
  /// - Throws: ``ArtboardFrameError``: `invalidFile` when the file's bytes are not kept,
  ///   a missing artboard, state machine or animation, a bad time, or the rasteriser's error.
  package func render() throws(ArtboardFrameError) -> RiveFrame {
    guard let data else {
      throw ArtboardFrameError(
        .invalidFile, message: "\(fileName): the file was not loaded from bytes, nothing to play")
    }
    var player = try ArtboardPlayer(
      data: data, artboard: artboard, stateMachine: stateMachine, animation: animation)
    try player.play(to: seconds)
    let prepared: ArtboardImages
    do throws(RasterError) {
      prepared = try ArtboardImages(document: document, images: images)
    } catch {
      throw ArtboardFrameError(error)
    }
    if fit == .layout {
      // The artboard takes the frame's size divided by the scale factor, as upstream's layout
      // fit; here the artboard keeps its authored size and is scaled.
      let list = player.displayList(images: prepared.draw)
      let bounds = player.bounds
      let frameWidth = try ArtboardPlayer.side(width, bounds.width * scaleFactor, "width")
      let frameHeight = try ArtboardPlayer.side(height, bounds.height * scaleFactor, "height")
      do throws(RasterError) {
        return RiveFrame(
          try Rasterizer.render(
            list, artboard: bounds, width: frameWidth, height: frameHeight, fit: .layout,
            alignment: alignment, scaleFactor: scaleFactor, background: background,
            images: prepared.raster))
      } catch {
        throw ArtboardFrameError(error)
      }
    }
    return RiveFrame(
      try player.render(
        width: width, height: height, fit: fit, alignment: alignment, background: background,
        images: prepared))
  }
}
