import RiveCore

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
  func register(_ content: DecodedAsset, for asset: RiveDocument.Asset) {
    registry.register(content, name: asset.uniqueName)
    ledger.record(
      name: asset.uniqueName, kind: content.kind, digest: content.digest, file: fileName,
      identity: fileIdentity, registry: ObjectIdentifier(registry))
  }

  /// The outcome of what was assigned to the asset at `index`, if anything was.
  func outcome(ofAssetAt index: Int) -> LegacyAdapterReport.Outcome? {
    outcomes.withLock { $0[index] }
  }
}

/// Who registered what under each unique name, to find conflicts between files.
final class RegistrationLedger: Sendable {
  private struct Key: Hashable {
    var registry: ObjectIdentifier
    var kind: MediaKind
    var name: String
  }

  private struct State {
    var owners: [Key: (file: String, identity: ObjectIdentifier, digest: ContentDigest)] = [:]
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
      // Registrations only meet on one worker: each registry has its own owners.
      let key = Key(registry: registry, kind: kind, name: name)
      if let owner = state.owners[key], owner.identity != identity, owner.digest != digest {
        state.conflicts.append(
          .init(
            uniqueName: name, kind: kind, firstFile: owner.file, firstDigest: owner.digest,
            secondFile: file, secondDigest: digest))
      }
      state.owners[key] = (file, identity, digest)
    }
  }

  var conflicts: [LegacyAdapterReport.Conflict] { state.withLock { $0.conflicts } }

  func conflicts(involving file: String) -> [LegacyAdapterReport.Conflict] {
    conflicts.filter { $0.firstFile == file || $0.secondFile == file }
  }
}
