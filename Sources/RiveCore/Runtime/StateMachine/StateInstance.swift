/// The running part of a layer state: an animation's playback, a blend of several, or nothing.
struct StateInstance: Sendable {
  /// The state's index in its layer.
  let stateIndex: Int
  var runtime: Runtime

  enum Runtime: Sendable {
    case animation(AnimationInstance, speed: Float, keepGoing: Bool)
    case blend1D(
      BlendPlayers, source: StateMachineModel.BlendSource, reset: AnimationResetSnapshot?)
    case blendDirect(BlendPlayers, sources: [StateMachineModel.BlendAnimationDirect.Source])
    case system
  }

  /// The animations of a blend state with their mixes and blend values.
  struct BlendPlayers: Sendable {
    var players: [AnimationInstance?]
    var mixes: [Float]
    var values: [Float]
    /// The blend-animation index of each player in the state's list.
    var blendIndices: [Int]
  }

  init(stateIndex: Int, state: StateMachineModel.State, artboard: ArtboardInstance) {
    self.stateIndex = stateIndex
    let animations = artboard.model.animations
    func player(_ index: Int?) -> AnimationInstance {
      if let index, index < animations.count {
        return AnimationInstance(animation: animations[index], index: index)
      }
      return AnimationInstance(animation: .empty, index: -1)
    }
    switch state.kind {
    case .animation(let index, let speed):
      runtime = .animation(player(index), speed: speed, keepGoing: true)
    case .blend1D(let source, let blends):
      let players = BlendPlayers(
        players: blends.map { blend in blend.animation.map { player($0) } },
        mixes: [Float](repeating: 0, count: blends.count), values: blends.map(\.value),
        blendIndices: Array(blends.indices))
      var reset: AnimationResetSnapshot?
      if state.resets {
        reset = AnimationResetSnapshot(
          animations: blends.compactMap { $0.animation.map { animations[$0] } }, artboard: artboard,
          useFirstAsBaseline: true)
      }
      runtime = .blend1D(players, source: source, reset: reset)
    case .blendDirect(let blends):
      let players = BlendPlayers(
        players: blends.map { blend in blend.animation.map { player($0) } },
        mixes: [Float](repeating: 0, count: blends.count), values: [],
        blendIndices: Array(blends.indices))
      runtime = .blendDirect(players, sources: blends.map(\.source))
    case .entry, .exit, .any, .system:
      runtime = .system
    }
  }

  /// The animation playing in an animation state.
  var animationInstance: AnimationInstance? {
    if case .animation(let player, _, _) = runtime { return player }
    return nil
  }

  var keepGoing: Bool {
    switch runtime {
    case .animation(_, _, let keepGoing): return keepGoing
    case .blend1D, .blendDirect: return true
    case .system: return false
    }
  }

  mutating func clearSpilledTime() {
    if case .animation(var player, let speed, let keepGoing) = runtime {
      player.clearSpilledTime()
      runtime = .animation(player, speed: speed, keepGoing: keepGoing)
    }
  }

  /// Advances the state's animations; blend mixes are read from `machine`'s inputs.
  mutating func advance(
    _ seconds: Float, inputs: [InputValue], bindable: (Int) -> Float?,
    callbacks: inout [KeyedCallbackReport]
  ) {
    // Moved out (`.system` left behind) so that the blend's arrays are uniquely referenced and
    // change in place; every case puts its runtime back.
    let current = runtime
    runtime = .system
    switch consume current {
    case .animation(var player, let speed, _):
      let keepGoing = player.advance(seconds * speed, callbacks: &callbacks)
      runtime = .animation(player, speed: speed, keepGoing: keepGoing)
    case .blend1D(var blend, let source, let reset):
      blend.advancePlayers(seconds, callbacks: &callbacks)
      var value: Float = 0
      switch source {
      case .input(let index):
        if index < inputs.count, case .number(let number) = inputs[index] { value = number }
      case .bindable(let record):
        value = bindable(record) ?? 0
      case .none:
        break
      }
      blend.updateMixes1D(value)
      runtime = .blend1D(blend, source: source, reset: reset)
    case .blendDirect(var blend, let sources):
      blend.advancePlayers(seconds, callbacks: &callbacks)
      for (index, source) in sources.enumerated() {
        switch source {
        case .mixValue(let value):
          blend.mixes[index] = min(1, max(0, value / 100))
        case .bindable(let record):
          guard let record, let value = bindable(record) else { continue }
          blend.mixes[index] = min(1, max(0, value / 100))
        case .input(let input):
          var value: Float = 0
          if input < inputs.count, case .number(let number) = inputs[input] { value = number }
          blend.mixes[index] = min(1, max(0, value / 100))
        }
      }
      runtime = .blendDirect(blend, sources: sources)
    case .system:
      break
    }
  }

  func apply(to artboard: inout ArtboardInstance, mix: Float) {
    switch runtime {
    case .animation(let player, _, _):
      player.apply(to: &artboard, mix: mix)
    case .blend1D(let blend, _, let reset):
      reset?.apply(to: &artboard)
      blend.apply(to: &artboard, mix: mix)
    case .blendDirect(let blend, _):
      blend.apply(to: &artboard, mix: mix)
    case .system:
      break
    }
  }

  /// The player of blend animation `blendIndex` in a blend state.
  func blendPlayer(_ blendIndex: Int) -> AnimationInstance? {
    switch runtime {
    case .blend1D(let blend, _, _), .blendDirect(let blend, _):
      guard blendIndex >= 0, blendIndex < blend.players.count else { return nil }
      return blend.players[blendIndex]
    default:
      return nil
    }
  }
}

extension StateInstance.BlendPlayers {
  mutating func advancePlayers(_ seconds: Float, callbacks: inout [KeyedCallbackReport]) {
    for index in players.indices {
      guard var player = players[index], player.keepGoing else { continue }
      player.advance(seconds, callbacks: &callbacks)
      players[index] = player
    }
  }

  /// Picks the two animations around `value` and their mixes (binary search over the blend
  /// values in file order, as the official runtime does).
  mutating func updateMixes1D(_ value: Float) {
    var index = 0
    var start = 0
    var end = values.count - 1
    while start <= end {
      let middle = (start + end) >> 1
      let closest = values[middle]
      if closest < value {
        start = middle + 1
      } else if closest > value {
        end = middle - 1
      } else {
        start = middle
        index = middle
        break
      }
      index = start
    }
    let count = values.count
    let hasTo = index >= 0 && index < count
    let hasFrom = index - 1 >= 0 && index - 1 < count
    let toValue: Float = hasTo ? values[index] : 0
    let fromValue: Float = hasFrom ? values[index - 1] : 0
    var mix: Float = 1
    var mixFrom: Float = 1
    if hasTo && hasFrom && toValue != fromValue {
      mix = (value - fromValue) / (toValue - fromValue)
      mixFrom = 1 - mix
    }
    for position in 0..<count {
      let animationValue = values[position]
      if hasTo && animationValue == toValue {
        mixes[position] = mix
      } else if hasFrom && animationValue == fromValue {
        mixes[position] = mixFrom
      } else {
        mixes[position] = 0
      }
    }
  }

  func apply(to artboard: inout ArtboardInstance, mix: Float) {
    for index in players.indices {
      let strength = mix * mixes[index]
      if strength == 0 { continue }
      players[index]?.apply(to: &artboard, mix: strength)
    }
  }
}

extension LinearAnimationModel {
  /// The animation an animation state plays when its animation is missing: nothing keyed.
  static let empty = LinearAnimationModel(
    name: "", fps: 60, duration: 60, speed: 1, loop: .oneShot, workStart: UInt32.max,
    workEnd: UInt32.max, enableWorkArea: false, quantize: false, keyedObjects: [])
}
