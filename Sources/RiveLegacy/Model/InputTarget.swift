import RiveCore
import RiveFormat

/// Where a legacy input object reads and writes its value.
protocol InputTarget: AnyObject {
  /// The current value, nil when the input is gone.
  var current: InputValue? { get }
  /// Sets a boolean or number value, or fires a trigger (`.trigger`).
  func set(_ value: InputValue)
}

/// An input of a state machine, by name. It does not keep its machine alive (the machine
/// holds its inputs); once the machine is gone it keeps its last value locally.
final class MachineInputTarget: InputTarget {
  private weak var machine: RiveStateMachineInstance?
  private let name: String
  /// The value kept when the file cannot be evaluated or the machine is gone: the last one set
  /// or read.
  private var local: InputValue

  init(machine: RiveStateMachineInstance, name: String, initial: InputValue) {
    self.machine = machine
    self.name = name
    local = initial
  }

  var current: InputValue? {
    guard let runtime = machine?.runtime else { return local }
    guard let index = runtime.inputIndex(named: name), index < runtime.inputs.count else {
      return nil
    }
    local = runtime.inputs[index]
    return local
  }

  func set(_ value: InputValue) {
    guard let machine, machine.runtime != nil else {
      local = value
      return
    }
    if case .trigger = value {} else { local = value }
    guard let index = machine.runtime?.inputIndex(named: name) else { return }
    switch value {
    case .bool(let flag): machine.runtime?.setBool(index, flag)
    case .number(let number): machine.runtime?.setNumber(index, number)
    case .trigger: machine.runtime?.fire(index)
    case .none: break
    }
  }
}

/// An input of a state machine playing in a nested artboard, by name and artboard path (held
/// by its artboard, which it does not keep alive).
final class NestedInputTarget: InputTarget {
  private weak var artboard: RiveArtboard?
  private let name: String
  private let path: String

  init(artboard: RiveArtboard, name: String, path: String) {
    self.artboard = artboard
    self.name = name
    self.path = path
  }

  var current: InputValue? { artboard?.playback?.artboard.nestedInput(named: name, path: path) }

  func set(_ value: InputValue) {
    _ = artboard?.mutate { $0.setNestedInput(named: name, path: path, to: value) }
  }
}

/// An input that was not found: it reads as its type's zero value and ignores writes (upstream
/// returns a null object there, which Swift would trap on).
final class MissingInputTarget: InputTarget {
  var current: InputValue? { nil }
  func set(_ value: InputValue) {}
}
