import Foundation
import RiveCore
import RiveFormat
import RiveRaster

/// One artboard of a file, played by the package's runtime and drawn to pixels with the assets
/// it resolved to: what `rive-assets render`, `record` and `sheet` draw, and what golden frames
/// and recordings of files play.
///
/// It is the core's `ArtboardPlayback` (which picks the artboard and its driver by name, binds
/// the default view-model instance and keeps the clock: frame 0 is an advance of 0 s, later
/// time advances in steps of `ArtboardPlayback.frameSeconds`) with a `ResolvedAssets` to draw
/// with, and adds only drawing frames, which go through the same steps as both APIs' frames.
public struct FramePlayer: Sendable {
  /// The longest time ``play(to:)`` accepts: one day (`ArtboardPlayback.maximumSeconds`).
  public static let maximumSeconds = ArtboardPlayback.maximumSeconds

  /// The step time advances in: one frame, `ArtboardPlayback.frameSeconds`.
  public static let step = ArtboardPlayback.frameSeconds

  /// The runtime playing the artboard.
  public internal(set) var playback: ArtboardPlayback
  /// The playing artboard.
  public var artboard: ArtboardInstance { playback.artboard }
  /// The name of the view model whose default instance is bound, if any.
  public var boundViewModel: String? { playback.boundViewModel }
  /// The seconds played so far (nil before the first advance).
  public var elapsed: Double? { playback.elapsed }
  /// What drives the artboard.
  public var driver: ArtboardPlayback.Driver { playback.driver }
  /// The script settings the player was made with (empty when none).
  public var settings: InputScript.Settings { playback.settings }
  /// What frames draw with (the file's embedded assets and the system fallback font unless
  /// given); text is laid out with its fonts in every update while ``drawsText``.
  public var assets: ResolvedAssets {
    didSet { playback.measureText(with: text) }
  }
  /// Whether text is drawn (and laid out in every update, `ArtboardPlayback.measureText(with:)`).
  public var drawsText: Bool {
    didSet { playback.measureText(with: text) }
  }
  /// The fonts text draws with (``assets``' fonts and fallbacks); nil when text is not drawn.
  public var text: TextFonts? { drawsText ? assets.textFonts : nil }
  /// Whether layout is solved in every update (`ArtboardPlayback.solveLayout(_:)`): layout
  /// components are placed and sized by the layout engine and draw their backgrounds; false
  /// leaves them at their stored place and size.
  public var solvesLayout: Bool {
    didSet { playback.solveLayout(solvesLayout) }
  }

  /// Picks an artboard and its driver (`ArtboardPlayback.init(file:artboard:stateMachine:animation:bindsDefaultViewModel:settings:)`).
  ///
  /// - Parameters:
  ///   - file: The parsed file.
  ///   - artboard: The artboard's name; nil or empty means the first.
  ///   - stateMachine: A state machine of that artboard to play.
  ///   - animation: An animation to play instead (ignored when `stateMachine` is given).
  ///   - bindsDefaultViewModel: Whether the artboard's default view-model instance is bound.
  ///   - drawsText: Whether text draws.
  ///   - solvesLayout: Whether layout is solved (``solvesLayout``).
  ///   - settings: An input script's settings (`InputScript.Settings`): its state machine
  ///     and its binding take the place of the other arguments'.
  ///   - assets: What frames draw with; nil is the file's embedded assets with the system
  ///     fallback font (`ResolvedAssets.embedded(in:fallbackFonts:)`).
  /// - Throws: `ArtboardFrameError` naming what is missing and what there is; with code
  ///   `inputScript` (`unsupportedSetting`) when `stateMachine` or `animation` names another
  ///   driver than the settings, or (`instanceNotFound`) when the instance to bind is not
  ///   there.
  public init(
    file: RuntimeFile, artboard: String? = nil, stateMachine: String? = nil,
    animation: String? = nil, bindsDefaultViewModel: Bool = true, drawsText: Bool = true,
    solvesLayout: Bool = true, settings: InputScript.Settings = InputScript.Settings(),
    assets: ResolvedAssets? = nil
  ) throws(ArtboardFrameError) {
    playback = try ArtboardPlayback(
      file: file, artboard: artboard, stateMachine: stateMachine, animation: animation,
      bindsDefaultViewModel: bindsDefaultViewModel, settings: settings)
    self.assets = assets ?? .embedded(in: file.document)
    self.drawsText = drawsText
    self.solvesLayout = solvesLayout
    playback.measureText(with: text)
    playback.solveLayout(solvesLayout)
  }

  /// Parses `data` and picks an artboard and its driver.
  ///
  /// - Throws: `ArtboardFrameError` with code `invalidFile` and the reader's message, or as
  ///   ``init(file:artboard:stateMachine:animation:bindsDefaultViewModel:drawsText:solvesLayout:settings:assets:)``.
  public init(
    data: Data, artboard: String? = nil, stateMachine: String? = nil,
    animation: String? = nil, bindsDefaultViewModel: Bool = true, drawsText: Bool = true,
    solvesLayout: Bool = true, settings: InputScript.Settings = InputScript.Settings(),
    assets: ResolvedAssets? = nil
  ) throws(ArtboardFrameError) {
    let file: RuntimeFile
    do throws(RiveError) {
      file = try RuntimeFile(data: data)
    } catch {
      throw ArtboardFrameError(.invalidFile, message: error.description)
    }
    try self.init(
      file: file, artboard: artboard, stateMachine: stateMachine, animation: animation,
      bindsDefaultViewModel: bindsDefaultViewModel, drawsText: drawsText,
      solvesLayout: solvesLayout, settings: settings, assets: assets)
  }

  // MARK: - Playing

  /// Advances by `seconds` in one step (the first call advances by 0 first, as frame 0).
  public mutating func advance(by seconds: Float) {
    playback.play(by: seconds)
  }

  /// Plays on until `seconds` have been played: frame 0 first, then steps of 1/60 s. A time
  /// already passed plays nothing (`ArtboardPlayback.play(to:)`).
  ///
  /// - Throws: `ArtboardFrameError` with code `invalidTime` for a time that is negative,
  ///   not a number or beyond ``maximumSeconds``.
  public mutating func play(to seconds: Double) throws(ArtboardFrameError) {
    try playback.play(to: seconds)
  }

  /// Plays frame `frame` (frame 0 is the first advance; frame N follows N steps of 1/60 s).
  ///
  /// - Throws: `ArtboardFrameError` with code `invalidTime` beyond ``maximumSeconds``.
  public mutating func play(toFrame frame: Int) throws(ArtboardFrameError) {
    try playback.play(toFrame: frame)
  }

  // MARK: - Drawing

  /// The artboard's bounds, `0, 0, width, height`.
  public var bounds: FrameRect {
    let size = artboard.currentSize
    return FrameRect(width: size.width, height: size.height)
  }

  /// The display list of the current state (frame 0 is played first if nothing was), drawn
  /// with the ids of `images` and the player's text fonts.
  public mutating func displayList(images: DrawImages) -> DisplayList {
    playback.playFirstFrame()
    return playback.draw(images: images, text: text)
  }

  /// Draws the current state into a frame (frame 0 is played first if nothing was), through
  /// the same steps as both APIs' frames: layout readied for the assets' fonts and images,
  /// the `layout` fit's size given to the artboard (or its own size back after one), the
  /// artboard drawn and rasterised.
  ///
  /// - Parameters:
  ///   - width: The frame's width in pixels; nil is the artboard's width, rounded up.
  ///   - height: The frame's height in pixels; nil is the artboard's height, rounded up.
  ///   - fit: How the artboard fits the frame; `layout` gives the artboard the frame's size
  ///     divided by `scaleFactor` and lays it out again.
  ///   - alignment: Where it sits.
  ///   - scaleFactor: The `layout` fit's scale factor (ignored by the other fits).
  ///   - background: The colour behind it, `0xAARRGGBB`; 0 is transparent.
  ///   - images: ``assets``' images prepared once for many frames (`ArtboardImages(assets)`:
  ///     their assets are drawn with); nil prepares the player's for this frame.
  ///   - limits: The largest frame allowed.
  /// - Returns: The frame.
  /// - Throws: `ArtboardFrameError` with code `raster` (and the `RasterError`) for a size
  ///   outside `limits` (an artboard of a hostile size included) or a Cairo failure.
  public mutating func render(
    width: Int? = nil, height: Int? = nil, fit: FrameFit = .contain,
    alignment: FrameAlignment = .center, scaleFactor: Float = 1, background: UInt32 = 0,
    images: ArtboardImages? = nil, limits: RasterLimits = .default
  ) throws(ArtboardFrameError) -> RasterFrame {
    try render(
      width: width, height: height, fit: fit, alignment: alignment, scaleFactor: scaleFactor,
      background: background, images: images, limits: limits, scratch: nil)
  }

  /// ``render(width:height:fit:alignment:scaleFactor:background:images:limits:)`` on
  /// `scratch`'s memory (reused from the frame before).
  package mutating func render(
    width: Int?, height: Int?, fit: FrameFit, alignment: FrameAlignment, scaleFactor: Float,
    background: UInt32, images: ArtboardImages?, limits: RasterLimits = .default,
    scratch: RasterScratch?
  ) throws(ArtboardFrameError) -> RasterFrame {
    let request = FrameRequest(
      assets: images?.assets ?? assets, drawsText: drawsText, width: width, height: height,
      fit: fit, alignment: alignment, scaleFactor: scaleFactor, background: background,
      limits: limits)
    playback.playFirstFrame()
    let drawn = request.draw(&playback)
    return try request.render(drawn, images: images, scratch: scratch).raster
  }

  /// Gives the artboard the size of a frame `width` × `height` divided by `scale` (the layout
  /// fit; a side not given keeps the artboard's), laid out again at once
  /// (`ArtboardPlayback.fitLayout(to:)`); frame 0 is played first if nothing was.
  public mutating func resizeForLayoutFit(width: Int?, height: Int?, scale: Float) {
    playback.playFirstFrame()
    let size = artboard.currentSize
    guard let target = layoutFitSize(width: width, height: height, scale: scale, current: size)
    else { return }
    playback.fitLayout(to: target)
  }

  /// `given`, else the artboard side `side` as whole pixels.
  public static func side(_ given: Int?, _ side: Float, _ name: String) throws(ArtboardFrameError)
    -> Int
  {
    if let given { return given }
    return try pixels(side, name)
  }

  /// An artboard side as whole pixels, refusing sizes that are not numbers or beyond any
  /// canvas (the rasteriser's limits then judge the rest).
  static func pixels(_ side: Float, _ name: String) throws(ArtboardFrameError) -> Int {
    guard side.isFinite, side > 0, side <= 1_000_000 else {
      throw ArtboardFrameError(
        .raster, message: "the artboard's \(name) \(side) is not a drawable size",
        raster: RasterError(.invalidSize, message: "artboard \(name) \(side)"))
    }
    return Int(side.rounded(.up))
  }
}
