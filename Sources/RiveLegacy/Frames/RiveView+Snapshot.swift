import Foundation
import RiveCore
import RiveFormat
import RiveFrames

extension RiveView {
  /// A picture of the view's current frame: its model's artboard as the model's state machine
  /// (or animation) has played it, with every advance, input value, touch and bound
  /// view-model value applied (before the first advance, the state an advance of 0 s would
  /// show, without advancing), each image asset as the file resolved it (the custom loader's
  /// `renderImage`, a CDN download, the embedded bytes; unresolved images draw nothing) and
  /// each image given to a bound image property (after the advance that carries it in),
  /// fitted with ``fit`` and ``alignment`` (with `fit = .layout`, the artboard first takes the
  /// frame's size divided by ``RiveViewModel/layoutScaleFactor`` and is laid out again).
  ///
  /// - Parameters:
  ///   - width: The frame's width in pixels; nil is the artboard's width (rounded up).
  ///   - height: The frame's height in pixels; nil is the artboard's height (rounded up).
  ///   - background: The colour behind the artboard, `0xAARRGGBB`; 0 is transparent.
  /// - Returns: The frame.
  /// - Throws: `ArtboardFrameError` naming what is wrong: no model or artboard (code
  ///   `noArtboard`), a file still downloading (`invalidFile`), a size outside the rasteriser's
  ///   limits (`raster`).
  public func snapshot(width: Int? = nil, height: Int? = nil, background: UInt32 = 0) throws
    -> RiveFrame
  {
    guard let model = riveModel else {
      throw ArtboardFrameError(.noArtboard, message: "the view has no model with an artboard")
    }
    return try model.snapshot(
      fit: fit, alignment: alignment, width: width, height: height, background: background,
      layoutScaleFactor: layoutScaleFactor)
  }
}

extension RiveModel {
  /// The model's artboard drawn as it is now (see `RiveView.snapshot(width:height:background:)`),
  /// with the fit, alignment and `layout` fit scale factor given (package access for
  /// `RiveExport`'s recordings and golden frames, which keep their own time).
  package func snapshot(
    fit: RiveFit, alignment: RiveAlignment, width: Int?, height: Int?, background: UInt32,
    layoutScaleFactor: Double = RiveViewModel.layoutScaleFactorAutomatic
  ) throws -> RiveFrame {
    guard let artboard else {
      throw ArtboardFrameError(.noArtboard, message: "the view has no model with an artboard")
    }
    guard let loaded = riveFile.store.loaded else {
      throw ArtboardFrameError(
        .invalidFile, message: "\(riveFile.displayName): the file has not arrived yet")
    }
    // The file's assets as resolved (the custom loader's, CDN downloads, a global
    // registration through the adapter, the embedded bytes), the images and fonts given to the
    // bound instance's properties, and the fallback fonts.
    let instance = stateMachine?.viewModelInstance ?? artboard.viewModelInstance
    let assets = ResolvedAssets(
      report: riveFile.resolutionReport(), document: loaded.document,
      store: instance?.node.store, fallbackFonts: RiveFont.decodedFallbackFonts)
    // The layout fit sizes the artboard to the frame divided by the scale factor (with no
    // screen, the automatic factor is 1) and is drawn from the top left; another fit gives it
    // back its own size.
    let (frameFit, scale) = fit.frameFit(layoutScaleFactor: layoutScaleFactor)
    let request = FrameRequest(
      assets: assets, width: width, height: height, fit: frameFit,
      alignment: frameFit == .layout ? .topLeft : alignment.frameAlignment, scaleFactor: scale,
      background: background)
    let draw = { (playback: inout ArtboardPlayback, first: ArtboardPlayback.FirstFrame?) in
      request.draw(&playback, firstFrameOf: first)
    }
    let drawn: DrawnArtboard?
    if let stateMachine {
      drawn = stateMachine.drawFrame(draw)
    } else if let animation {
      drawn = animation.drawFrame(draw)
    } else {
      drawn = artboard.drawFrame(draw)
    }
    guard let drawn else {
      throw FrameRequest.unplayable(loaded, name: riveFile.displayName)
    }
    return try request.render(drawn)
  }
}

extension RiveViewModel {
  /// A picture of the current frame of the view model's view (see
  /// `RiveView.snapshot(width:height:background:)`); a view model without a view draws its
  /// model as it is now, with the view model's fit, alignment and layout scale factor.
  ///
  /// - Throws: `ArtboardFrameError`, as `RiveView.snapshot(width:height:background:)`.
  public func snapshot(width: Int? = nil, height: Int? = nil, background: UInt32 = 0) throws
    -> RiveFrame
  {
    if let riveView {
      return try riveView.snapshot(width: width, height: height, background: background)
    }
    guard let model = riveModel else {
      throw ArtboardFrameError(
        .noArtboard,
        message: "the view model has no model" + (loadError.map { ": \($0)" } ?? ""))
    }
    return try model.snapshot(
      fit: fit, alignment: alignment, width: width, height: height, background: background,
      layoutScaleFactor: layoutScaleFactor)
  }
}

extension RiveFit {
  /// The rasteriser's fit and layout scale for this fit (the `layout` fit's scale is
  /// `layoutScaleFactor`, 1 when automatic: there is no screen to ask).
  func frameFit(layoutScaleFactor: Double) -> (FrameFit, Float) {
    guard self == .layout else { return frameFit }
    let factor = Float(layoutScaleFactor)
    return (.layout, factor.isFinite && factor > 0 ? factor : 1)
  }

  /// The rasteriser's fit and layout scale for this fit.
  var frameFit: (FrameFit, Float) {
    switch self {
    case .fill: (.fill, 1)
    case .contain: (.contain, 1)
    case .cover: (.cover, 1)
    case .fitHeight: (.fitHeight, 1)
    case .fitWidth: (.fitWidth, 1)
    case .scaleDown: (.scaleDown, 1)
    case .noFit: (.none, 1)
    case .layout: (.layout, 1)
    }
  }
}

extension RiveAlignment {
  /// The rasteriser's alignment of the same name.
  var frameAlignment: FrameAlignment {
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
