import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveMigrationTesting
import RiveNetworking
import RiveRuntime
import RiveTestSupport
import Testing

/// The adapter with a caching downloader (its report says where content came from) and with
/// the ready-made bundle loader following lookup rules.
@Suite("Legacy loader adapter: cache and bundle lookup")
@MainActor
struct AdapterDeliveryTests {
  @Test("loadCdn through a cache: the first file downloads, the second is served from memory")
  func cachedDownloads() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let uuid: [UInt8] = Array(60..<76)
    let file = RiveFileBlueprint(assets: [
      .hosted(.audio, name: "jingle", id: 4, uuid: uuid, baseURL: server.url("/cdn").absoluteString)
    ]).data
    let hosted = try #require(try RiveDocument(data: file).assets.first)
    let audio = Fixtures.audio(seed: "cached jingle")
    server.route(
      server.url("/cdn/" + hosted.cdnUUIDString).path, .respond(status: 200, body: Array(audio)))
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-adapter-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let adapter = LegacyLoaderAdapter(
      worker: try await Worker(), loadCdn: true, isolation: .workerPerFile,
      downloader: AssetDownloader(
        timeout: TestWait.generous, cache: try AssetCache(directory: directory)))
    let decline: LoadAsset = { _, _, _ in false }
    let (_, first) = try await adapter.load(.data(file), loader: decline)
    let (secondFile, second) = try await adapter.load(.data(file), loader: decline)
    let digest = try DecodedAsset.decode(audio, as: .audio).digest
    #expect(first.entries.map(\.delivery) == [.network])
    #expect(second.entries.map(\.delivery) == [.memoryCache])
    #expect(
      second.entry(uniqueName: "jingle-4")?.outcome
        == .downloaded(
          url: try #require(hosted.cdnURL), digest: digest))
    #expect(second.description.contains("via memory"))
    #expect(server.requestedPaths.count == 1)
    // The registration on the second file's own worker has the same content.
    let report = await secondFile.resolutionReport()
    #expect(report.entries.first?.content?.digest == digest)
  }

  @Test("the bundle loader through the adapter registers what the lookup finds")
  func bundleLoader() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-adapter-bundle-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let fonts = directory.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    let image = Fixtures.image(width: 4, height: 3, seed: "bundled")
    try image.write(to: directory.appendingPathComponent("rive_outside-2.png"))
    let font = Fixtures.dejaVuSans
    try font.write(to: fonts.appendingPathComponent("Body-3.ttf"))
    let file = RiveFileBlueprint(assets: [
      .referenced(.image, name: "outside.png", id: 2, width: 4, height: 3),
      .referenced(.font, name: "Body", id: 3),
      .referenced(.audio, name: "absent", id: 4),
    ]).data
    let lookup = AssetLookup(rules: [
      .prefix("rive_"), try .folderPerKind([.font: "fonts"]),
    ])
    let adapter = LegacyLoaderAdapter(worker: try await Worker())
    let (_, report) = try await adapter.load(
      .data(file), loader: LegacyLoaderAdapter.bundleLoader(directory: directory, lookup: lookup))
    #expect(
      report.entry(uniqueName: "outside-2")?.outcome
        == .registered(digest: try DecodedAsset.decode(image, as: .image).digest))
    #expect(
      report.entry(uniqueName: "Body-3")?.outcome
        == .registered(digest: try DecodedAsset.decode(font, as: .font).digest))
    #expect(report.entry(uniqueName: "absent-4")?.outcome == .declined)
  }
}
