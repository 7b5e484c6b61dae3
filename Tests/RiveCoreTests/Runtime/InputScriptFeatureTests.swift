import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// What input scripts say beyond inputs, values and pointers, as upstream's tests drive a
/// file: the step size and cuts, instances replaced, list edits, artboard properties, focus,
/// and the state machine and binding a script plays with.
@Suite("Runtime: input scripts, upstream's test vocabulary")
struct InputScriptFeatureTests {
  static func script(_ json: String) throws(InputScriptError) -> InputScript {
    try InputScript(json: Data(json.utf8), source: "features.json")
  }

  @Test("every new event and setting reads")
  func parsesNewEvents() throws {
    let script = try Self.script(
      """
      { "dt": 0.1, "stateMachine": null, "binding": "Second", "events": [
        { "time": 0.25, "cut": true },
        { "time": 1, "instance": "Second" },
        { "time": 1, "instance": { "blank": true }, "property": "card/theme" },
        { "time": 1, "instance": 2 },
        { "time": 1, "list": "items", "append": { "viewModel": "Item" } },
        { "time": 1, "list": "items", "insert": { "viewModel": "Item", "instance": "Big" }, "at": 0 },
        { "time": 1, "list": "items", "replace": { "viewModel": "Item", "instance": { "default": true } }, "at": 1 },
        { "time": 1, "list": "items", "remove": 2 },
        { "time": 1, "list": "items", "swap": [0, 1] },
        { "time": 1, "list": "items", "clear": true },
        { "time": 1, "viewModel": "items/1/w", "value": 24 },
        { "time": 1, "viewModel": "slot", "artboard": "Blue" },
        { "time": 1, "viewModel": "slot", "artboard": null },
        { "time": 1, "viewModel": "mode", "enum": 1 },
        { "time": 1, "focusNode": "Button" },
        { "time": 1, "focus": "next" },
        { "time": 1, "key": "a", "modifiers": ["shift", "meta"], "phase": "repeat" },
        { "time": 1, "gamepad": "connect", "device": 2 },
        { "time": 1, "gamepad": "button", "button": "rightShoulder", "value": 1 }
      ] }
      """)
    #expect(
      script.settings
        == .init(
          step: 0.1, stateMachine: InputScript.StateMachineSetting.none,
          binding: .instance(.named("Second"))))
    let item = ViewModelListItem(viewModel: "Item")
    #expect(
      script.events.map(\.action) == [
        .cut,
        .replaceInstance(property: nil, instance: .named("Second")),
        .replaceInstance(property: "card/theme", instance: .blank),
        .replaceInstance(property: nil, instance: .index(2)),
        .editList(path: "items", edit: .append(item)),
        .editList(
          path: "items",
          edit: .insert(ViewModelListItem(viewModel: "Item", instance: .named("Big")), at: 0)),
        .editList(
          path: "items",
          edit: .replace(ViewModelListItem(viewModel: "Item", instance: .defaultInstance), at: 1)),
        .editList(path: "items", edit: .remove(at: 2)),
        .editList(path: "items", edit: .swap(0, 1)),
        .editList(path: "items", edit: .clear),
        .setViewModel(path: "items/1/w", value: .number(24)),
        .setArtboard(path: "slot", artboard: "Blue"),
        .setArtboard(path: "slot", artboard: nil),
        .setViewModel(path: "mode", value: .enumerationIndex(1)),
        .focusNode("Button"),
        .focus(.next),
        .key("a", modifiers: ["shift", "meta"], phase: .repeat),
        .gamepad(.connect(device: 2)),
        .gamepad(.button(device: 0, button: "rightShoulder", value: 1)),
      ])
    // Scripts without the new keys read as before.
    let old = try Self.script(#"{"events": [{"time": 0, "trigger": "go"}]}"#)
    #expect(old.settings.isEmpty)
  }

  @Test(
    "a bad new event or setting is a typed error naming the event and the key",
    arguments: [
      (#"{"dt": 0, "events": []}"#, InputScriptError.Code.invalidJSON, "'dt' 0"),
      (#"{"dt": "fast", "events": []}"#, .invalidJSON, "'dt' needs a number"),
      (#"{"stateMachine": 3, "events": []}"#, .invalidJSON, "'stateMachine' needs"),
      (#"{"binding": true, "events": []}"#, .invalidJSON, "'binding' needs"),
      (#"{"step": 1, "events": []}"#, .invalidJSON, "unknown key 'step'"),
      (#"[{"time": 1, "cut": false}]"#, .invalidEvent, "'cut' is true"),
      (#"[{"time": 1, "instance": -1}]"#, .invalidEvent, "event 1 (at 1 s): 'instance' needs"),
      (
        #"[{"time": 1, "instance": "A", "at": 1}]"#, .invalidEvent,
        "unknown key 'at' for 'instance'"
      ),
      (#"[{"time": 1, "list": "items"}]"#, .invalidEvent, "'list' needs one of"),
      (#"[{"time": 1, "list": "items", "append": {}}]"#, .invalidEvent, "needs an item"),
      (
        #"[{"time": 1, "list": "items", "insert": {"viewModel": "I"}}]"#, .invalidEvent,
        "'at' needs"
      ),
      (#"[{"time": 1, "list": "items", "remove": 1, "at": 2}]"#, .invalidEvent, "'at' goes with"),
      (#"[{"time": 1, "list": "items", "swap": [1]}]"#, .invalidEvent, "'swap' needs two"),
      (#"[{"time": 1, "viewModel": "slot", "artboard": 3}]"#, .invalidEvent, "an artboard's name"),
      (#"[{"time": 1, "viewModel": "mode", "enum": 1.5}]"#, .invalidEvent, "'enum' needs"),
      (#"[{"time": 1, "viewModel": "picture", "asset": -1}]"#, .invalidEvent, "'asset' needs"),
      (#"[{"time": 1, "viewModel": "picture", "asset": "a"}]"#, .invalidEvent, "'asset' needs"),
      (#"[{"time": 1, "focus": "sideways"}]"#, .invalidEvent, "'focus' is next"),
      (#"[{"time": 1, "key": "a", "phase": "held"}]"#, .invalidEvent, "'phase' is down"),
      (#"[{"time": 1, "key": "a", "modifiers": ["hyper"]}]"#, .invalidEvent, "'modifiers' are"),
      (#"[{"time": 1, "gamepad": "rumble"}]"#, .invalidEvent, "'gamepad' is connect"),
      (
        #"[{"time": 1, "gamepad": "button", "button": "a"}]"#, .invalidEvent,
        "'gamepad' needs 'value'"
      ),
    ])
  func badNewEvents(_ json: String, _ code: InputScriptError.Code, _ fragment: String) {
    do {
      _ = try Self.script(json)
      Issue.record("\(json) was read")
    } catch {
      #expect(error.code == code, "\(error)")
      #expect(error.description.contains(fragment), "\(error)")
      #expect(error.source == "features.json")
    }
  }

  @Test("dt sets the step; a cut ends an advance at its time without doing anything else")
  func stepAndCut() throws {
    var clock = ScriptClock(
      script: try Self.script(#"{"dt": 0.1, "events": [{"time": 0.25, "cut": true}]}"#))
    let steps = clock.steps(to: 0.5)
    let advances = steps.compactMap { step -> Double? in
      if case .advance(let seconds) = step { return Double(seconds) }
      return nil
    }
    #expect(advances.count == 6)
    for (found, expected) in zip(advances, [0.1, 0.1, 0.05, 0.1, 0.1, 0.05]) {
      #expect(abs(found - expected) < 1e-6, "\(advances)")
    }
    #expect(steps.contains(.apply(InputScript.Event(time: 0.25, action: .cut, index: 0))))
  }

  static func bindingPlayer(instance: String? = nil) throws -> ArtboardPlayback {
    let file = try RuntimeFile(data: BindingFixture.data)
    let model = try #require(file.artboards.first { $0.name == "Main" })
    var player = ArtboardPlayback(artboard: model, file: file)
    if let instance { try player.bind(.instance(.named(instance)), file: file) }
    player.advance()
    return player
  }

  static func items(_ player: ArtboardPlayback) -> [Float] {
    guard let store = player.artboard.viewModels, case .list(let items)? = store.value(at: "items")
    else { return [] }
    return items.map { item in
      guard let handle = store.handle(at: "w", from: item),
        case .number(let w)? = store.value(of: handle)
      else { return -1 }
      return w
    }
  }

  @Test("list edits change the bound list; an item's values are set through its index")
  func listEdits() throws {
    var player = try Self.bindingPlayer()
    #expect(Self.items(player) == [4, 8])
    let script = try Self.script(
      """
      [ { "time": 0, "list": "items", "append": { "viewModel": "Item", "instance": "item 2" } },
        { "time": 0, "list": "items", "insert": { "viewModel": "Item" }, "at": 0 },
        { "time": 0, "viewModel": "items/0/w", "value": 24 },
        { "time": 0, "list": "items", "swap": [0, 3] },
        { "time": 0, "list": "items", "replace": { "viewModel": "Item", "instance": 0 }, "at": 1 },
        { "time": 0, "list": "items", "remove": 2 } ]
      """)
    for event in script.events { try player.apply(event) }
    #expect(Self.items(player) == [16, 4, 24])
    player.advance()
    #expect(player.artboard.componentLists.first?.drawOrder.count == 3)
    try player.apply(.init(time: 0, action: .editList(path: "items", edit: .clear)))
    #expect(Self.items(player).isEmpty)
    for (action, code) in [
      (
        InputScript.Action.editList(path: "items", edit: .remove(at: 0)),
        InputScriptError.Code.indexOutOfRange
      ),
      (.editList(path: "items", edit: .append(.init(viewModel: "Nope"))), .instanceNotFound),
      (
        .editList(path: "items", edit: .append(.init(viewModel: "Item", instance: .named("no")))),
        .instanceNotFound
      ),
      (.editList(path: "x", edit: .clear), .wrongKind),
      (.editList(path: "nothing", edit: .clear), .viewModelNotFound),
    ] {
      do {
        try player.apply(.init(time: 1, action: action, index: 6))
        Issue.record("\(action) applied")
      } catch {
        #expect(error.code == code, "\(error)")
        #expect(error.event == 6)
      }
    }
  }

  @Test("replacing the bound instance binds another authored instance in its place")
  func replaceRoot() throws {
    var player = try Self.bindingPlayer()
    #expect(player.artboard.viewModels?.value(at: "x") == .number(30))
    try player.apply(
      .init(time: 0, action: .replaceInstance(property: nil, instance: .named("Second"))))
    player.advance()
    #expect(player.artboard.viewModels?.value(at: "x") == .number(70))
    #expect(Self.items(player) == [16])
    // The square bound to x moved: its transform's x is 70.
    let images = DrawImages(document: try RuntimeFile(data: BindingFixture.data).document)
    let transforms = player.draw(images: images).operations.compactMap { operation -> Float? in
      if case .transform(let m) = operation { return m.tx }
      return nil
    }
    #expect(transforms.contains(70), "\(transforms)")
    try player.apply(.init(time: 0, action: .replaceInstance(property: nil, instance: .blank)))
    #expect(player.artboard.viewModels?.value(at: "x") == .number(0))
    do {
      try player.apply(
        .init(time: 0, action: .replaceInstance(property: nil, instance: .named("Third"))))
      Issue.record("a missing instance was bound")
    } catch {
      #expect(error.code == .instanceNotFound)
      #expect(error.description.contains(#"it has "First", "Second""#), "\(error)")
    }
    // A failed replacement leaves the instance bound before.
    #expect(player.artboard.viewModels?.value(at: "x") == .number(0))
  }

  /// View model "Inner" (number v) with authored instances "A" (v 10) and "B" (v 20), view
  /// model "Outer" (view-model property "inner", instance "O" whose inner is A). Artboard
  /// "Main" is bound to Outer; its square's width is bound to inner/v.
  static func nestedFile() throws -> RuntimeFile {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Inner"))])
    writer.object(
      TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string("v"))])
    for (name, value) in [("A", Float(10)), ("B", 20)] {
      writer.object(
        TypeKey.viewModelInstance,
        [
          (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
          (PropertyKey.componentName, .string(name)),
        ])
      writer.object(
        TypeKey.viewModelInstanceNumber,
        [
          (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
          (PropertyKey.viewModelInstanceNumberPropertyValue, .float(value)),
        ])
    }
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Outer"))])
    writer.object(
      TypeKey.viewModelPropertyViewModel,
      [
        (PropertyKey.viewModelComponentName, .string("inner")),
        (PropertyKey.viewModelPropertyViewModelViewModelReferenceId, .uint(0)),
      ])
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(1)),
        (PropertyKey.componentName, .string("O")),
      ])
    writer.object(
      TypeKey.viewModelInstanceViewModel,
      [
        (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
        (PropertyKey.viewModelInstanceViewModelPropertyValue, .uint(0)),
      ])
    writer.object(
      TypeKey.artboard,
      [
        (PropertyKey.componentName, .string("Main")),
        (PropertyKey.layoutComponentWidth, .float(100)),
        (PropertyKey.layoutComponentHeight, .float(100)),
        (PropertyKey.artboardViewModelId, .uint(1)),
      ])
    writer.object(TypeKey.shape, [(PropertyKey.componentParentId, .uint(0))])
    writer.object(TypeKey.fill, [(PropertyKey.componentParentId, .uint(1))])
    writer.object(
      TypeKey.solidColor,
      [
        (PropertyKey.componentParentId, .uint(2)),
        (PropertyKey.solidColorColorValue, .color(0xFF00_0000)),
      ])
    writer.object(
      TypeKey.rectangle,
      [
        (PropertyKey.componentParentId, .uint(1)), (PropertyKey.parametricPathWidth, .float(1)),
        (PropertyKey.parametricPathHeight, .float(10)),
      ])
    writer.object(
      TypeKey.dataBindContext,
      [
        (PropertyKey.dataBindPropertyKey, .uint(UInt64(PropertyKey.parametricPathWidth))),
        (PropertyKey.dataBindContextSourcePathIds, .bytes(RiveObjectWriter.pathBytes([1, 0, 0]))),
      ])
    return try RuntimeFile(data: Data(writer.bytes))
  }

  /// The width of the square the artboard draws.
  static func squareWidth(_ list: DisplayList) -> Float? {
    for case .drawPath(let path, _) in list.operations {
      let xs = path.commands.compactMap { command -> Float? in
        switch command {
        case .move(let x, _), .line(let x, _): return x
        default: return nil
        }
      }
      if let low = xs.min(), let high = xs.max() { return high - low }
    }
    return nil
  }

  @Test("replacing a view-model property's instance rebinds what reads through it")
  func replaceNested() throws {
    let file = try Self.nestedFile()
    var player = ArtboardPlayback(artboard: file.artboards[0], file: file)
    player.advance()
    let images = DrawImages(document: file.document)
    #expect(Self.squareWidth(player.draw(images: images)) == 10)
    try player.apply(
      .init(time: 0, action: .replaceInstance(property: "inner", instance: .named("B"))))
    player.advance()
    #expect(Self.squareWidth(player.draw(images: images)) == 20)
    try player.apply(.init(time: 0, action: .setViewModel(path: "inner/v", value: .number(35))))
    player.advance()
    #expect(Self.squareWidth(player.draw(images: images)) == 35)
    do {
      try player.apply(
        .init(time: 0, action: .replaceInstance(property: "inner/v", instance: .blank)))
      Issue.record("a number property took an instance")
    } catch {
      #expect(error.code == .wrongKind)
    }
  }

  @Test("the binding setting binds the instance named, a blank one, or none")
  func bindingSetting() throws {
    let file = try RuntimeFile(data: BindingFixture.data)
    let model = try #require(file.artboards.first { $0.name == "Main" })
    var player = ArtboardPlayback(artboard: model, driver: .default(for: model), file: nil)
    try player.bind(.instance(.named("Second")), file: file)
    #expect(player.boundViewModel == "Main")
    #expect(player.artboard.viewModels?.value(at: "x") == .number(70))
    try player.bind(.instance(.index(0)), file: file)
    #expect(player.artboard.viewModels?.value(at: "x") == .number(30))
    try player.bind(.none, file: file)
    #expect(player.boundViewModel == nil)
    #expect(player.artboard.viewModels == nil)
    do {
      try player.bind(.instance(.named("Missing")), file: file)
      Issue.record("a missing instance was bound")
    } catch {
      #expect(error.code == .instanceNotFound)
    }
  }

  /// Artboard "Main" (view model "Main": artboard property "slot", authored to artboard 1) hosts
  /// a nested artboard whose artboard is bound to slot; artboards "Red" (1) and "Blue" (2) draw
  /// a square of their colour.
  static func slotFile() throws -> RuntimeFile {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
    writer.object(
      TypeKey.viewModelPropertyArtboard, [(PropertyKey.viewModelComponentName, .string("slot"))])
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
        (PropertyKey.componentName, .string("")),
      ])
    writer.object(
      TypeKey.viewModelInstanceArtboard,
      [
        (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
        (PropertyKey.viewModelInstanceArtboardPropertyValue, .uint(1)),
      ])
    writer.object(
      TypeKey.artboard,
      [
        (PropertyKey.componentName, .string("Main")),
        (PropertyKey.layoutComponentWidth, .float(50)),
        (PropertyKey.layoutComponentHeight, .float(50)),
        (PropertyKey.artboardViewModelId, .uint(0)),
      ])
    writer.object(
      TypeKey.nestedArtboard,
      [(PropertyKey.componentParentId, .uint(0)), (PropertyKey.nestedArtboardArtboardId, .uint(1))])
    writer.object(
      TypeKey.dataBindContext,
      [
        (PropertyKey.dataBindPropertyKey, .uint(UInt64(PropertyKey.nestedArtboardArtboardId))),
        (PropertyKey.dataBindContextSourcePathIds, .bytes(RiveObjectWriter.pathBytes([0, 0]))),
      ])
    for (name, color) in [("Red", UInt32(0xFFFF_0000)), ("Blue", 0xFF00_00FF)] {
      writer.object(
        TypeKey.artboard,
        [
          (PropertyKey.componentName, .string(name)),
          (PropertyKey.layoutComponentWidth, .float(20)),
          (PropertyKey.layoutComponentHeight, .float(20)),
        ])
      writer.object(TypeKey.shape, [(PropertyKey.componentParentId, .uint(0))])
      writer.object(TypeKey.fill, [(PropertyKey.componentParentId, .uint(1))])
      writer.object(
        TypeKey.solidColor,
        [
          (PropertyKey.componentParentId, .uint(2)),
          (PropertyKey.solidColorColorValue, .color(color)),
        ])
      writer.object(
        TypeKey.rectangle,
        [
          (PropertyKey.componentParentId, .uint(1)), (PropertyKey.parametricPathWidth, .float(10)),
          (PropertyKey.parametricPathHeight, .float(10)),
        ])
    }
    return try RuntimeFile(data: Data(writer.bytes))
  }

  /// The colours of the paths drawn.
  static func colors(_ list: DisplayList) -> [UInt32] {
    list.operations.compactMap { operation in
      if case .drawPath(_, let paint) = operation { return paint.color }
      return nil
    }
  }

  @Test("an artboard property takes another artboard of the file, or none")
  func artboardProperty() throws {
    let file = try Self.slotFile()
    var player = ArtboardPlayback(artboard: file.artboards[0], file: file)
    player.advance()
    let images = DrawImages(document: file.document)
    #expect(Self.colors(player.draw(images: images)).contains(0xFFFF_0000))
    try player.apply(.init(time: 0, action: .setArtboard(path: "slot", artboard: "Blue")))
    #expect(player.artboard.viewModels?.value(at: "slot") == .artboard(2))
    player.advance()
    let blue = Self.colors(player.draw(images: images))
    #expect(blue.contains(0xFF00_00FF) && !blue.contains(0xFFFF_0000), "\(blue)")
    try player.apply(.init(time: 0, action: .setArtboard(path: "slot", artboard: nil)))
    player.advance()
    #expect(!Self.colors(player.draw(images: images)).contains(0xFF00_00FF))
    do {
      try player.apply(
        .init(time: 0, action: .setArtboard(path: "slot", artboard: "Green"), index: 2))
      Issue.record("a missing artboard was given")
    } catch {
      #expect(error.code == .artboardNotFound)
      #expect(error.description.contains(#"it has "Main", "Red", "Blue""#), "\(error)")
    }
  }

  @Test("focus on a named node focuses it; traversal, keys and gamepads are refused by name")
  func focus() throws {
    var fixture = RuntimeFixture()
    let button = fixture.component(TypeKey.node, [(PropertyKey.componentName, .string("Button"))])
    let data = fixture.component(TypeKey.focusData, parent: button)
    let file = try fixture.file()
    var player = ArtboardPlayback(artboard: file.artboards[0], file: file)
    player.advance()
    try player.apply(.init(time: 0, action: .focusNode("Button")))
    player.advance()
    #expect(player.artboard.holdsFocus(data))
    try player.apply(.init(time: 0, action: .focus(.clear)))
    #expect(!player.artboard.holdsFocus(data))
    for action in [
      InputScript.Action.focus(.next), .key("a", modifiers: [], phase: .down),
      .gamepad(.connect(device: 0)),
    ] {
      do {
        try player.apply(.init(time: 0, action: action))
        Issue.record("\(action) applied")
      } catch {
        #expect(error.code == .unsupported)
        #expect(error.description.contains("runtime #2"))
      }
    }
    do {
      try player.apply(.init(time: 0, action: .focusNode("Nothing")))
      Issue.record("a missing node was focused")
    } catch {
      #expect(error.code == .nodeNotFound)
    }
  }

  @Test("an enum entry by position, and one that is not there")
  func enumByIndex() throws {
    var player = try Self.bindingPlayer()
    do {
      try player.apply(
        .init(time: 0, action: .setViewModel(path: "x", value: .enumerationIndex(1))))
      Issue.record("a number property took an enum entry")
    } catch {
      #expect(error.code == .wrongKind)
    }
  }

  @Test("an image property takes one of the file's assets by index, or none; other kinds refuse")
  func assetProperty() throws {
    // View model "Main": an image property "picture" (asset 0) and a number "n".
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
    writer.object(
      TypeKey.viewModelPropertyAssetImage,
      [(PropertyKey.viewModelComponentName, .string("picture"))])
    writer.object(
      TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string("n"))])
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
        (PropertyKey.componentName, .string("")),
      ])
    writer.object(
      TypeKey.viewModelInstanceAssetImage,
      [
        (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
        (PropertyKey.viewModelInstanceAssetPropertyValue, .uint(0)),
      ])
    writer.object(
      TypeKey.viewModelInstanceNumber,
      [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(1))])
    writer.object(
      TypeKey.artboard,
      [
        (PropertyKey.componentName, .string("Main")),
        (PropertyKey.layoutComponentWidth, .float(10)),
        (PropertyKey.layoutComponentHeight, .float(10)),
        (PropertyKey.artboardViewModelId, .uint(0)),
      ])
    let file = try RuntimeFile(data: Data(writer.bytes))
    var player = ArtboardPlayback(artboard: file.artboards[0], file: file)
    player.advance()
    #expect(player.artboard.viewModels?.value(at: "picture") == .asset(0))
    let script = try Self.script(
      """
      [{ "time": 0, "viewModel": "picture", "asset": 2 }, { "time": 0, "viewModel": "picture", "asset": null }]
      """)
    #expect(
      script.events.map(\.action) == [
        .setViewModel(path: "picture", value: .asset(2)),
        .setViewModel(path: "picture", value: .asset(nil)),
      ])
    try player.apply(script.events[0])
    #expect(player.artboard.viewModels?.value(at: "picture") == .asset(2))
    try player.apply(script.events[1])
    #expect(player.artboard.viewModels?.value(at: "picture") == .asset(UInt32.max))
    do {
      try player.apply(.init(time: 0, action: .setViewModel(path: "n", value: .asset(1))))
      Issue.record("a number property took an asset")
    } catch {
      #expect(error.code == .wrongKind)
      #expect(error.description.contains("an asset"), "\(error)")
    }
  }
}
