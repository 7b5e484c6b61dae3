import RiveFormat

extension ArtboardInstance {
  /// Advances the state machine of an artboard swapped into nested artboard `index` (as the
  /// file's own nested state machines advance); true while it keeps going.
  mutating func advanceBoundMachine(
    _ index: Int, seconds: Float, newFrame: Bool, artboard: inout ArtboardInstance
  ) -> Bool {
    guard nested[index].boundMachine != nil else { return false }
    // Moved out (a bitwise swap), stepped in place, put back: binding it copied the machine.
    let hostID = model.nestedHosts[nested[index].hostIndex].id
    var machine: StateMachineInstance?
    swap(&machine, &nested[index].boundMachine)
    let keepGoing =
      machine?.inPlace {
        stepNestedMachine(
          &$0, seconds: seconds, newFrame: newFrame, hostID: hostID, artboard: &artboard)
      } ?? false
    swap(&machine, &nested[index].boundMachine)
    return keepGoing
  }

  /// One frame (or, between frames, one settling step) of a nested artboard's state machine,
  /// as its host advances it; the events it bubbles wait for this artboard's machine. True
  /// while it keeps going.
  mutating func stepNestedMachine(
    _ machine: inout StateMachineInstance, seconds: Float, newFrame: Bool, hostID: Int,
    artboard: inout ArtboardInstance
  ) -> Bool {
    var keepGoing = false
    if newFrame {
      if machine.advance(seconds, newFrame: true, artboard: &artboard) { keepGoing = true }
    } else if machine.tryChangeState(artboard: &artboard) {
      if machine.advance(seconds, newFrame: false, artboard: &artboard) { keepGoing = true }
    }
    machine.handleNestedEvents(artboard: &artboard)
    if !machine.bubblingEvents.isEmpty {
      nestedEvents.append((hostID, machine.bubblingEvents))
      machine.bubblingEvents.removeAll()
    }
    return keepGoing
  }
}

extension ViewModelStore {
  /// A bound artboard property swaps what a nested artboard shows: a new instance of the
  /// referenced artboard (with its first state machine) replaces the file's nested artboard
  /// and its animations, bound to the host's context. An empty value clears the nested
  /// artboard; a reference that cannot be shown keeps the current one.
  mutating func swapNestedArtboard(
    host id: Int, artboardIndex: UInt32, artboard: inout ArtboardInstance
  ) {
    guard let hostIndex = artboard.model.nestedHostIndex[id],
      let index = artboard.nested.firstIndex(where: { $0.hostIndex == hostIndex })
    else { return }
    let models = model.artboardModels
    var target: ArtboardModel?
    if artboardIndex != UInt32.max {
      guard Int(artboardIndex) < models.count,
        models[Int(artboardIndex)] !== artboard.model,
        artboard.nestingDepth + 1 < ArtboardInstance.maximumNestingDepth
      else { return }
      target = models[Int(artboardIndex)]
    }
    artboard.retireNestedStamp(index)
    // The authored players stop (the swapped-in artboard plays its own machine).
    artboard.nested[index].animations = artboard.nested[index].animations.map { _ in
      NestedArtboardInstance.Player()
    }
    artboard.nested[index].boundMachine = nil
    guard let target else {
      artboard.nested[index].artboard = nil
      artboard.needsUpdate = true
      return
    }
    var child = ArtboardInstance(model: target, depth: artboard.nestingDepth + 1)
    // A nested artboard hears its host's opacity when that opacity changes; the artboard
    // swapped in takes the host's opacity now, as the host's own artboard had it (else it
    // stays at 0, invisible, until the host's opacity changes).
    if id >= 0, id < artboard.geometry.renderOpacities.count {
      child.geometry.hostOpacity = artboard.geometry.renderOpacities[id]
    }
    if let fonts = artboard.textCache.layoutFonts { child.measureText(with: fonts) }
    // It solves layout as its host does (its own tree until a layout hosts it).
    if artboard.solvesLayout { child.solveLayout(true) }
    var machine: StateMachineInstance?
    if !(target.stateMachines.first?.isSynthetic ?? true) {
      machine = StateMachineInstance(artboard: child, index: 0)
      // Its layers seed the C library's generator again (deterministic mode), before the
      // swapped-in artboard's binds draw from it.
      if machine?.machine.layers.isEmpty == false { random = CLibraryRandom(seed: 1) }
    }
    let context = artboard.bindContainer >= 0 ? containers[Int(artboard.bindContainer)].context : -1
    if context >= 0 {
      let childContext = swappedInContext(
        &artboard, index: index, host: id, target: target, context: context)
      bindArtboard(&child, context: childContext)
      if var bound = machine {
        bindMachine(&bound, artboard: &child, context: childContext)
        machine = bound
      }
    }
    artboard.nested[index].artboard = child
    artboard.nested[index].boundMachine = machine
    artboard.nested[index].isDirty = true
    artboard.needsUpdate = true
    artboard.applyOriginOverride(nested: index)
  }
}

extension ViewModelStore {
  /// The context an artboard swapped into nested artboard `index` binds in. A nested artboard
  /// that holds an instance of its own (a stateful component) binds an artboard of that
  /// instance's view model to it; an artboard of another view model gets an instance of its
  /// own view model's default, made once and kept while the artboards swapped in share that
  /// view model (swapped back to the held instance's view model, the held instance binds
  /// again), and an artboard without a view model binds in the host's context, as the
  /// runtime's nested artboard does. Any other nested artboard binds as it always does.
  fileprivate mutating func swappedInContext(
    _ artboard: inout ArtboardInstance, index: Int, host: Int, target: ArtboardModel,
    context: Int32
  ) -> Int32 {
    let embedded = embeddedContext(artboard, host: host)
    guard embedded.main >= 0 else { return nestedContext(artboard, host: host, context: context) }
    guard let targetViewModel = model.artboards[target.index].viewModel else { return context }
    if viewModel(of: embedded.main) == targetViewModel {
      return nestedContext(artboard, host: host, context: context)
    }
    var owned = artboard.nested[index].ownedInstance
    if owned < 0 || viewModel(of: owned) != targetViewModel {
      owned = defaultInstance(of: targetViewModel)
      artboard.nested[index].ownedInstance = owned
    }
    guard owned >= 0 else { return context }
    return makeContext(instances: [owned] + embedded.globals, parent: context)
  }
}
