import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveNetworking
import RiveTestSupport
import Testing

/// The current API's load policy (a deadline over every hosted asset of a file) and the
/// hosted helper going through an `AssetCache`, against the loopback server.
@Suite("Hosted assets: load policy and cache")
@MainActor
struct HostedAssetPolicyTests {
  /// A file with `count` hosted images whose CDN base URL is the server's `/cdn`.
  static func hostedFile(server: LoopbackHTTPServer, count: Int, worker: Worker) async throws
    -> File
  {
    var blueprint = RiveFileBlueprint()
    blueprint.assets = (0..<count).map { index in
      .hosted(
        .image, name: "photo\(index).png", id: UInt32(100 + index),
        uuid: (0..<16).map { UInt8(index * 16 + $0) },
        baseURL: server.url("/cdn").absoluteString)
    }
    blueprint.artboards = [.init(name: "A")]
    return try await File(source: .data(blueprint.data), worker: worker)
  }

  static func path(_ asset: File.Asset) throws -> String {
    "/cdn/" + (try #require(asset.cdn?.uuid))
  }

  static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-policy-\(UUID().uuidString)")
  }

  @Test("a deadline with one slow and one failing asset: registered, failed, timed out")
  func deadline() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let worker = try await Worker()
    let file = try await Self.hostedFile(server: server, count: 3, worker: worker)
    let assets = try await file.getAssets()
    server.route(try Self.path(assets[0]), .respond(status: 200, body: Array(Media.png())))
    server.route(try Self.path(assets[1]), .held(then: .respond(status: 200, body: [1])))
    server.route(try Self.path(assets[2]), .respond(status: 404, body: Array("gone".utf8)))
    let deadline: TimeInterval = 2
    let clock = ContinuousClock()
    let start = clock.now
    let results = await worker.loadHostedAssets(
      of: file, using: AssetDownloader(timeout: TestWait.generous), deadline: deadline)
    let elapsed = clock.now - start
    #expect(results.map(\.asset.uniqueName) == ["photo0-100", "photo1-101", "photo2-102"])
    #expect(results[0].isRegistered)
    guard case .failed(let error) = results[2].outcome else {
      Issue.record("expected a failure, got \(results[2].outcome)")
      return
    }
    #expect(error.reason == .httpStatus(404))
    #expect(error.assetName == "photo2-102")
    #expect(results[1].isTimedOut)
    #expect(results[1].outcome.description == "timed out (deadline 2.0 s)")
    // It waited for the deadline, not for the downloader's own (one-minute) timeout.
    #expect(elapsed >= .seconds(deadline))
    #expect(elapsed < .seconds(TestWait.generous))
    // The slow download was abandoned: releasing the server now registers nothing.
    server.release(try Self.path(assets[1]))
    let report = await file.resolutionReport()
    #expect(report.origin(of: "photo0-100") == .globalRegistration)
    #expect(report.origin(of: "photo1-101") == .unresolved)
    #expect(report.origin(of: "photo2-102") == .unresolved)
  }

  @Test("with everything answered, the deadline form returns as soon as all are registered")
  func deadlineNotReached() async throws {
    let server = try LoopbackHTTPServer(
      fallback: .respond(status: 200, body: Array(Media.png(value: 0x22))))
    defer { server.stop() }
    let worker = try await Worker()
    let file = try await Self.hostedFile(server: server, count: 4, worker: worker)
    let results = await worker.loadHostedAssets(
      of: file, using: AssetDownloader(timeout: TestWait.generous), deadline: TestWait.generous)
    #expect(results.count == 4)
    #expect(results.allSatisfy { $0.isRegistered })
  }

  @Test("the hosted helper through a cache: network, then memory, then disk in a new launch")
  func cachedHelper() async throws {
    let server = try LoopbackHTTPServer(
      fallback: .respond(status: 200, body: Array(Media.png(value: 0x31))))
    defer { server.stop() }
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = try AssetCache(directory: directory)
    let downloader = AssetDownloader(timeout: TestWait.generous, cache: cache)

    let first = try await Worker()
    let file = try await Self.hostedFile(server: server, count: 2, worker: first)
    let results = await first.loadHostedAssets(of: file, using: downloader)
    #expect(results.map(\.delivery) == [.network, .network])
    let report = await file.resolutionReport()
    #expect(report.entries.map(\.delivery) == [.network, .network])
    #expect(report.description.contains("photo0-100 [image] global via network: image PNG 2×2"))

    // Another worker, same cache: decoded content from memory, no request.
    let second = try await Worker()
    let again = try await Self.hostedFile(server: server, count: 2, worker: second)
    #expect(
      await second.loadHostedAssets(of: again, using: downloader).map(\.delivery) == [
        .memoryCache, .memoryCache,
      ])
    // A new launch: a new cache on the same directory reads the disk.
    let relaunched = AssetDownloader(
      timeout: TestWait.generous, cache: try AssetCache(directory: directory))
    let third = try await Worker()
    let later = try await Self.hostedFile(server: server, count: 2, worker: third)
    #expect(
      await third.loadHostedAssets(of: later, using: relaunched).map(\.delivery) == [
        .diskCache, .diskCache,
      ])
    let laterReport = await later.resolutionReport()
    #expect(laterReport.entries.map(\.delivery) == [.diskCache, .diskCache])
    #expect(laterReport.digest(of: "photo1-101") == report.digest(of: "photo1-101"))
    #expect(server.requestedPaths.count == 2)
  }

  @Test("a .url file source through a cache is fetched once")
  func cachedURLSource() async throws {
    var blueprint = RiveFileBlueprint()
    blueprint.artboards = [.init(name: "Only")]
    let server = try LoopbackHTTPServer(routes: [
      "/files/a.riv": .cacheable(
        body: Array(blueprint.data), etag: "\"f1\"", lastModified: nil,
        cacheControl: "max-age=600")
    ])
    defer { server.stop() }
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let downloader = AssetDownloader(
      timeout: TestWait.generous, cache: try AssetCache(directory: directory))
    let worker = try await Worker()
    for _ in 0..<3 {
      let file = try await File(
        source: .url(server.url("/files/a.riv")), worker: worker, downloader: downloader)
      #expect(try await file.getArtboardNames() == ["Only"])
    }
    #expect(server.requestedPaths == ["/files/a.riv"])
  }

  @Test("offline, a hosted asset that was never cached fails with a typed error naming it")
  func offlineMiss() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = try AssetCache(directory: directory, isOffline: true)
    let worker = try await Worker()
    let file = try await Self.hostedFile(server: server, count: 1, worker: worker)
    let results = await worker.loadHostedAssets(
      of: file, using: AssetDownloader(timeout: TestWait.generous, cache: cache))
    guard case .failed(let error) = results.first?.outcome else {
      Issue.record("expected a failure, got \(String(describing: results.first?.outcome))")
      return
    }
    #expect(error.reason == .offline)
    #expect(error.assetName == "photo0-100")
    #expect(server.requestedPaths.isEmpty)
  }
}
