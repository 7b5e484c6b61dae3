import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// Writes small files with view models and data binds for the data-binding tests.
private struct BindingFile {
  var writer = RiveObjectWriter()

  init() { writer.object(TypeKey.backboard) }

  mutating func viewModel(_ name: String, _ properties: [(UInt32, String)]) {
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string(name))])
    for (type, property) in properties {
      writer.object(type, [(PropertyKey.viewModelComponentName, .string(property))])
    }
  }

  mutating func instance(
    viewModel: UInt64, name: String = "", _ values: [(UInt32, [(UInt16, RiveObjectWriter.Value)])]
  ) {
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(viewModel)),
        (PropertyKey.componentName, .string(name)),
      ])
    for (type, properties) in values { writer.object(type, properties) }
  }

  mutating func artboard(viewModel: UInt64?) {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.componentName, .string("Artboard")),
      (PropertyKey.layoutComponentWidth, .float(100)),
      (PropertyKey.layoutComponentHeight, .float(100)),
    ]
    if let viewModel { properties.append((PropertyKey.artboardViewModelId, .uint(viewModel))) }
    writer.object(TypeKey.artboard, properties)
  }

  /// A context bind to the object written just before.
  mutating func bind(
    _ key: UInt16, path: [UInt32], flags: UInt64 = 0, converter: UInt64? = nil
  ) {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.dataBindPropertyKey, .uint(UInt64(key))),
      (PropertyKey.dataBindContextSourcePathIds, .bytes(RiveObjectWriter.pathBytes(path))),
    ]
    if flags != 0 { properties.append((PropertyKey.dataBindFlags, .uint(flags))) }
    if let converter { properties.append((PropertyKey.dataBindConverterId, .uint(converter))) }
    writer.object(TypeKey.dataBindContext, properties)
  }

  mutating func object(_ type: UInt32, _ properties: [(UInt16, RiveObjectWriter.Value)] = []) {
    writer.object(type, properties)
  }

  func file() throws -> RuntimeFile { try RuntimeFile(data: Data(writer.bytes)) }
}

private func number(_ value: Float) -> RiveObjectWriter.Value { .float(value) }

private func value(_ value: Int) -> (UInt16, RiveObjectWriter.Value) {
  (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(UInt64(value)))
}

@Suite("Runtime data binding")
struct DataBindingTests {
  /// A view model with one number (`x`, 42) bound to a shape's x, optionally through
  /// converter 0 (written by `converters`).
  private func shapeFile(
    value initial: Float = 42, flags: UInt64 = 0, converters: (inout BindingFile) -> Void = { _ in }
  ) throws -> RuntimeFile {
    var file = BindingFile()
    var hasConverter = false
    let before = file.writer.bytes.count
    converters(&file)
    hasConverter = file.writer.bytes.count != before
    file.viewModel("Main", [(TypeKey.viewModelPropertyNumber, "x")])
    file.instance(
      viewModel: 0,
      [
        (
          TypeKey.viewModelInstanceNumber,
          [value(0), (PropertyKey.viewModelInstanceNumberPropertyValue, number(initial))]
        )
      ])
    file.artboard(viewModel: 0)
    file.object(TypeKey.shape, [(PropertyKey.componentParentId, .uint(0))])
    file.bind(PropertyKey.nodeX, path: [0, 0], flags: flags, converter: hasConverter ? 0 : nil)
    return try file.file()
  }

  private func shapeX(_ file: RuntimeFile, after frames: Int = 1, seconds: Float = 1.0 / 60)
    -> (Float, ArtboardInstance)
  {
    var artboard = file.artboards[0].instance()
    artboard.bindDefaultViewModel(file: file)
    for _ in 0..<frames { _ = artboard.advance(seconds) }
    return (artboard.float(1, Slot.nodeX), artboard)
  }

  @Test("a number flows into a bound property on advance")
  func numberToTarget() throws {
    let file = try shapeFile()
    var (x, artboard) = shapeX(file)
    #expect(x == 42)
    #expect(artboard.withViewModels { $0.setValue(.number(7), at: "x") } == true)
    _ = artboard.advance(0)
    x = artboard.float(1, Slot.nodeX)
    #expect(x == 7)
    let changed = artboard.withViewModels { $0.takeChangedValues() } ?? []
    #expect(changed.count == 1)
    #expect(artboard.viewModels?.name(of: changed[0]) == "x")
    #expect(artboard.viewModels?.value(at: "x") == .number(7))
  }

  @Test("the bound view model's name is reported and unbound artboards stay untouched")
  func boundName() throws {
    let file = try shapeFile()
    var artboard = file.artboards[0].instance()
    #expect(artboard.bindDefaultViewModel(file: file) == "Main")
    #expect(artboard.viewModels?.root != nil)
    var unbound = file.artboards[0].instance()
    _ = unbound.advance(0)
    #expect(unbound.float(1, Slot.nodeX) == 0)
    #expect(unbound.viewModels == nil)
  }

  @Test("an operation converter multiplies on the way to the target")
  func operationConverter() throws {
    let file = try shapeFile(value: 3) { file in
      file.object(
        TypeKey.dataConverterOperationValue,
        [
          (PropertyKey.dataConverterOperationOperationType, .uint(2)),
          (PropertyKey.dataConverterOperationValueOperationValue, number(2.5)),
        ])
    }
    #expect(shapeX(file).0 == 7.5)
  }

  @Test("a range mapper maps and clamps")
  func rangeMapper() throws {
    let file = try shapeFile(value: 15) { file in
      file.object(
        TypeKey.dataConverterRangeMapper,
        [
          (PropertyKey.dataConverterRangeMapperFlags, .uint(3)),
          (PropertyKey.dataConverterRangeMapperMinInput, number(0)),
          (PropertyKey.dataConverterRangeMapperMaxInput, number(10)),
          (PropertyKey.dataConverterRangeMapperMinOutput, number(0)),
          (PropertyKey.dataConverterRangeMapperMaxOutput, number(100)),
        ])
    }
    #expect(shapeX(file).0 == 100)
  }

  @Test("a formula computes with its input")
  func formula() throws {
    let file = try shapeFile(value: 4) { file in
      file.object(TypeKey.dataConverterFormula)
      file.object(TypeKey.formulaTokenInput)
      file.object(
        TypeKey.formulaTokenOperation, [(PropertyKey.formulaTokenOperationOperationType, .uint(2))])
      file.object(
        TypeKey.formulaTokenValue, [(PropertyKey.formulaTokenValueOperationValue, number(3))])
      file.object(
        TypeKey.formulaTokenOperation, [(PropertyKey.formulaTokenOperationOperationType, .uint(0))])
      file.object(
        TypeKey.formulaTokenValue, [(PropertyKey.formulaTokenValueOperationValue, number(1))])
    }
    // 4 × 3 + 1 with multiplication first.
    #expect(shapeX(file).0 == 13)
  }

  /// The shape file with a 1 s linear interpolator on its bound x, bound, advanced by 0 and
  /// twice by 0.25 s (until then a converter takes a new value at once), then given 100.
  func interpolatingTo100() throws -> ArtboardInstance {
    let file = try shapeFile(value: 0) { file in
      file.object(
        TypeKey.dataConverterInterpolator,
        [(PropertyKey.dataConverterInterpolatorDuration, number(1))])
    }
    var artboard = file.artboards[0].instance()
    artboard.bindDefaultViewModel(file: file)
    _ = artboard.advance(0)
    _ = artboard.advance(0.25)
    _ = artboard.advance(0.25)
    artboard.withViewModels { $0.setValue(.number(100), at: "x") }
    return artboard
  }

  @Test("an interpolator eases toward a new value over its duration and keeps going meanwhile")
  func interpolator() throws {
    var artboard = try interpolatingTo100()
    _ = artboard.advance(0.25)
    #expect(artboard.float(1, Slot.nodeX) == 0)
    #expect(artboard.advance(0.25) == true)
    #expect(abs(artboard.float(1, Slot.nodeX) - 25) < 1e-3)
    for _ in 0..<6 { _ = artboard.advance(0.25) }
    #expect(artboard.float(1, Slot.nodeX) == 100)
    #expect(artboard.advance(0.25) == false)
  }

  @Test("an interpolator that smooths into a new target goes on from where that ended")
  func interpolatorSmoothing() throws {
    // Duration 1 s, linear, steps of 0.25 s; two steps first (until then a converter takes a
    // new value at once). Each frame advances the converter, then the bind converts the
    // source. 0 → 100 starts at frame 1 and reaches 25 and 50; at frame 4 it
    // reaches 75 and the source becomes 200: a second animation from 75 to 200 starts,
    // smoothing out of the first. Frame 5: the first's point at its 0.75 s (75) is the
    // second's start, the second at 0.25 s: 75 + 0.25 × 125 = 106.25. Frame 6: the first is
    // at its end (100), so the smoothing ends: the first takes on the second (100 → 200 at
    // 0.25 s, copied before this step) while the step still advances the second, to 0.5 s:
    // 150. Frame 7 goes on from the copy, 0.25 s behind: 0.5 s again, 150; then 175, 200.
    var artboard = try interpolatingTo100()
    var seen: [Float] = []
    for frame in 1...9 {
      if frame == 4 { artboard.withViewModels { $0.setValue(.number(200), at: "x") } }
      _ = artboard.advance(0.25)
      seen.append(artboard.float(1, Slot.nodeX))
    }
    let expected: [Float] = [0, 25, 50, 75, 106.25, 150, 150, 175, 200]
    #expect(zip(seen, expected).allSatisfy { abs($0 - $1) < 1e-3 }, "\(seen)")
  }

  @Test("a bind to source writes the target's value into the view model")
  func toSource() throws {
    let file = try shapeFile(value: 5, flags: 1)
    var artboard = file.artboards[0].instance()
    artboard.bindDefaultViewModel(file: file)
    _ = artboard.advance(0)
    // The shape's authored x (0) goes to the view model.
    #expect(artboard.viewModels?.value(at: "x") == .number(0))
    artboard.setFloat(1, offset: Slot.nodeX, key: PropertyKey.nodeX, 12)
    _ = artboard.advance(0)
    #expect(artboard.viewModels?.value(at: "x") == .number(12))
  }

  @Test("a bind on a collapsed component waits, and runs when its component shows again")
  func collapsedBindWaits() throws {
    // A solo (1) holds nodes A (2) and B (4), each with a custom number (3: 10, 5: 20) bound
    // to source `x`; A is active, so B and its number are collapsed. The runtime's
    // `DataBind::collapse`: a collapsed bind keeps its dirt without running it, and runs it
    // when its component expands.
    var file = BindingFile()
    file.viewModel("Main", [(TypeKey.viewModelPropertyNumber, "x")])
    file.instance(viewModel: 0, [(TypeKey.viewModelInstanceNumber, [value(0)])])
    file.artboard(viewModel: 0)
    file.object(
      TypeKey.solo,
      [(PropertyKey.componentParentId, .uint(0)), (PropertyKey.soloActiveComponentId, .uint(2))])
    for (parent, initial) in [(UInt64(2), Float(10)), (4, 20)] {
      file.object(TypeKey.node, [(PropertyKey.componentParentId, .uint(1))])
      file.object(
        TypeKey.customPropertyNumber,
        [
          (PropertyKey.componentParentId, .uint(parent)),
          (PropertyKey.customPropertyNumberPropertyValue, number(initial)),
        ])
      file.bind(PropertyKey.customPropertyNumberPropertyValue, path: [0, 0], flags: 1)
    }
    let runtime = try file.file()
    var artboard = runtime.artboards[0].instance()
    artboard.bindDefaultViewModel(file: runtime)
    _ = artboard.advance(0)
    // Only the active A's number reached the view model.
    #expect(artboard.viewModels?.value(at: "x") == .number(10))
    let key = PropertyKey.customPropertyNumberPropertyValue
    let offset = Slot.customPropertyNumberPropertyValue
    artboard.setFloat(5, offset: offset, key: key, 25)
    _ = artboard.advance(0)
    #expect(artboard.viewModels?.value(at: "x") == .number(10), "B's change waits")
    // B becomes the active one: its waiting change runs; A's changes now wait.
    artboard.set(
      1, offset: Slot.soloActiveComponentId, key: PropertyKey.soloActiveComponentId, bits: 4)
    artboard.setFloat(3, offset: offset, key: key, 11)
    _ = artboard.advance(0)
    #expect(artboard.viewModels?.value(at: "x") == .number(25), "B's change runs on showing")
    artboard.set(
      1, offset: Slot.soloActiveComponentId, key: PropertyKey.soloActiveComponentId, bits: 2)
    _ = artboard.advance(0)
    #expect(artboard.viewModels?.value(at: "x") == .number(11), "A's change runs on showing")
  }

  @Test("a string converter formats numbers, booleans negate")
  func stringAndNegate() throws {
    var file = BindingFile()
    file.object(
      TypeKey.dataConverterToString,
      [
        (PropertyKey.dataConverterToStringFlags, .uint(3)),
        (PropertyKey.dataConverterToStringDecimals, .uint(2)),
      ])
    file.object(TypeKey.dataConverterBooleanNegate)
    file.viewModel(
      "Main", [(TypeKey.viewModelPropertyNumber, "n"), (TypeKey.viewModelPropertyBoolean, "b")])
    file.instance(
      viewModel: 0,
      [
        (
          TypeKey.viewModelInstanceNumber,
          [value(0), (PropertyKey.viewModelInstanceNumberPropertyValue, number(3.5))]
        ),
        (
          TypeKey.viewModelInstanceBoolean,
          [value(1), (PropertyKey.viewModelInstanceBooleanPropertyValue, .bool(true))]
        ),
      ])
    file.artboard(viewModel: 0)
    file.object(TypeKey.customPropertyString, [(PropertyKey.componentParentId, .uint(0))])
    file.bind(PropertyKey.customPropertyStringPropertyValue, path: [0, 0], converter: 0)
    file.object(TypeKey.customPropertyBoolean, [(PropertyKey.componentParentId, .uint(0))])
    file.bind(PropertyKey.customPropertyBooleanPropertyValue, path: [0, 1], converter: 1)
    let runtime = try file.file()
    var artboard = runtime.artboards[0].instance()
    artboard.bindDefaultViewModel(file: runtime)
    _ = artboard.advance(0)
    #expect(
      artboard.value(of: 1, property: PropertyKey.customPropertyStringPropertyValue)
        == .string("3.5"))
    #expect(
      artboard.value(of: 2, property: PropertyKey.customPropertyBooleanPropertyValue)
        == .bool(false))
  }

  @Test("a name-based bind resolves its path through the manifest")
  func nameBased() throws {
    var file = BindingFile()
    file.object(TypeKey.manifestAsset)
    file.object(
      TypeKey.fileAssetContents,
      [
        (
          PropertyKey.fileAssetContentsBytes,
          .bytes(RiveObjectWriter.manifestBytes(names: [(1, "x")], paths: [(7, [1])]))
        )
      ])
    file.viewModel(
      "Main", [(TypeKey.viewModelPropertyNumber, "unused"), (TypeKey.viewModelPropertyNumber, "x")])
    file.instance(
      viewModel: 0,
      [
        (
          TypeKey.viewModelInstanceNumber,
          [value(1), (PropertyKey.viewModelInstanceNumberPropertyValue, number(9))]
        )
      ])
    file.artboard(viewModel: 0)
    file.object(TypeKey.shape, [(PropertyKey.componentParentId, .uint(0))])
    file.bind(PropertyKey.nodeX, path: [7], flags: 16)
    let runtime = try file.file()
    #expect(shapeX(runtime).0 == 9)
  }

  // MARK: - State machines

  /// A machine whose transition to `Go` needs the view-model number `n` above 5, or (with
  /// `trigger`) the view-model trigger `t` to fire.
  private func machineFile(trigger: Bool) throws -> RuntimeFile {
    var file = BindingFile()
    file.viewModel(
      "Main", [(TypeKey.viewModelPropertyNumber, "n"), (TypeKey.viewModelPropertyTrigger, "t")])
    file.instance(
      viewModel: 0,
      [
        (TypeKey.viewModelInstanceNumber, [value(0)]),
        (TypeKey.viewModelInstanceTrigger, [value(1)]),
      ])
    file.artboard(viewModel: 0)
    file.object(TypeKey.linearAnimation, [(PropertyKey.animationName, .string("Go"))])
    file.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("Machine"))])
    file.object(TypeKey.stateMachineLayer)
    file.object(TypeKey.entryState)
    file.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
    file.object(TypeKey.anyState)
    file.object(TypeKey.exitState)
    file.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
    // From the idle state (3) to Go (4).
    file.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(4))])
    if trigger {
      file.object(TypeKey.transitionViewModelCondition)
      file.object(TypeKey.bindablePropertyTrigger)
      file.bind(PropertyKey.bindablePropertyIntegerPropertyValue, path: [0, 1])
      file.object(TypeKey.transitionPropertyViewModelComparator)
      file.object(TypeKey.transitionValueTriggerComparator)
    } else {
      file.object(
        TypeKey.transitionViewModelCondition,
        [(PropertyKey.transitionViewModelConditionOpValue, .uint(5))])
      file.object(TypeKey.bindablePropertyNumber)
      file.bind(PropertyKey.bindablePropertyNumberPropertyValue, path: [0, 0])
      file.object(TypeKey.transitionPropertyViewModelComparator)
      file.object(
        TypeKey.transitionValueNumberComparator,
        [(PropertyKey.transitionValueNumberComparatorValue, number(5))])
    }
    file.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
    return try file.file()
  }

  @Test("a view-model number condition takes a transition once the value passes")
  func numberCondition() throws {
    let file = try machineFile(trigger: false)
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    #expect(machine.bindDefaultViewModel(file: file, artboard: &artboard) == "Main")
    _ = machine.advanceAndApply(0, artboard: &artboard)
    #expect(machine.stateChanges.map(\.stateIndex) == [3])
    _ = machine.advanceAndApply(1.0 / 60, artboard: &artboard)
    #expect(machine.stateChanges.isEmpty)
    artboard.withViewModels { $0.setValue(.number(6), at: "n") }
    _ = machine.advanceAndApply(1.0 / 60, artboard: &artboard)
    #expect(machine.stateChanges.map(\.stateIndex) == [4])
  }

  @Test("a view-model trigger takes a transition in the frame it fires, once")
  func triggerCondition() throws {
    let file = try machineFile(trigger: true)
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    machine.bindDefaultViewModel(file: file, artboard: &artboard)
    _ = machine.advanceAndApply(0, artboard: &artboard)
    _ = machine.advanceAndApply(1.0 / 60, artboard: &artboard)
    #expect(machine.stateChanges.isEmpty)
    #expect(artboard.withViewModels { $0.fireTrigger(at: "t") } == true)
    _ = machine.advanceAndApply(1.0 / 60, artboard: &artboard)
    #expect(machine.stateChanges.map(\.stateIndex) == [4])
    // Triggers return to 0 at the end of the frame.
    #expect(artboard.viewModels?.value(at: "t") == .trigger(0))
  }

  @Test("an unbound machine never takes view-model transitions")
  func unbound() throws {
    let file = try machineFile(trigger: false)
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    for _ in 0..<3 { _ = machine.advanceAndApply(1.0 / 60, artboard: &artboard) }
    #expect(machine.layers[0].current?.stateIndex == 3)
  }

  // MARK: - Hostile input

  @Test("view-model references in a cycle copy once each and stop")
  func referenceCycle() throws {
    var file = BindingFile()
    file.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Loop"))])
    file.object(
      TypeKey.viewModelPropertyViewModel,
      [
        (PropertyKey.viewModelComponentName, .string("next")),
        (PropertyKey.viewModelPropertyViewModelViewModelReferenceId, .uint(0)),
      ])
    file.instance(
      viewModel: 0,
      [
        (
          TypeKey.viewModelInstanceViewModel,
          [value(0), (PropertyKey.viewModelInstanceViewModelPropertyValue, .uint(0))]
        )
      ])
    file.artboard(viewModel: 0)
    file.object(TypeKey.shape, [(PropertyKey.componentParentId, .uint(0))])
    // A path that walks the cycle and ends on a non-number.
    file.bind(PropertyKey.nodeX, path: [0, 0, 0, 0, 0])
    let runtime = try file.file()
    var artboard = runtime.artboards[0].instance()
    #expect(artboard.bindDefaultViewModel(file: runtime) == "Loop")
    _ = artboard.advance(0)
    let store = try #require(artboard.viewModels)
    #expect(store.instances.count == 1)
    #expect(store.value(at: "next/next/next") != nil)
  }

  @Test("paths pointing anywhere and converters naming themselves do no harm")
  func garbagePaths() throws {
    var file = BindingFile()
    file.object(TypeKey.dataConverterGroup)
    file.object(
      TypeKey.dataConverterGroupItem, [(PropertyKey.dataConverterGroupItemConverterId, .uint(0))])
    file.viewModel("Main", [(TypeKey.viewModelPropertyNumber, "x")])
    file.instance(viewModel: 0, [(TypeKey.viewModelInstanceNumber, [value(0)])])
    file.artboard(viewModel: 0)
    file.object(TypeKey.shape, [(PropertyKey.componentParentId, .uint(0))])
    file.bind(PropertyKey.nodeX, path: [0, 0], converter: 0)
    file.bind(PropertyKey.nodeX, path: [9, 4_000_000_000, 3])
    file.bind(65_000, path: [0, 0])
    file.bind(PropertyKey.nodeX, path: [UInt32](repeating: 0, count: 500), flags: 16)
    let runtime = try file.file()
    var artboard = runtime.artboards[0].instance()
    artboard.bindDefaultViewModel(file: runtime)
    for _ in 0..<10 { _ = artboard.advance(1.0 / 60) }
    #expect(artboard.float(1, Slot.nodeX) == 0)
  }

  @Test("a huge list of one shared item copies that item once")
  func hugeList() throws {
    var file = BindingFile()
    file.viewModel("Item", [(TypeKey.viewModelPropertyNumber, "n")])
    file.instance(viewModel: 0, [(TypeKey.viewModelInstanceNumber, [value(0)])])
    file.viewModel("Main", [(TypeKey.viewModelPropertyList, "items")])
    file.object(TypeKey.viewModelInstance, [(PropertyKey.viewModelInstanceViewModelId, .uint(1))])
    file.object(TypeKey.viewModelInstanceList, [value(0)])
    for _ in 0..<30_000 {
      file.object(
        TypeKey.viewModelInstanceListItem,
        [
          (PropertyKey.viewModelInstanceListItemViewModelId, .uint(0)),
          (PropertyKey.viewModelInstanceListItemViewModelInstanceId, .uint(0)),
        ])
    }
    file.artboard(viewModel: 1)
    let runtime = try file.file()
    var artboard = runtime.artboards[0].instance()
    artboard.bindDefaultViewModel(file: runtime)
    _ = artboard.advance(0)
    let store = try #require(artboard.viewModels)
    // Items that share an authored instance share one copy.
    #expect(store.instances.count == 2)
    guard case .list(let items)? = store.value(at: "items") else {
      Issue.record("no list")
      return
    }
    #expect(items.count == 30_000)
    #expect(Set(items).count == 1)
  }

  @Test("the C library generator gives glibc's sequence for seed 1")
  func randomSequence() {
    var random = CLibraryRandom(seed: 1)
    #expect(random.next() == 1_804_289_383)
    #expect(random.next() == 846_930_886)
    #expect(random.next() == 1_681_692_777)
  }

  @Test("in the test build's scope draws take the queued values, then 0; outside, the generator's")
  func testBuildDraws() {
    // glibc's first rand() for seed 1 is 1804289383, 0.840188 of the maximum.
    var random = CLibraryRandom(seed: 1)
    let provider = TestBuildRandom()
    provider.enqueue(0.25)
    provider.enqueue(1)
    let inside = RandomDraws.$testBuild.withValue(provider) {
      (0..<3).map { _ in random.nextFloat() }
    }
    #expect(inside == [0.25, 1, 0])
    var fresh = CLibraryRandom(seed: 1)
    #expect(abs(fresh.nextFloat() - 0.840188) < 1e-6)
    #expect(RandomDraws.testBuild == nil)
  }

  @Test("converter arithmetic and text rules")
  func converterMath() {
    #expect(ConverterMath.removeZeros("3.500000") == "3.5")
    #expect(ConverterMath.removeZeros("12.000") == "12")
    #expect(ConverterMath.withCommas("1234567.25") == "1,234,567.25")
    #expect(ConverterMath.trim("  hi  ", type: 3) == "hi")
    #expect(ConverterMath.pad(.string("7"), length: 3, text: "0", padType: 0) == .string("007"))
    #expect(
      ConverterMath.pad(.string("ab"), length: 7, text: "xyz", padType: 0) == .string("xyzxyab"))
    #expect(
      ConverterMath.pad(.string("ab"), length: 7, text: "xyz", padType: 1) == .string("abxyzxy"))
    #expect(
      ConverterMath.pad(.string("abcdef"), length: 3, text: "x", padType: 0) == .string("abcdef"))
    #expect(ConverterMath.pad(.string("é"), length: 4, text: "·", padType: 0) == .string("·é"))
    #expect(ConverterMath.formatColor(0xFF10_2030, "%R%G%B/%a") == "102030/255")
    #expect(ConverterMath.positiveMod(-1, 4) == 3)
    #expect(ConverterMath.reverseOperation(.number(10), op: 2, value: 4) == .number(2.5))
    #expect(ConverterMath.toNumber(.boolean(true)) == .number(1))
  }

  @Test("number text is the C library's fixed-point text")
  func fixedPointText() {
    // Facts of IEEE doubles and printf: exact halves round to even, 0.1's binary expansion
    // shows at 20 decimals, the sign of zero is kept.
    #expect(ConverterMath.fixed(2.5, decimals: 0) == "2")
    #expect(ConverterMath.fixed(3.5, decimals: 0) == "4")
    #expect(ConverterMath.fixed(1234.5678, decimals: 2) == "1234.57")
    #expect(ConverterMath.fixed(0.1, decimals: 20) == "0.10000000000000000555")
    #expect(ConverterMath.fixed(-0.0, decimals: 2) == "-0.00")
    #expect(ConverterMath.fixed(12, decimals: 6) == "12.000000")
    #expect(ConverterMath.fixed(.infinity, decimals: 2) == "inf")
    #expect(ConverterMath.fixed(-Double.greatestFiniteMagnitude, decimals: 20).count == 331)
    // The same text as Foundation's formatter, over seeded values of every magnitude.
    var random = SeededGenerator(seed: 7)
    for _ in 0..<2_000 {
      let value = Double(Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &random)))
      let decimals = UInt32.random(in: 0...20, using: &random)
      #expect(
        ConverterMath.fixed(value, decimals: decimals)
          == String(format: "%.\(decimals)f", value))
    }
  }
}
