import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveRaster

extension Rive {
  /// Draws the artboard as it is now: the live instance its state machine plays, with every
  /// advance, input value, pointer event and bound view-model value applied (before the first
  /// advance, the state an advance of 0 s would show, without advancing it), with each image
  /// asset as the worker resolves it now (a global registration, else the embedded bytes;
  /// unresolved images draw nothing) and each image given to a bound image property (after
  /// the advance that carries it into the artboard), with text shaped in each font asset's
  /// font as resolved now (a global registration, else the embedded font), the fonts given
  /// to bound font properties and the worker's ``Worker/fallbackFonts``, fitted with ``fit``
  /// over ``backgroundColor``.
  /// Without a live artboard the frame is played from the file's runtime graph (linked once
  /// per load) to ``StateMachine/elapsedTime``.
  ///
  /// - Parameters:
  ///   - width: The frame's width in pixels; nil is the artboard's width (rounded up).
  ///   - height: The frame's height in pixels; nil is the artboard's height (rounded up).
  /// - Returns: The frame.
  /// - Throws: `ArtboardFrameError` naming what is wrong: a file the runtime cannot evaluate,
  ///   a size outside the rasteriser's limits (code `raster`, with the `RasterError`), or a time
  ///   beyond `ArtboardPlayer.maximumSeconds`.
  public func renderFrame(width: Int? = nil, height: Int? = nil) async throws -> RiveFrame {
    let report = await file.resolutionReport()
    let (frameFit, alignment, scale) = fit.frameFit
    // The file's images as resolved, and the images given to the bound instance's image
    // properties (drawn by the images bound to them).
    let store = stateMachine.boundViewModelInstance?.node.store
    let bound = store?.boundImages() ?? [:]
    let images = ArtboardImages.images(in: report).merging(bound) { file, _ in file }
    // The fonts as resolved, those given to bound font properties, and the fallbacks.
    let text = ArtboardFonts.textFonts(
      report: report, bound: store?.boundFonts() ?? [:],
      fallbacks: file.worker.decodedFallbackFonts)
    let document = file.loaded.document
    let drawImages = ArtboardImages.drawImages(document: document, images: images)
    // The layout fit sizes the artboard to the frame divided by the scale factor.
    stateMachine.prepareFrame(
      text: text, images: drawImages,
      layoutSize: frameFit == .layout
        ? layoutFitSize(
          width: width, height: height, scale: scale,
          current: stateMachine.currentArtboardSize) : nil)
    let drawn = stateMachine.drawnArtboard(images: drawImages, text: text)
    let request = FrameRequest(
      loaded: file.loaded, fileName: file.loaded.displayName, artboard: artboard.name,
      stateMachine: stateMachine.name, animation: nil, seconds: stateMachine.elapsedTime,
      images: images, document: document, width: width, height: height, fit: frameFit,
      alignment: alignment, scaleFactor: scale, background: backgroundColor.argbValue,
      drawn: drawn, text: text)
    let engine = file.worker.engine
    let result = await engine.run {
      Result { () throws(ArtboardFrameError) in try request.render() }
    }
    return try result.get()
  }
}

extension Artboard {
  /// Draws this artboard at time 0 (its default state machine's first frame), with each image
  /// and font asset as `worker` resolves it now and the worker's ``Worker/fallbackFonts``.
  ///
  /// - Parameters:
  ///   - worker: Whose registrations resolve the images.
  ///   - width: The frame's width; nil is the artboard's width.
  ///   - height: The frame's height; nil is the artboard's height.
  ///   - fit: How the artboard fits the frame.
  /// - Returns: The frame.
  /// - Throws: `ArtboardFrameError`, as ``Rive/renderFrame(width:height:)``.
  @MainActor
  public func renderFrame(
    worker: Worker, width: Int? = nil, height: Int? = nil,
    fit: Fit = .contain(alignment: .center)
  ) async throws -> RiveFrame {
    let loaded = loaded
    let engine = worker.engine
    let (frameFit, alignment, scale) = fit.frameFit
    let name = self.name
    let fallbacks = worker.decodedFallbackFonts
    let result = await engine.run {
      Result { () throws(ArtboardFrameError) in
        let report = engine.resolve(loaded)
        return try FrameRequest(
          loaded: loaded, fileName: loaded.displayName, artboard: name, stateMachine: nil,
          animation: nil, seconds: 0, images: ArtboardImages.images(in: report),
          document: loaded.document, width: width, height: height, fit: frameFit,
          alignment: alignment, scaleFactor: scale, background: 0,
          text: ArtboardFonts.textFonts(report: report, fallbacks: fallbacks)
        ).render()
      }
    }
    return try result.get()
  }
}

extension Fit {
  /// The rasteriser's fit, alignment and layout scale for this fit.
  package var frameFit: (FrameFit, FrameAlignment, Float) {
    switch self {
    case .fill(let alignment): (.fill, alignment.frameAlignment, 1)
    case .contain(let alignment): (.contain, alignment.frameAlignment, 1)
    case .cover(let alignment): (.cover, alignment.frameAlignment, 1)
    case .fitWidth(let alignment): (.fitWidth, alignment.frameAlignment, 1)
    case .fitHeight(let alignment): (.fitHeight, alignment.frameAlignment, 1)
    case .none(let alignment): (.none, alignment.frameAlignment, 1)
    case .scaleDown(let alignment): (.scaleDown, alignment.frameAlignment, 1)
    case .layout(let scale):
      switch scale {
      case .automatic: (.layout, .center, 1)
      case .explicit(let factor): (.layout, .center, factor.isFinite && factor > 0 ? factor : 1)
      }
    }
  }
}

extension Alignment {
  /// The rasteriser's alignment of the same name.
  package var frameAlignment: FrameAlignment {
    switch self {
    case .topLeft: .topLeft
    case .topCenter: .topCenter
    case .topRight: .topRight
    case .centerLeft: .centerLeft
    case .center: .center
    case .centerRight: .centerRight
    case .bottomLeft: .bottomLeft
    case .bottomCenter: .bottomCenter
    case .bottomRight: .bottomRight
    }
  }
}
