import Foundation
import RiveNetworking

/// A file plus the artboard, state machine or animation chosen from it: what a
/// ``RiveViewModel`` plays.
///
/// Make one model per view model; several models can share one ``RiveFile``, each with its own
/// artboard and animation instances while the file stays parsed once. Not thread-safe: use a
/// model from one thread at a time, as upstream.
open class RiveModel {
  /// The chosen state machine, if any (set by ``setStateMachine(_:)-(String)``).
  public internal(set) var stateMachine: RiveStateMachineInstance?
  /// The chosen animation, if any (set by ``setAnimation(_:)-(String)``).
  public internal(set) var animation: RiveLinearAnimationInstance?
  /// The chosen artboard; nil until ``setArtboard(_:)-(String)`` or a view model sets one
  /// (upstream declares it implicitly unwrapped).
  public private(set) var artboard: RiveArtboard?
  /// The file (declared last so it outlives the instances made from it).
  public private(set) var riveFile: RiveFile

  /// The volume given to every artboard the model sets (default 1).
  open var volume: Float = 1 {
    didSet { artboard?.volume = volume }
  }

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
  }

  // MARK: State machine

  /// Sets the state machine named `name` on the current artboard.
  ///
  /// - Throws: `NSError` 100 when no artboard is set, 300 or 301 when there is no such state
  ///   machine.
  open func setStateMachine(_ name: String) throws {
    stateMachine = try currentArtboard().stateMachine(fromName: name)
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
