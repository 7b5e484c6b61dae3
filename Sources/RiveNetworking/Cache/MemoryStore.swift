import Foundation
import RiveCore
import RiveFormat

/// The in-memory half of an ``AssetCache``: decoded content by URL and kind, least recently
/// used first out when the total decoded size passes the bound.
final class MemoryStore: Sendable {
  /// One decoded entry.
  struct Entry: Sendable {
    var content: DecodedAsset
    /// The SHA-256 of the body it was decoded from (hex), to match a revalidated body.
    var bodySHA256: String
    var freshUntil: Double
    /// What the content can be decoded again from.
    var source: ContentSource
  }

  private struct Slot {
    var entry: Entry
    var lastUse: UInt64
  }

  private struct State {
    var slots: [String: Slot] = [:]
    var clock: UInt64 = 0
    var total = 0
  }

  let maximum: Int
  private let state = Locked(State())

  init(maximum: Int) {
    self.maximum = max(0, maximum)
  }

  /// The entry for `key`, marked as just used.
  func entry(_ key: String) -> Entry? {
    state.withLock { state in
      guard state.slots[key] != nil else { return nil }
      state.clock &+= 1
      state.slots[key]?.lastUse = state.clock
      return state.slots[key]?.entry
    }
  }

  /// Keeps `entry` under `key` (not when it alone is larger than the bound), then drops the
  /// least recently used entries until the total fits.
  func store(_ entry: Entry, key: String) {
    let size = entry.content.decodedByteCount
    state.withLock { state in
      if let old = state.slots.removeValue(forKey: key) {
        state.total -= old.entry.content.decodedByteCount
      }
      guard size <= maximum else { return }
      state.clock &+= 1
      state.slots[key] = Slot(entry: entry, lastUse: state.clock)
      state.total += size
      guard state.total > maximum else { return }
      for (victim, slot) in state.slots.sorted(by: { $0.value.lastUse < $1.value.lastUse })
      where state.total > maximum && victim != key {
        state.slots.removeValue(forKey: victim)
        state.total -= slot.entry.content.decodedByteCount
      }
    }
  }

  /// Updates the freshness of the entry for `key`.
  func refresh(_ key: String, freshUntil: Double) {
    state.withLock { $0.slots[key]?.entry.freshUntil = freshUntil }
  }

  /// Forgets the entry for `key`.
  func remove(_ key: String) {
    state.withLock { state in
      if let old = state.slots.removeValue(forKey: key) {
        state.total -= old.entry.content.decodedByteCount
      }
    }
  }

  /// Forgets every entry.
  func removeAll() {
    state.withLock { $0 = State() }
  }

  /// The decoded bytes kept.
  var byteCount: Int { state.withLock { $0.total } }
}
