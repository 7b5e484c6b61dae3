import Foundation
import RiveCore
import RiveFormat
import RiveNetworking
import RiveTestSupport
import Testing

/// The caching loader against real HTTP on loopback and a real on-disk cache: the server
/// counts every request, so "no request" is checked, not assumed.
@Suite("Asset cache against a loopback server")
struct AssetCacheTests {
  /// A cache directory of its own and a server, removed and stopped by `finish()`.
  struct Setup {
    let server: LoopbackHTTPServer
    let directory: URL

    init() throws {
      server = try LoopbackHTTPServer()
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("rive-cache-test-\(UUID().uuidString)")
    }

    /// A hosted image asset whose CDN base URL is this server's `/cdn`.
    func asset(_ seed: UInt8 = 0) -> RiveDocument.Asset {
      RiveDocument.Asset(
        index: 0, kind: .image, name: "hero\(seed).png", assetID: 7 + UInt32(seed),
        storedAssetID: 7 + UInt32(seed), cdnUUID: (0..<16).map { seed &+ UInt8($0) },
        cdnBaseURL: server.url("/cdn").absoluteString, width: 2, height: 2, contents: nil,
        byteOffset: 0)
    }

    /// The server path of `asset`.
    func path(_ asset: RiveDocument.Asset) -> String { "/cdn/" + asset.cdnUUIDString }

    /// A cache over the directory: a new instance is a new launch (empty memory).
    func cache(
      maximumDiskSize: Int = 256 << 20, freshness: TimeInterval = 86_400, isOffline: Bool = false
    ) throws -> AssetCache {
      try AssetCache(
        directory: directory, maximumDiskSize: maximumDiskSize, defaultFreshness: freshness,
        isOffline: isOffline)
    }

    func downloader(_ cache: AssetCache) -> AssetDownloader {
      AssetDownloader(timeout: TestWait.generous, cache: cache)
    }

    func finish() {
      server.stop()
      try? FileManager.default.removeItem(at: directory)
    }
  }

  static func png(_ value: UInt16 = 0x7F, size: Int = 2) -> [UInt8] {
    PNGFixtureEncoder.encode(
      width: size, height: size, colorType: .rgba, bitDepth: 8,
      samples: [UInt16](repeating: value, count: size * size * 4))
  }

  static func downloadError(_ body: () async throws -> Void) async -> AssetDownloadError? {
    do {
      try await body()
      return nil
    } catch let error as AssetDownloadError {
      return error
    } catch {
      Issue.record("expected an AssetDownloadError, got \(error)")
      return nil
    }
  }

  @Test("a fresh entry is served from memory, then from disk in a new launch, without a request")
  func hitWithoutRequest() async throws {
    let setup = try Setup()
    defer { setup.finish() }
    let asset = setup.asset()
    setup.server.route(
      setup.path(asset),
      .cacheable(body: Self.png(), etag: "\"v1\"", lastModified: nil, cacheControl: "max-age=3600"))
    let cache = try setup.cache()
    let first = try await setup.downloader(cache).downloadDelivered(asset)
    #expect(first.delivery == .network)
    #expect(setup.server.requestCount(setup.path(asset)) == 1)

    let second = try await setup.downloader(cache).downloadDelivered(asset)
    #expect(second.delivery == .memoryCache)
    #expect(second.content === first.content)

    cache.removeAllFromMemory()
    let third = try await setup.downloader(cache).downloadDelivered(asset)
    #expect(third.delivery == .diskCache)
    #expect(third.content.digest == first.content.digest)

    // A second launch: a new cache object on the same directory.
    let relaunched = try await setup.downloader(try setup.cache()).downloadDelivered(asset)
    #expect(relaunched.delivery == .diskCache)
    #expect(relaunched.content.digest == first.content.digest)
    #expect(setup.server.requestCount(setup.path(asset)) == 1)
    #expect(cache.statistics.networkRequests == 1)
    #expect(cache.statistics.memoryHits == 1)
    #expect(cache.statistics.diskHits == 1)
  }

  @Test("a stale entry is revalidated with If-None-Match or If-Modified-Since; 304 keeps it")
  func revalidation() async throws {
    let setup = try Setup()
    defer { setup.finish() }
    let tagged = setup.asset(1)
    let dated = setup.asset(2)
    let date = "Tue, 01 Dec 2026 10:00:00 GMT"
    setup.server.route(
      setup.path(tagged),
      .cacheable(body: Self.png(0x10), etag: "\"a1\"", lastModified: nil, cacheControl: "no-cache"))
    setup.server.route(
      setup.path(dated), .cacheable(body: Self.png(0x20), etag: nil, lastModified: date))
    // Entries are stale at once (freshness 0 where the server says nothing).
    let cache = try setup.cache(freshness: 0)
    let downloader = setup.downloader(cache)
    for asset in [tagged, dated] {
      let first = try await downloader.downloadDelivered(asset)
      #expect(first.delivery == .network)
      let second = try await downloader.downloadDelivered(asset)
      #expect(second.delivery == .revalidated)
      #expect(second.content === first.content, "a 304 must not decode again")
    }
    let requests = setup.server.requests
    #expect(requests.count == 4)
    #expect(requests[0].headers["if-none-match"] == nil)
    #expect(requests[1].headers["if-none-match"] == "\"a1\"")
    #expect(requests[3].headers["if-modified-since"] == date)
    #expect(cache.statistics.notModified == 2)

    // The server's content changes: a full answer replaces the entry.
    setup.server.route(
      setup.path(tagged),
      .cacheable(body: Self.png(0x30), etag: "\"a2\"", lastModified: nil, cacheControl: "no-cache"))
    let changed = try await downloader.downloadDelivered(tagged)
    #expect(changed.delivery == .network)
    #expect(changed.content.image?.pixels.first == 0x30)
    #expect(setup.server.requests.last?.headers["if-none-match"] == "\"a1\"")
  }

  @Test("N concurrent loads of one URL make one request and one decode")
  func mergedRequests() async throws {
    let setup = try Setup()
    defer { setup.finish() }
    let asset = setup.asset(3)
    let path = setup.path(asset)
    setup.server.route(
      path,
      .held(then: .cacheable(body: Self.png(0x44), etag: "\"m\"", lastModified: nil)))
    let cache = try setup.cache()
    let downloader = setup.downloader(cache)
    let callers = 8
    let decodes = Counter()
    let loads = Task {
      await withTaskGroup(of: DownloadedAsset?.self) { group in
        for _ in 0..<callers {
          group.addTask {
            try? await downloader.downloadDelivered(asset) { body, kind, limits in
              decodes.increment()
              return Result { () throws(DecodingError) in
                try DecodedAsset.decode(body, as: kind, limits: limits)
              }
            }
          }
        }
        var results: [DownloadedAsset?] = []
        for await result in group { results.append(result) }
        return results
      }
    }
    // Every caller is waiting on the one held request before the server answers.
    #expect(
      await TestWait.until {
        setup.server.requestCount(path) == 1 && cache.statistics.mergedRequests == callers - 1
      })
    setup.server.release(path)
    let results = await loads.value
    #expect(results.count == callers)
    let contents = results.compactMap { $0?.content }
    #expect(contents.count == callers)
    #expect(contents.allSatisfy { $0 === contents[0] })
    #expect(setup.server.requestCount(path) == 1)
    #expect(decodes.value == 1)
  }

  @Test("a cancelled caller stops waiting; the others still get the shared download")
  func cancelledWaiter() async throws {
    let setup = try Setup()
    defer { setup.finish() }
    let asset = setup.asset(4)
    let path = setup.path(asset)
    setup.server.route(path, .held(then: .respond(status: 200, body: Self.png())))
    let cache = try setup.cache()
    let downloader = setup.downloader(cache)
    let patient = Task { try await downloader.downloadDelivered(asset) }
    let impatient = Task { try await downloader.downloadDelivered(asset) }
    #expect(await TestWait.until { cache.statistics.mergedRequests == 1 })
    impatient.cancel()
    let error = await Self.downloadError { _ = try await impatient.value }
    #expect(error?.reason == .cancelled)
    setup.server.release(path)
    #expect(try await patient.value.delivery == .network)
    #expect(setup.server.requestCount(path) == 1)
  }

  @Test("offline: cached content is served without a request; a miss is a typed error")
  func offline() async throws {
    let setup = try Setup()
    defer { setup.finish() }
    let cached = setup.asset(5)
    let missing = setup.asset(6)
    setup.server.route(setup.path(cached), .respond(status: 200, body: Self.png()))
    setup.server.route(setup.path(missing), .respond(status: 200, body: Self.png()))
    // Fetched online with a lifetime of 0: stale at once, yet served offline.
    _ = try await setup.downloader(try setup.cache(freshness: 0)).downloadDelivered(cached)
    let offline = try setup.cache(freshness: 0, isOffline: true)
    let hit = try await setup.downloader(offline).downloadDelivered(cached)
    #expect(hit.delivery == .diskCache)
    let error = await Self.downloadError {
      _ = try await setup.downloader(offline).downloadDelivered(missing)
    }
    #expect(error?.reason == .offline)
    #expect(error?.assetName == "hero6-13")
    #expect(error?.url == setup.server.url(setup.path(missing)).absoluteString)
    #expect(error?.description.contains("offline and not in the cache") == true)
    #expect(setup.server.requestedPaths == [setup.path(cached)])
    #expect(offline.statistics.offlineMisses == 1)
    // Back online, the miss is fetched.
    offline.isOffline = false
    #expect(try await setup.downloader(offline).downloadDelivered(missing).delivery == .network)
  }

  @Test(
    "a corrupted entry is detected by its digest, removed and fetched again",
    arguments: ["flip a body byte", "truncate", "garble the header", "empty"])
  func corruptEntry(_ damage: String) async throws {
    let setup = try Setup()
    defer { setup.finish() }
    let asset = setup.asset(7)
    setup.server.route(setup.path(asset), .respond(status: 200, body: Self.png(0x55)))
    let first = try await setup.downloader(try setup.cache()).downloadDelivered(asset)
    let cache = try setup.cache()
    let file = cache.entryFile(for: try #require(URL(string: first.url)))
    var bytes = try Data(contentsOf: file)
    switch damage {
    case "flip a body byte": bytes[bytes.count - 5] ^= 0x40
    case "truncate": bytes.removeLast(3)
    case "garble the header": bytes[0] = UInt8(ascii: "X")
    default: bytes = Data()
    }
    try bytes.write(to: file)

    // Offline, the damaged entry is not served: the error says why.
    let offline = try setup.cache(isOffline: true)
    let error = await Self.downloadError {
      _ = try await setup.downloader(offline).downloadDelivered(asset)
    }
    #expect(error?.reason == .offline)
    #expect((error?.cause as? AssetCacheError)?.reason == .corruptEntry)
    #expect(offline.statistics.corruptEntries == 1)

    try bytes.write(to: file)
    let again = try await setup.downloader(cache).downloadDelivered(asset)
    #expect(again.delivery == .network)
    #expect(again.content.digest == first.content.digest)
    #expect(cache.statistics.corruptEntries == 1)
    #expect(setup.server.requestCount(setup.path(asset)) == 2)
    // The entry written again is whole.
    let relaunched = try await setup.downloader(try setup.cache()).downloadDelivered(asset)
    #expect(relaunched.delivery == .diskCache)
  }

  @Test("the disk cache stays under its bound, dropping the least recently used entries")
  func diskBound() async throws {
    let setup = try Setup()
    defer { setup.finish() }
    let assets = (10..<20).map { setup.asset(UInt8($0)) }
    // Each body is a 64×64 PNG of its own; the bound holds about three entries.
    let bodies = assets.indices.map { Self.png(UInt16($0 * 20), size: 64) }
    for (asset, body) in zip(assets, bodies) {
      setup.server.route(setup.path(asset), .respond(status: 200, body: body))
    }
    let entrySize = bodies.map(\.count).max() ?? 0
    let bound = entrySize * 3 + 1024
    let cache = try setup.cache(maximumDiskSize: bound)
    let downloader = setup.downloader(cache)
    for asset in assets {
      let address = try #require(asset.cdnURL)
      _ = try await downloader.fetch(
        try #require(URL(string: address)), assetName: asset.uniqueName)
      let usage = cache.diskUsage()
      #expect(usage.byteCount <= bound, "\(usage.byteCount) bytes over the bound \(bound)")
    }
    #expect(cache.diskUsage().entryCount < assets.count)
    #expect(cache.statistics.evictedEntries > 0)
    // The most recent entry is kept, the oldest is gone.
    let relaunched = setup.downloader(try setup.cache(maximumDiskSize: bound))
    let last = try #require(assets.last)
    #expect(try await relaunched.downloadDelivered(last).delivery == .diskCache)
    #expect(try await relaunched.downloadDelivered(assets[0]).delivery == .network)
  }

  @Test("a server that cannot be reached gets a stale entry served rather than nothing")
  func staleIfError() async throws {
    let setup = try Setup()
    defer { setup.finish() }
    let asset = setup.asset(21)
    setup.server.route(setup.path(asset), .respond(status: 200, body: Self.png()))
    let cache = try setup.cache(freshness: 0)
    _ = try await setup.downloader(cache).downloadDelivered(asset)
    cache.removeAllFromMemory()
    setup.server.route(setup.path(asset), .respond(status: 503, body: []))
    let stale = try await setup.downloader(cache).downloadDelivered(asset)
    #expect(stale.delivery == .diskCache)
    #expect(cache.statistics.staleServed == 1)
    // A 404 is an answer, not an outage: it is reported.
    cache.removeAllFromMemory()
    setup.server.route(setup.path(asset), .respond(status: 404, body: []))
    let error = await Self.downloadError {
      _ = try await setup.downloader(cache).downloadDelivered(asset)
    }
    #expect(error?.reason == .httpStatus(404))
  }

  @Test("an unwritable cache directory still serves from the network and reports the failure")
  func unwritable() async throws {
    let setup = try Setup()
    defer { setup.finish() }
    let asset = setup.asset(22)
    setup.server.route(setup.path(asset), .respond(status: 200, body: Self.png()))
    let cache = try setup.cache()
    // The staging folder becomes a plain file: every write fails (as on a full disk).
    let staging = setup.directory.appendingPathComponent("v1/tmp")
    try FileManager.default.removeItem(at: staging)
    try Data("x".utf8).write(to: staging)
    let loaded = try await setup.downloader(cache).downloadDelivered(asset)
    #expect(loaded.delivery == .network)
    #expect(cache.statistics.writeFailures == 1)
    let failure = try #require(cache.statistics.lastWriteFailure)
    #expect(failure.reason == .writeFailed)
    #expect(failure.path.hasPrefix(staging.path))
    #expect(failure.url == loaded.url)
    #expect(cache.diskUsage().entryCount == 0)

    // A directory that cannot be created is refused up front, naming it.
    let blocked = setup.directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocked)
    let error = #expect(throws: AssetCacheError.self) {
      _ = try AssetCache(directory: blocked)
    }
    #expect(error?.reason == .unusableDirectory)
    #expect(error?.path == blocked.path)
  }
}

/// A thread-safe counter for closures called from several tasks.
final class Counter: Sendable {
  private let count = Locked(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}
