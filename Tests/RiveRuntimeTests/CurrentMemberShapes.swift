import RiveRuntime

/// `import RiveRuntime` as this file's only import. The current-API members issue 14 names,
/// called in upstream's shapes (a non-throwing `value(of: ViewModelInstanceProperty)`, value
/// streams of every type, list edits, `Rive` equality), returning what they saw.
enum CurrentMemberShapes {
  struct Seen {
    var names: [String] = []
    var streamed: [String] = []
    var dirtyCount = 0
    var listSizes: [Int] = []
    var listOrder: [Float] = []
    var nested: Float = -1
    var equal: [Bool] = []
    var settled = false
    var runtimeValue: Float = -1
  }

  /// Works on `viewmodel_runtime_file.riv` (view model `vm` with a `child` view model).
  @MainActor
  static func run(bundle: Bundle) async throws -> Seen {
    var seen = Seen()
    let worker = try await Worker()
    let file = try await File(source: .local("viewmodel_runtime_file", bundle), worker: worker)
    let instance = try await file.createViewModelInstance(.blank(from: .name("vm")))
    seen.names = [try await instance.viewModelName(), try await instance.name()]

    let number = NumberProperty(path: "num")
    let string = StringProperty(path: "str")
    let flag = BoolProperty(path: "boo")
    let color = ColorProperty(path: "col")
    let choice = EnumProperty(path: "enu")
    let trigger = TriggerProperty(path: "tri")
    let numbers = instance.valueStream(of: number)
    let strings = instance.valueStream(of: string)
    let flags = instance.valueStream(of: flag)
    let colors = instance.valueStream(of: color)
    let fired = instance.stream(of: trigger)
    let dirty = instance.dirtyStream()

    let rive = try await Rive(file: file, dataBind: .instance(instance))
    instance.setValue(of: number, to: 7)
    instance.setValue(of: string, to: "seven")
    instance.setValue(of: flag, to: true)
    instance.setValue(of: color, to: Color(red: 0, green: 0, blue: 255))
    // Setting an enum to its current value is not a change (no stream delivery), as upstream.
    instance.setValue(of: choice, to: try await instance.value(of: choice))
    instance.fire(trigger: trigger)
    _ = rive.advance(by: 1.0 / 60)
    seen.settled = rive.stateMachine.isSettled

    var numberIterator = numbers.makeAsyncIterator()
    var stringIterator = strings.makeAsyncIterator()
    var flagIterator = flags.makeAsyncIterator()
    var colorIterator = colors.makeAsyncIterator()
    var firedIterator = fired.makeAsyncIterator()
    var dirtyIterator = dirty.makeAsyncIterator()
    seen.streamed.append("\(try await numberIterator.next() ?? -1)")
    seen.streamed.append(try await stringIterator.next() ?? "none")
    seen.streamed.append("\(try await flagIterator.next() ?? false)")
    seen.streamed.append("\(try await colorIterator.next()?.argbValue ?? 0)")
    seen.streamed.append(try await instance.value(of: choice))
    if try await firedIterator.next() != nil { seen.streamed.append("fired") }
    if await dirtyIterator.next() != nil { seen.dirtyCount += 1 }

    // Nested instance: value(of:) does not throw, as upstream.
    let child = instance.value(of: ViewModelInstanceProperty(path: "chi"))
    instance.setValue(of: NumberProperty(path: "chi/chi-num"), to: 4)
    seen.nested = try await child.value(of: NumberProperty(path: "chi-num"))

    // Lists.
    let list = ListProperty(path: "lis")
    seen.listSizes.append(try await instance.size(of: list))
    var items: [ViewModelInstance] = []
    for value in [Float(1), 2, 3] {
      let item = try await file.createViewModelInstance(.blank(from: .name("child")))
      item.setValue(of: NumberProperty(path: "chi-num"), to: value)
      items.append(item)
    }
    instance.appendInstance(items[0], to: list)
    instance.appendInstance(items[1], to: list)
    instance.insertInstance(items[2], to: list, at: 0)
    seen.listSizes.append(try await instance.size(of: list))
    instance.swapInstance(atIndex: 0, withIndex: 2, in: list)
    instance.removeInstance(at: 1, from: list)
    instance.removeInstance(items[0], from: list)
    seen.listSizes.append(try await instance.size(of: list))
    for index in 0..<Int32(try await instance.size(of: list)) {
      let item = instance.value(of: list, at: index)
      seen.listOrder.append(try await item.value(of: NumberProperty(path: "chi-num")))
    }

    // Artboard property.
    let artboard = try await file.createArtboard(.default)
    instance.setValue(of: ArtboardProperty(path: "art"), to: artboard)

    // Equality: the same file, artboard, state machine, instance, background and fit.
    let same = try await Rive(
      file: file, artboard: rive.artboard, stateMachine: rive.stateMachine,
      dataBind: .instance(instance))
    let other = try await Rive(
      file: file, artboard: rive.artboard, stateMachine: rive.stateMachine,
      dataBind: .instance(instance), backgroundColor: Color(red: 1, green: 2, blue: 3))
    seen.equal = [rive == same, rive == other]
    seen.runtimeValue = try await instance.value(of: number)
    return seen
  }
}
