import RiveCore

/// The one playing copy of an artboard that a ``RiveArtboard`` owns and that its state
/// machines and animations advance (the core's instances are values; this box is the one
/// place they live).
final class ArtboardInstanceBox {
  /// The instance; nil when the file cannot be evaluated.
  var instance: ArtboardInstance?

  init(_ instance: ArtboardInstance?) {
    self.instance = instance
  }

  /// Runs `body` on the instance in place (no copy of its values), or returns nil when there
  /// is none.
  func mutate<Result>(_ body: (inout ArtboardInstance) -> Result) -> Result? {
    guard var instance else { return nil }
    self.instance = nil
    defer { self.instance = instance }
    return body(&instance)
  }
}

/// The one running copy of a state machine, shared by a ``RiveStateMachineInstance`` and its
/// input objects.
final class StateMachineBox {
  /// The machine; nil when the file cannot be evaluated.
  var machine: StateMachineInstance?

  init(_ machine: StateMachineInstance?) {
    self.machine = machine
  }
}
