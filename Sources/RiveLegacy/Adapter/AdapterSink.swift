import RiveCore
import RiveFormat

/// Routes what legacy asset objects assign to a worker's registry, recording outcomes and
/// conflicts. Kept asset objects may assign again later, from any thread.
final class AdapterSink: AssetAssignmentSink {
  private let registry: AssetRegistry
  private let assets: [RiveDocument.Asset]
  private let fileName: String
  private let fileIdentity: ObjectIdentifier
  private let ledger: RegistrationLedger
  private let outcomes = Locked<[Int: LegacyAdapterReport.Outcome]>([:])

  init(
    registry: AssetRegistry, assets: [RiveDocument.Asset], fileName: String,
    fileIdentity: ObjectIdentifier, ledger: RegistrationLedger
  ) {
    self.fileIdentity = fileIdentity
    self.registry = registry
    self.assets = assets
    self.fileName = fileName
    self.ledger = ledger
  }

  func assign(_ assignment: FileAssetStore.Assignment, toAssetAt index: Int) {
    guard assets.indices.contains(index) else { return }
    let asset = assets[index]
    if let content = assignment.content {
      register(content, for: asset)
      outcomes.withLock { $0[index] = .registered(digest: content.digest) }
    } else if case .failed(let reason) = assignment.origin {
      // Nothing is registered, so an earlier registration stays.
      outcomes.withLock { $0[index] = .failed(reason: reason) }
    }
  }

  /// Registers content for an asset and notes it in the ledger.
  ///
  /// - Parameters:
  ///   - content: The decoded content.
  ///   - asset: The asset it is for.
  ///   - source: What it can be decoded again from (downloads), for a budgeted worker.
  ///   - delivery: Where a download delivered it from.
  func register(
    _ content: DecodedAsset, for asset: RiveDocument.Asset, source: ContentSource? = nil,
    delivery: ContentDelivery? = nil
  ) {
    registry.register(content, name: asset.uniqueName, source: source, delivery: delivery)
    ledger.record(
      name: asset.uniqueName, kind: content.kind, digest: content.digest, file: fileName,
      identity: fileIdentity, registry: ObjectIdentifier(registry))
  }

  /// The outcome of what was assigned to the asset at `index`, if anything was.
  func outcome(ofAssetAt index: Int) -> LegacyAdapterReport.Outcome? {
    outcomes.withLock { $0[index] }
  }
}

/// Who registered what under each unique name, to find conflicts between files (the rule is
/// RiveCore's `SharedNameLedger`; each worker's registry and media kind has its own ledger,
/// since registrations only meet there).
final class RegistrationLedger: Sendable {
  private struct Scope: Hashable {
    var registry: ObjectIdentifier
    var kind: MediaKind
  }

  /// A file: its name for reports and its identity, which tells files with equal names apart.
  private struct FileKey: Hashable {
    var name: String
    var identity: ObjectIdentifier
  }

  private struct State {
    var ledgers: [Scope: SharedNameLedger<FileKey, ContentDigest>] = [:]
    var conflicts: [LegacyAdapterReport.Conflict] = []
  }

  private let state = Locked(State())

  /// Notes a registration on `registry`; `identity` tells files apart even when their names
  /// are equal.
  func record(
    name: String, kind: MediaKind, digest: ContentDigest, file: String, identity: ObjectIdentifier,
    registry: ObjectIdentifier
  ) {
    state.withLock { state in
      let scope = Scope(registry: registry, kind: kind)
      let file = FileKey(name: file, identity: identity)
      guard
        let conflict = state.ledgers[scope, default: .init()].record(
          name: name, file: file, digest: digest)
      else { return }
      state.conflicts.append(
        .init(
          uniqueName: name, kind: kind, firstFile: conflict.first.file.name,
          firstDigest: conflict.first.digest, secondFile: conflict.second.file.name,
          secondDigest: conflict.second.digest))
    }
  }

  var conflicts: [LegacyAdapterReport.Conflict] { state.withLock { $0.conflicts } }

  func conflicts(involving file: String) -> [LegacyAdapterReport.Conflict] {
    conflicts.filter { $0.firstFile == file || $0.secondFile == file }
  }
}
