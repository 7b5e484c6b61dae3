import RiveFormat

/// The one rule for content shared under a unique name, used by the legacy adapter's conflict
/// report and by `rive-assets check --shared-worker`.
///
/// A worker's global registrations are keyed by unique name alone: when two files give the same
/// unique name different content, whichever registers last wins for both files — a conflict.
/// The same content under one name is harmless. The ledger records uses of names as they happen
/// (``record(name:file:digest:)`` reports a conflict with the latest earlier use) and lists the
/// names several files share (``sharedNames``).
public struct SharedNameLedger<File: Hashable & Sendable, Digest: Hashable & Sendable>: Sendable {
  /// One use of a unique name: the file and the digest of the content it gives the name.
  public struct Use: Hashable, Sendable {
    /// The file.
    public var file: File
    /// The digest of the content.
    public var digest: Digest

    /// Creates a use.
    ///
    /// - Parameters:
    ///   - file: The file.
    ///   - digest: The digest of the content it gives the name.
    public init(file: File, digest: Digest) {
      self.file = file
      self.digest = digest
    }
  }

  /// Two uses of one name that conflict: ``Use/file`` and ``Use/digest`` both differ.
  public struct Conflict: Hashable, Sendable {
    /// The contested unique name.
    public var name: String
    /// The earlier use.
    public var first: Use
    /// The later use (which wins on a shared worker).
    public var second: Use
  }

  /// A name used by more than one file.
  public struct SharedName: Sendable {
    /// The unique name.
    public var name: String
    /// Every use, in the order recorded.
    public var uses: [Use]
    /// Whether the uses give the name different content.
    public var isConflict: Bool { SharedNameLedger.isConflict(uses) }
  }

  private var uses: [String: [Use]] = [:]

  /// An empty ledger.
  public init() {}

  /// Whether two uses of one name conflict: they come from different files and give different
  /// content.
  public static func conflicts(_ first: Use, _ second: Use) -> Bool {
    first.file != second.file && first.digest != second.digest
  }

  /// Whether any two of `uses` (of one name) conflict: with more than one file and more than one
  /// digest among them, some pair has both different (a pair that shares a file differs in
  /// digest, so one of its members differs from a third use's file and digest).
  public static func isConflict(_ uses: [Use]) -> Bool {
    Set(uses.map(\.file)).count > 1 && Set(uses.map(\.digest)).count > 1
  }

  /// Records a use of `name` and returns the conflict with the latest earlier use, if there is
  /// one.
  ///
  /// - Parameters:
  ///   - name: The unique name.
  ///   - file: The file using it.
  ///   - digest: The digest of the content the file gives it.
  /// - Returns: The conflict with the latest earlier use of `name`, or `nil`.
  @discardableResult
  public mutating func record(name: String, file: File, digest: Digest) -> Conflict? {
    let use = Use(file: file, digest: digest)
    let latest = uses[name]?.last
    uses[name, default: []].append(use)
    guard let latest, Self.conflicts(latest, use) else { return nil }
    return Conflict(name: name, first: latest, second: use)
  }

  /// Every name used by more than one file, sorted by name.
  public var sharedNames: [SharedName] {
    uses.keys.sorted().compactMap { name in
      guard let list = uses[name], Set(list.map(\.file)).count > 1 else { return nil }
      return SharedName(name: name, uses: list)
    }
  }
}
