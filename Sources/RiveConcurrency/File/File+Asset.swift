import RiveCore
import RiveFormat

extension File {
  /// One asset of a file, embedded or not, as `getAssets()` lists it.
  public struct Asset: Sendable, Equatable {
    /// The kind of an asset.
    public enum AssetType: Sendable, Equatable, Hashable {
      /// An image (type key 105).
      case image
      /// A font (type key 141).
      case font
      /// An audio clip (type key 406).
      case audio
      /// A blob (type key 649).
      case blob
      /// Any other kind (scripts, shaders…), with its core type key.
      case unknown(UInt16)
    }

    /// Where a hosted asset lives on the CDN.
    public struct CDN: Sendable, Equatable, Hashable {
      /// The base URL, for example `https://public.rive.app/cdn/uuid`.
      public let baseURL: String
      /// The uuid, appended to ``baseURL`` as a path component.
      public let uuid: String
    }

    /// The core's description of the asset.
    package let core: RiveDocument.Asset

    package init(_ core: RiveDocument.Asset) {
      self.core = core
    }

    /// The authored name (may carry an extension).
    public var name: String { core.name }

    /// `<name without extension>-<asset id>`: the key of global registration.
    public var uniqueName: String { core.uniqueName }

    /// The asset id.
    public var assetID: UInt32 { core.assetID }

    /// The kind.
    public var type: AssetType {
      switch core.kind {
      case .image: .image
      case .font: .font
      case .audio: .audio
      case .blob: .blob
      default: .unknown(UInt16(truncatingIfNeeded: core.kind.typeKey))
      }
    }

    /// The official extension of the kind, without a dot (`png` for every image).
    public var fileExtension: String { core.fileExtension }

    /// Where the asset is hosted, or nil when it has no CDN uuid.
    public var cdn: CDN? {
      let uuid = core.cdnUUIDString
      return uuid.isEmpty ? nil : CDN(baseURL: core.cdnBaseURL, uuid: uuid)
    }

    /// Whether the file carries the asset's bytes.
    public var isEmbedded: Bool { core.storage == .embedded }

    /// The file names a bundle may hold the asset under, most specific first: the unique name
    /// with the official extension, with the kind's other extensions, then the authored name.
    public var candidateFileNames: [String] { AssetFileLookup.candidateFileNames(for: core) }

    /// The paths a bundle may hold the asset under by the rules of `lookup`, most preferred
    /// first (``candidateFileNames`` for `AssetLookup.default`).
    ///
    /// - Parameter lookup: The lookup rules.
    /// - Returns: Relative paths.
    public func candidatePaths(using lookup: AssetLookup) -> [String] {
      lookup.candidatePaths(for: core)
    }
  }

  /// Every asset of the file, embedded and referenced alike, in file order.
  ///
  /// - Returns: The assets.
  /// - Throws: Nothing today; `throws` is kept for source compatibility.
  @MainActor
  public func getAssets() async throws -> [Asset] {
    document.assets.map(Asset.init)
  }
}
