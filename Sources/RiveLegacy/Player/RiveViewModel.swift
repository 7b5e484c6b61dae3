import Foundation
import RiveCore

/// Controls a headless ``RiveView``: which artboard, state machine or animation plays, and
/// play/pause/stop/reset.
///
/// Upstream's `fileName:` initializers crash (`try!`) when the file is missing or invalid or the
/// configuration fails; these never crash: ``riveModel`` is nil (or the configuration is
/// partial) and ``loadError`` holds the error. The view model is its views' player and
/// state-machine delegate; its delegate methods are empty hooks to override. Not thread-safe: use
/// a view model from one thread at a time.
open class RiveViewModel: RivePlayerDelegate, RiveStateMachineDelegate {
  /// The layout scale factor that lets Rive choose the scale (-1).
  public static let layoutScaleFactorAutomatic: Double = -1

  /// The model played, nil when loading failed.
  open private(set) var riveModel: RiveModel?
  /// Why loading or configuring failed, when it did.
  public private(set) var loadError: (any Error)?
  /// The view played, once created or set.
  open private(set) var riveView: RiveView?
  /// Whether playback starts when a view is created.
  open var autoPlay: Bool
  /// How the artboard fits in the view's frames (`snapshot(width:height:background:)`).
  open var fit: RiveFit {
    didSet { riveView?.fit = fit }
  }
  /// Where the artboard sits in the view's frames (`snapshot(width:height:background:)`).
  open var alignment: RiveAlignment {
    didSet { riveView?.alignment = alignment }
  }
  /// The scale of the `layout` fit (``layoutScaleFactorAutomatic`` lets Rive choose). Kept
  /// for source compatibility: nothing is drawn headless.
  open var layoutScaleFactor: Double = RiveViewModel.layoutScaleFactorAutomatic {
    didSet { riveView?.layoutScaleFactor = layoutScaleFactor }
  }
  /// Whether listener touches are forwarded to next responders (default false). Kept for
  /// source compatibility: there are no touches on Linux.
  open var forwardsListenerEvents = false {
    didSet { riveView?.forwardsListenerEvents = forwardsListenerEvents }
  }
  private let defaults: (artboard: String?, stateMachine: String?, animation: String?)
  /// Tells this view model when a web file has loaded (it cannot be the file's delegate
  /// itself: file delegates are main-actor objects).
  private var webLoader: WebFileLoader?

  // MARK: From a model

  /// Plays a state machine of `model` (nil: the default state machine, else an animation).
  public init(
    _ model: RiveModel, stateMachineName: String?, fit: RiveFit = .contain,
    alignment: RiveAlignment = .center, autoPlay: Bool = true, artboardName: String? = nil
  ) {
    self.fit = fit
    self.alignment = alignment
    self.autoPlay = autoPlay
    defaults = (artboardName, stateMachineName, nil)
    riveModel = model
    configureDefaults()
  }

  /// Plays an animation of `model` (nil: the default state machine, else the first animation).
  public init(
    _ model: RiveModel, animationName: String? = nil, fit: RiveFit = .contain,
    alignment: RiveAlignment = .center, autoPlay: Bool = true, artboardName: String? = nil
  ) {
    self.fit = fit
    self.alignment = alignment
    self.autoPlay = autoPlay
    defaults = (artboardName, nil, animationName)
    riveModel = model
    configureDefaults()
  }

  // MARK: From a file

  /// Loads `fileName` from `bundle` and plays a state machine of it.
  ///
  /// Never crashes: on failure ``riveModel`` is nil and ``loadError`` says why.
  public init(
    fileName: String, extension: String = ".riv", in bundle: Bundle = .main,
    stateMachineName: String?, fit: RiveFit = .contain, alignment: RiveAlignment = .center,
    autoPlay: Bool = true, artboardName: String? = nil, loadCdn: Bool = true,
    customLoader: LoadAsset? = nil
  ) {
    self.fit = fit
    self.alignment = alignment
    self.autoPlay = autoPlay
    defaults = (artboardName, stateMachineName, nil)
    load(fileName, extension: `extension`, in: bundle, loadCdn: loadCdn, loader: customLoader)
  }

  /// Loads `fileName` from `bundle` and plays an animation of it (nil: the default state
  /// machine, else the first animation). `preferredFramesPerSecond` is ignored, as upstream.
  ///
  /// Never crashes: on failure ``riveModel`` is nil and ``loadError`` says why.
  public init(
    fileName: String, extension: String = ".riv", in bundle: Bundle = .main,
    animationName: String? = nil, fit: RiveFit = .contain, alignment: RiveAlignment = .center,
    autoPlay: Bool = true, artboardName: String? = nil, preferredFramesPerSecond: Int? = nil,
    loadCdn: Bool = true, customLoader: LoadAsset? = nil
  ) {
    self.fit = fit
    self.alignment = alignment
    self.autoPlay = autoPlay
    defaults = (artboardName, nil, animationName)
    load(fileName, extension: `extension`, in: bundle, loadCdn: loadCdn, loader: customLoader)
  }

  // MARK: From a URL

  /// Downloads the file at `webURL` and plays a state machine of it once it has loaded (on the
  /// main actor; the main actor must be running).
  ///
  /// Until then ``riveModel`` holds a model whose file is not loaded yet; a view created in
  /// the meantime gets the configured model when the file arrives.
  public init(
    webURL: String, stateMachineName: String?, fit: RiveFit = .contain,
    alignment: RiveAlignment = .center, autoPlay: Bool = true, loadCdn: Bool = true,
    artboardName: String? = nil
  ) {
    self.fit = fit
    self.alignment = alignment
    self.autoPlay = autoPlay
    defaults = (artboardName, stateMachineName, nil)
    startWebLoad(webURL, loadCdn: loadCdn)
  }

  /// Downloads the file at `webURL` and plays an animation of it once it has loaded (nil: the
  /// default state machine, else the first animation).
  public init(
    webURL: String, animationName: String? = nil, fit: RiveFit = .contain,
    alignment: RiveAlignment = .center, autoPlay: Bool = true, loadCdn: Bool = true,
    artboardName: String? = nil
  ) {
    self.fit = fit
    self.alignment = alignment
    self.autoPlay = autoPlay
    defaults = (artboardName, nil, animationName)
    startWebLoad(webURL, loadCdn: loadCdn)
  }

  private func startWebLoad(_ webURL: String, loadCdn: Bool) {
    let loader = WebFileLoader(viewModel: self)
    webLoader = loader
    riveModel = RiveModel(webURL: webURL, delegate: loader, loadCdn: loadCdn)
  }

  /// Called when a file from ``init(webURL:stateMachineName:fit:alignment:autoPlay:loadCdn:artboardName:)``
  /// has loaded: makes the model and configures it, then gives it to the view.
  open func riveFileDidLoad(_ riveFile: RiveFile) throws {
    riveModel = RiveModel(riveFile: riveFile)
    configureDefaults()
    if let riveModel {
      try riveView?.setModel(riveModel, autoPlay: autoPlay)
    }
  }

  /// Called when a web file failed to load (records the error in ``loadError``).
  open func riveFileDidError(_ error: any Error) {
    record(error)
  }

  private func load(
    _ fileName: String, extension ext: String, in bundle: Bundle, loadCdn: Bool,
    loader: LoadAsset?
  ) {
    do {
      riveModel = try RiveModel(
        fileName: fileName, extension: ext, in: bundle, loadCdn: loadCdn, customLoader: loader)
    } catch {
      record(error)
      return
    }
    configureDefaults()
  }

  private func configureDefaults() {
    do {
      try configureModel(
        artboardName: defaults.artboard, stateMachineName: defaults.stateMachine,
        animationName: defaults.animation)
    } catch {
      record(error)
    }
  }

  private func record(_ error: any Error) {
    loadError = error
    RiveLogger.log(.error, "player", "view model not configured: \(error.localizedDescription)")
  }

  // MARK: Configuration

  /// Chooses the artboard (named, else the current, else the default), then the named state
  /// machine, else the named animation, else the default state machine (editor default, else
  /// the first), else the first animation.
  ///
  /// - Throws: `NSError` from the model (100/101, 200/201, 300/301), or 700 when there is no
  ///   model.
  open func configureModel(
    artboardName: String? = nil, stateMachineName: String? = nil, animationName: String? = nil
  ) throws {
    guard let model = riveModel else {
      throw RiveErrorCode.unknown.error("the view model has no model (the file did not load)")
    }
    model.animation = nil
    model.stateMachine = nil
    if let artboardName {
      try model.setArtboard(artboardName)
    } else if model.artboard == nil {
      try model.setArtboard()
    }
    if let stateMachineName {
      try model.setStateMachine(stateMachineName)
    } else if let animationName {
      try model.setAnimation(animationName)
    } else if (try? model.setStateMachine()) == nil {
      try model.setAnimation()
    }
  }

  /// Sets the artboard, state machine or animation back to the ones the view model was made
  /// with.
  open func resetToDefaultModel() {
    configureDefaults()
  }

  private func resetCurrentModel() {
    guard let model = riveModel else { return }
    do {
      try configureModel(
        artboardName: model.artboard?.name(), stateMachineName: model.stateMachine?.name(),
        animationName: model.animation?.name())
    } catch {
      record(error)
    }
  }

  // MARK: Views

  /// Makes a new headless view playing the model (started when ``autoPlay`` is true) and makes
  /// the view model its delegate. Set your own delegates on the view afterwards if you want them.
  open func createRiveView() -> RiveView {
    let view = riveModel.map { RiveView(model: $0, autoPlay: autoPlay) } ?? RiveView()
    register(view)
    return view
  }

  /// Attaches an existing view: registers it (delegates and layout values), without giving it
  /// the model (use ``setView(_:)`` for that), as upstream.
  open func setRiveView(view: RiveView) {
    register(view)
  }

  /// Attaches an existing view: registers it and gives it the model.
  open func setView(_ view: RiveView) {
    register(view)
    if let riveModel {
      try? view.setModel(riveModel, autoPlay: autoPlay)
    }
  }

  /// Gives `view` the current layout values (fit, alignment, layout scale factor, listener
  /// forwarding); delegates are left alone.
  open func update(view: RiveView) {
    view.fit = fit
    view.alignment = alignment
    view.layoutScaleFactor = layoutScaleFactor
    view.forwardsListenerEvents = forwardsListenerEvents
  }

  /// Hints the frame rate the view's display link should run at. Kept for source
  /// compatibility: there is no display link headless.
  ///
  /// - Parameter preferredFramesPerSecond: The frames per second.
  open func setPreferredFramesPerSecond(preferredFramesPerSecond: Int) {
    riveView?.setPreferredFramesPerSecond(preferredFramesPerSecond: preferredFramesPerSecond)
  }

  /// Stops maintaining the view.
  open func deregisterView() {
    riveView = nil
  }

  /// The headless view (upstream returns a SwiftUI view): the current view, or a new one.
  open func view() -> RiveView {
    riveView ?? createRiveView()
  }

  private func register(_ view: RiveView) {
    riveView = view
    view.playerDelegate = self
    view.stateMachineDelegate = self
    view.fit = fit
    view.alignment = alignment
    view.layoutScaleFactor = layoutScaleFactor
    view.forwardsListenerEvents = forwardsListenerEvents
  }

  // MARK: Playback

  /// Whether the view is playing.
  open var isPlaying: Bool { riveView?.isPlaying ?? false }

  /// Plays (switching to `animationName` when given), from the start when a one-shot animation
  /// has ended.
  ///
  /// - Parameters:
  ///   - animationName: An animation of the current artboard to switch to.
  ///   - loop: A loop mode to apply to the animation (``RiveLoop/autoLoop`` keeps its own).
  ///   - direction: A direction to apply (``RiveDirection/autoDirection`` keeps the current one).
  open func play(
    animationName: String? = nil, loop: RiveLoop = .autoLoop,
    direction: RiveDirection = .autoDirection
  ) {
    if let animationName {
      do {
        try riveModel?.setAnimation(animationName)
      } catch {
        record(error)
        return
      }
    }
    if let animation = riveModel?.animation {
      if loop != .autoLoop { animation.loop(Int32(loop.rawValue)) }
      switch direction {
      case .forwards: animation.direction(1)
      case .backwards: animation.direction(-1)
      case .autoDirection: break
      }
      if animation.hasEnded() { animation.setTime(0) }
    }
    riveView?.play()
  }

  /// Pauses, resuming from the current position on the next ``play(animationName:loop:direction:)``.
  open func pause() {
    riveView?.pause()
  }

  /// Re-creates the current state machine or animation at its start and stops the view.
  open func stop() {
    resetCurrentModel()
    riveView?.stop()
  }

  /// Re-creates the current state machine or animation at its start and resets the view.
  open func reset() {
    resetCurrentModel()
    riveView?.reset()
  }

  // MARK: State-machine inputs

  /// The boolean input named `name` of the current state machine, or nil.
  open func boolInput(named name: String) -> RiveSMIBool? {
    riveModel?.stateMachine?.boolInput(named: name)
  }

  /// The number input named `name` of the current state machine, or nil.
  open func numberInput(named name: String) -> RiveSMINumber? {
    riveModel?.stateMachine?.numberInput(named: name)
  }

  /// Sets a boolean input and plays (the next advance evaluates the change).
  open func setInput(_ inputName: String, value: Bool) {
    logMissing(inputName, boolInput(named: inputName))?.setValue(value)
    play()
  }

  /// Sets a number input and plays (the next advance evaluates the change).
  open func setInput(_ inputName: String, value: Float) {
    logMissing(inputName, numberInput(named: inputName))?.setValue(value)
    play()
  }

  /// Sets a number input and plays (the next advance evaluates the change).
  open func setInput(_ inputName: String, value: Double) {
    setInput(inputName, value: Float(value))
  }

  /// Fires a trigger input and plays (the next advance evaluates the change).
  open func triggerInput(_ inputName: String) {
    logMissing(inputName, riveModel?.stateMachine?.triggerInput(named: inputName))?.fire()
    play()
  }

  /// Fires a trigger input of the state machine playing in the nested artboard at `path`
  /// (nested artboard names joined by `/`), and plays.
  open func triggerInput(_ inputName: String, path: String) {
    riveModel?.artboard?.getTrigger(inputName, path: path).fire()
    play()
  }

  /// Sets a boolean input of the state machine playing in the nested artboard at `path`, and
  /// plays.
  open func setInput(_ inputName: String, value: Bool, path: String) {
    riveModel?.artboard?.getBool(inputName, path: path).setValue(value)
    play()
  }

  /// Sets a number input of the state machine playing in the nested artboard at `path`, and
  /// plays.
  open func setInput(_ inputName: String, value: Float, path: String) {
    riveModel?.artboard?.getNumber(inputName, path: path).setValue(value)
    play()
  }

  /// Sets a number input of the state machine playing in the nested artboard at `path`, and
  /// plays.
  open func setInput(_ inputName: String, value: Double, path: String) {
    setInput(inputName, value: Float(value), path: path)
  }

  // MARK: Text runs

  /// The text of the text run named `textRunName` of the current artboard, or nil.
  open func getTextRunValue(_ textRunName: String) -> String? {
    riveModel?.artboard?.textRun(textRunName)?.text()
  }

  /// The text of the text run named `textRunName` of the nested artboard at `path`, or nil.
  open func getTextRunValue(_ textRunName: String, path: String) -> String? {
    riveModel?.artboard?.textRun(textRunName, path: path)?.text()
  }

  /// Sets the text of a text run of the current artboard, then advances by zero when not
  /// playing (as upstream).
  ///
  /// - Throws: ``TextRunError/textValueRunError(_:)`` when there is no such run.
  open func setTextRunValue(_ textRunName: String, textValue: String) throws {
    try setTextRunValue(textRunName, path: "", textValue: textValue)
  }

  /// Sets the text of a text run of the nested artboard at `path` (the current artboard when
  /// `path` is empty), then advances by zero when not playing.
  ///
  /// - Throws: ``TextRunError/textValueRunError(_:)`` when there is no such run.
  open func setTextRunValue(_ textRunName: String, path: String, textValue: String) throws {
    guard let run = riveModel?.artboard?.textRun(textRunName, path: path) else {
      throw TextRunError.textValueRunError(
        "Could not set text value on text run: \(textRunName) as the text run could not be "
          + "found from the active artboard")
    }
    run.setText(textValue)
    if !isPlaying { riveView?.advance(delta: 0) }
  }

  /// Why a text run could not be set (upstream's `RiveViewModel.RiveError`, named apart from
  /// the core's `RiveError` here).
  public enum TextRunError: CodedError, Sendable {
    /// No such text run; the message says which.
    case textValueRunError(String)

    /// `textValueRunError`, the case's name.
    public var code: String { "textValueRunError" }

    public var message: String {
      switch self {
      case .textValueRunError(let message): message
      }
    }

    /// The case as Swift prints it, as upstream's error prints.
    public var description: String { "textValueRunError(\(String(reflecting: message)))" }
  }

  private func logMissing<Input>(_ name: String, _ input: Input?) -> Input? {
    if input == nil {
      RiveLogger.log(
        .warning, "player",
        "no \(Input.self) input named \"\(name)\" on the current state machine")
    }
    return input
  }

  /// The current artboard's names (of every artboard in the file).
  open func artboardNames() -> [String] {
    riveModel?.riveFile.artboardNames() ?? []
  }

  // MARK: Delegate hooks
  //
  // The view model is its view's player and state-machine delegate. Every method of both
  // protocols is an `open` hook here, so a subclass's `override` is what the view calls.
  // Upstream's subclasses write the state-machine methods as `@objc func …`, found at run time
  // through the Objective-C runtime; Linux has none (`@objc` does not compile there), and a
  // Swift subclass method that overrides nothing is never reached from the view. Declaring
  // the hooks here makes such a method a compile error with a fix-it ("overriding declaration
  // requires an 'override' keyword") instead of a method that is silently never called.

  open func player(playedWithModel riveModel: RiveModel?) {}
  open func player(pausedWithModel riveModel: RiveModel?) {}
  open func player(loopedWithModel riveModel: RiveModel?, type: Int) {}
  open func player(stoppedWithModel riveModel: RiveModel?) {}
  open func player(didAdvanceby seconds: Double, riveModel: RiveModel?) {}

  open func touchBegan(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  open func touchMoved(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  open func touchEnded(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  open func touchCancelled(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  open func touchExited(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
  open func stateMachine(
    _ stateMachine: RiveStateMachineInstance, receivedInput input: StateMachineInput
  ) {}
  open func stateMachine(
    _ stateMachine: RiveStateMachineInstance, didChangeState stateName: String
  ) {}
  open func stateMachine(
    _ stateMachine: RiveStateMachineInstance, didReceiveHitResult hitResult: RiveHitResult,
    from event: RiveTouchEvent
  ) {}
  open func onRiveEventReceived(onRiveEvent riveEvent: RiveEvent) {}
}

/// Tells a ``RiveViewModel`` about its web file on the main actor (file delegates are
/// main-actor objects; the view model is not).
@MainActor
private final class WebFileLoader: RiveFileDelegate {
  /// The view model, touched only on the main actor, where file loading completes.
  private nonisolated(unsafe) weak var viewModel: RiveViewModel?

  nonisolated init(viewModel: RiveViewModel) {
    self.viewModel = viewModel
  }

  func riveFileDidLoad(_ riveFile: RiveFile) throws {
    try viewModel?.riveFileDidLoad(riveFile)
  }

  func riveFileDidError(_ error: any Error) {
    viewModel?.riveFileDidError(error)
  }
}
