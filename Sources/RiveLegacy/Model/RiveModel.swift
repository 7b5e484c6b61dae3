import Foundation
import RiveNetworking

/// A file plus the artboard, state machine or animation chosen from it: what a
/// ``RiveViewModel`` plays.
///
/// Make one model per view model; several models can share one ``RiveFile``, each with its own
/// artboard and animation instances while the file stays parsed once. Not thread-safe: use a
/// model from one thread at a time, as upstream.
open class RiveModel {
  /// Called with the instance auto-binding bound (see ``enableAutoBind(_:)``).
  public typealias AutoBindCallback = (RiveDataBindingViewModel.Instance) -> Void

  /// The chosen state machine, if any (set by ``setStateMachine(_:)-(String)``).
  public internal(set) var stateMachine: RiveStateMachineInstance?
  /// The chosen animation, if any (set by ``setAnimation(_:)-(String)``).
  public internal(set) var animation: RiveLinearAnimationInstance?
  /// The chosen artboard, implicitly unwrapped as upstream's: nil until
  /// ``setArtboard(_:)-(String)`` or a view model sets one (a view model made from a file sets
  /// it before returning).
  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  public private(set) var artboard: RiveArtboard!
  /// The file (declared last so it outlives the instances made from it).
  public private(set) var riveFile: RiveFile

  /// The volume given to every artboard the model sets (default 1).
  open var volume: Float = 1 {
    didSet { artboard?.volume = volume }
  }

  private var autoBindCallback: AutoBindCallback?

  /// A model on an already loaded file.
  public init(riveFile: RiveFile) {
    self.riveFile = riveFile
  }

  /// A model on a file loaded from a bundle.
  ///
  /// - Throws: The `NSError` of ``RiveFile/init(name:extension:in:loadCdn:customLoader:assetDownloader:)``.
  public init(
    fileName: String, extension: String = ".riv", in bundle: Bundle = .main,
    loadCdn: Bool = true, customLoader: LoadAsset? = nil
  ) throws {
    riveFile = try RiveFile(
      name: fileName, extension: `extension`, in: bundle, loadCdn: loadCdn,
      customLoader: customLoader)
  }

  /// A model on a file downloaded from `webURL`; `delegate` is told on the main actor when the
  /// file has loaded or failed.
  ///
  /// Upstream force-unwraps the file, so a string that is not an absolute URL crashes there;
  /// here the model gets a file that never loads and `delegate` is told the error (code 700).
  ///
  /// - Parameters:
  ///   - webURL: The file's address.
  ///   - delegate: Told the outcome (held weakly by the file).
  ///   - loadCdn: Whether hosted assets are downloaded from the CDN.
  public init(webURL: String, delegate: any RiveFileDelegate, loadCdn: Bool) {
    if let file = RiveFile(httpUrl: webURL, loadCdn: loadCdn, with: delegate) {
      riveFile = file
      return
    }
    riveFile = RiveFile(
      pendingFrom: URL(fileURLWithPath: webURL), loadCdn: loadCdn, loader: nil, downloader: nil)
    let error = RiveErrorCode.unknown.error("\"\(webURL)\" is not an absolute URL")
    RiveLogger.log(.error, "file", error.localizedDescription)
    Task { @MainActor in delegate.riveFileDidError(error) }
  }

  // MARK: Artboard

  /// Sets the artboard named `name` and clears the state machine and animation.
  ///
  /// - Throws: `NSError` 101 (NoArtboardFound).
  open func setArtboard(_ name: String) throws {
    stateMachine = nil
    animation = nil
    let artboard = try riveFile.artboard(fromName: name)
    artboard.volume = volume
    self.artboard = artboard
    autoBind()
  }

  /// Sets the artboard at `index`, or the default (first) artboard when nil.
  ///
  /// - Throws: `NSError` 100 (NoArtboardsFound) or 101 (NoArtboardFound).
  open func setArtboard(_ index: Int? = nil) throws {
    let artboard: RiveArtboard
    if let index {
      stateMachine = nil
      animation = nil
      artboard = try riveFile.artboard(from: index)
    } else {
      artboard = try riveFile.artboard()
    }
    artboard.volume = volume
    self.artboard = artboard
    autoBind()
  }

  // MARK: State machine

  /// Sets the state machine named `name` on the current artboard.
  ///
  /// - Throws: `NSError` 100 when no artboard is set, 300 or 301 when there is no such state
  ///   machine.
  open func setStateMachine(_ name: String) throws {
    stateMachine = try currentArtboard().stateMachine(fromName: name)
    autoBind()
  }

  /// Sets the state machine at `index`; when nil, the editor's default, else the first.
  ///
  /// - Throws: `NSError` 100 when no artboard is set, 300 or 301 when there is no such state
  ///   machine.
  open func setStateMachine(_ index: Int? = nil) throws {
    let artboard = try currentArtboard()
    if let index {
      stateMachine = try artboard.stateMachine(from: index)
    } else if let machine = artboard.defaultStateMachine() {
      stateMachine = machine
    } else {
      stateMachine = try artboard.stateMachine(from: 0)
    }
    autoBind()
  }

  // MARK: Animation

  /// Sets the animation named `name` (keeps the current instance when it already has that name,
  /// as upstream).
  ///
  /// - Throws: `NSError` 100 when no artboard is set, 200 or 201 when there is no such animation.
  open func setAnimation(_ name: String) throws {
    guard animation?.name() != name else { return }
    animation = try currentArtboard().animation(fromName: name)
  }

  /// Sets the animation at `index` (0 when nil).
  ///
  /// - Throws: `NSError` 100 when no artboard is set, 200 or 201 when there is no such animation.
  open func setAnimation(_ index: Int? = nil) throws {
    animation = try currentArtboard().animation(from: index ?? 0)
  }

  // MARK: Data binding

  /// Binds the current artboard's default view model's default instance whenever the artboard
  /// or state machine is set (and now, when an artboard is set): to the state machine when
  /// there is one, else to the artboard. `callback` gets each bound instance; keep a strong
  /// reference to it to update its properties and observe them.
  ///
  /// - Parameter callback: Called with every instance bound.
  open func enableAutoBind(_ callback: @escaping AutoBindCallback) {
    autoBindCallback = callback
    autoBind()
  }

  /// Stops the binding that ``enableAutoBind(_:)`` started (instances already bound stay
  /// bound).
  open func disableAutoBind() {
    autoBindCallback = nil
  }

  private func autoBind() {
    guard let callback = autoBindCallback, let artboard,
      let viewModel = riveFile.defaultViewModel(for: artboard),
      let instance = viewModel.createDefaultInstance()
    else { return }
    if let stateMachine {
      stateMachine.bind(viewModelInstance: instance)
    } else {
      artboard.bind(viewModelInstance: instance)
    }
    callback(instance)
  }

  private func currentArtboard() throws -> RiveArtboard {
    guard let artboard else {
      throw RiveErrorCode.noArtboardsFound.error("the model has no artboard set")
    }
    return artboard
  }
}

extension RiveModel: CustomStringConvertible {
  public var description: String {
    var text = "RiveModel - [Artboard: \(artboard?.name() ?? "none")"
    if let stateMachine {
      text += " StateMachine: \(stateMachine.name())"
    } else if let animation {
      text += " Animation: \(animation.name())"
    }
    return text + "]"
  }
}
