@_spi(RiveFormatInternals) import RiveFormat

/// A playing artboard: the artboard instance, what drives it, and the view-model values bound
/// to it. Every player in the package plays through this type: the reference draw streams,
/// RiveRaster's `FramePlayer`, and the artboards of both API generations.
///
/// The driver it owns is the state machine or animation it was made with (``Driver``). The
/// APIs, where several state machines and animations share one artboard, hold their own
/// machines and advance them here (``advance(_:by:)-(StateMachineInstance,_)``), on the one
/// artboard and with the one bound store.
///
/// The value store of a view-model instance an API bound owns its values between advances;
/// for each piece of work (advancing, a pointer event, drawing, an edit) they move into the
/// artboard and back, and the store then tells its listeners what the runtime changed. A default instance bound from the
/// file (``init(artboard:driver:file:)``) has no such store: its values live in the artboard.
public struct ArtboardPlayback: Sendable {
  /// The time between frames, in seconds: 1/60 s, as the reference streams and traces were
  /// recorded. Clocks that add up time count in this (``ScriptClock``, RiveRaster's player).
  public static let frameSeconds: Double = 1.0 / 60
  /// ``frameSeconds`` as the runtime advances by it.
  public static let frameStep = Float(frameSeconds)

  /// What drives an artboard.
  public enum Driver: Sendable, Equatable {
    case stateMachine(index: Int, name: String)
    case animation(index: Int, name: String)
    case none

    /// The reference schema's spelling (`stateMachine:<name>`, `animation:<name>`, `none`).
    public var description: String {
      switch self {
      case .stateMachine(_, let name): return "stateMachine:" + name
      case .animation(_, let name): return "animation:" + name
      case .none: return "none"
      }
    }

    /// The driver an artboard plays with when none is named: its default state machine, else
    /// state machine 0 (possibly the runtime's synthetic one), else linear animation 0.
    public static func `default`(for artboard: ArtboardModel) -> Driver {
      if let index = artboard.defaultStateMachineIndex, index < artboard.stateMachines.count {
        return .stateMachine(index: index, name: artboard.stateMachines[index].name)
      }
      if !artboard.stateMachines.isEmpty {
        return .stateMachine(index: 0, name: artboard.stateMachines[0].name)
      }
      if !artboard.animations.isEmpty {
        return .animation(index: 0, name: artboard.animations[0].name)
      }
      return .none
    }
  }

  /// What one advance did.
  public struct Advance: Sendable, Equatable {
    /// Whether more frames are needed (false once a state machine settled or a one-shot
    /// animation ended).
    public var keepGoing: Bool
    /// The states the machine's layers changed to, named as the legacy API names them
    /// (`ExitState`, an animation's name, …); empty for an animation.
    public var stateChanges: [String]
    /// The events the machine reported, in order; empty for an animation.
    public var events: [ReportedEvent]

    public init(keepGoing: Bool, stateChanges: [String] = [], events: [ReportedEvent] = []) {
      self.keepGoing = keepGoing
      self.stateChanges = stateChanges
      self.events = events
    }
  }

  /// The playing artboard.
  public private(set) var artboard: ArtboardInstance
  /// What drives it.
  public let driver: Driver
  /// The driving state machine (nil when an animation or nothing drives the artboard).
  public private(set) var machine: StateMachineInstance?
  private var animation: AnimationInstance?
  /// The bound view-model values, when an API bound an instance.
  package private(set) var store: ViewModelValueStore?
  /// The number of frames advanced (frame 0 is the first advance).
  public private(set) var frame = -1
  /// The name of the view model whose default instance is bound, if any.
  public private(set) var boundViewModel: String?
  /// Whether the last advance said more frames are needed.
  public private(set) var keepGoing = true
  /// The seconds played by the player's own clock (``play(to:)``, ``play(by:)``,
  /// ``play(to:following:)``); nil before its first frame.
  public internal(set) var elapsed: Double?
  /// The input script's settings the playback was made with (``init(file:artboard:stateMachine:animation:bindsDefaultViewModel:settings:)``;
  /// empty otherwise): a script played on it must ask for the same.
  public internal(set) var settings = InputScript.Settings()
  /// The size the `layout` fit last gave the artboard, until a frame with another fit gives
  /// it back its own (``prepareFrame(text:images:layoutSize:)``).
  var layoutFitSize: (width: Float, height: Float)?

  /// Plays `model` unbound, driven by ``Driver/default(for:)``.
  public init(artboard model: ArtboardModel) {
    self.init(artboard: model, driver: .default(for: model), file: nil)
  }

  /// Plays `model`, an artboard of `file`, driven by ``Driver/default(for:)``, with a copy of
  /// its view model's default instance bound to the artboard and the state machine before the
  /// first advance, as the reference streams were recorded.
  public init(artboard model: ArtboardModel, file: RuntimeFile) {
    self.init(artboard: model, driver: .default(for: model), file: file)
  }

  /// Plays `model` driven by `driver` (a driver whose index the artboard does not have drives
  /// nothing); with `file`, the artboard's default view-model instance is bound first (as
  /// ``init(artboard:file:)``), without it the artboard plays unbound.
  public init(artboard model: ArtboardModel, driver: Driver, file: RuntimeFile?) {
    artboard = model.instance()
    self.driver = driver
    switch driver {
    case .stateMachine(let index, _):
      machine = StateMachineInstance(artboard: artboard, index: index)
    case .animation(let index, _):
      animation = AnimationInstance(artboard: model, index: index)
    case .none:
      break
    }
    guard let file else { return }
    if var machine {
      self.machine = nil
      boundViewModel = machine.bindDefaultViewModel(file: file, artboard: &artboard)
      self.machine = machine
    } else {
      boundViewModel = artboard.bindDefaultViewModel(file: file)
    }
  }

  // MARK: - Advancing

  /// Advances one frame: 0 s for frame 0, ``frameStep`` after.
  @discardableResult
  public mutating func advance() -> Advance {
    advance(by: frame < 0 ? 0 : Self.frameStep)
  }

  /// Advances until `target` is the current frame.
  public mutating func advance(to target: Int) {
    while frame < target { advance() }
  }

  /// Advances the driver (the artboard alone when nothing drives it) by `seconds` as one frame.
  @discardableResult
  public mutating func advance(by seconds: Float) -> Advance {
    frame += 1
    let result: Advance
    // The driver advances where it is stored: moving it out and back copied it twice a frame
    // (and a copy retains and releases everything a machine holds).
    if machine != nil {
      result = Self.advance(&machine, artboard: &artboard, store: store, by: seconds)
    } else if animation != nil {
      result = Self.advance(&animation, artboard: &artboard, store: store, by: seconds)
    } else {
      result = Advance(keepGoing: withArtboard { $0.advance(seconds) })
    }
    keepGoing = result.keepGoing
    return result
  }

  /// ``advance(by:)`` of the driving machine, mutated in place (beside the artboard, another
  /// stored property).
  private static func advance(
    _ machine: inout StateMachineInstance?, artboard: inout ArtboardInstance,
    store: ViewModelValueStore?, by seconds: Float
  ) -> Advance {
    withBoundValues(&artboard, store: store) { artboard in
      // Optional chaining mutates in place; reading the optional's members would copy it.
      machine?.advanceForPlayback(seconds, artboard: &artboard) ?? Advance(keepGoing: false)
    }
  }

  /// ``advance(by:)`` of the driving animation, mutated in place.
  private static func advance(
    _ animation: inout AnimationInstance?, artboard: inout ArtboardInstance,
    store: ViewModelValueStore?, by seconds: Float
  ) -> Advance {
    withBoundValues(&artboard, store: store) { artboard in
      Advance(keepGoing: animation?.advanceAndApply(seconds, artboard: &artboard) ?? false)
    }
  }

  /// Advances a state machine that plays this artboard by `seconds` and applies it, with the
  /// bound values installed: how the APIs advance the machines they hold.
  @discardableResult
  public mutating func advance(_ machine: inout StateMachineInstance, by seconds: Float)
    -> Advance
  {
    withArtboard { machine.advanceForPlayback(seconds, artboard: &$0) }
  }

  /// Advances an animation that plays this artboard by `seconds` and applies it; returns
  /// whether it needs more frames.
  @discardableResult
  public mutating func advance(_ animation: inout AnimationInstance, by seconds: Float) -> Bool {
    withArtboard { animation.advanceAndApply(seconds, artboard: &$0) }
  }

  // MARK: - Working on the instances

  /// Runs `body` on the artboard in place with the bound values installed; afterwards the
  /// store reports what the runtime changed.
  public mutating func withArtboard<Result, Failure: Error>(
    _ body: (inout ArtboardInstance) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try Self.withBoundValues(&artboard, store: store, body)
  }

  /// ``withArtboard(_:)`` on the stored properties it needs, so that a caller can mutate
  /// another one (the driver) at the same time.
  private static func withBoundValues<Result, Failure: Error>(
    _ artboard: inout ArtboardInstance, store: ViewModelValueStore?,
    _ body: (inout ArtboardInstance) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // Unbound (the common case) goes straight through: no store to take from, flush or
    // give back (the optional core alone was copied several times).
    guard let store else { return try body(&artboard) }
    guard let core = store.takeCore() else {
      defer { store.flush() }
      return try body(&artboard)
    }
    artboard.installViewModels(core)
    defer { store.returnCore(artboard.removeViewModels()) }
    return try body(&artboard)
  }

  /// Runs `body` on the driving state machine (nil when an animation or nothing drives the
  /// artboard) and the artboard, in place, with the bound values installed: how input scripts
  /// are applied and reported events read.
  public mutating func withInstances<Result, Failure: Error>(
    _ body: (inout StateMachineInstance?, inout ArtboardInstance) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var driving = machine.take()
    defer { machine = driving }
    return try withArtboard { artboard throws(Failure) in try body(&driving, &artboard) }
  }

  /// Sends a pointer event at (`x`, `y`) in artboard space to the driving state machine;
  /// `.none` when an animation (or nothing) drives the artboard. `timeStamp` times a drag for
  /// scroll physics (`StateMachineInstance.pointerEvent(_:x:y:pointer:timeStamp:artboard:)`).
  @discardableResult
  public mutating func pointerEvent(
    _ kind: PointerEventKind, x: Float, y: Float, pointer: Int = 0, timeStamp: Float? = nil
  ) -> PointerHitResult {
    withInstances { machine, artboard in
      machine?.pointerEvent(
        kind, x: x, y: y, pointer: pointer, timeStamp: timeStamp, artboard: &artboard) ?? .none
    }
  }

  // MARK: - Binding

  /// Binds what an input script's binding setting says, replacing what was bound: nothing
  /// (`.none`), or a copy of the chosen instance of the artboard's view model in a store of
  /// its own, bound to the artboard and the driving state machine (global view models'
  /// default instances too), as ``init(artboard:file:)`` binds the default one.
  ///
  /// - Parameters:
  ///   - setting: What to bind.
  ///   - file: The file the artboard is of.
  /// - Throws: ``InputScriptError`` with code `instanceNotFound` when the artboard has no view
  ///   model (and an instance other than the default one was asked for) or its view model has
  ///   no such instance.
  public mutating func bind(_ setting: InputScript.BindingSetting, file: RuntimeFile)
    throws(InputScriptError)
  {
    guard case .instance(let choice) = setting else {
      unbind()
      return
    }
    try bind(choice, ofViewModelAt: nil, file: file) { _, _ in }
  }

  /// Unbinds whatever is bound: the artboard and its machine play unbound.
  public mutating func unbind() {
    var driving = machine.take()
    defer { machine = driving }
    if let previous = store, let old = previous.takeCore() {
      artboard.installViewModels(old)
      previous.returnCore(artboard.unbindViewModels(machine: &driving))
    } else {
      _ = artboard.unbindViewModels(machine: &driving)
    }
    store = nil
    boundViewModel = nil
  }

  /// Binds a copy of the chosen instance of a view model (the artboard's when
  /// `viewModelIndex` is nil) in a store of its own, after `prepare` has worked on it (a host
  /// that sets values on an instance before binding it), replacing what was bound.
  ///
  /// - Throws: ``InputScriptError`` with code `instanceNotFound` as ``bind(_:file:)``; nothing
  ///   is bound then.
  package mutating func bind(
    _ choice: ViewModelInstanceChoice, ofViewModelAt viewModelIndex: Int?, file: RuntimeFile,
    prepare: (inout ViewModelStore, ViewModelInstanceHandle) -> Void
  ) throws(InputScriptError) {
    unbind()
    guard
      let viewModel = viewModelIndex ?? file.dataBinding.artboards[artboard.model.index].viewModel
    else {
      if choice == .defaultInstance { return }
      throw InputScriptError(
        .instanceNotFound,
        message:
          "artboard \"\(artboard.model.name)\" has no view model to bind \(choice.summary) of")
    }
    var core = ViewModelStore(file: file)
    guard let instance = core.makeInstance(viewModelAt: viewModel, choice: choice) else {
      let names = core.instanceNames(ofViewModelAt: viewModel)
      throw InputScriptError(
        .instanceNotFound,
        message: "view model \"\(core.viewModelName(at: viewModel))\" has no "
          + "\(choice.summary); "
          + (names.isEmpty
            ? "it has no authored instances"
            : "it has " + names.map { "\"\($0)\"" }.joined(separator: ", ")))
    }
    prepare(&core, instance)
    var driving = machine
    machine = nil
    artboard.bind(instance, in: core, machine: &driving)
    machine = driving
    boundViewModel = core.viewModelName(at: viewModel)
  }

  /// Binds `node`'s instance to the artboard and to `machine`, replacing the instance bound
  /// before (whose binds of this artboard are given up first); its store owns the values from
  /// now on.
  ///
  /// - Parameters:
  ///   - node: The instance.
  ///   - machine: The state machine the instance binds to as well, if any.
  package mutating func bind(_ node: ViewModelInstanceNode, machine: inout StateMachineInstance?) {
    let previous = store
    store = node.store
    guard let root = node.coreInstance, let core = node.store.takeCore() else { return }
    if let previous, previous !== node.store, let old = previous.takeCore() {
      artboard.installViewModels(old)
      previous.returnCore(artboard.unbindViewModels(machine: &machine))
    }
    artboard.bind(root, in: core, machine: &machine)
    node.store.returnCore(artboard.removeViewModels())
  }

  /// Binds `node`'s instance to the artboard and the driving state machine (see
  /// ``bind(_:machine:)``).
  package mutating func bind(_ node: ViewModelInstanceNode) {
    var driving = machine
    machine = nil
    bind(node, machine: &driving)
    machine = driving
  }

  /// Lays text out with `fonts` in every update from now on, as the runtime built with text
  /// does (constraints and binds then see text's size); nil lays it out only when drawn, as
  /// the reference streams were recorded. Draw with the same fonts.
  ///
  /// - Parameter fonts: The fonts to lay text out with, or nil.
  public mutating func measureText(with fonts: TextFonts?) {
    withArtboard { $0.measureText(with: fonts) }
  }

  /// Solves layout in every update from now on, as the runtime built with layout does (layout
  /// components are placed and sized by the layout engine, and draw their backgrounds, strokes
  /// and clips); false leaves them at their stored place and size, as the reference streams
  /// without layout were recorded.
  ///
  /// - Parameter on: Whether layout is solved.
  public mutating func solveLayout(_ on: Bool) {
    withArtboard { $0.solveLayout(on) }
  }

  /// Gives the artboard a new size and lays it out again at once (what the `layout` fit does
  /// with the frame's size divided by its scale factor): its layout fills the new size, and
  /// the next frame drawn shows it. Sizes that are not finite, or not above zero, are
  /// ignored.
  ///
  /// - Parameters:
  ///   - width: The artboard's new width.
  ///   - height: The artboard's new height.
  public mutating func resizeArtboard(width: Float, height: Float) {
    guard width.isFinite, height.isFinite, width > 0, height > 0 else { return }
    withArtboard { $0.resize(width: width, height: height) }
  }

  /// Gives the artboard back the size it was made with (what a fit other than `layout` does).
  public mutating func resetArtboardSize() {
    let model = artboard.model
    resizeArtboard(
      width: model.float(0, Slot.layoutComponentWidth),
      height: model.float(0, Slot.layoutComponentHeight))
  }

  /// Readies a solved layout for a frame drawn with `text` and `images`: text is laid out in
  /// updates with those fonts and images measured at their sizes, and (when that changed
  /// anything) an update pass lays the artboard out again (nothing of this while layout is not
  /// solved); then the artboard takes `layoutSize` (the `layout` fit) or, without it after a
  /// `layout` fit, its own size again (``fitLayout(to:)``).
  ///
  /// - Parameters:
  ///   - text: The fonts the frame draws text with.
  ///   - images: The images the frame draws with.
  ///   - layoutSize: The artboard's size for the `layout` fit, or nil.
  public mutating func prepareFrame(
    text: TextFonts?, images: DrawImages, layoutSize: (width: Float, height: Float)?
  ) {
    if artboard.solvesLayout {
      withArtboard { artboard in
        var changed = false
        let current = artboard.textCache.layoutFonts
        let same: Bool
        switch (current, text) {
        case (nil, nil): same = true
        case (let a?, let b?): same = a.hasSameFonts(as: b)
        default: same = false
        }
        if !same {
          artboard.measureText(with: text)
          changed = true
        }
        if artboard.setLayoutImagesIfChanged(images) { changed = true }
        if changed { _ = artboard.updatePass() }
      }
    }
    fitLayout(to: layoutSize)
  }

  /// The `layout` fit: gives the artboard `size` (the frame's size divided by the fit's scale
  /// factor) and lays it out again at once; nil, after a `layout` fit, gives it back its own
  /// size (what a frame drawn with another fit does), and otherwise leaves its size alone.
  ///
  /// - Parameter size: The artboard's size, or nil.
  public mutating func fitLayout(to size: (width: Float, height: Float)?) {
    if let size {
      resizeArtboard(width: size.width, height: size.height)
      layoutFitSize = size
    } else if layoutFitSize != nil {
      layoutFitSize = nil
      resetArtboardSize()
    }
  }

  /// Gives layout the sizes of the images drawn with `images` (images in layouts measure at
  /// their image's size and are fitted into the size their layout gives them).
  ///
  /// - Parameter images: The images frames are drawn with.
  public mutating func setLayoutImages(_ images: DrawImages) {
    withArtboard { $0.setLayoutImages(images) }
  }

  // MARK: - Drawing

  /// Draws the current frame (text with `text`'s fonts; nil leaves text undrawn).
  public mutating func draw(images: DrawImages, text: TextFonts? = nil) -> DisplayList {
    var list = DisplayList()
    draw(into: &list, images: images, text: text)
    return list
  }

  /// Draws the current frame into `renderer`.
  public mutating func draw<R: DrawRenderer>(
    into renderer: inout R, images: DrawImages, text: TextFonts? = nil
  ) {
    // A steady frame needs no bound values: it is drawn from its recording.
    if artboard.drawRecordedFrame(into: &renderer, images: images, text: text) { return }
    withArtboard { $0.draw(into: &renderer, images: images, text: text) }
  }

  /// Appends the current frame to `list` (the generic `draw(into:images:text:)` compiled for
  /// display lists).
  public mutating func draw(
    into list: inout DisplayList, images: DrawImages, text: TextFonts? = nil
  ) {
    if artboard.drawRecordedFrame(into: &list, images: images, text: text) { return }
    withArtboard { $0.draw(into: &list, images: images, text: text) }
  }

  /// The artboard drawn as it is now with its size. With `firstFrameOf` a machine that has not
  /// been advanced, the frame an advance of 0 s would show, drawn from copies (nothing here
  /// advances).
  public mutating func drawn(
    images: DrawImages, text: TextFonts? = nil, firstFrameOf unadvanced: StateMachineInstance? = nil
  ) -> DrawnArtboard {
    withArtboard { artboard in
      unadvanced.map { $0.drawnFirstFrame(artboard: artboard, images: images, text: text) }
        ?? artboard.drawn(images: images, text: text)
    }
  }
}

extension StateMachineInstance {
  /// Advances by `seconds` and applies, then says what the frame did (in one mutating call,
  /// so that a stored optional machine advances in place).
  fileprivate mutating func advanceForPlayback(
    _ seconds: Float, artboard: inout ArtboardInstance
  ) -> ArtboardPlayback.Advance {
    let keepGoing = advanceAndApply(seconds, artboard: &artboard)
    return ArtboardPlayback.Advance(
      keepGoing: keepGoing, stateChanges: stateChangeNames(artboard: artboard.model),
      events: events)
  }
}
