import RiveCore

/// Where a legacy input object reads and writes its value.
protocol InputTarget: AnyObject {
  /// The current value, nil when the input is gone.
  var current: InputValue? { get }
  /// Sets a boolean or number value, or fires a trigger (`.trigger`).
  func set(_ value: InputValue)
}

/// An input of a state machine, by name.
final class MachineInputTarget: InputTarget {
  private let machine: StateMachineBox
  private let name: String
  /// The value kept when the file cannot be evaluated.
  private var local: InputValue

  init(machine: StateMachineBox, name: String, initial: InputValue) {
    self.machine = machine
    self.name = name
    local = initial
  }

  var current: InputValue? {
    guard let runtime = machine.machine else { return local }
    guard let index = runtime.inputIndex(named: name), index < runtime.inputs.count else {
      return nil
    }
    return runtime.inputs[index]
  }

  func set(_ value: InputValue) {
    guard machine.machine != nil else {
      local = value
      return
    }
    guard let index = machine.machine?.inputIndex(named: name) else { return }
    switch value {
    case .bool(let flag): machine.machine?.setBool(index, flag)
    case .number(let number): machine.machine?.setNumber(index, number)
    case .trigger: machine.machine?.fire(index)
    case .none: break
    }
  }
}

/// An input of a state machine playing in a nested artboard, by name and artboard path.
final class NestedInputTarget: InputTarget {
  private let artboard: ArtboardInstanceBox
  private let name: String
  private let path: String

  init(artboard: ArtboardInstanceBox, name: String, path: String) {
    self.artboard = artboard
    self.name = name
    self.path = path
  }

  var current: InputValue? { artboard.instance?.nestedInput(named: name, path: path) }

  func set(_ value: InputValue) {
    _ = artboard.mutate { $0.setNestedInput(named: name, path: path, to: value) }
  }
}

/// An input that was not found: it reads as its type's zero value and ignores writes (upstream
/// returns a null object there, which Swift would trap on).
final class MissingInputTarget: InputTarget {
  var current: InputValue? { nil }
  func set(_ value: InputValue) {}
}
