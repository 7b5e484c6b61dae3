/// Named decoded assets, keyed by unique name and media kind, safe to use from any thread.
///
/// This is the core of global registration: the current API's `Worker` owns one, and every file
/// loaded by that worker resolves its assets against it *at the time of asking*, so a
/// registration reaches files loaded before it and after it. Registering again under a name
/// replaces the entry; removing it lets assets fall back to their embedded content. A failed
/// decode never reaches the registry, so it can never remove or corrupt an entry.
public final class AssetRegistry: Sendable {
  private struct Key: Hashable {
    var kind: MediaKind
    var name: String
  }

  private struct State {
    var entries: [Key: DecodedAsset] = [:]
    var generation: UInt64 = 0
  }

  private let state = Locked(State())

  /// Creates an empty registry.
  public init() {}

  /// Registers `asset` under `name`, replacing any entry of the same kind and name.
  ///
  /// - Returns: The entry it replaced, if any.
  @discardableResult
  public func register(_ asset: DecodedAsset, name: String) -> DecodedAsset? {
    state.withLock { state in
      state.generation &+= 1
      return state.entries.updateValue(asset, forKey: Key(kind: asset.kind, name: name))
    }
  }

  /// Removes the entry of `kind` named `name`.
  ///
  /// - Returns: The removed entry, if there was one.
  @discardableResult
  public func remove(name: String, kind: MediaKind) -> DecodedAsset? {
    state.withLock { state in
      state.generation &+= 1
      return state.entries.removeValue(forKey: Key(kind: kind, name: name))
    }
  }

  /// The entry of `kind` named `name`.
  public func lookup(name: String, kind: MediaKind) -> DecodedAsset? {
    state.withLock { $0.entries[Key(kind: kind, name: name)] }
  }

  /// A counter that changes with every registration and removal.
  public var generation: UInt64 { state.withLock { $0.generation } }

  /// Every entry, sorted by kind and name.
  public var entries: [(kind: MediaKind, name: String, asset: DecodedAsset)] {
    state.withLock { state in
      state.entries.map { (kind: $0.key.kind, name: $0.key.name, asset: $0.value) }
        .sorted { ($0.kind.rawValue, $0.name) < ($1.kind.rawValue, $1.name) }
    }
  }
}
