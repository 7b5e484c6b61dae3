import RiveFormat

/// What a ``DecodedContentBudget`` did to one asset's content: how often it was dropped and
/// decoded again. Shown in the ``ResolutionReport``.
public struct ContentActivity: Sendable, Hashable, CustomStringConvertible {
  /// How often the content was dropped to stay within the budget.
  public var evictionCount: Int
  /// How often it was decoded again from its source after being dropped.
  public var redecodeCount: Int
  /// Why decoding it again failed the last time, if it did.
  public var rebuildFailure: String?

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - evictionCount: Times dropped.
  ///   - redecodeCount: Times decoded again.
  ///   - rebuildFailure: Why the last re-decode failed, if it did.
  public init(evictionCount: Int = 0, redecodeCount: Int = 0, rebuildFailure: String? = nil) {
    self.evictionCount = evictionCount
    self.redecodeCount = redecodeCount
    self.rebuildFailure = rebuildFailure
  }

  /// Whether nothing happened.
  public var isEmpty: Bool { evictionCount == 0 && redecodeCount == 0 && rebuildFailure == nil }

  /// `evicted 2×, re-decoded 2×`.
  public var description: String {
    var text = "evicted \(evictionCount)×, re-decoded \(redecodeCount)×"
    if let rebuildFailure { text += ", re-decode failed: \(rebuildFailure)" }
    return text
  }
}
