@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// One playing copy of an artboard: its objects' current property values and update state.
///
/// A value type: copying an instance is cheap (the values are shared until one copy changes
/// them), and every copy evolves on its own. Make one with ``ArtboardModel/instance()`` and
/// drive it with a ``StateMachineInstance`` or an ``AnimationInstance``.
public struct ArtboardInstance: Sendable {
  /// The artboard this is an instance of.
  public let model: ArtboardModel
  /// The model's geometry tables (`model.geometry`), held here so that reading them from a
  /// mutating method does not go through a computed property (which, unoptimised, copies the
  /// whole instance on every call).
  let geometryModel: GeometryModel
  /// The current value of every slot (see ``ArtboardModel``).
  var slots: [UInt32]
  /// The strings string slots index (the model's, plus any set since).
  var strings: [String]
  /// Whether some component changed since the last update pass.
  var needsUpdate = false
  /// Counts changes to what a frame draws from (a property set, a component dirtied, an
  /// update or layout pass that had work): a draw at the same count as the last one draws the
  /// same frame (see ``FrameReplay``).
  var drawInputs: UInt64 = 0
  /// The last frame's recording, replayed while ``drawInputs`` stays the same.
  var frameReplay = FrameReplay()
  /// Component dirt, collapse, transforms, paths, paints and draw order (see `Geometry/`).
  var geometry = GeometryState()
  /// The nested artboards, in the order of ``ArtboardModel/nestedHosts``.
  var nested: [NestedArtboardInstance]
  /// Events nested artboards' machines and animations reported, by host component id, waiting
  /// for this artboard's machine to run its listeners.
  var nestedEvents: [(hostID: Int, events: [ReportedEvent])] = []
  /// The view models this instance is bound to (held by the root instance, lent to a nested
  /// one while it runs) and this instance's data binds' container in it.
  ///
  /// Worked on where it lives (`storeBox.withValue`), read where it lives (`storeBox.read`),
  /// lent by moving its box (``ViewModelStoreSlot``).
  var storeBox = ViewModelStoreSlot()
  var bindContainer: Int32 = -1
  /// The store this tree's binds live in, when it was bound (see ``BindAttachment``).
  var attachment: BindAttachment?
  /// Objects whose property changes binds to source observe, and the changes not yet seen.
  var bindObserved: [Bool] = []
  var pendingBindTargets: [(id: Int32, key: UInt16)] = []
  /// Objects whose binds collapse with them (the runtime's collapsables), and those whose
  /// collapse changed since their binds last saw it.
  var bindCollapsible: [Bool] = []
  var pendingBindCollapses: [Int32] = []
  /// This instance's copies (handles in the store) of the view-model instances stored among
  /// its components, in the order of the model's embedded instances; empty until bound.
  var embeddedHandles: [Int32] = []
  /// Focus: this instance's focus data components that hold focus, the requests its state
  /// machines queued, and (in the root instance) the focused node.
  var focusHeld: [Int32] = []
  var pendingFocusTargets: [Int] = []
  var focusPrimary: FocusNodeReference?
  /// Component lists with their item artboards (made when a list is bound to them).
  var componentLists: [ComponentListInstance] = []
  /// List paths with their vertices (made when a list is bound to them).
  var listPaths: [ListPathInstance] = []
  /// How many artboards this instance is nested in (bounds artboards made while running).
  var nestingDepth = 0
  /// Whether this is a list item's artboard (its machine's transitions count against the
  /// items' budget: see ``ViewModelStore/listTransitionsPerFrame``).
  var isListItem = false
  /// Text layouts and glyph paths kept between frames (see `Text/`).
  var textCache = TextDrawCache()
  /// The layout tree and solved boxes, when layout is solved (see `Layout/`); off, layout
  /// components keep their stored place and size, as in the layout-off runtime.
  var layout = ArtboardLayout()
  /// The style a text run keeps while its style id names no text style (by run id): the
  /// property reads what was set, the run is drawn in the style it had.
  var keptRunStyles: [Int: UInt32] = [:]
  /// Scroll constraints' drags and physics, by constraint id (made when a drag starts).
  var scrollStates: [Int: ScrollState] = [:]
  /// Virtualizing scrolls' runs of item sizes, by constraint id (kept while current).
  var virtualRuns: [Int: VirtualRun] = [:]
  /// Seconds advanced so far: the time stamp of pointer events on scrolls (their speed).
  var scrollClock: Float = 0
  /// While a pointer event is forwarded into this (nested) artboard: whether its host's chain
  /// (the clipping layouts and artboards above the nested artboard in every host) admits the
  /// point, as the runtime's hit tests ask through `hitTestHost`. True outside a forward.
  var pointerHostAdmits = true

  init(model: ArtboardModel, depth: Int = 0) {
    self.model = model
    geometryModel = model.geometry
    nestingDepth = depth
    slots = model.slots
    strings = model.strings
    nested = model.nestedHosts.enumerated().map { index, host in
      NestedArtboardInstance(hostIndex: index, host: host, depth: depth)
    }
    initializeGeometry(nested: depth > 0)
    startNested()
  }

  // MARK: - Reading values

  /// The number of objects (the artboard is object 0).
  public var objectCount: Int { model.types.count }

  /// The type key of object `id`, or nil for an empty slot.
  public func typeKey(of id: Int) -> UInt16? {
    guard id >= 0, id < model.types.count, model.types[id] != 0 else { return nil }
    return model.types[id]
  }

  @inline(__always)
  func slotIndex(_ id: Int, _ offset: Int) -> Int { model.slotBases[id] + offset }

  @inline(__always)
  func float(_ id: Int, _ offset: Int) -> Float {
    Float(bitPattern: slots[model.slotBases[id] + offset])
  }

  @inline(__always)
  func uint(_ id: Int, _ offset: Int) -> UInt32 { slots[model.slotBases[id] + offset] }

  @inline(__always)
  func bool(_ id: Int, _ offset: Int) -> Bool { slots[model.slotBases[id] + offset] != 0 }

  /// The value of property `key` of object `id`, as the official runtime's getters give it.
  public func value(of id: Int, property key: UInt16) -> PropertyValue? {
    if let shift = ColorMath.channelShift(key), let host = colorValueSlot(of: id) {
      return .uint((uint(id, host.offset) >> shift) & 0xFF)
    }
    guard let type = typeKey(of: id),
      let offset = TypeTable.shared.slotOffset(type: type, key: key)
    else { return nil }
    if key == PropertyKey.nestedBoolNestedValue || key == PropertyKey.nestedNumberNestedValue {
      // Nested inputs read through to the nested state machine's input.
      switch nestedInputValue(id) {
      case .bool(let flag): return .bool(flag)
      case .number(let number): return .number(number)
      default: return key == PropertyKey.nestedBoolNestedValue ? .bool(false) : .number(0)
      }
    }
    // Flag bits of semantic and focus data have no getter of their own: they read as false.
    if (989...1009).contains(key) || (953...955).contains(key) { return .bool(false) }
    let bits = uint(id, offset)
    switch TypeTable.shared.slotKind(type: type, offset: offset) {
    case .float: return .number(Float(bitPattern: bits))
    case .uint: return .uint(bits)
    case .int: return .int(Int32(bitPattern: bits))
    case .color: return .color(bits)
    case .bool: return .bool(bits != 0)
    case .string: return .string(Int(bits) < strings.count ? strings[Int(bits)] : "")
    case .bytes: return nil
    }
  }

  /// The colour value slot of a solid colour or gradient stop (whose colour channel
  /// properties are views of it), or nil for any other object.
  func colorValueSlot(of id: Int) -> (offset: Int, key: UInt16)? {
    guard let type = typeKey(of: id) else { return nil }
    return ColorMath.hostColorSlot(type: type)
  }

  // MARK: - Writing values

  /// Sets the raw bits of a slot; returns whether the value changed (and, if so, runs the
  /// property's change effect).
  @discardableResult
  mutating func set(_ id: Int, offset: Int, key: UInt16, bits: UInt32) -> Bool {
    if key == PropertyKey.nestedBoolNestedValue {
      setNestedInput(id, value: .bool(bits != 0))
      return false
    }
    if key == PropertyKey.textValueRunStyleId { keepRunStyle(id, offset: offset, for: bits) }
    if let shift = ColorMath.channelShift(key), let host = colorValueSlot(of: id) {
      // A colour channel is a view of its host's colour value: `offset` is that slot.
      let index = model.slotBases[id] + host.offset
      let color = ColorMath.setting(bits, shift: shift, in: slots[index])
      if slots[index] == color { return false }
      slots[index] = color
      changed(id, key: host.key)
      return true
    }
    let index = model.slotBases[id] + offset
    if slots[index] == bits { return false }
    slots[index] = bits
    changed(id, key: key)
    return true
  }

  /// Before text run `id`'s style id becomes `bits`: a run's style changes only to an object
  /// that is a text style, so the style it has is kept while the id names anything else (a
  /// keyframe's missing id, the artboard).
  private mutating func keepRunStyle(_ id: Int, offset: Int, for bits: UInt32) {
    if model.isA(Int(bits), TypeKey.textStylePaint) {
      keptRunStyles[id] = nil
    } else if keptRunStyles[id] == nil {
      let current = slots[model.slotBases[id] + offset]
      if model.isA(Int(current), TypeKey.textStylePaint) { keptRunStyles[id] = current }
    }
  }

  /// The style text run `id` is drawn in: its style id, or the style it kept while the id
  /// names no text style.
  func runStyle(_ id: Int) -> Int {
    let styleID = uint(id, Slot.textValueRunStyleId)
    if let kept = keptRunStyles[id], !model.isA(Int(styleID), TypeKey.textStylePaint) {
      return Int(kept)
    }
    return Int(styleID)
  }

  /// A number property as the official getter reads it: a nested number input's value is its
  /// nested machine's input (the slot is not kept), every other number is its slot.
  func floatValue(_ id: Int, offset: Int, key: UInt16) -> Float {
    if key == PropertyKey.nestedNumberNestedValue, case .number(let input)? = nestedInputValue(id) {
      return input
    }
    return float(id, offset)
  }

  /// Sets a float slot the way the official setters do: equal values (including +0 and -0)
  /// change nothing.
  @discardableResult
  mutating func setFloat(_ id: Int, offset: Int, key: UInt16, _ value: Float) -> Bool {
    if key == PropertyKey.nestedNumberNestedValue {
      setNestedInput(id, value: .number(value))
      return false
    }
    let index = model.slotBases[id] + offset
    if Self.readsBack(key) {
      if isScrollConstraint(id), scrollComputedValue(id, key: key) == value { return false }
    } else if Float(bitPattern: slots[index]) == value {
      return false
    }
    slots[index] = value.bitPattern
    changed(id, key: key)
    return true
  }

  /// Whether a write of `key` compares with what the runtime's getter reads rather than with
  /// the stored value: a scroll's percent and index are read from its offset (or from the
  /// write it still holds), so an animation holding an index moves the offset there again
  /// once the layout has moved the items.
  @inline(__always)
  static func readsBack(_ key: UInt16) -> Bool {
    key == PropertyKey.scrollConstraintScrollIndex
      || key == PropertyKey.scrollConstraintScrollPercentX
      || key == PropertyKey.scrollConstraintScrollPercentY
  }

  /// Sets a string slot. A slot's first change gives it a string of its own; later changes
  /// replace that string, so a string that changes every frame keeps the table's size.
  mutating func setString(_ id: Int, offset: Int, key: UInt16, _ value: String) {
    let index = model.slotBases[id] + offset
    let current = Int(slots[index])
    if current < strings.count, strings[current] == value { return }
    if current >= model.strings.count && current < strings.count {
      strings[current] = value
    } else {
      slots[index] = UInt32(strings.count)
      strings.append(value)
    }
    changed(id, key: key)
  }

  mutating func changed(_ id: Int, key: UInt16) {
    drawInputs &+= 1
    if key == PropertyKey.nestedRemapAnimationTime { nestedRemapTimeChanged(id) }
    propertyChanged(id, key: key)
    if layout.isOn { layoutPropertyChanged(id, key: key) }
    if !textCache.inputFlags.isEmpty { noteTextInputChange(id, key: key) }
    if !bindObserved.isEmpty { noteBindTarget(id, key: key) }
    if !embeddedHandles.isEmpty { forwardEmbeddedValue(id, key: key) }
  }

  // MARK: - Update

  /// Brings every dirty component up to date (applying joysticks around it as the official
  /// runtime does); returns whether anything was dirty.
  mutating func updatePass() -> Bool {
    // The layout walks recurse once per level of the layout tree (this artboard's, with what
    // it hosts): a deep tree is updated on a stack that fits it.
    let depth = layoutDepth
    guard depth > LayoutTree.inlineDepth else { return updatePassOnThisStack() }
    var result = false
    withUnsafeMutablePointer(to: &self) { instance in
      LayoutTree.withStack(forDepth: depth) { result = instance.pointee.updatePassOnThisStack() }
    }
    return result
  }

  /// ``updatePass()`` on the calling thread's stack.
  private mutating func updatePassOnThisStack() -> Bool {
    updateDataBinds()
    if !componentLists.isEmpty { realizeVirtualizedLists() }
    if layout.isOn { syncLayoutWithUpdate() }
    let joysticks = model.joystickIDs
    var didUpdate = false
    if joysticks.isEmpty || joysticksApplyBeforeUpdate {
      for joystick in joysticks { applyJoystick(joystick) }
      if updateComponents() { didUpdate = true }
    } else {
      if updateComponents() { didUpdate = true }
      for joystick in joysticks {
        if hasHandleSource(joystick) {
          updateDataBinds()
          if updateComponents() { didUpdate = true }
        }
        applyJoystick(joystick)
      }
      updateDataBinds()
      if updateComponents() { didUpdate = true }
    }
    if didUpdate { updateDataBinds() }
    return didUpdate
  }

  /// Updates every dirty component; returns whether anything was dirty.
  @inline(__always)  // every update pass; most passes of a settled artboard find nothing
  mutating func updateComponents() -> Bool {
    absorbBindingDirt()
    if textCache.layoutFonts != nil { layOutTextForUpdate() }
    let updated = needsUpdate ? updateDirtyComponents() : false
    if !layout.laidOutTexts.isEmpty { sendLaidOutTextsToLayout() }
    return updated
  }

  @inline(never)
  private mutating func updateDirtyComponents() -> Bool {
    updateGeometry()
    if layout.forcedSizeChanged {
      // A scroll bar sized its thumb: laid out again within this update, as the runtime's
      // update loop does when a component dirties the layout before it (once per pass).
      layout.forcedSizeChanged = false
      syncLayoutWithUpdate()
      if needsUpdate { updateGeometry() }
    }
    // The window as the layout solved just now (the first solve, a resized viewport).
    if !componentLists.isEmpty { realizeVirtualizedLists() }
    if !model.joystickIDs.isEmpty {
      // A joystick's new position dirties the artboard, which the same update pass settles.
      updateJoystickHandles()
      if needsUpdate { updateGeometry() }
    }
    for index in nested.indices where nested[index].isDirty {
      nested[index].isDirty = false
      if !isCollapsed(model.nestedHosts[nested[index].hostIndex].id) {
        updateNestedArtboard(index)
      }
    }
    if !componentLists.isEmpty { updateComponentLists() }
    return true
  }

  // MARK: - Callbacks

  /// Runs keyframe callbacks that act on the artboard itself (nested triggers); returns the
  /// events among them.
  @discardableResult
  mutating func applyCallbacks(_ callbacks: [KeyedCallbackReport]) -> [ReportedEvent] {
    var events: [ReportedEvent] = []
    for callback in callbacks {
      switch callback.propertyKey {
      case CallbackKey.eventTrigger where model.isA(callback.objectID, TypeKey.event):
        events.append(
          ReportedEvent(objectID: callback.objectID, secondsDelay: callback.elapsedSeconds))
      case CallbackKey.nestedTriggerFire where model.isA(callback.objectID, TypeKey.nestedTrigger):
        setNestedInput(callback.objectID, value: .trigger(fired: true, usedLayers: 0))
      case CallbackKey.customPropertyTriggerFire
      where model.isA(callback.objectID, TypeKey.customPropertyTrigger):
        fireCustomTrigger(callback.objectID)
      case CallbackKey.viewModelInstanceTriggerFire
      where model.isA(callback.objectID, TypeKey.viewModelInstanceTrigger):
        fireEmbeddedTrigger(callback.objectID)
      default:
        break
      }
    }
    return events
  }
}

/// A property value read from an instance.
public enum PropertyValue: Sendable, Hashable {
  case number(Float)
  case uint(UInt32)
  case int(Int32)
  case color(UInt32)
  case bool(Bool)
  case string(String)
}

extension ArtboardModel {
  /// A new instance of this artboard with its authored values.
  public func instance() -> ArtboardInstance { ArtboardInstance(model: self) }
}

extension ArtboardInstance {
  /// Advances what moves on its own (nested artboards, data binds); returns whether anything
  /// changed. `newFrame` is false for the extra settling advances within one frame.
  mutating func advanceInternal(_ seconds: Float, newFrame: Bool = true) -> Bool {
    var didUpdate = false
    for index in nested.indices {
      if advanceNested(index, seconds: seconds, newFrame: newFrame) { didUpdate = true }
    }
    if !componentLists.isEmpty, advanceComponentLists(seconds, newFrame: newFrame) {
      didUpdate = true
    }
    if seconds.isFinite { scrollClock += seconds }
    if !scrollStates.isEmpty, advanceScrolls(seconds, newFrame: newFrame) { didUpdate = true }
    if layout.isOn, newFrame, advanceLayoutAnimations(seconds, animate: true) {
      didUpdate = true
    }
    if advanceDataBinds(seconds) { didUpdate = true }
    return didUpdate
  }

  /// Advances by `seconds` and runs an update pass, as a standalone artboard advance does.
  public mutating func advance(_ seconds: Float) -> Bool {
    var didUpdate = advanceInternal(seconds)
    if updatePass() { didUpdate = true }
    absorbBindingDirt()
    return didUpdate || needsUpdate
  }
}
