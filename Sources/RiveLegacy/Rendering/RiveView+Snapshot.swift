import Foundation
import RiveConcurrency
import RiveCore
import RiveRaster

extension RiveView {
  /// A picture of the view's current frame: its model's artboard played by the package's
  /// runtime for ``advancedTime`` (frame 0 first, then steps of 1/60 s) with the model's state
  /// machine or animation, each image asset as the file resolved it (the custom loader's
  /// `renderImage`, a CDN download, the embedded bytes; unresolved images draw nothing),
  /// fitted with ``fit`` and ``alignment``.
  ///
  /// State-machine input values are not applied to the drawing yet: the state machine plays
  /// from its authored inputs.
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
    guard let model = riveModel, let artboard = model.artboard else {
      throw ArtboardFrameError(.noArtboard, message: "the view has no model with an artboard")
    }
    let file = model.riveFile
    guard let loaded = file.store.loaded else {
      throw ArtboardFrameError(
        .invalidFile, message: "\(file.displayName): the file has not arrived yet")
    }
    let (frameFit, scale) = fit.frameFit
    let stateMachine = model.stateMachine?.name()
    let request = FrameRequest(
      data: loaded.data, fileName: file.displayName, artboard: artboard.name(),
      stateMachine: stateMachine, animation: stateMachine == nil ? model.animation?.name() : nil,
      seconds: advancedTime, images: ArtboardImages.images(in: file.resolutionReport()),
      document: loaded.document, width: width, height: height, fit: frameFit,
      alignment: alignment.frameAlignment, scaleFactor: scale, background: background)
    return try request.render()
  }
}

extension RiveViewModel {
  /// A picture of the current frame of the view model's view (see
  /// `RiveView.snapshot(width:height:background:)`); a view model without a view draws its
  /// model at time 0.
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
    let view = RiveView()
    view.fit = fit
    view.alignment = alignment
    try view.setModel(model, autoPlay: false)
    return try view.snapshot(width: width, height: height, background: background)
  }
}

extension RiveFit {
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
