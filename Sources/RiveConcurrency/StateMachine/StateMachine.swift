import Foundation
import RiveCore
import RiveFormat

/// A state machine instance made by ``Artboard/createStateMachine(_:)``.
///
/// ``advance(by:)`` evaluates the machine through the runtime, as the official runtime does:
/// layers change state, animations apply to the artboard (the one instance its
/// ``Artboard`` holds, shared by every state machine made from it), events are reported and
/// the machine settles when nothing is left to do (``settledStream()``). What happened during
/// the last advance is in ``stateChanges`` and ``reportedEvents`` (and their streams), which
/// upstream's current API does not have. Inputs are read and set by name with a type check,
/// through a small API that upstream's current API does not have either.
public final class StateMachine: Equatable, Sendable {
  /// The artboard the state machine belongs to.
  public let artboard: Artboard
  /// The state machine's name.
  public let name: String
  private let declaredInputs: [(name: String, kind: RiveDocument.StateMachineInput.Kind)]
  /// Input values while the file cannot be evaluated (never used otherwise).
  @MainActor private var values: [String: Input.Value]
  @MainActor private var runtime: StateMachineInstance?
  @MainActor private var elapsed: TimeInterval = 0
  @MainActor private var hasAdvanced = false
  @MainActor private var bound: ViewModelInstance?
  private let subscribers = Locked(Subscribers())
  @MainActor private var lastChanges: [String] = []
  @MainActor private var lastEvents: [StateMachineEvent] = []
  @MainActor private var settled = false

  @MainActor
  init(artboard: Artboard, index: Int, model: RiveDocument.StateMachine) {
    self.artboard = artboard
    name = model.name
    var seen = Set<String>()
    var declared: [(name: String, kind: RiveDocument.StateMachineInput.Kind)] = []
    var values: [String: Input.Value] = [:]
    for input in model.inputs where seen.insert(input.name).inserted {
      declared.append((input.name, input.kind))
      switch input.kind {
      case .boolean(let value): values[input.name] = .boolean(value)
      case .number(let value): values[input.name] = .number(value)
      case .trigger: values[input.name] = .trigger(isFired: false)
      }
    }
    declaredInputs = declared
    self.values = values
    if let instance = artboard.playback?.artboard,
      instance.model.stateMachineNames.indices.contains(index)
    {
      runtime = StateMachineInstance(artboard: instance, index: index)
    }
  }

  /// The streams' continuations, by subscription.
  private struct Subscribers {
    var settled: [Int: AsyncStream<Void>.Continuation] = [:]
    var events: [Int: AsyncStream<StateMachineEvent>.Continuation] = [:]
    var changes: [Int: AsyncStream<String>.Continuation] = [:]
    var next = 0

    mutating func remove(_ id: Int) {
      settled[id] = nil
      events[id] = nil
      changes[id] = nil
    }
  }

  deinit {
    let all = subscribers.withLock { $0 }
    for continuation in all.settled.values { continuation.finish() }
    for continuation in all.events.values { continuation.finish() }
    for continuation in all.changes.values { continuation.finish() }
  }

  /// Whether both are the same instance.
  public static func == (lhs: StateMachine, rhs: StateMachine) -> Bool { lhs === rhs }

  /// Whether the state machine is evaluated: true when the runtime built the file's object
  /// graph (always, for a file that loaded).
  @MainActor
  public var isEvaluated: Bool { runtime != nil }

  /// The total time given to ``advance(by:)``.
  @MainActor
  public var elapsedTime: TimeInterval { elapsed }

  /// The view-model instance last bound, if any.
  @MainActor
  public var boundViewModelInstance: ViewModelInstance? { bound }

  /// Whether the last advance reported that the machine has nothing left to do (it needs no
  /// more frames until an input or bound value changes).
  @MainActor
  public var isSettled: Bool { settled }

  /// The states the layers changed to during the last advance, named as upstream's legacy API
  /// names them (`ExitState`, the animation's name, …).
  @MainActor
  public var stateChanges: [String] { lastChanges }

  /// The events reported during the last advance, in order.
  @MainActor
  public var reportedEvents: [StateMachineEvent] { lastEvents }

  // MARK: - Advancing

  /// Advances the state machine by `time` seconds and applies it to the artboard.
  ///
  /// After the advance, ``stateChanges`` and ``reportedEvents`` say what happened (their
  /// streams yield too), the bound view-model instance's value streams are told about changed
  /// values, and when the machine needs no more frames every ``settledStream()`` yields.
  ///
  /// - Parameter time: Seconds to advance.
  @MainActor
  public func advance(by time: TimeInterval) {
    elapsed += time
    hasAdvanced = true
    guard
      let step = withPlayback({ machine, playback in
        let step = playback.advance(&machine, by: Float(time))
        return (step, step.events.map { Self.event($0, in: playback.artboard) })
      })
    else {
      for (name, value) in values where value == .trigger(isFired: true) {
        values[name] = .trigger(isFired: false)
      }
      return
    }
    lastChanges = step.0.stateChanges
    lastEvents = step.1
    settled = !step.0.keepGoing
    let streams = subscribers.withLock { $0 }
    for change in lastChanges {
      for continuation in streams.changes.values { continuation.yield(change) }
    }
    for event in lastEvents {
      for continuation in streams.events.values { continuation.yield(event) }
    }
    if settled {
      for continuation in streams.settled.values { continuation.yield() }
    }
  }

  /// Events that pointer listeners fired: added to ``reportedEvents`` (until the next advance)
  /// and sent to every event stream.
  @MainActor
  func reportListenerEvents(_ events: [StateMachineEvent]) {
    guard !events.isEmpty else { return }
    lastEvents += events
    let streams = subscribers.withLock { $0 }
    for event in events {
      for continuation in streams.events.values { continuation.yield(event) }
    }
  }

  /// Runs `body` on the runtime's machine and artboard instances in place, with the bound
  /// instance's values installed in the artboard (for pointer input and rendering, which
  /// attach to the same instances); nil when the file cannot be evaluated.
  ///
  /// - Parameter body: Works on the machine and the artboard.
  /// - Returns: What `body` returned.
  @MainActor
  package func withRuntime<Result>(
    _ body: (inout StateMachineInstance, inout ArtboardInstance) -> Result
  ) -> Result? {
    withPlayback { machine, playback in
      playback.withArtboard { artboard in body(&machine, &artboard) }
    }
  }

  /// Runs `body` on the runtime's machine and the artboard's playback in place (both taken
  /// out for the work so nothing is copied); nil when the file cannot be evaluated.
  @MainActor
  private func withPlayback<Result>(
    _ body: (inout StateMachineInstance, inout ArtboardPlayback) -> Result
  ) -> Result? {
    guard var machine = runtime, var playback = artboard.playback else { return nil }
    runtime = nil
    artboard.playback = nil
    defer {
      artboard.playback = playback
      runtime = machine
    }
    return body(&machine, &playback)
  }

  /// The frame `draw` draws of the artboard's playback (a frame request's
  /// `draw(_:firstFrameOf:)`): its current state with the bound instance's values (the inputs
  /// set, the pointer events sent, the values bound); before the first advance, the machine's
  /// first frame, drawn from copies advanced by 0 s. Nil when the file cannot be evaluated.
  ///
  /// - Parameter draw: Draws the playback, given what to show the first frame of.
  /// - Returns: What `draw` returned.
  @MainActor
  package func drawFrame(
    _ draw: (inout ArtboardPlayback, ArtboardPlayback.FirstFrame?) -> DrawnArtboard
  ) -> DrawnArtboard? {
    let firstFrame = !hasAdvanced
    return withPlayback { machine, playback in
      draw(&playback, firstFrame ? .machine(machine) : nil)
    }
  }

  static func event(_ report: ReportedEvent, in artboard: ArtboardInstance) -> StateMachineEvent {
    let description = artboard.describeEvent(report.objectID)
    var properties: [String: StateMachineEvent.Property] = [:]
    for (name, value) in description.customProperties {
      switch value {
      case .bool(let flag): properties[name] = .bool(flag)
      case .string(let text): properties[name] = .string(text)
      case .number(let number): properties[name] = .number(number)
      }
    }
    return StateMachineEvent(
      name: description.name, type: Int(description.typeKey), delay: report.secondsDelay,
      url: description.url, target: description.target, properties: properties)
  }

  /// A stream that yields each time an advance reports that the state machine has settled
  /// (needs no more frames), to every live subscriber, as upstream.
  ///
  /// - Returns: The stream; it ends when its consumer stops or the state machine goes away.
  @MainActor
  public func settledStream() -> AsyncStream<Void> {
    subscribe(\.settled)
  }

  /// A stream of the events reported by each advance, in order.
  ///
  /// - Returns: The stream; it ends when its consumer stops or the state machine goes away.
  @MainActor
  public func eventStream() -> AsyncStream<StateMachineEvent> {
    subscribe(\.events)
  }

  /// A stream of the states the layers change to during each advance (named as
  /// ``stateChanges``).
  ///
  /// - Returns: The stream; it ends when its consumer stops or the state machine goes away.
  @MainActor
  public func stateChangeStream() -> AsyncStream<String> {
    subscribe(\.changes)
  }

  private func subscribe<Element>(
    _ keyPath: WritableKeyPath<Subscribers, [Int: AsyncStream<Element>.Continuation]>
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let id = subscribers.withLock { all in
      let id = all.next
      all.next += 1
      all[keyPath: keyPath][id] = continuation
      return id
    }
    continuation.onTermination = { [weak self] _ in
      self?.subscribers.withLock { $0.remove(id) }
    }
    return stream
  }

  /// Binds a view-model instance to the state machine and its artboard.
  ///
  /// The instance's values are the ones the artboard's data binds use: on each advance they
  /// flow into bound properties (and back for two-way binds), and the instance's value
  /// streams, dirty streams and legacy listeners are told about what the advance changed.
  ///
  /// - Parameter viewModelInstance: The instance.
  @MainActor
  public func bindViewModelInstance(_ viewModelInstance: ViewModelInstance) {
    bound = viewModelInstance
    guard var playback = artboard.playback else { return }
    artboard.playback = nil
    var machine = runtime
    runtime = nil
    playback.bind(viewModelInstance.node, machine: &machine)
    runtime = machine
    artboard.playback = playback
  }

  // MARK: - Inputs

  /// The inputs with their current values, in file order.
  @MainActor
  public var inputs: [Input] {
    declaredInputs.compactMap { input in
      currentValue(input.name).map { Input(name: input.name, value: $0) }
    }
  }

  @MainActor
  private func currentValue(_ name: String) -> Input.Value? {
    guard let runtime else { return values[name] }
    guard let index = runtime.inputIndex(named: name), index < runtime.inputs.count else {
      return nil
    }
    switch runtime.inputs[index] {
    case .bool(let flag): return .boolean(flag)
    case .number(let number): return .number(number)
    case .trigger(let fired, _): return .trigger(isFired: fired)
    case .none: return nil
    }
  }

  /// The value of a boolean input.
  ///
  /// - Parameter name: The input's name.
  /// - Returns: The current value.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such input or it is not a
  ///   boolean.
  @MainActor
  public func boolInput(named name: String) throws -> Bool {
    guard case .boolean(let value) = try value(of: name, expecting: "boolean") else {
      throw mismatch(name, expected: "boolean")
    }
    return value
  }

  /// The value of a number input.
  ///
  /// - Parameter name: The input's name.
  /// - Returns: The current value.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such input or it is not a
  ///   number.
  @MainActor
  public func numberInput(named name: String) throws -> Float {
    guard case .number(let value) = try value(of: name, expecting: "number") else {
      throw mismatch(name, expected: "number")
    }
    return value
  }

  /// Whether a trigger input was fired since the last ``advance(by:)``.
  ///
  /// - Parameter name: The input's name.
  /// - Returns: Whether it is fired.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such input or it is not a
  ///   trigger.
  @MainActor
  public func triggerInput(named name: String) throws -> Bool {
    guard case .trigger(let isFired) = try value(of: name, expecting: "trigger") else {
      throw mismatch(name, expected: "trigger")
    }
    return isFired
  }

  /// Sets a boolean input.
  ///
  /// - Parameters:
  ///   - name: The input's name.
  ///   - value: The new value.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such boolean input.
  @MainActor
  public func setInput(named name: String, to value: Bool) throws {
    _ = try boolInput(named: name)
    values[name] = .boolean(value)
    if let index = runtime?.inputIndex(named: name) { runtime?.setBool(index, value) }
  }

  /// Sets a number input.
  ///
  /// - Parameters:
  ///   - name: The input's name.
  ///   - value: The new value.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such number input.
  @MainActor
  public func setInput(named name: String, to value: Float) throws {
    _ = try numberInput(named: name)
    values[name] = .number(value)
    if let index = runtime?.inputIndex(named: name) { runtime?.setNumber(index, value) }
  }

  /// Fires a trigger input; it stays fired until the next ``advance(by:)``.
  ///
  /// - Parameter name: The input's name.
  /// - Throws: ``StateMachineError/error(_:)`` when there is no such trigger input.
  @MainActor
  public func fireTrigger(named name: String) throws {
    _ = try triggerInput(named: name)
    values[name] = .trigger(isFired: true)
    if let index = runtime?.inputIndex(named: name) { runtime?.fire(index) }
  }

  @MainActor
  private func value(of name: String, expecting kind: String) throws -> Input.Value {
    guard let value = currentValue(name) else {
      let names = declaredInputs.map(\.name)
      let known = names.isEmpty ? "it has no inputs" : "it has \(names.joined(separator: ", "))"
      throw StateMachineError.error(
        "state machine \"\(self.name)\" has no \(kind) input named \"\(name)\"; \(known).")
    }
    return value
  }

  @MainActor
  private func mismatch(_ name: String, expected: String) -> StateMachineError {
    let actual: String
    switch currentValue(name) {
    case .boolean: actual = "boolean"
    case .number: actual = "number"
    case .trigger: actual = "trigger"
    case nil: actual = "missing"
    }
    return .error(
      "input \"\(name)\" of state machine \"\(self.name)\" is a \(actual), not a \(expected).")
  }
}
