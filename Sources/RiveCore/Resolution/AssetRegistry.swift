import Foundation
import RiveFormat

/// Named decoded assets, keyed by unique name and media kind, safe to use from any thread.
///
/// This is the core of global registration: the current API's `Worker` owns one, and every file
/// loaded by that worker resolves its assets against it *at the time of asking*, so a
/// registration reaches files loaded before it and after it. Registering again under a name
/// replaces the entry; removing it lets assets fall back to their embedded content. A failed
/// decode never reaches the registry, so it can never remove or corrupt an entry.
///
/// With a ``DecodedContentBudget``, every entry is counted; an entry registered with a
/// ``ContentSource`` may have its decoded content dropped when the budget is exceeded, and
/// ``registration(name:kind:)`` (and ``lookup(name:kind:)``) decode it again from the source,
/// checking that the digest is the one registered. An entry without a source is never dropped.
public final class AssetRegistry: Sendable {
  /// One registration as it is now.
  public struct Registration: Sendable {
    /// The content; `nil` only when it was dropped by the budget and decoding it again failed
    /// (``activity`` says why).
    public var content: DecodedAsset?
    /// The digest of the content registered.
    public var digest: ContentDigest
    /// Where a download delivered it from, when it came through an `AssetCache`.
    public var delivery: ContentDelivery?
    /// What the budget did to it.
    public var activity: ContentActivity
    /// What it can be decoded again from, if anything.
    public var sourceDescription: String?
  }

  private struct Key: Hashable {
    var kind: MediaKind
    var name: String
  }

  private struct Entry {
    var content: DecodedAsset?
    weak var lingering: DecodedAsset?
    var digest: ContentDigest
    var byteCount: Int
    var source: ContentSource?
    var delivery: ContentDelivery?
    var token: DecodedContentBudget.Token?
    var serial: UInt64
    var activity = ContentActivity()
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    var generation: UInt64 = 0
  }

  private let state = Locked(State())
  /// The budget entries are counted against, if any.
  public let budget: DecodedContentBudget?
  /// The limits content is decoded again with.
  public let limits: DecodingLimits

  /// Creates an empty registry.
  ///
  /// - Parameters:
  ///   - budget: The budget to count entries against (none by default: nothing is dropped).
  ///   - limits: The limits used when decoding dropped content again.
  public init(budget: DecodedContentBudget? = nil, limits: DecodingLimits = .default) {
    self.budget = budget
    self.limits = limits
  }

  /// Registers `asset` under `name`, replacing any entry of the same kind and name. The entry
  /// has no source, so a budget never drops it.
  ///
  /// - Returns: The entry it replaced, if any (and still in memory).
  @discardableResult
  public func register(_ asset: DecodedAsset, name: String) -> DecodedAsset? {
    register(asset, name: name, source: nil)
  }

  /// Registers `asset` under `name`, replacing any entry of the same kind and name.
  ///
  /// - Parameters:
  ///   - asset: The decoded content.
  ///   - name: The unique name.
  ///   - source: Where the content can be decoded again from; with one, a budget may drop the
  ///     decoded content and it is decoded again on its next use.
  ///   - delivery: Where a download delivered it from, for the resolution report.
  /// - Returns: The entry it replaced, if any (and still in memory).
  @discardableResult
  public func register(
    _ asset: DecodedAsset, name: String, source: ContentSource?,
    delivery: ContentDelivery? = nil
  ) -> DecodedAsset? {
    let key = Key(kind: asset.kind, name: name)
    let replaced: DecodedAsset? = state.withLock { state in
      state.generation &+= 1
      let old = state.entries[key]
      if let token = old?.token { budget?.release(token) }
      var entry = Entry(
        content: asset, digest: asset.digest, byteCount: asset.decodedByteCount, source: source,
        delivery: delivery, serial: state.generation)
      entry.token = admit(entry, key: key)
      state.entries[key] = entry
      return old?.content ?? old?.lingering
    }
    budget?.enforce()
    return replaced
  }

  /// Removes the entry of `kind` named `name`.
  ///
  /// - Returns: The removed entry, if there was one (and it was still in memory).
  @discardableResult
  public func remove(name: String, kind: MediaKind) -> DecodedAsset? {
    state.withLock { state in
      state.generation &+= 1
      guard let old = state.entries.removeValue(forKey: Key(kind: kind, name: name)) else {
        return nil
      }
      if let token = old.token { budget?.release(token) }
      return old.content ?? old.lingering
    }
  }

  /// The content of `kind` registered as `name`, decoded again from its source if the budget
  /// dropped it; `nil` when nothing is registered or decoding it again failed.
  public func lookup(name: String, kind: MediaKind) -> DecodedAsset? {
    registration(name: name, kind: kind)?.content
  }

  /// The registration of `kind` named `name`, with its content (decoded again from its
  /// source if the budget dropped it), delivery and budget activity. Counts as a use.
  ///
  /// - Parameters:
  ///   - name: The unique name.
  ///   - kind: The media kind.
  /// - Returns: The registration, or `nil` when nothing is registered.
  public func registration(name: String, kind: MediaKind) -> Registration? {
    let key = Key(kind: kind, name: name)
    enum Step {
      case done(Registration)
      case rebuild(ContentSource, serial: UInt64, digest: ContentDigest)
    }
    let step: Step? = state.withLock { state in
      guard var entry = state.entries[key] else { return nil }
      if let content = entry.content {
        if let token = entry.token { budget?.touch(token) }
        return .done(Self.registration(entry, content: content))
      }
      if let lingering = entry.lingering {
        // Dropped by the budget, but someone still holds it: keep it again, no decode needed.
        entry.content = lingering
        entry.token = admit(entry, key: key)
        state.entries[key] = entry
        return .done(Self.registration(entry, content: lingering))
      }
      guard let source = entry.source else {
        return .done(Self.registration(entry, content: nil))
      }
      return .rebuild(source, serial: entry.serial, digest: entry.digest)
    }
    switch step {
    case nil:
      return nil
    case .done(let registration):
      budget?.enforce()
      return registration
    case .rebuild(let source, let serial, let digest):
      let outcome = Self.decodeAgain(source, kind: kind, name: name, digest: digest, limits: limits)
      let registration: Registration? = state.withLock { state in
        guard var entry = state.entries[key] else { return nil }
        guard entry.serial == serial else {
          // Replaced meanwhile: report the new entry as it is.
          return Self.registration(entry, content: entry.content ?? entry.lingering)
        }
        if let content = entry.content ?? entry.lingering {
          return Self.registration(entry, content: content)
        }
        switch outcome {
        case .success(let content):
          entry.content = content
          entry.activity.redecodeCount += 1
          entry.activity.rebuildFailure = nil
          entry.token = admit(entry, key: key)
          budget?.recordRedecode()
        case .failure(let failure):
          entry.activity.rebuildFailure = failure.message
        }
        state.entries[key] = entry
        return Self.registration(entry, content: entry.content)
      }
      budget?.enforce()
      return registration
    }
  }

  /// A counter that changes with every registration and removal.
  public var generation: UInt64 { state.withLock { $0.generation } }

  /// Every entry, sorted by kind and name (dropped content is decoded again; entries whose
  /// re-decode fails are left out).
  public var entries: [(kind: MediaKind, name: String, asset: DecodedAsset)] {
    let keys = state.withLock { state in
      state.entries.keys.sorted { ($0.kind.rawValue, $0.name) < ($1.kind.rawValue, $1.name) }
    }
    return keys.compactMap { key in
      registration(name: key.name, kind: key.kind)?.content.map {
        (kind: key.kind, name: key.name, asset: $0)
      }
    }
  }

  // MARK: Implementation

  /// Counts `entry`'s content against the budget; its `evict` closure drops the content only
  /// if the entry is still the one admitted.
  private func admit(_ entry: Entry, key: Key) -> DecodedContentBudget.Token? {
    guard let budget else { return nil }
    let serial = entry.serial
    let holder = TokenHolder()
    let token = budget.admit(
      byteCount: entry.byteCount, retainedByteCount: entry.source?.retainedByteCount ?? 0,
      isEvictable: entry.source != nil
    ) { [weak self] in
      self?.evict(key, serial: serial, holder: holder)
    }
    holder.token = token
    return token
  }

  private func evict(_ key: Key, serial: UInt64, holder: TokenHolder) {
    state.withLock { state in
      guard var entry = state.entries[key], entry.serial == serial, entry.token == holder.token,
        let content = entry.content
      else { return }
      entry.lingering = content
      entry.content = nil
      entry.token = nil
      entry.activity.evictionCount += 1
      state.entries[key] = entry
    }
  }

  private static func registration(_ entry: Entry, content: DecodedAsset?) -> Registration {
    Registration(
      content: content, digest: entry.digest, delivery: entry.delivery, activity: entry.activity,
      sourceDescription: entry.source?.description)
  }

  private static func decodeAgain(
    _ source: ContentSource, kind: MediaKind, name: String, digest: ContentDigest,
    limits: DecodingLimits
  ) -> Result<DecodedAsset, RebuildFailure> {
    let data: Data
    do {
      data = try source.load()
    } catch {
      return .failure(
        RebuildFailure(
          message: "\(kind) \(name): cannot read \(source.description) again: \(error)"))
    }
    do throws(DecodingError) {
      let content = try DecodedAsset.decode(data, as: kind, limits: limits)
      guard content.digest == digest else {
        return .failure(
          RebuildFailure(
            message: "\(kind) \(name): \(source.description) changed since it was registered "
              + "(digest \(content.digest.hexString.prefix(12)), registered "
              + "\(digest.hexString.prefix(12)))"))
      }
      return .success(content)
    } catch {
      return .failure(
        RebuildFailure(
          message: "\(kind) \(name): \(source.description) no longer decodes: \(error)"))
    }
  }
}

/// Lets an eviction closure learn its own token, which exists only once the budget returns it.
final class TokenHolder: @unchecked Sendable {
  // @unchecked: written and read only while the owner's lock is held (the owner admits, and
  // its eviction closure compares, inside its own `Locked.withLock`).
  var token: DecodedContentBudget.Token?
}

/// Why content dropped by a budget could not be decoded again.
struct RebuildFailure: Error {
  var message: String
}
