import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Plays the reference scenario on every state machine and every linear animation of a file
/// and records what happens, in the same JSON schema as the official runtime's traces.
///
/// The scenario: frame 0 advances by 0, frames 1…180 by 1/60 s (as a 32-bit float); at frame
/// 20 every boolean input flips, at frames 40, 60, …, 160 one trigger fires (cycling through
/// the triggers in file order), at frame 100 every number input becomes its default + 1, at
/// frame 140 the booleans return to their defaults. Values of every property any animation of
/// the artboard keys are read at frames 0, 30, …, 180.
public struct TraceRecorder: Sendable {
  /// The frame step, 1/60 s as a 32-bit float.
  public static let frameStep: Float = 1.0 / 60.0
  /// The number of frames after frame 0.
  public static let frameCount = 180
  /// The frames whose values are recorded.
  public static let valueFrames = [0, 30, 60, 90, 120, 150, 180]

  public let file: RuntimeFile
  /// The fonts text is laid out with in every update, or nil with text off (the reference
  /// traces were recorded by a runtime built with text off).
  public var text: TextFonts?
  /// Whether layout is solved (off, as the reference traces were recorded; the full
  /// references in `reference/full` had text and layout on).
  public var layout = false

  /// Records `file`'s scenarios.
  ///
  /// - Parameters:
  ///   - file: The file.
  ///   - text: Whether text is laid out (with the file's embedded fonts).
  ///   - layout: Whether layout is solved.
  public init(file: RuntimeFile, text: Bool = false, layout: Bool = false) {
    self.file = file
    self.text = text ? TextFonts(document: file.document) : nil
    self.layout = layout
  }

  /// A new instance of `artboard` with text and layout as asked.
  func makeInstance(_ artboard: ArtboardModel) -> ArtboardInstance {
    var instance = artboard.instance()
    if let text { instance.measureText(with: text) }
    if layout {
      instance.solveLayout(true)
      instance.setLayoutImages(DrawImages(document: file.document))
    }
    return instance
  }

  /// The whole trace of the file as a JSON object.
  public func trace(fileName: String) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("file", .string(fileName)),
      ("import_result", .string("success")),
      ("dt", .number(Double(ArtboardPlayback.frameStep))),
    ]
    pairs.append(
      (
        "artboards",
        .array(
          file.artboards.map { artboard in
            .object([
              ("index", .integer(Int64(artboard.index))), ("name", .string(artboard.name)),
              ("animations", .integer(Int64(artboard.animations.count))),
              ("state_machines", .integer(Int64(artboard.stateMachines.count))),
            ])
          })
      ))
    var scenarios: [JSONValue] = []
    var animationScenarios: [JSONValue] = []
    for artboard in file.artboards {
      if !(artboard.stateMachines.count == 1 && artboard.stateMachines[0].isSynthetic
        && !artboard.animations.isEmpty)
      {
        for index in artboard.stateMachines.indices {
          scenarios.append(stateMachineScenario(artboard: artboard, machineIndex: index))
        }
      }
      for index in artboard.animations.indices {
        animationScenarios.append(animationScenario(artboard: artboard, animationIndex: index))
      }
    }
    pairs.append(("scenarios", .array(scenarios)))
    pairs.append(("animation_scenarios", .array(animationScenarios)))
    return .object(pairs)
  }

  // MARK: - State machines

  /// One scripted input change.
  public struct Action: Sendable {
    public var frame: Int
    public var input: Int
    public var name: String
    /// nil for a trigger fire.
    public var value: InputValue?
  }

  /// The reference script for a state machine's inputs.
  static func actions(for machine: StateMachineModel) -> [Action] {
    var actions: [Action] = []
    let inputs = machine.inputs.enumerated().compactMap { index, input in
      input.map { (index, $0) }
    }
    let triggers = inputs.filter { $0.1.kind == .trigger }
    for frame in [20, 40, 60, 80, 100, 120, 140, 160] {
      for (index, input) in inputs {
        switch input.kind {
        case .bool(let value) where frame == 20:
          actions.append(Action(frame: frame, input: index, name: input.name, value: .bool(!value)))
        case .bool(let value) where frame == 140:
          actions.append(Action(frame: frame, input: index, name: input.name, value: .bool(value)))
        case .number(let value) where frame == 100:
          actions.append(
            Action(frame: frame, input: index, name: input.name, value: .number(value + 1)))
        case .trigger where frame >= 40 && !triggers.isEmpty:
          let trigger = triggers[(frame / 20 - 2) % triggers.count]
          if trigger.0 == index {
            actions.append(Action(frame: frame, input: index, name: input.name, value: nil))
          }
        default:
          break
        }
      }
    }
    return actions
  }

  func stateMachineScenario(artboard: ArtboardModel, machineIndex: Int) -> JSONValue {
    let machine = artboard.stateMachines[machineIndex]
    var instance = makeInstance(artboard)
    guard var machineInstance = StateMachineInstance(artboard: instance, index: machineIndex)
    else { return .null }
    let boundViewModel = machineInstance.bindDefaultViewModel(file: file, artboard: &instance)
    let actions = TraceRecorder.actions(for: machine)
    let keyedPairs = artboard.keyedPropertyPairs
    var frames: [JSONValue] = []
    var values: [(String, JSONValue)] = []
    var lastKeepGoing: Bool?
    var settledFrame: Int?
    for frame in 0...TraceRecorder.frameCount {
      for action in actions where action.frame == frame {
        switch action.value {
        case .bool(let value): machineInstance.setBool(action.input, value)
        case .number(let value): machineInstance.setNumber(action.input, value)
        default: machineInstance.fire(action.input)
        }
      }
      let keepGoing = machineInstance.advanceAndApply(
        frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &instance)
      var record: [(String, JSONValue)] = [("frame", .integer(Int64(frame)))]
      if frame == 0 || keepGoing != lastKeepGoing {
        record.append(("keep_going", .bool(keepGoing)))
      }
      lastKeepGoing = keepGoing
      if !keepGoing && settledFrame == nil { settledFrame = frame }
      let changes = machineInstance.stateChanges
      if !changes.isEmpty {
        record.append(
          (
            "state_changes",
            .array(changes.map { stateChangeJSON($0, machine: machine, artboard: artboard) })
          ))
      }
      let events = machineInstance.events
      if !events.isEmpty {
        record.append(("events", .array(events.map { eventJSON($0, instance: instance) })))
      }
      if record.count > 1 { frames.append(.object(record)) }
      if TraceRecorder.valueFrames.contains(frame) {
        values.append((String(frame), valuesJSON(keyedPairs, instance: instance)))
      }
    }
    return .object([
      ("artboard", .string(artboard.name)), ("artboard_index", .integer(Int64(artboard.index))),
      ("state_machine", .string(machine.name)),
      ("state_machine_index", .integer(Int64(machineIndex))),
      ("synthetic", .bool(machine.isSynthetic)),
      ("inputs", .array(machine.inputs.map(inputJSON))),
      ("actions", .array(actions.map(actionJSON))),
      ("bound_view_model", boundViewModel.map { .string($0) } ?? .null),
      ("frames", .array(frames)),
      ("settled_frame", settledFrame.map { .integer(Int64($0)) } ?? .null),
      ("values", .object(values)),
    ])
  }

  private func inputJSON(_ input: StateMachineModel.Input?) -> JSONValue {
    guard let input else {
      return .object([("name", .string("")), ("kind", .string("other")), ("default", .null)])
    }
    switch input.kind {
    case .bool(let value):
      return .object([
        ("name", .string(input.name)), ("kind", .string("bool")), ("default", .bool(value)),
      ])
    case .number(let value):
      return .object([
        ("name", .string(input.name)), ("kind", .string("number")),
        ("default", TraceRecorder.number(value)),
      ])
    case .trigger:
      return .object([
        ("name", .string(input.name)), ("kind", .string("trigger")), ("default", .null),
      ])
    }
  }

  private func actionJSON(_ action: Action) -> JSONValue {
    let value: JSONValue
    switch action.value {
    case .bool(let flag): value = .bool(flag)
    case .number(let number): value = TraceRecorder.number(number)
    default: value = .null
    }
    return .object([
      ("frame", .integer(Int64(action.frame))), ("input", .string(action.name)),
      ("action", .string(action.value == nil ? "fire" : "set")), ("value", value),
    ])
  }

  private func stateChangeJSON(
    _ change: StateChange, machine: StateMachineModel, artboard: ArtboardModel
  ) -> JSONValue {
    let state = machine.layers[change.layer].states[change.stateIndex]
    var pairs: [(String, JSONValue)] = [
      ("layer", .integer(Int64(change.layer))),
      ("state_index", .integer(Int64(change.stateIndex))),
      ("type_key", .integer(Int64(state.typeKey))),
    ]
    let type: String
    switch state.kind {
    case .entry: type = "entry"
    case .exit: type = "exit"
    case .any: type = "any"
    case .animation: type = "animation"
    case .blend1D: type = "blend1D"
    case .blendDirect: type = "blendDirect"
    case .system: type = "other"
    }
    pairs.append(("type", .string(type)))
    if case .animation(let index, _) = state.kind {
      pairs.append(("animation", index.map { .string(artboard.animations[$0].name) } ?? .null))
    }
    return .object(pairs)
  }

  private func eventJSON(_ event: ReportedEvent, instance: ArtboardInstance) -> JSONValue {
    var name = ""
    if case .string(let text)? = instance.value(
      of: event.objectID, property: PropertyKey.componentName)
    {
      name = text
    }
    return .object([
      ("name", .string(name)),
      ("type_key", .integer(Int64(instance.typeKey(of: event.objectID) ?? 0))),
      ("seconds_delay", TraceRecorder.number(event.secondsDelay)),
    ])
  }

  // MARK: - Animations

  func animationScenario(artboard: ArtboardModel, animationIndex: Int) -> JSONValue {
    let animation = artboard.animations[animationIndex]
    var instance = makeInstance(artboard)
    guard var player = AnimationInstance(artboard: artboard, index: animationIndex) else {
      return .null
    }
    let boundViewModel = instance.bindDefaultViewModel(file: file)
    let keyedPairs = artboard.keyedPropertyPairs
    var frames: [JSONValue] = []
    var values: [(String, JSONValue)] = []
    var times: [(String, JSONValue)] = []
    var lastKeepGoing: Bool?
    for frame in 0...TraceRecorder.frameCount {
      let keepGoing = player.advanceAndApply(
        frame == 0 ? 0 : ArtboardPlayback.frameStep, artboard: &instance)
      var record: [(String, JSONValue)] = [("frame", .integer(Int64(frame)))]
      if frame == 0 || keepGoing != lastKeepGoing {
        record.append(("keep_going", .bool(keepGoing)))
      }
      lastKeepGoing = keepGoing
      if player.didLoop { record.append(("did_loop", .bool(true))) }
      if record.count > 1 { frames.append(.object(record)) }
      if TraceRecorder.valueFrames.contains(frame) {
        values.append((String(frame), valuesJSON(keyedPairs, instance: instance)))
        times.append((String(frame), TraceRecorder.number(player.time)))
      }
    }
    let loop: String
    switch animation.loop {
    case .oneShot: loop = "oneShot"
    case .loop: loop = "loop"
    case .pingPong: loop = "pingPong"
    }
    return .object([
      ("artboard", .string(artboard.name)), ("artboard_index", .integer(Int64(artboard.index))),
      ("animation", .string(animation.name)), ("animation_index", .integer(Int64(animationIndex))),
      ("fps", .integer(Int64(animation.fps))), ("duration", .integer(Int64(animation.duration))),
      ("speed", TraceRecorder.number(animation.speed)), ("loop", .string(loop)),
      (
        "work_area",
        animation.enableWorkArea
          ? .array([.integer(Int64(animation.workStart)), .integer(Int64(animation.workEnd))])
          : .null
      ),
      ("bound_view_model", boundViewModel.map { .string($0) } ?? .null),
      ("frames", .array(frames)),
      ("values", .object(values)),
      ("times", .object(times)),
    ])
  }

  // MARK: - Values

  private func valuesJSON(_ pairs: [(id: Int, key: UInt16)], instance: ArtboardInstance)
    -> JSONValue
  {
    var items: [JSONValue] = []
    for pair in pairs {
      guard let value = instance.value(of: pair.id, property: pair.key) else { continue }
      let json: JSONValue
      switch value {
      case .number(let number): json = TraceRecorder.number(number)
      case .uint(let number): json = .integer(Int64(number))
      case .int(let number): json = .integer(Int64(number))
      case .color(let color): json = .string(String(format: "0x%08X", color))
      case .bool(let flag): json = .bool(flag)
      case .string(let text): json = .string(text)
      }
      items.append(.array([.integer(Int64(pair.id)), .integer(Int64(pair.key)), json]))
    }
    return .array(items)
  }

  /// A float as the reference writes it: 7 significant digits, -0 as 0, non-finite as null.
  static func number(_ value: Float) -> JSONValue {
    guard value.isFinite else { return .null }
    if value == 0 { return .integer(0) }
    let rounded = Double(String(format: "%.7g", Double(value))) ?? Double(value)
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return .integer(Int64(rounded)) }
    return .number(rounded)
  }
}
