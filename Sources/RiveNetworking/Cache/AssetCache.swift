import Foundation
import RiveCore
import RiveFormat

/// A cache for hosted assets and URL sources, shared by both APIs and the adapter: decoded
/// content in memory, bytes on disk, revalidation, merged requests and an offline mode.
///
/// Give it to an ``AssetDownloader`` (`AssetDownloader(cache: cache)`) and every path that
/// takes a downloader uses it: legacy `loadCdn` (`RiveFile(…, assetDownloader:)` or
/// `RiveFile.defaultDownloader`), `LegacyLoaderAdapter(…, downloader:)`, the current API's
/// `Worker.loadHostedAssets(of:using:)` and `File(source: .url(…), worker:, downloader:)`.
/// Their resolution reports then say, per asset, whether the content came from the
/// `ContentDelivery.network`, the `ContentDelivery.diskCache` or the
/// `ContentDelivery.memoryCache`.
///
/// - **Memory**: decoded content by URL, kind and decoding limits, at most
///   ``maximumMemorySize`` decoded bytes, least recently used out first. A fresh entry is
///   served without a request or a decode.
/// - **Disk**: the bytes, one file per URL under ``directory``, at most ``maximumDiskSize``
///   bytes in total (least recently used deleted first, an entry larger than the bound is not
///   stored), written atomically (a whole file renamed into place), safe with several
///   processes sharing the directory, and checked by SHA-256 when read: a corrupt entry is
///   deleted and fetched again.
/// - **Freshness**: an entry is fresh for the server's `Cache-Control: max-age`, else for
///   ``defaultFreshness``; `no-cache` means revalidate every time, `no-store` means never
///   stored. A stale entry is revalidated with `If-None-Match` / `If-Modified-Since` when the
///   server gave an `ETag` / `Last-Modified` (a 304 keeps the entry: `ContentDelivery.revalidated`),
///   else fetched again. When the server cannot be reached (transport error, timeout, 5xx), a
///   stale entry is served rather than nothing (counted in ``Statistics/staleServed``).
/// - **Merged requests**: concurrent requests for one URL share one download (and one
///   decode); a caller that is cancelled stops waiting without cancelling the others.
/// - **Offline** (``isOffline``): cached content is served whatever its age; anything else
///   fails at once with ``AssetDownloadError/Reason/offline`` naming the asset and the URL,
///   without a request.
///
/// Faults never fail a download: see ``AssetCacheError``.
public final class AssetCache: Sendable {
  /// What the cache has done in this process.
  public struct Statistics: Sendable, CustomStringConvertible {
    /// Requests sent to servers (conditional ones included).
    public var networkRequests = 0
    /// Revalidations the server answered with 304 Not Modified.
    public var notModified = 0
    /// Content served from memory without a request or a decode.
    public var memoryHits = 0
    /// Bytes served from disk without a request.
    public var diskHits = 0
    /// Callers that joined a download already in flight instead of starting their own.
    public var mergedRequests = 0
    /// Callers waiting for a shared download right now.
    public var waitingCallers = 0
    /// Entries found damaged (and removed).
    public var corruptEntries = 0
    /// Entries that could not be written (no space, no permission…).
    public var writeFailures = 0
    /// The last write failure, naming the path.
    public var lastWriteFailure: AssetCacheError?
    /// Entries deleted to keep the disk cache under its bound (by this process).
    public var evictedEntries = 0
    /// Requests refused because the cache is offline and had no copy.
    public var offlineMisses = 0
    /// Stale entries served because the server could not be reached.
    public var staleServed = 0

    public var description: String {
      "\(networkRequests) requests (\(notModified) not modified), \(memoryHits) memory hits, "
        + "\(diskHits) disk hits, \(mergedRequests) merged, \(corruptEntries) corrupt, "
        + "\(writeFailures) write failures, \(evictedEntries) evicted, "
        + "\(offlineMisses) offline misses, \(staleServed) stale served"
    }
  }

  /// The bytes of one URL and where they came from.
  struct CachedBytes: Sendable {
    var body: Data
    var delivery: ContentDelivery
    var bodySHA256: String
    var freshUntil: Double
    var isOnDisk: Bool
  }

  private struct State {
    var isOffline: Bool
    var statistics = Statistics()
  }

  /// The directory the disk entries live in (under a `v1/` folder).
  public let directory: URL
  /// The bound on the disk entries' total size, in bytes.
  public let maximumDiskSize: Int
  /// The bound on the decoded content kept in memory, in bytes.
  public let maximumMemorySize: Int
  /// How long an entry is fresh when the server's `Cache-Control` says nothing, in seconds.
  public let defaultFreshness: TimeInterval

  private let disk: DiskStore
  private let memory: MemoryStore
  private let byteRequests = RequestCoalescer<CachedBytes>()
  private let contentRequests = RequestCoalescer<DownloadedAsset>()
  private let state: Locked<State>

  /// Opens (or creates) a cache in `directory`.
  ///
  /// - Parameters:
  ///   - directory: Where the entries live; created if needed. Several processes may share it.
  ///   - maximumDiskSize: The bound on the entries' total size (default 256 MiB).
  ///   - maximumMemorySize: The bound on the decoded content kept in memory (default 32 MiB).
  ///   - defaultFreshness: How long an entry is fresh when the server says nothing (default one
  ///     day).
  ///   - isOffline: Whether to start offline.
  /// - Throws: ``AssetCacheError`` (``AssetCacheError/Reason/unusableDirectory``) when the
  ///   directory cannot be created or written.
  public init(
    directory: URL, maximumDiskSize: Int = 256 << 20, maximumMemorySize: Int = 32 << 20,
    defaultFreshness: TimeInterval = 86_400, isOffline: Bool = false
  ) throws(AssetCacheError) {
    self.directory = directory
    self.maximumDiskSize = max(0, maximumDiskSize)
    self.maximumMemorySize = max(0, maximumMemorySize)
    self.defaultFreshness = max(0, defaultFreshness)
    disk = try DiskStore(directory: directory)
    memory = MemoryStore(maximum: maximumMemorySize)
    state = Locked(State(isOffline: isOffline))
  }

  /// Whether the cache serves only what it holds, without any request.
  public var isOffline: Bool {
    get { state.withLock { $0.isOffline } }
    set { state.withLock { $0.isOffline = newValue } }
  }

  /// What the cache has done in this process.
  public var statistics: Statistics {
    var statistics = state.withLock { $0.statistics }
    statistics.mergedRequests = byteRequests.mergedCount + contentRequests.mergedCount
    statistics.waitingCallers = byteRequests.waitingCount + contentRequests.waitingCount
    return statistics
  }

  /// The number of disk entries and their total size in bytes (every process's entries).
  public func diskUsage() -> (entryCount: Int, byteCount: Int) {
    disk.usage()
  }

  /// Forgets the decoded content kept in memory (the disk entries stay): the state of a new
  /// launch of the app.
  public func removeAllFromMemory() {
    memory.removeAll()
  }

  /// Deletes every entry, in memory and on disk.
  public func removeAll() {
    memory.removeAll()
    disk.removeAll()
  }

  /// The file that holds the entry of `url` (for tools and tests).
  ///
  /// - Parameter url: The URL.
  /// - Returns: The entry's path (it may not exist).
  public func entryFile(for url: URL) -> URL {
    disk.entryURL(for: url.absoluteString)
  }

  // MARK: Loading

  /// The bytes at `url`: from disk when fresh (or offline), else from the network through
  /// `downloader` (revalidating a stale entry), merged with concurrent requests for the URL.
  func bytes(for url: URL, assetName: String, downloader: AssetDownloader)
    async throws(AssetDownloadError) -> CachedBytes
  {
    let address = url.absoluteString
    return try await byteRequests.run(
      key: address,
      cancelled: AssetDownloadError(assetName: assetName, url: address, reason: .cancelled)
    ) {
      await self.loadBytes(url, assetName: assetName, downloader: downloader)
    }.get()
  }

  /// The decoded content at `url`: from memory when fresh (or offline), else decoded from the
  /// bytes of ``bytes(for:assetName:downloader:)``, merged with concurrent requests.
  func content(
    for url: URL, assetName: String, kind: MediaKind, downloader: AssetDownloader,
    decode:
      @escaping @Sendable (Data, MediaKind, DecodingLimits) async -> Result<
        DecodedAsset, DecodingError
      >
  ) async throws(AssetDownloadError) -> DownloadedAsset {
    let address = url.absoluteString
    let key = "\(kind.rawValue) \(downloader.limits.hashValue) \(address)"
    if let entry = memory.entry(key), isOffline || entry.freshUntil > Date().timeIntervalSince1970 {
      count { $0.memoryHits += 1 }
      return DownloadedAsset(
        content: entry.content, url: address, delivery: .memoryCache, source: entry.source)
    }
    return try await contentRequests.run(
      key: key,
      cancelled: AssetDownloadError(assetName: assetName, url: address, reason: .cancelled)
    ) {
      do throws(AssetDownloadError) {
        let bytes = try await self.bytes(for: url, assetName: assetName, downloader: downloader)
        if let entry = self.memory.entry(key), entry.bodySHA256 == bytes.bodySHA256 {
          // A revalidated or re-read body equal to the one decoded before: no decode needed.
          self.memory.refresh(key, freshUntil: bytes.freshUntil)
          return .success(
            DownloadedAsset(
              content: entry.content, url: address, delivery: bytes.delivery, source: entry.source
            ))
        }
        switch await decode(bytes.body, kind, downloader.limits) {
        case .success(let content):
          let source = bytes.isOnDisk ? self.diskSource(url) : .bytes(bytes.body)
          self.memory.store(
            MemoryStore.Entry(
              content: content, bodySHA256: bytes.bodySHA256, freshUntil: bytes.freshUntil,
              source: source),
            key: key)
          return .success(
            DownloadedAsset(
              content: content, url: address, delivery: bytes.delivery, source: source))
        case .failure(let error):
          // Bytes that do not decode are not kept: the next request asks the server again.
          self.disk.remove(address)
          self.memory.remove(key)
          return .failure(
            AssetDownloadError(
              assetName: assetName, url: address, reason: .undecodable, cause: error))
        }
      } catch {
        return .failure(error)
      }
    }.get()
  }

  // MARK: Implementation

  private func count(_ change: (inout Statistics) -> Void) {
    state.withLock { change(&$0.statistics) }
  }

  /// A re-decode source that reads the disk entry again (checked by digest).
  private func diskSource(_ url: URL) -> ContentSource {
    let address = url.absoluteString
    let disk = disk
    return ContentSource(description: "the disk-cache entry of \(address)") {
      try disk.body(of: address)
    }
  }

  private func loadBytes(_ url: URL, assetName: String, downloader: AssetDownloader) async
    -> Result<CachedBytes, AssetDownloadError>
  {
    let address = url.absoluteString
    let now = Date().timeIntervalSince1970
    let offline = isOffline
    var stale: (metadata: CacheEntryMetadata, body: Data)?
    var corruption: AssetCacheError?
    switch disk.read(address) {
    case .hit(let metadata, let body):
      if offline || metadata.freshUntil > now {
        count { $0.diskHits += 1 }
        return .success(
          CachedBytes(
            body: body, delivery: .diskCache, bodySHA256: metadata.bodySHA256,
            freshUntil: metadata.freshUntil, isOnDisk: true))
      }
      stale = (metadata, body)
    case .corrupt(let error):
      count { $0.corruptEntries += 1 }
      disk.remove(address)
      corruption = error
    case .miss:
      break
    }
    if offline {
      count { $0.offlineMisses += 1 }
      return .failure(
        AssetDownloadError(assetName: assetName, url: address, reason: .offline, cause: corruption))
    }
    count { $0.networkRequests += 1 }
    let response: HTTPResponse
    do throws(AssetDownloadError) {
      response = try await downloader.request(
        url, assetName: assetName, headers: stale?.metadata.conditionalHeaders ?? [:])
    } catch {
      if let stale, Self.isUnreachable(error) {
        count { $0.staleServed += 1 }
        return .success(
          CachedBytes(
            body: stale.body, delivery: .diskCache, bodySHA256: stale.metadata.bodySHA256,
            freshUntil: stale.metadata.freshUntil, isOnDisk: true))
      }
      return .failure(error)
    }
    let decision = Freshness.decide(
      cacheControl: response.header("cache-control"), defaultLifetime: defaultFreshness)
    let freshUntil = Date().timeIntervalSince1970 + decision.lifetime
    if response.status == 304, let stale {
      count { $0.notModified += 1 }
      var metadata = stale.metadata
      metadata.freshUntil = freshUntil
      metadata.etag = response.header("etag") ?? metadata.etag
      metadata.lastModified = response.header("last-modified") ?? metadata.lastModified
      let isOnDisk = decision.isStorable && store(metadata, body: stale.body)
      return .success(
        CachedBytes(
          body: stale.body, delivery: .revalidated, bodySHA256: metadata.bodySHA256,
          freshUntil: freshUntil, isOnDisk: isOnDisk))
    }
    let body = response.body
    let digest = body.withUnsafeBytes { SHA256.hash($0) }.hexString
    var isOnDisk = false
    if decision.isStorable {
      let metadata = CacheEntryMetadata(
        url: address, etag: response.header("etag"),
        lastModified: response.header("last-modified"), storedAt: Date().timeIntervalSince1970,
        freshUntil: freshUntil, bodyLength: body.count, bodySHA256: digest)
      isOnDisk = store(metadata, body: body)
    } else {
      disk.remove(address)
    }
    return .success(
      CachedBytes(
        body: body, delivery: .network, bodySHA256: digest,
        freshUntil: decision.isStorable ? freshUntil : 0, isOnDisk: isOnDisk))
  }

  /// Writes an entry and keeps the disk under its bound; a failure is counted, not thrown.
  ///
  /// - Returns: Whether the entry is on disk.
  private func store(_ metadata: CacheEntryMetadata, body: Data) -> Bool {
    guard body.count <= maximumDiskSize else { return false }
    if let failure = disk.write(metadata, body: body) {
      count {
        $0.writeFailures += 1
        $0.lastWriteFailure = failure
      }
      return false
    }
    let evicted = disk.enforceBound(maximumDiskSize)
    if evicted > 0 { count { $0.evictedEntries += evicted } }
    return FileManager.default.fileExists(atPath: disk.entryURL(for: metadata.url).path)
  }

  /// Whether a failure means the server could not be reached (so a stale copy beats nothing).
  private static func isUnreachable(_ error: AssetDownloadError) -> Bool {
    switch error.reason {
    case .transport, .timedOut: return true
    case .httpStatus(let status): return status >= 500
    default: return false
    }
  }
}
