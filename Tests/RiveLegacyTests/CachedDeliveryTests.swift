import Foundation
import RiveCore
import RiveFormat
import RiveLegacy
import RiveNetworking
import RiveTestSupport
import Testing

/// Legacy `loadCdn` through an `AssetCache` (the report says network, memory or disk) and the
/// ready-made bundle loader following lookup rules, against the loopback server and a real
/// cache directory.
@Suite("Legacy: cached hosted assets and the bundle loader")
struct CachedDeliveryTests {
  static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-legacy-cache-\(UUID().uuidString)")
  }

  /// A file with a hosted image and font on `server`, and the server's routes for them.
  static func hostedFile(server: LoopbackHTTPServer) throws -> Data {
    let base = server.url("/cdn/uuid").absoluteString
    let data = Fixtures.file(assets: [
      .hosted(.image, name: "remote.png", id: 601, uuid: Fixtures.uuid(0x40), baseURL: base),
      .hosted(.font, name: "remote", id: 602, uuid: Fixtures.uuid(0x50), baseURL: base),
    ])
    let urls = try RiveDocument(data: data).assets.map { try #require($0.cdnURL) }
    server.route(try #require(URL(string: urls[0])).path, .respond(status: 200, body: Fixtures.png))
    server.route(
      try #require(URL(string: urls[1])).path, .respond(status: 200, body: try Fixtures.font()))
    return data
  }

  @Test("loadCdn through a cache: network, then memory, then disk after a relaunch")
  func loadCdnThroughCache() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let data = try Self.hostedFile(server: server)
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let downloader = AssetDownloader(
      timeout: TestWait.generous, cache: try AssetCache(directory: directory))

    func load(_ downloader: AssetDownloader) async throws -> ResolutionReport {
      let file = try RiveFile(data: data, loadCdn: true, assetDownloader: downloader)
      #expect(await file.waitForAssets(timeout: TestWait.generous))
      return file.resolutionReport()
    }
    let first = try await load(downloader)
    #expect(first.entries.map(\.delivery) == [.network, .network])
    #expect(first.entries.allSatisfy { if case .cdn = $0.origin { true } else { false } })
    #expect(first.description.contains("via network"))
    let second = try await load(downloader)
    #expect(second.entries.map(\.delivery) == [.memoryCache, .memoryCache])
    let relaunched = AssetDownloader(
      timeout: TestWait.generous, cache: try AssetCache(directory: directory))
    let third = try await load(relaunched)
    #expect(third.entries.map(\.delivery) == [.diskCache, .diskCache])
    #expect(third.entries.map { $0.content?.digest } == first.entries.map { $0.content?.digest })
    #expect(server.requestedPaths.count == 2)
  }

  @Test("offline, loadCdn of an asset never cached fails naming the asset and its URL")
  func offlineMiss() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let data = try Self.hostedFile(server: server)
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let downloader = AssetDownloader(
      timeout: TestWait.generous, cache: try AssetCache(directory: directory, isOffline: true))
    let file = try RiveFile(data: data, loadCdn: true, assetDownloader: downloader)
    #expect(await file.waitForAssets(timeout: TestWait.generous))
    let entry = try #require(file.resolutionReport().entries.first)
    guard case .failed(let reason) = entry.origin else {
      Issue.record("expected a failure, got \(entry.origin)")
      return
    }
    #expect(reason.contains("remote-601"))
    #expect(reason.contains("offline"))
    #expect(server.requestedPaths.isEmpty)
  }

  @Test("the bundle loader finds referenced assets by lookup rules; missing ones fall back")
  func bundleLoaderWithLookup() async throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let images = directory.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    try Data(Fixtures.png).write(to: images.appendingPathComponent("photo-701.png"))
    try Data("not an image".utf8).write(to: images.appendingPathComponent("broken-702.png"))
    let data = Fixtures.file(assets: [
      .referenced(.image, name: "photo.png", id: 701),
      .referenced(.image, name: "broken.png", id: 702),
      .referenced(.image, name: "absent.png", id: 703),
    ])
    let lookup = AssetLookup(
      rules: [try .folderPerKind([.image: "images"])] + AssetLookup.defaultRules)

    // The default order looks at the top of the folder only: nothing is found.
    let plain = try RiveFile(
      data: data, loadCdn: false,
      customAssetLoader: LegacyLoaderAdapter.bundleLoader(directory: directory))
    #expect(
      plain.resolutionReport().entries.map(\.origin) == [.unresolved, .unresolved, .unresolved])

    let file = try RiveFile(
      data: data, loadCdn: false,
      customAssetLoader: LegacyLoaderAdapter.bundleLoader(directory: directory, lookup: lookup))
    let entries = file.resolutionReport().entries
    #expect(entries[0].origin == .customLoader)
    #expect(entries[0].content?.image?.width == 2)
    guard case .failed = entries[1].origin else {
      Issue.record("expected the undecodable file to fail, got \(entries[1].origin)")
      return
    }
    #expect(entries[2].origin == .unresolved)
  }
}
