import Foundation
import RiveCore
import RiveFormat

/// An instance of a state machine, evaluated as the official runtime evaluates it.
///
/// ``advance(by:)`` advances the layers, applies them to the artboard (the one instance its
/// ``RiveArtboard`` holds, shared by every state machine and animation made from it), and
/// reports whether more frames are needed; ``stateChanges()`` and ``reportedEvent(at:)`` say
/// what happened during that advance. Not thread-safe: use an instance from one thread at a
/// time, as upstream.
public final class RiveStateMachineInstance {
  /// The state machine as the reader describes it.
  let definition: RiveDocument.StateMachine
  /// The runtime's machine (nil when the file cannot be evaluated); its inputs read and write
  /// it.
  var runtime: StateMachineInstance?
  private let artboard: RiveArtboard
  private var inputObjects: [RiveSMIInput] = []
  private var lastChanges: [String] = []
  /// Whether ``advance(by:)`` has run.
  private(set) var hasAdvanced = false
  /// The events of the last advance, and those touches fired since.
  var lastEvents: [RiveEvent] = []

  /// The view-model instance bound with ``bind(viewModelInstance:)``, if any.
  public private(set) var viewModelInstance: RiveDataBindingViewModel.Instance?

  init(definition: RiveDocument.StateMachine, index: Int, artboard: RiveArtboard) {
    self.definition = definition
    self.artboard = artboard
    runtime = artboard.playback.flatMap {
      StateMachineInstance(artboard: $0.artboard, index: index)
    }
    let machine = self
    inputObjects = definition.inputs.map { input in
      switch input.kind {
      case .boolean(let value):
        RiveSMIBool(
          name: input.name,
          target: MachineInputTarget(machine: machine, name: input.name, initial: .bool(value)))
      case .number(let value):
        RiveSMINumber(
          name: input.name,
          target: MachineInputTarget(machine: machine, name: input.name, initial: .number(value)))
      case .trigger:
        RiveSMITrigger(
          name: input.name,
          target: MachineInputTarget(
            machine: machine, name: input.name, initial: .trigger(fired: false, usedLayers: 0)))
      }
    }
  }

  /// The state machine's name.
  public func name() -> String { definition.name }

  /// The number of layers.
  public func layerCount() -> Int { definition.layerCount }

  /// Whether this runtime evaluates the state machine: true when the file's object graph was
  /// built (always, for a file that loaded from bytes).
  public var isEvaluated: Bool { runtime != nil }

  // MARK: Inputs

  /// The number of inputs.
  public func inputCount() -> Int { inputObjects.count }

  /// The inputs' names, in file order.
  public func inputNames() -> [String] { inputObjects.map { $0.name() } }

  /// The inputs' names and kinds, in file order (upstream's Swift extension).
  public var inputs: [StateMachineInput] {
    inputObjects.map { input in
      let type: StateMachineInputType =
        input.isTrigger() ? .trigger : input.isNumber() ? .number : .boolean
      return StateMachineInput(name: input.name(), type: type)
    }
  }

  /// The input at `index`.
  ///
  /// - Throws: `NSError` 400 (NoStateMachineInputFound).
  public func input(from index: Int) throws -> RiveSMIInput {
    guard inputObjects.indices.contains(index) else {
      throw RiveErrorCode.noStateMachineInputFound.error(
        "state machine \"\(definition.name)\" has no input at index \(index) "
          + "(\(inputObjects.count) inputs)")
    }
    return inputObjects[index]
  }

  /// The input named `name`.
  ///
  /// - Throws: `NSError` 400 (NoStateMachineInputFound).
  public func input(fromName name: String) throws -> RiveSMIInput {
    guard let input = inputObjects.first(where: { $0.name() == name }) else {
      throw RiveErrorCode.noStateMachineInputFound.error(
        "state machine \"\(definition.name)\" has no input named \"\(name)\" "
          + "(inputs: \(inputNames()))")
    }
    return input
  }

  /// The boolean input named `name`.
  ///
  /// Upstream returns a null object for a missing input, which Swift code then traps on; here
  /// the object reads false and ignores writes, and a warning is logged.
  public func getBool(_ name: String) -> RiveSMIBool {
    boolInput(named: name) ?? RiveSMIBool(name: name, target: missing(name, "boolean"))
  }

  /// The trigger input named `name` (a detached one, with a warning, when there is none).
  public func getTrigger(_ name: String) -> RiveSMITrigger {
    triggerInput(named: name) ?? RiveSMITrigger(name: name, target: missing(name, "trigger"))
  }

  /// The number input named `name` (a detached one, with a warning, when there is none).
  public func getNumber(_ name: String) -> RiveSMINumber {
    numberInput(named: name) ?? RiveSMINumber(name: name, target: missing(name, "number"))
  }

  private func missing(_ name: String, _ kind: String) -> MissingInputTarget {
    RiveLogger.log(
      .warning, "player",
      "state machine \"\(definition.name)\" has no \(kind) input named \"\(name)\"")
    return MissingInputTarget()
  }

  /// The boolean input named `name`, or nil when there is none or it is another kind.
  public func boolInput(named name: String) -> RiveSMIBool? {
    inputObjects.first { $0.name() == name } as? RiveSMIBool
  }

  /// The number input named `name`, or nil when there is none or it is another kind.
  public func numberInput(named name: String) -> RiveSMINumber? {
    inputObjects.first { $0.name() == name } as? RiveSMINumber
  }

  /// The trigger input named `name`, or nil when there is none or it is another kind.
  public func triggerInput(named name: String) -> RiveSMITrigger? {
    inputObjects.first { $0.name() == name } as? RiveSMITrigger
  }

  // MARK: Playback

  /// Advances the state machine by `elapsedSeconds` and applies it to the artboard.
  ///
  /// - Returns: Whether the machine needs more frames (false once it settled).
  @discardableResult
  public func advance(by elapsedSeconds: Double) -> Bool {
    hasAdvanced = true
    guard
      let (step, events) = withPlayback({ machine, playback in
        let step = playback.advance(&machine, by: Float(elapsedSeconds))
        let events = step.events.map {
          RiveEvent.make(playback.artboard.describeEvent($0.objectID), delay: $0.secondsDelay)
        }
        return (step, events)
      })
    else { return true }
    lastChanges = step.stateChanges
    lastEvents = events
    return step.keepGoing
  }

  /// Runs `body` on the runtime's machine and artboard instances in place, with the bound
  /// view-model values installed (for pointer input and rendering, which attach to the same
  /// instances); nil when the file cannot be evaluated.
  ///
  /// - Parameter body: Works on the machine and the artboard.
  /// - Returns: What `body` returned.
  package func withRuntime<Result>(
    _ body: (inout StateMachineInstance, inout ArtboardInstance) -> Result
  ) -> Result? {
    withPlayback { machine, playback in
      playback.withArtboard { body(&machine, &$0) }
    }
  }

  /// Runs `body` on the machine and the artboard's playback in place (both taken out for the
  /// work); nil when the file cannot be evaluated.
  private func withPlayback<Result>(
    _ body: (inout StateMachineInstance, inout ArtboardPlayback) -> Result
  ) -> Result? {
    guard var machine = runtime else { return nil }
    runtime = nil
    defer { runtime = machine }
    return artboard.withPlayback { body(&machine, &$0) }
  }

  /// The frame `draw` draws of the artboard's playback as it is now: its current state with
  /// the inputs set, the touches sent and the bound values; before the first advance, the
  /// machine's first frame, drawn from copies advanced by 0 s. Nil when the file cannot be
  /// evaluated.
  func drawFrame(
    _ draw: (inout ArtboardPlayback, ArtboardPlayback.FirstFrame?) -> DrawnArtboard
  ) -> DrawnArtboard? {
    let firstFrame = !hasAdvanced
    return withPlayback { machine, playback in
      draw(&playback, firstFrame ? .machine(machine) : nil)
    }
  }

  /// The number of layers whose state changed during the last advance.
  public func stateChangedCount() -> Int { lastChanges.count }

  /// The states the layers changed to during the last advance, named as upstream names them:
  /// `EntryState`, `AnyState`, `ExitState`, an animation state's animation name (`Unknown`
  /// when it has none) and `UnknownState` for other kinds.
  public func stateChanges() -> [String] { lastChanges }

  /// The number of events reported during the last advance.
  public func reportedEventCount() -> Int { lastEvents.count }

  /// The event at `index` of those reported during the last advance.
  ///
  /// Upstream returns a null object for an index out of range, which Swift code then traps
  /// on; here an empty general event is returned and a warning is logged.
  public func reportedEvent(at index: Int) -> RiveEvent {
    guard lastEvents.indices.contains(index) else {
      RiveLogger.log(
        .warning, "player",
        "state machine \"\(definition.name)\" reported no event at index \(index) "
          + "(\(lastEvents.count) events)")
      return RiveGeneralEvent(
        description: EventDescription(
          name: "", typeKey: 0, url: nil, target: nil, customProperties: []),
        delay: 0)
    }
    return lastEvents[index]
  }

  // MARK: Data binding

  /// Binds a view-model instance to the state machine and its artboard: on each advance its
  /// values flow into bound properties and conditions (and back for two-way binds), and its
  /// listeners hear what the advance changed.
  public func bind(viewModelInstance instance: RiveDataBindingViewModel.Instance) {
    viewModelInstance = instance
    var machine = runtime
    runtime = nil
    _ = artboard.withPlayback { $0.bind(instance.node, machine: &machine) }
    runtime = machine
  }
}

/// The kind of a state-machine input (upstream's Swift extension).
public enum StateMachineInputType: Int, Sendable {
  case trigger
  case number
  case boolean
}

/// A state-machine input's name and kind (upstream's Swift extension), as
/// ``RiveStateMachineInstance/inputs`` lists them.
public final class StateMachineInput: Sendable {
  /// The input's name.
  public let name: String
  /// Its kind.
  public let type: StateMachineInputType

  init(name: String, type: StateMachineInputType) {
    self.name = name
    self.type = type
  }
}
