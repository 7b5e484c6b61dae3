import Foundation

/// Controls a headless ``RiveView``: which artboard, state machine or animation plays, and
/// play/pause/stop/reset.
///
/// Upstream's `fileName:` initializers crash (`try!`) when the file is missing or invalid or the
/// configuration fails; these never crash: ``riveModel`` is nil (or the configuration is
/// partial) and ``loadError`` holds the error. The view model is its views' player and
/// state-machine delegate; its delegate methods are empty hooks to override. Not thread-safe: use
/// a view model from one thread at a time.
open class RiveViewModel: RivePlayerDelegate, RiveStateMachineDelegate {
  /// The model played, nil when loading failed.
  open private(set) var riveModel: RiveModel?
  /// Why loading or configuring failed, when it did.
  public private(set) var loadError: (any Error)?
  /// The view played, once created or set.
  open private(set) var riveView: RiveView?
  /// Whether playback starts when a view is created.
  open var autoPlay: Bool
  /// How the artboard fits (no effect headless).
  open var fit: RiveFit {
    didSet { riveView?.fit = fit }
  }
  /// Where the artboard sits (no effect headless).
  open var alignment: RiveAlignment {
    didSet { riveView?.alignment = alignment }
  }
  private let defaults: (artboard: String?, stateMachine: String?, animation: String?)

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

  /// Attaches an existing view: registers it and gives it the model.
  open func setView(_ view: RiveView) {
    register(view)
    if let riveModel {
      try? view.setModel(riveModel, autoPlay: autoPlay)
    }
  }

  /// Gives `view` the current layout values (fit and alignment); delegates are left alone.
  open func update(view: RiveView) {
    view.fit = fit
    view.alignment = alignment
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

  /// Sets a boolean input and plays (the state machine is not evaluated headless).
  open func setInput(_ inputName: String, value: Bool) {
    logMissing(inputName, boolInput(named: inputName))?.setValue(value)
    play()
  }

  /// Sets a number input and plays (the state machine is not evaluated headless).
  open func setInput(_ inputName: String, value: Float) {
    logMissing(inputName, numberInput(named: inputName))?.setValue(value)
    play()
  }

  /// Sets a number input and plays (the state machine is not evaluated headless).
  open func setInput(_ inputName: String, value: Double) {
    setInput(inputName, value: Float(value))
  }

  /// Fires a trigger input and plays (the state machine is not evaluated headless).
  open func triggerInput(_ inputName: String) {
    logMissing(inputName, riveModel?.stateMachine?.triggerInput(named: inputName))?.fire()
    play()
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

  open func player(playedWithModel riveModel: RiveModel?) {}
  open func player(pausedWithModel riveModel: RiveModel?) {}
  open func player(loopedWithModel riveModel: RiveModel?, type: Int) {}
  open func player(stoppedWithModel riveModel: RiveModel?) {}
  open func player(didAdvanceby seconds: Double, riveModel: RiveModel?) {}
}
