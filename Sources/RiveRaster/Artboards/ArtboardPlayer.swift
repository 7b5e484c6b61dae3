import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// One artboard of a file, played by the package's runtime and drawn to pixels: what
/// `rive-assets render` and `sheet` draw, and the replay behind frames of an artboard that no
/// state machine plays.
///
/// The driver is the state machine or animation named, else the artboard's default state
/// machine, else state machine 0, else animation 0 (as the reference draw streams), and the
/// artboard's default view-model instance is bound first (as the reference streams were
/// recorded; `bindsDefaultViewModel: false` plays it unbound). It plays on the core's
/// `ArtboardPlayback`, the engine the draw-stream conformance checks, and adds only
/// time-stepping and rasterising. Time advances the way the reference streams were recorded:
/// the first frame is an advance of 0 s, later time is advanced in steps of
/// `ArtboardPlayback.frameSeconds` (the last step shorter when the time is not a multiple), so
/// the same time gives the same frame whichever caller asks.
public struct ArtboardPlayer: Sendable {
  /// The longest time ``play(to:)`` accepts: one day.
  public static let maximumSeconds = 86_400.0

  /// The step time advances in: one frame, `ArtboardPlayback.frameSeconds`.
  public static let step = ArtboardPlayback.frameSeconds

  /// The runtime playing the artboard (internal for the input-script extension,
  /// `ArtboardPlayer+Script.swift`).
  var player: ArtboardPlayback
  /// The playing artboard.
  public var artboard: ArtboardInstance { player.artboard }
  /// The name of the view model whose default instance is bound, if any.
  public var boundViewModel: String? { player.boundViewModel }
  /// The seconds played so far (nil before the first advance).
  public private(set) var elapsed: Double?
  /// What drives the artboard.
  public let driver: ArtboardPlayback.Driver
  /// The fonts text draws with (the file's embedded fonts unless changed), and is laid out
  /// with in every update (`ArtboardPlayback.measureText(with:)`); nil draws no text.
  public var text: TextFonts? {
    didSet { player.measureText(with: text) }
  }
  /// Whether layout is solved in every update (`ArtboardPlayback.solveLayout(_:)`): layout
  /// components are placed and sized by the layout engine and draw their backgrounds; false
  /// leaves them at their stored place and size.
  public var solvesLayout: Bool {
    didSet { player.solveLayout(solvesLayout) }
  }

  /// Picks an artboard and its driver.
  ///
  /// - Parameters:
  ///   - file: The parsed file.
  ///   - artboard: The artboard's name; nil or empty means the first.
  ///   - stateMachine: A state machine of that artboard to play.
  ///   - animation: An animation to play instead (ignored when `stateMachine` is given).
  ///   - bindsDefaultViewModel: Whether the artboard's default view-model instance is bound.
  ///   - drawsText: Whether text draws (with the file's embedded fonts; set others with
  ///     ``setFont(_:forAsset:)``).
  ///   - solvesLayout: Whether layout is solved (``solvesLayout``).
  ///   - settings: An input script's settings (`InputScript.Settings`): its state machine
  ///     (a name, or none: the artboard advances alone) and its binding (an instance of the
  ///     artboard's view model, or nothing) take the place of the other arguments'; its step
  ///     is the script clock's.
  /// - Throws: ``ArtboardFrameError`` naming what is missing and what there is; with code
  ///   `inputScript` (`unsupportedSetting`) when `stateMachine` or `animation` names another
  ///   driver than the settings, or (`instanceNotFound`) when the instance to bind is not
  ///   there.
  public init(
    file: RuntimeFile, artboard: String? = nil, stateMachine: String? = nil,
    animation: String? = nil, bindsDefaultViewModel: Bool = true, drawsText: Bool = true,
    solvesLayout: Bool = true, settings: InputScript.Settings = InputScript.Settings()
  ) throws(ArtboardFrameError) {
    self.settings = settings
    text = drawsText ? TextFonts(document: file.document) : nil
    self.solvesLayout = solvesLayout
    let name = artboard
    let model: ArtboardModel
    if let name, !name.isEmpty {
      guard let found = file.artboard(named: name) else {
        throw ArtboardFrameError(
          file.artboards.isEmpty ? .noArtboard : .artboardNotFound,
          message: "artboard \"\(name)\" not found; "
            + Self.listing(file.artboards.map(\.name), of: "artboards", in: "the file"))
      }
      model = found
    } else {
      guard let first = file.artboards.first else {
        throw ArtboardFrameError(.noArtboard, message: "the file has no artboard to draw")
      }
      model = first
    }
    var stateMachine = stateMachine
    switch settings.stateMachine {
    case nil:
      break
    case .named(let name)?:
      if let given = stateMachine ?? animation, given != name {
        throw Self.conflict("the script plays state machine \"\(name)\", not \"\(given)\"")
      }
      stateMachine = name
    case .none?:
      if let given = stateMachine ?? animation {
        throw Self.conflict("the script plays no state machine, not \"\(given)\"")
      }
    }
    if settings.stateMachine == InputScript.StateMachineSetting.none {
      driver = .none
    } else if let stateMachine {
      guard let index = model.stateMachineNames.firstIndex(of: stateMachine) else {
        throw ArtboardFrameError(
          .stateMachineNotFound,
          message: "state machine \"\(stateMachine)\" not found; "
            + Self.listing(
              model.stateMachineNames, of: "state machines", in: "artboard \"\(model.name)\""))
      }
      driver = .stateMachine(index: index, name: stateMachine)
    } else if let animation {
      guard let index = model.animationNames.firstIndex(of: animation) else {
        throw ArtboardFrameError(
          .animationNotFound,
          message: "animation \"\(animation)\" not found; "
            + Self.listing(model.animationNames, of: "animations", in: "artboard \"\(model.name)\"")
        )
      }
      driver = .animation(index: index, name: animation)
    } else {
      driver = ArtboardPlayback.Driver.default(for: model)
    }
    let bindsDefault = settings.binding == nil && bindsDefaultViewModel
    player = ArtboardPlayback(artboard: model, driver: driver, file: bindsDefault ? file : nil)
    if case .instance(let choice)? = settings.binding {
      do throws(InputScriptError) {
        try player.bind(.instance(choice), file: file)
      } catch {
        throw ArtboardFrameError(error)
      }
    }
    player.measureText(with: text)
    player.solveLayout(solvesLayout)
  }

  /// The script settings the player was made with (empty when none).
  public let settings: InputScript.Settings

  static func conflict(_ message: String) -> ArtboardFrameError {
    ArtboardFrameError(InputScriptError(.unsupportedSetting, message: message))
  }

  /// Parses `data` and picks an artboard and its driver.
  ///
  /// - Throws: ``ArtboardFrameError`` with code `invalidFile` and the reader's message, or as
  ///   ``init(file:artboard:stateMachine:animation:bindsDefaultViewModel:drawsText:solvesLayout:settings:)``.
  public init(
    data: Data, artboard: String? = nil, stateMachine: String? = nil,
    animation: String? = nil, bindsDefaultViewModel: Bool = true, drawsText: Bool = true,
    solvesLayout: Bool = true, settings: InputScript.Settings = InputScript.Settings()
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
      solvesLayout: solvesLayout, settings: settings)
  }

  /// Sets the font text of font asset `index` draws with (turning text on if it was off).
  ///
  /// - Parameters:
  ///   - font: The font; nil removes the asset's font (its text then draws nothing).
  ///   - index: The font asset's index among the file's assets.
  public mutating func setFont(_ font: TextFont?, forAsset index: Int) {
    if text == nil { text = TextFonts() }
    text?.setFont(font, forAsset: index)
  }

  private static func listing(_ names: [String], of kind: String, in place: String) -> String {
    names.isEmpty
      ? "\(place) has no \(kind)"
      : "\(place) has " + names.map { "\"\($0)\"" }.joined(separator: ", ")
  }

  /// Advances by `seconds` in one step (the first call advances by 0 first, as frame 0).
  public mutating func advance(by seconds: Float) {
    if elapsed == nil { apply(0) }
    apply(seconds)
    elapsed = (elapsed ?? 0) + Double(seconds)
  }

  /// Plays on until `seconds` have been played: frame 0 first, then steps of 1/60 s. A time
  /// already passed plays nothing.
  ///
  /// - Throws: ``ArtboardFrameError`` with code `invalidTime` for a time that is negative,
  ///   not a number or beyond ``maximumSeconds``.
  public mutating func play(to seconds: Double) throws(ArtboardFrameError) {
    guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumSeconds else {
      throw ArtboardFrameError(
        .invalidTime,
        message: "time \(seconds) s is outside 0 to \(Int(Self.maximumSeconds)) seconds")
    }
    if elapsed == nil {
      apply(0)
      elapsed = 0
    }
    var played = elapsed ?? 0
    // A hair of slack so that 0.5 s is 30 steps, not 29 and a sliver.
    while played + 1e-9 < seconds {
      let step = min(Self.step, seconds - played)
      apply(Float(step))
      played += step
      if seconds - played < 1e-9 { played = seconds }
    }
    elapsed = played
  }

  /// Plays frame `frame` (frame 0 is the first advance; frame N follows N steps of 1/60 s).
  ///
  /// - Throws: ``ArtboardFrameError`` with code `invalidTime` beyond ``maximumSeconds``.
  public mutating func play(toFrame frame: Int) throws(ArtboardFrameError) {
    guard frame >= 0, Double(frame) <= Self.maximumSeconds * 60 else {
      throw ArtboardFrameError(
        .invalidTime, message: "frame \(frame) is outside 0 to \(Int(Self.maximumSeconds * 60))")
    }
    try play(to: Double(frame) * Self.step)
  }

  private mutating func apply(_ seconds: Float) {
    player.advance(by: seconds)
  }

  /// The artboard's bounds, `0, 0, width, height`.
  public var bounds: FrameRect {
    let size = artboard.currentSize
    return FrameRect(width: size.width, height: size.height)
  }

  /// The display list of the current state (frame 0 is played first if nothing was).
  public mutating func displayList(images: DrawImages) -> DisplayList {
    if elapsed == nil {
      apply(0)
      elapsed = 0
    }
    return player.draw(images: images, text: text)
  }

  /// Draws the current state into a frame.
  ///
  /// - Parameters:
  ///   - width: The frame's width in pixels; nil is the artboard's width, rounded up.
  ///   - height: The frame's height in pixels; nil is the artboard's height, rounded up.
  ///   - fit: How the artboard fits the frame.
  ///   - alignment: Where it sits.
  ///   - background: The colour behind it, `0xAARRGGBB`; 0 is transparent.
  ///   - images: The images the file's assets resolved to.
  ///   - limits: The largest frame allowed.
  /// - Returns: The frame.
  /// - Throws: ``ArtboardFrameError`` with code `raster` (and the ``RasterError``) for a size
  ///   outside `limits` (an artboard of a hostile size included) or a Cairo failure.
  public mutating func render(
    width: Int? = nil, height: Int? = nil, fit: FrameFit = .contain,
    alignment: FrameAlignment = .center, background: UInt32 = 0,
    images: ArtboardImages? = nil, limits: RasterLimits = .default
  ) throws(ArtboardFrameError) -> RasterFrame {
    // The layout fit gives the artboard the frame's size and lays it out again.
    if fit == .layout { resizeForLayoutFit(width: width, height: height, scale: 1) }
    let list = displayList(images: images?.draw ?? DrawImages())
    let bounds = self.bounds
    let frameWidth = try Self.side(width, bounds.width, "width")
    let frameHeight = try Self.side(height, bounds.height, "height")
    do throws(RasterError) {
      return try Rasterizer.render(
        list, artboard: bounds, width: frameWidth, height: frameHeight, fit: fit,
        alignment: alignment, background: background, images: images?.raster ?? RasterImages(),
        limits: limits)
    } catch {
      throw ArtboardFrameError(error)
    }
  }

  /// Gives the artboard the size of a frame `width` × `height` divided by `scale` (the layout
  /// fit; a side not given keeps the artboard's), laid out again at once.
  public mutating func resizeForLayoutFit(width: Int?, height: Int?, scale: Float) {
    if elapsed == nil {
      apply(0)
      elapsed = 0
    }
    let size = artboard.currentSize
    guard let target = layoutFitSize(width: width, height: height, scale: scale, current: size)
    else { return }
    player.resizeArtboard(width: target.width, height: target.height)
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
