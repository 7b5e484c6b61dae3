import RiveFormat

/// A bound, in bytes, on the decoded content a worker keeps: its global registrations and the
/// decoded embedded content of its files.
///
/// Every piece of decoded content an owner (an ``AssetRegistry``, a ``LoadedFile``) keeps is
/// admitted with its size (`DecodedAsset/decodedByteCount`) and whether it can be decoded
/// again from a ``ContentSource``. When the content kept exceeds ``limit``, the least recently
/// used content that has a source is dropped; its owner decodes it again on its next use.
/// Content without a source (an image the user decoded from pixels of their own, a system
/// font) is counted but never dropped, and neither is the most recently used piece, so a
/// single item larger than the whole budget stays usable. Owners call ``enforce()`` outside
/// their own locks; the budget never calls an owner while it holds its own lock.
public final class DecodedContentBudget: Sendable {
  /// What the budget holds now and what it has done.
  public struct Usage: Sendable, Hashable, CustomStringConvertible {
    /// The bound on decoded bytes.
    public var limit: Int
    /// Decoded bytes kept now (droppable and pinned).
    public var residentBytes: Int
    /// The part of ``residentBytes`` that has no source and cannot be dropped.
    public var pinnedBytes: Int
    /// Encoded bytes kept in memory by sources (``ContentSource/retainedByteCount``); not
    /// part of the bound.
    public var sourceBytes: Int
    /// The most decoded bytes kept at once.
    public var peakResidentBytes: Int
    /// Pieces of content dropped to stay within the bound, so far.
    public var evictionCount: Int
    /// Pieces of content decoded again after being dropped, so far.
    public var redecodeCount: Int

    public var description: String {
      "budget \(Self.size(limit)): \(Self.size(residentBytes)) resident "
        + "(\(Self.size(pinnedBytes)) pinned, peak \(Self.size(peakResidentBytes))), "
        + "\(Self.size(sourceBytes)) of sources, \(evictionCount) evicted, "
        + "\(redecodeCount) re-decoded"
    }

    /// `512 B`, `40 KiB`, `64.0 MiB`.
    static func size(_ bytes: Int) -> String {
      if bytes < 1024 { return "\(bytes) B" }
      if bytes < 1 << 20 { return "\(bytes / 1024) KiB" }
      let tenths = (Double(bytes) / 1_048_576 * 10).rounded() / 10
      return "\(tenths) MiB"
    }
  }

  /// Identifies one admitted piece of content.
  package struct Token: Hashable, Sendable {
    fileprivate let value: UInt64
  }

  private struct Item {
    var byteCount: Int
    var retainedByteCount: Int
    var isEvictable: Bool
    var lastUse: UInt64
    var evict: @Sendable () -> Void
  }

  private struct State {
    var items: [UInt64: Item] = [:]
    var clock: UInt64 = 0
    var nextID: UInt64 = 0
    var resident = 0
    var pinned = 0
    var retained = 0
    var peak = 0
    var evictions = 0
    var redecodes = 0
  }

  /// The bound on decoded bytes.
  public let limit: Int
  private let state = Locked(State())

  /// Creates a budget.
  ///
  /// On glibc, the first budget also fixes malloc's mmap threshold at 1 MiB for the process
  /// (``AllocatorTuning``): decoded pixels the budget drops then go back to the system at
  /// once, so resident memory follows the budget instead of the allocator's high-water mark.
  ///
  /// - Parameter limit: The bound on decoded bytes (negative values count as 0).
  public init(limit: Int) {
    self.limit = max(0, limit)
    AllocatorTuning.returnLargeBlocksToTheSystem()
  }

  /// What the budget holds now and what it has done.
  public var usage: Usage {
    state.withLock { state in
      Usage(
        limit: limit, residentBytes: state.resident, pinnedBytes: state.pinned,
        sourceBytes: state.retained, peakResidentBytes: state.peak,
        evictionCount: state.evictions, redecodeCount: state.redecodes)
    }
  }

  /// Counts a piece of content as kept and most recently used.
  ///
  /// - Parameters:
  ///   - byteCount: Its decoded size.
  ///   - retainedByteCount: The encoded bytes its source keeps in memory.
  ///   - isEvictable: Whether it has a source to decode it again from.
  ///   - evict: Drops the content; called without the budget's lock, at most once, only after
  ///     the budget has stopped counting it. The owner must check that the content is still
  ///     the one admitted under the token.
  /// - Returns: The token that names it for ``touch(_:)`` and ``release(_:)``.
  package func admit(
    byteCount: Int, retainedByteCount: Int, isEvictable: Bool,
    evict: @escaping @Sendable () -> Void
  ) -> Token {
    state.withLock { state in
      state.clock &+= 1
      state.nextID &+= 1
      state.items[state.nextID] = Item(
        byteCount: byteCount, retainedByteCount: retainedByteCount, isEvictable: isEvictable,
        lastUse: state.clock, evict: evict)
      state.resident += byteCount
      state.retained += retainedByteCount
      if !isEvictable { state.pinned += byteCount }
      state.peak = max(state.peak, state.resident)
      return Token(value: state.nextID)
    }
  }

  /// Marks the content as just used.
  package func touch(_ token: Token) {
    state.withLock { state in
      guard state.items[token.value] != nil else { return }
      state.clock &+= 1
      state.items[token.value]?.lastUse = state.clock
    }
  }

  /// Stops counting content its owner no longer keeps (replaced or removed).
  package func release(_ token: Token) {
    state.withLock { state in
      guard let item = state.items.removeValue(forKey: token.value) else { return }
      Self.uncount(item, in: &state)
    }
  }

  /// Records that an owner decoded dropped content again.
  package func recordRedecode() {
    state.withLock { $0.redecodes += 1 }
  }

  /// Drops the least recently used content that has a source until the decoded bytes kept are
  /// within ``limit`` (never the most recently used piece). Call it without holding an owner's
  /// lock: it calls the owners' `evict` closures.
  public func enforce() {
    let victims: [@Sendable () -> Void] = state.withLock { state in
      guard state.resident > limit else { return [] }
      let newest = state.items.values.map(\.lastUse).max()
      let candidates = state.items
        .filter { $0.value.isEvictable && $0.value.lastUse != newest }
        .sorted { $0.value.lastUse < $1.value.lastUse }
      var chosen: [@Sendable () -> Void] = []
      for (id, item) in candidates {
        guard state.resident > limit else { break }
        state.items.removeValue(forKey: id)
        Self.uncount(item, in: &state)
        state.evictions += 1
        chosen.append(item.evict)
      }
      return chosen
    }
    for evict in victims { evict() }
  }

  private static func uncount(_ item: Item, in state: inout State) {
    state.resident -= item.byteCount
    state.retained -= item.retainedByteCount
    if !item.isEvictable { state.pinned -= item.byteCount }
  }
}
