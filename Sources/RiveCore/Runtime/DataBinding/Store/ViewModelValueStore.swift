import RiveFormat

/// The values one view-model instance (and the nested instances seen through it) holds, shared
/// by both API generations: a current-API ``ViewModelInstance`` and a legacy instance made from
/// the same node read and write this one store, so both see one value.
///
/// String, number, boolean, color, enum and trigger values live in the runtime's
/// `ViewModelStore` (``State/core``), the storage the artboard's data binds read and write:
/// binding the instance to a state machine moves that store into the artboard for each advance
/// and back (``takeCore()``, ``returnCore(_:)``), so values set here flow into bound properties
/// on advance and values the runtime changes are read here. What the runtime's store does not
/// hold (decoded content given to asset properties, artboards given to artboard properties,
/// nested instances and list items made from other instances) is kept beside it. When the file
/// cannot be evaluated there is no core store and values are kept here by key.
///
/// Keys are full property paths inside the store (`"Title"`, `"Nested/Title"`). Every applied
/// change bumps the key's version; value streams are told by ``flush()``, which each mutation
/// and each state-machine advance calls. (Dirty streams belong to each current-API handle,
/// which tells them of every mutating call made through it.)
/// Lock-protected: usable from the main actor (current API) and from any one thread at a time
/// (legacy API).
package final class ViewModelValueStore: Sendable {
  /// A value given to a string, number, boolean, color or enum property.
  package enum Value: Equatable, Sendable {
    case string(String)
    case number(Float)
    case boolean(Bool)
    case color(Color)
    case enumValue(String)
  }

  /// What an image, font or blob property was given.
  package enum AssetBinding: Sendable {
    /// Content assigned through data binding.
    case content(DecodedAsset)
    /// `nil` (or content that did not decode) was assigned: the property shows nothing.
    case cleared
  }

  /// What an artboard property was given: a current-API `Artboard` or a legacy bindable
  /// artboard, and its name (nil object: cleared).
  package struct ArtboardBinding: Sendable {
    package var object: (any AnyObject & Sendable)?
    package var name: String?

    package init(object: (any AnyObject & Sendable)?, name: String?) {
      self.object = object
      self.name = name
    }
  }

  package struct State {
    /// The runtime's storage of the values (nil when the file cannot be evaluated, or while
    /// an advance has it).
    package var core: ViewModelStore?
    /// The root instance in ``core``.
    package var root: ViewModelInstanceHandle?
    /// The key of each core value this store has looked up, to name the runtime's changes.
    package var keysByHandle: [Int32: String] = [:]
    /// Values by key when there is no core store.
    package var values: [String: Value] = [:]
    package var assets: [String: AssetBinding] = [:]
    /// The asset index each image property given content through data binding draws under
    /// (see ``boundImageIndexBase``), by key.
    package var boundImageIndices: [String: UInt32] = [:]
    package var artboards: [String: ArtboardBinding] = [:]
    /// Nested instances that replaced the default one (never this store's own children, so
    /// there is no reference cycle).
    package var nested: [String: ViewModelInstanceNode] = [:]
    package var lists: [String: [ViewModelInstanceNode]] = [:]
    package var triggerCounts: [String: Int] = [:]
    /// A change counter per key.
    package var versions: [String: UInt64] = [:]
    /// Keys changed since the legacy API last cleared them (`hasChanged`).
    package var legacyChanged: Set<String> = []
    fileprivate var watchers: [Int: Watcher] = [:]
    fileprivate var nextSubscriber = 0
  }

  /// Where a value stream delivers.
  package enum Sink: Sendable {
    case string(AsyncThrowingStream<String, any Error>.Continuation)
    case number(AsyncThrowingStream<Float, any Error>.Continuation)
    case boolean(AsyncThrowingStream<Bool, any Error>.Continuation)
    case color(AsyncThrowingStream<Color, any Error>.Continuation)
    case trigger(AsyncThrowingStream<Void, any Error>.Continuation)

    func finish() {
      switch self {
      case .string(let continuation): continuation.finish()
      case .number(let continuation): continuation.finish()
      case .boolean(let continuation): continuation.finish()
      case .color(let continuation): continuation.finish()
      case .trigger(let continuation): continuation.finish()
      }
    }

    /// Delivers `value` (nil: a trigger or a value-less change).
    func deliver(_ value: Value?) {
      switch (self, value) {
      case (.string(let continuation), .string(let text)?),
        (.string(let continuation), .enumValue(let text)?):
        continuation.yield(text)
      case (.number(let continuation), .number(let number)?): continuation.yield(number)
      case (.boolean(let continuation), .boolean(let flag)?): continuation.yield(flag)
      case (.color(let continuation), .color(let color)?): continuation.yield(color)
      case (.trigger(let continuation), _): continuation.yield()
      default: break
      }
    }
  }

  /// A value stream's subscription: the key it follows, the version it last delivered, the
  /// value to report while nothing was given (the file's stored value or the type's default)
  /// and where it delivers.
  fileprivate struct Watcher {
    var key: String
    var seen: UInt64
    var fallback: Value?
    var sink: Sink
  }

  private let state = Locked(State())

  package init() {}

  /// A store whose values live in a new instance of the runtime's store of `file`.
  ///
  /// - Parameters:
  ///   - file: The parsed file (no core store when its runtime graph cannot be built).
  ///   - viewModelIndex: The instance's view model.
  ///   - authoredIndex: The authored instance to copy, nil for a blank instance.
  package init(file: LoadedFile, viewModelIndex: Int, authoredIndex: Int?) {
    if let runtime = try? file.runtimeFile() {
      var core = ViewModelStore(file: runtime)
      let root = core.makeInstance(viewModelAt: viewModelIndex, authoredIndex: authoredIndex)
      if let root {
        state.withLock { state in
          state.core = core
          state.root = root
        }
      }
    }
  }

  // MARK: - The runtime's store

  /// The first asset index images and fonts given through data binding draw under: past the
  /// assets of any file, so the artboard's image or text style bound to the property draws the
  /// given content (the frame maps these indices to the content, ``boundAssets()``).
  package static let boundImageIndexBase: UInt32 = 0x4000_0000

  /// The asset index a cleared image or font property points its users at: no asset, nothing
  /// drawn.
  package static let noImageIndex = UInt32.max

  /// Points the core's image or font property at `key` at `asset`'s drawing index (a new one
  /// the first time the key is given content), or at no asset for nil or content of another
  /// kind; nothing when the core holds no image or font property there.
  package static func bindImage(_ asset: DecodedAsset?, at key: String, in state: inout State) {
    guard let handle = handle(key, in: &state) else { return }
    let fits: Bool
    switch state.core?.kind(of: handle) {
    case .assetImage?: fits = asset?.image != nil
    case .assetFont?: fits = asset?.font != nil
    default: return
    }
    var index = noImageIndex
    if fits {
      if let known = state.boundImageIndices[key] {
        index = known
      } else {
        index = boundImageIndexBase + UInt32(state.boundImageIndices.count)
        state.boundImageIndices[key] = index
      }
    }
    _ = state.core?.setValue(.asset(index), for: handle)
  }

  /// The images and fonts given to image and font properties through data binding: each
  /// property's path, the drawing index its users draw under (``boundImageIndexBase`` and up)
  /// and its content, in drawing-index order. `ResolvedAssets` is the one reader.
  package func boundAssets() -> [(property: String, index: Int, content: DecodedAsset)] {
    state.withLock { state in
      var bound: [(property: String, index: Int, content: DecodedAsset)] = []
      for (key, index) in state.boundImageIndices {
        if case .content(let asset)? = state.assets[key] {
          bound.append((key, Int(index), asset))
        }
      }
      return bound.sorted { $0.index < $1.index }
    }
  }

  /// The core value at `key`, recording its key for change reports (nil without a core
  /// store or when the path leads to no value).
  package static func handle(_ key: String, in state: inout State) -> ViewModelValueHandle? {
    guard let core = state.core, let root = state.root,
      let handle = core.handle(at: key, from: root)
    else { return nil }
    state.keysByHandle[handle.index] = key
    return handle
  }

  /// The current value at `key` as the core holds it (nil when the core does not hold it).
  package static func coreValue(_ key: String, in state: inout State) -> Value? {
    guard let handle = handle(key, in: &state), let core = state.core else { return nil }
    switch core.value(of: handle) {
    case .string(let text)?: return .string(text)
    case .number(let number)?: return .number(number)
    case .boolean(let flag)?: return .boolean(flag)
    case .color(let argb)?: return .color(Color(argb))
    case .enumeration?: return core.enumName(of: handle).map { .enumValue($0) }
    default: return nil
    }
  }

  /// Writes `value` at `key` into the core; false when the core does not hold the key.
  package static func setCoreValue(_ value: Value, at key: String, in state: inout State) -> Bool {
    guard let handle = handle(key, in: &state), state.core != nil else { return false }
    switch value {
    case .string(let text): return state.core?.setValue(.string(text), for: handle) ?? false
    case .number(let number): return state.core?.setValue(.number(number), for: handle) ?? false
    case .boolean(let flag): return state.core?.setValue(.boolean(flag), for: handle) ?? false
    case .color(let color):
      return state.core?.setValue(.color(color.argbValue), for: handle) ?? false
    case .enumValue(let name): return state.core?.setEnum(named: name, for: handle) ?? false
    }
  }

  /// Fires the trigger at `key` in the core; false when the core does not hold it.
  package static func fireCore(at key: String, in state: inout State) -> Bool {
    guard let handle = handle(key, in: &state) else { return false }
    return state.core?.fireTrigger(handle) ?? false
  }

  /// The instance at `prefix` (`""`: the root; `"Nested/"`: the root's `Nested` property).
  package func coreInstance(prefix: String) -> ViewModelInstanceHandle? {
    state.withLock { state in
      guard let core = state.core, let root = state.root else { return nil }
      guard !prefix.isEmpty else { return root }
      guard let handle = core.handle(at: String(prefix.dropLast()), from: root),
        case .viewModel(let instance)? = core.value(of: handle)
      else { return nil }
      return instance
    }
  }

  /// Moves the core store out (to bind it or to advance with it); nil when there is none or
  /// it is already out.
  package func takeCore() -> ViewModelStore? {
    state.withLock { state in
      let core = state.core
      state.core = nil
      return core
    }
  }

  /// Moves the core store back after an advance or a bind, then reports the values the
  /// runtime changed: each changed key's version goes up and the value streams get the new
  /// values.
  ///
  /// - Parameter core: The store, as the artboard gave it back (nil: keep the current one).
  package func returnCore(_ core: ViewModelStore?) {
    state.withLock { state in
      if let core { state.core = core }
      guard let changed = state.core?.takeChangedValues(), !changed.isEmpty else { return }
      for handle in changed {
        guard let key = state.keysByHandle[handle.index] else { continue }
        state.versions[key, default: 0] += 1
        state.legacyChanged.insert(key)
      }
    }
    flush()
  }

  deinit {
    let watchers = state.withLock { $0.watchers }
    for watcher in watchers.values { watcher.sink.finish() }
  }

  /// Reads the state.
  package func read<Result>(_ body: (State) -> Result) -> Result {
    state.withLock { body($0) }
  }

  /// Reads the state with bookkeeping allowed (the key lookups it records).
  package func update<Result>(_ body: (inout State) -> Result) -> Result {
    state.withLock { body(&$0) }
  }

  /// Applies a write to `key`; `body` returns whether it changed the value (a trigger, a list
  /// edit or an assignment always does). A change bumps the key's version, marks it changed
  /// for the legacy API and flushes the value streams.
  ///
  /// - Parameters:
  ///   - key: The property's full key.
  ///   - body: The write.
  package func change(_ key: String, _ body: (inout State) -> Bool) {
    let changed = state.withLock { state in
      let changed = body(&state)
      // This write is reported here; the runtime's log of it is not reported again.
      _ = state.core?.takeChangedValues()
      if changed {
        state.versions[key, default: 0] += 1
        state.legacyChanged.insert(key)
      }
      return changed
    }
    if changed { flush() }
  }

  /// Delivers, to every value stream whose key changed since it last delivered, the key's
  /// current value (once, however many changes there were).
  package func flush() {
    let deliveries: [(Sink, Value?)] = state.withLock { state in
      var due: [(Sink, Value?)] = []
      for (id, watcher) in state.watchers.sorted(by: { $0.key < $1.key }) {
        let version = state.versions[watcher.key, default: 0]
        guard version > watcher.seen else { continue }
        state.watchers[id]?.seen = version
        let value =
          Self.coreValue(watcher.key, in: &state) ?? state.values[watcher.key] ?? watcher.fallback
        due.append((watcher.sink, value))
      }
      return due
    }
    for (sink, value) in deliveries { sink.deliver(value) }
  }

  // MARK: - Legacy change flags

  /// Whether `key` changed since the legacy API last cleared it.
  package func hasChanged(_ key: String) -> Bool {
    state.withLock { $0.legacyChanged.contains(key) }
  }

  /// Clears the legacy change flag of `key`.
  package func clearChanged(_ key: String) {
    _ = state.withLock { $0.legacyChanged.remove(key) }
  }

  // MARK: - Subscriptions

  /// Follows `key`: from now on, ``flush()`` delivers the key's value to `sink` after each
  /// change; the sink is finished when the store goes away.
  ///
  /// - Parameters:
  ///   - key: The property's full key.
  ///   - fallback: The value while nothing was given.
  ///   - sink: Where values go.
  /// - Returns: A token for ``unwatch(_:)``.
  package func watch(_ key: String, fallback: Value?, sink: Sink) -> Int {
    state.withLock { state in
      let id = state.nextSubscriber
      state.nextSubscriber += 1
      _ = Self.handle(key, in: &state)
      state.watchers[id] = Watcher(
        key: key, seen: state.versions[key, default: 0], fallback: fallback, sink: sink)
      return id
    }
  }

  /// Stops following a key.
  package func unwatch(_ token: Int) {
    _ = state.withLock { $0.watchers.removeValue(forKey: token) }
  }
}
