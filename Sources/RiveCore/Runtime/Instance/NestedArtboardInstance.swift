import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// A nested artboard playing inside its host: the nested artboard's own instance and the state
/// machines and animations that drive it.
struct NestedArtboardInstance: Sendable {
  /// The host's index in ``ArtboardModel/nestedHosts``.
  let hostIndex: Int
  /// The nested artboard's instance, in a box of its own: a frame moves the box (8 bytes) out
  /// of the host and back around the nested artboard's work, not the instance (1.4 KB,
  /// several times a frame). Hot paths work on it with ``OutOfLine/withValue(_:)``.
  var mount = OutOfLine<ArtboardInstance>()
  /// The nested artboard's instance (nil when its artboard is missing or nested too deep).
  var artboard: ArtboardInstance? {
    get { mount.value }
    set { mount.value = newValue }
    _modify { yield &mount.value }
  }
  /// Whether the nested artboard has an instance.
  var hasArtboard: Bool { mount.hasValue }
  var animations: [Player]
  /// Time held back by quantization.
  var cumulatedSeconds: Float = 0
  /// Whether the host component has update work (its nested artboard changed).
  var isDirty = false
  /// The state machine of an artboard swapped in through a bound artboard property.
  var boundMachine: StateMachineInstance?
  /// The store handle of the instance made for an artboard swapped into a stateful nested
  /// artboard whose held instance is of another view model (-1 while there is none): kept for
  /// the next artboard of the same view model.
  var ownedInstance: Int32 = -1

  /// What drives a nested artboard: a state machine or a linear animation. The two live in
  /// optional stored properties, so a frame advances them in place through the optional (an
  /// enum's payload had to be moved out and put back, and that copied the machine).
  struct Player: Sendable {
    /// The machine, in a box of its own: a frame moves the box (8 bytes) out of the host and
    /// back around the machine's step, not the machine (264 bytes).
    var boxedMachine = OutOfLine<StateMachineInstance>()
    var animation: AnimationInstance? = nil

    var machine: StateMachineInstance? {
      get { boxedMachine.value }
      set { boxedMachine.value = newValue }
      _modify { yield &boxedMachine.value }
    }

    /// A state-machine player (nil when the machine could not be made).
    static func machine(_ machine: StateMachineInstance?) -> Player {
      var player = Player()
      player.boxedMachine.value = machine
      return player
    }

    /// A linear-animation player (nil when the animation could not be made).
    static func animation(_ animation: AnimationInstance?) -> Player {
      Player(animation: animation)
    }
  }

  /// Makes the nested instance, `depth` levels down (nesting stops at a fixed depth).
  init(hostIndex: Int, host: NestedHost, depth: Int) {
    self.hostIndex = hostIndex
    guard let model = host.artboard, depth < ArtboardInstance.maximumNestingDepth else {
      animations = host.animations.map { _ in .animation(nil) }
      return
    }
    let instance = ArtboardInstance(model: model, depth: depth + 1)
    mount.value = instance
    animations = host.animations.map { animation in
      switch animation.kind {
      case .stateMachine:
        return .machine(StateMachineInstance(artboard: instance, index: animation.index))
      case .simple, .remap:
        return .animation(AnimationInstance(artboard: model, index: animation.index))
      }
    }
  }
}

extension ArtboardInstance {
  /// How deep artboards may nest inside one another; deeper references are left empty.
  static let maximumNestingDepth = 16

  /// The hosted nested artboards' instances (for drawing and inspection).
  var nestedArtboards: [NestedArtboardInstance] { nested }

  /// Sets up nested artboards: initial input values and remapped times.
  mutating func startNested() {
    for index in nested.indices {
      applyOriginOverride(nested: index)
      let host = model.nestedHosts[nested[index].hostIndex]
      for (position, animation) in host.animations.enumerated() {
        switch animation.kind {
        case .stateMachine:
          for input in animation.inputs {
            guard let type = typeKey(of: input.id) else { continue }
            if TypeTable.shared.isA(type, UInt16(TypeKey.nestedBool)) {
              applyNestedInput(
                nested: index, player: position, input: input.input,
                bits: uint(input.id, Slot.nestedBoolNestedValue), isBool: true)
            } else if TypeTable.shared.isA(type, UInt16(TypeKey.nestedNumber)) {
              applyNestedInput(
                nested: index, player: position, input: input.input,
                bits: uint(input.id, Slot.nestedNumberNestedValue), isBool: false)
            }
          }
        case .remap:
          remapTime(nested: index, player: position, componentID: animation.id)
        case .simple:
          break
        }
      }
    }
  }

  private mutating func applyNestedInput(
    nested index: Int, player: Int, input: Int, bits: UInt32, isBool: Bool
  ) {
    if isBool {
      nested[index].animations[player].machine?.setBool(input, bits != 0)
    } else {
      nested[index].animations[player].machine?.setNumber(input, Float(bitPattern: bits))
    }
  }

  /// Where a nested input component sits: nested artboard, player, machine input index.
  func nestedInputLocation(_ componentID: Int) -> (nested: Int, player: Int, input: Int)? {
    guard componentID >= 0, componentID < model.parents.count else { return nil }
    let machineID = model.parents[componentID]
    guard machineID >= 0 else { return nil }
    let hostID = model.parents[machineID]
    guard let hostIndex = model.nestedHostIndex[hostID] else { return nil }
    let host = model.nestedHosts[hostIndex]
    guard let player = host.animations.firstIndex(where: { $0.id == machineID }),
      let input = host.animations[player].inputs.first(where: { $0.id == componentID })
    else { return nil }
    guard let nestedIndex = nested.firstIndex(where: { $0.hostIndex == hostIndex }) else {
      return nil
    }
    return (nestedIndex, player, input.input)
  }

  /// The current value of a nested input (nested inputs read through to the nested machine).
  func nestedInputValue(_ componentID: Int) -> InputValue? {
    guard let location = nestedInputLocation(componentID),
      let inputs = nested[location.nested].animations[location.player].machine?.inputs,
      location.input < inputs.count
    else { return nil }
    return inputs[location.input]
  }

  /// Runs a listener action's change of a nested input (a bool set, cleared or toggled, a
  /// number set, a trigger fired), as the runtime's `ListenerBoolChange` and its siblings do.
  mutating func performNestedInputChange(_ change: StateMachineModel.ListenerAction.Kind) {
    switch change {
    case .boolChange(_, let nested?, let value):
      let current: Bool
      if case .bool(let flag)? = nestedInputValue(nested) {
        current = flag
      } else {
        current = false
      }
      // 0 false, 1 true, 2 toggle.
      setNestedInput(nested, value: .bool(value == 2 ? !current : value == 1))
    case .numberChange(_, let nested?, let value):
      setNestedInput(nested, value: .number(value))
    case .triggerChange(_, let nested?):
      setNestedInput(nested, value: .trigger(fired: true, usedLayers: 0))
    default:
      break
    }
  }

  /// Writes a nested input through to its nested machine (when it differs).
  mutating func setNestedInput(_ componentID: Int, value: InputValue) {
    guard let location = nestedInputLocation(componentID) else { return }
    let (index, player) = (location.nested, location.player)
    switch value {
    case .bool(let flag): nested[index].animations[player].machine?.setBool(location.input, flag)
    case .number(let number):
      nested[index].animations[player].machine?.setNumber(location.input, number)
    case .trigger: nested[index].animations[player].machine?.fire(location.input)
    case .none: break
    }
  }

  /// Seeks a remapped nested animation to its host's `time` (0…1 of the animation).
  mutating func remapTime(nested index: Int, player: Int, componentID: Int) {
    guard let model = nested[index].animations[player].animation?.animation else { return }
    let time = float(componentID, Slot.nestedRemapAnimationTime)
    nested[index].animations[player].animation?.setTime(
      model.globalToLocalSeconds(model.durationSeconds * time))
  }

  /// The remap time property of a nested animation changed.
  mutating func nestedRemapTimeChanged(_ componentID: Int) {
    let hostID = model.parents[componentID]
    guard hostID >= 0, let hostIndex = model.nestedHostIndex[hostID],
      let index = nested.firstIndex(where: { $0.hostIndex == hostIndex }),
      let player = model.nestedHosts[hostIndex].animations.firstIndex(where: {
        $0.id == componentID
      })
    else { return }
    remapTime(nested: index, player: player, componentID: componentID)
  }

  // MARK: - Advancing

  /// Advances nested artboard `index` as its host component does each frame.
  mutating func advanceNested(_ index: Int, seconds: Float, newFrame: Bool) -> Bool {
    let hostIndex = nested[index].hostIndex
    // The host's fields read where they are: a copy of the host retained and released its
    // artboard and animation list every frame.
    let model = model
    let id = model.nestedHosts[hostIndex].id
    guard nested[index].hasArtboard, !isCollapsed(id), !bool(id, Slot.nestedArtboardIsPaused)
    else { return false }
    let speed = float(id, Slot.nestedArtboardSpeed)
    let quantize = float(id, Slot.nestedArtboardQuantize)
    var local = seconds * (speed >= 0 ? speed : 1)
    if quantize >= 0 {
      nested[index].cumulatedSeconds += local
      let step = 1 / quantize
      if nested[index].cumulatedSeconds > step {
        local = (nested[index].cumulatedSeconds / step).rounded(.down) * step
        nested[index].cumulatedSeconds -= local
      } else {
        local = 0
      }
    }
    if local == 0 && quantize >= 0 && newFrame { return true }
    // Its box moved out and the instance worked on where it lives, then the box moved back:
    // the host's own state is used meanwhile.
    var mounted = OutOfLine<ArtboardInstance>()
    swap(&mounted, &nested[index].mount)
    let result = mounted.withValue { artboard in
      var keepGoing = false
      // Where the host last placed it, for computed root coordinates.
      if id < geometry.worldTransforms.count {
        artboard.geometry.hostToRoot = geometry.hostToRoot * geometry.worldTransforms[id]
      }
      // Lent to the nested artboard only when there is one (an empty optional still moved its
      // whole size).
      swap(&storeBox, &artboard.storeBox)
      artboard.absorbBindingDirt()
      for position in nested[index].animations.indices {
        let animationID = model.nestedHosts[hostIndex].animations[position].id
        let animationKind = model.nestedHosts[hostIndex].animations[position].kind
        // Its box moved out and the machine stepped where it lives: the host's step reaches
        // into `self`, so the machine cannot stay inside it meanwhile.
        var machine = OutOfLine<StateMachineInstance>()
        swap(&machine, &nested[index].animations[position].boxedMachine)
        if machine.hasValue {
          let more =
            machine.withValue {
              stepNestedMachine(
                &$0, seconds: local, newFrame: newFrame, hostID: id, artboard: &artboard)
            } ?? false
          if more { keepGoing = true }
          swap(&machine, &nested[index].animations[position].boxedMachine)
        } else if newFrame, nested[index].animations[position].animation != nil {
          var player: AnimationInstance?
          swap(&player, &nested[index].animations[position].animation)
          let mix = float(animationID, Slot.nestedLinearAnimationMix)
          if animationKind == .simple {
            if bool(animationID, Slot.nestedSimpleAnimationIsPlaying) {
              var callbacks: [KeyedCallbackReport] = []
              let speed = float(animationID, Slot.nestedSimpleAnimationSpeed)
              if player?.advance(local * speed, callbacks: &callbacks) == true { keepGoing = true }
              let events = artboard.applyCallbacks(callbacks)
              if !events.isEmpty { nestedEvents.append((id, events)) }
            }
          }
          if mix != 0 { player?.apply(to: &artboard, mix: mix) }
          swap(&player, &nested[index].animations[position].animation)
        }
      }
      if advanceBoundMachine(index, seconds: local, newFrame: newFrame, artboard: &artboard) {
        keepGoing = true
      }
      if artboard.advanceInternal(local, newFrame: newFrame) { keepGoing = true }
      artboard.absorbBindingDirt()
      swap(&storeBox, &artboard.storeBox)
      if artboard.needsUpdate {
        nested[index].isDirty = true
        needsUpdate = true
      }
      return keepGoing
    }
    swap(&mounted, &nested[index].mount)
    return result ?? false
  }
}

extension LinearAnimationModel {
  /// Maps a time on a global timeline into the animation's own time, per its loop mode.
  func globalToLocalSeconds(_ seconds: Float) -> Float {
    func positiveMod(_ value: Float, _ range: Float) -> Float {
      guard range > 0 else { return 0 }
      let value = fmodf(value, range)
      return value < 0 ? value + range : value
    }
    switch loop {
    case .oneShot:
      return seconds + startTime
    case .loop:
      return positiveMod(seconds, durationSeconds) + startTime
    case .pingPong:
      let localTime = positiveMod(seconds, durationSeconds)
      let direction = durationSeconds > 0 ? (seconds / durationSeconds).saturatingInt % 2 : 0
      return direction == 0 ? localTime + startTime : endTime - localTime
    }
  }
}
