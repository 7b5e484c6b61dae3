import RiveCore

/// The one playing copy of an artboard that a ``RiveArtboard`` owns and that its state
/// machines and animations advance (the core's instances are values; this box is the one
/// place they live).
///
/// It also knows the values of the view-model instance bound to the artboard: ``mutate(_:)``
/// moves them into the instance for the work and back after it, so every advance runs the
/// artboard's data binds on the values both API generations read and write.
final class ArtboardInstanceBox {
  /// The instance; nil when the file cannot be evaluated.
  var instance: ArtboardInstance?
  /// The bound instance's values (nil when nothing is bound).
  private(set) var boundStore: ViewModelValueStore?

  init(_ instance: ArtboardInstance?) {
    self.instance = instance
  }

  /// Runs `body` on the instance in place (no copy of its values), with the bound values
  /// installed, or returns nil when there is none. Afterwards the values the runtime changed
  /// are reported to the bound instance's listeners' change flags and streams.
  func mutate<Result>(_ body: (inout ArtboardInstance) -> Result) -> Result? {
    guard var instance else { return nil }
    self.instance = nil
    let core = boundStore?.takeCore()
    if core != nil { instance.installViewModels(core) }
    let result = body(&instance)
    if core != nil {
      boundStore?.returnCore(instance.removeViewModels())
    } else {
      boundStore?.flush()
    }
    self.instance = instance
    return result
  }

  /// Binds `node`'s instance to the artboard and, when given, to `machine`.
  ///
  /// - Parameters:
  ///   - node: The instance.
  ///   - machine: The state machine driving the artboard, if any.
  func bind(_ node: ViewModelInstanceNode, machine: StateMachineBox?) {
    let previous = boundStore
    boundStore = node.store
    guard let root = node.coreInstance, var instance, let core = node.store.takeCore() else {
      return
    }
    self.instance = nil
    var runtime = machine?.machine
    machine?.machine = nil
    // The instance bound before gives its store's binds of this artboard up first.
    if let previous, previous !== node.store, let old = previous.takeCore() {
      instance.installViewModels(old)
      previous.returnCore(instance.unbindViewModels(machine: &runtime))
    }
    instance.bind(root, in: core, machine: &runtime)
    node.store.returnCore(instance.removeViewModels())
    machine?.machine = runtime
    self.instance = instance
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
