import Foundation
import RiveCore
import RiveFormat
import RiveFrames

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
  /// With the `layout` fit the artboard first takes the frame's size divided by the scale
  /// factor and is laid out again; another fit gives it back its own size.
  ///
  /// - Parameters:
  ///   - width: The frame's width in pixels; nil is the artboard's width (rounded up).
  ///   - height: The frame's height in pixels; nil is the artboard's height (rounded up).
  /// - Returns: The frame.
  /// - Throws: `ArtboardFrameError` naming what is wrong: a file the runtime cannot evaluate
  ///   (code `invalidFile`), a size outside the rasteriser's limits (code `raster`, with the
  ///   `RasterError`).
  public func renderFrame(width: Int? = nil, height: Int? = nil) async throws -> RiveFrame {
    // The file's assets as resolved now, the images and fonts given to the bound instance's
    // properties, and the worker's fallback fonts.
    let assets = ResolvedAssets(
      report: await file.resolutionReport(), document: file.loaded.document,
      store: stateMachine.boundViewModelInstance?.node.store,
      fallbackFonts: file.worker.decodedFallbackFonts)
    let (frameFit, alignment, scale) = fit.frameFit
    let request = FrameRequest(
      assets: assets, width: width, height: height, fit: frameFit, alignment: alignment,
      scaleFactor: scale, background: backgroundColor.argbValue)
    guard let drawn = stateMachine.drawFrame({ request.draw(&$0, firstFrameOf: $1) }) else {
      throw FrameRequest.unplayable(file.loaded, name: file.loaded.displayName)
    }
    let result = await file.worker.engine.run {
      Result { () throws(ArtboardFrameError) in try request.render(drawn) }
    }
    return try result.get()
  }
}

extension Artboard {
  /// Draws this artboard at time 0 (its default state machine's first frame, the artboard's
  /// default view-model instance bound), played from the file's runtime graph, with each image
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
        let runtime: RuntimeFile
        do throws(RiveError) {
          runtime = try loaded.runtimeFile()
        } catch {
          throw ArtboardFrameError(
            .invalidFile, message: "\(loaded.displayName): \(error.description)")
        }
        let assets = ResolvedAssets(
          report: engine.resolve(loaded), document: loaded.document, fallbackFonts: fallbacks)
        var player = try FramePlayer(file: runtime, artboard: name, assets: assets)
        return RiveFrame(
          try player.render(
            width: width, height: height, fit: frameFit, alignment: alignment,
            scaleFactor: scale))
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
