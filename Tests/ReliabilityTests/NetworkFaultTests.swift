import Foundation
import RiveCore
import RiveFormat
import RiveNetworking
import RiveRuntime
import RiveTestSupport
import Testing

/// Network faults for both CDN paths — the legacy `loadCdn` loader and the adapter — against a
/// loopback server: each gives a typed error naming the asset and its cause, and content that
/// was registered or assigned before is kept.
@Suite("Network faults")
@MainActor
struct NetworkFaultTests {
  enum Fault: String, CaseIterable, Sendable {
    case notFound = "404"
    case serverError = "500"
    case refused = "refused"
    case timeout = "timeout"
    case slowDrip = "slow drip"
    case truncated = "truncated body"
    case oversize = "oversize body"
    case htmlPage = "HTML page with status 200"

    /// The words the failure message must contain.
    var expectedWords: [String] {
      switch self {
      case .notFound: ["status 404"]
      case .serverError: ["status 500"]
      case .refused: ["transport error"]
      case .timeout, .slowDrip: ["no answer within"]
      case .truncated: ["remote-100"]
      case .oversize: ["larger than"]
      case .htmlPage: ["undecodable"]
      }
    }
  }

  static var earlier: Data { Generated.png(4242) }

  /// A server (or a stopped one, for `refused`) serving `fault` at the hosted asset's path.
  static func serve(_ fault: Fault) throws -> (LoopbackHTTPServer, Data) {
    let server = try LoopbackHTTPServer()
    let base = server.url("/cdn").absoluteString
    let data = Generated.file(hostedBase: base)
    let uuid = RiveDocument.Asset(
      index: 0, kind: .image, name: "", assetID: 0, storedAssetID: 0, cdnUUID: Array(1...16)
    ).cdnUUIDString
    let path = "/cdn/" + uuid
    let png = Array(Generated.png(7))
    switch fault {
    case .notFound: server.route(path, .respond(status: 404, body: Array("missing".utf8)))
    case .serverError: server.route(path, .respond(status: 500, body: png))
    case .refused: server.stop()
    case .timeout: server.route(path, .hang)
    case .slowDrip: server.route(path, .drip(status: 200, body: png, chunk: 8, interval: 1.5))
    case .truncated:
      server.route(
        path, .truncated(status: 200, body: Array(png.prefix(20)), declaredLength: png.count))
    case .oversize:
      server.route(path, .respond(status: 200, body: [UInt8](repeating: 0x89, count: 4096)))
    case .htmlPage:
      server.route(
        path,
        .respond(status: 200, body: Array("<html>Error</html>".utf8), contentType: "text/html"))
    }
    return (server, data)
  }

  static func downloader(for fault: Fault) -> AssetDownloader {
    let timeout: TimeInterval = (fault == .timeout || fault == .slowDrip) ? 1 : 30
    return AssetDownloader(timeout: timeout, maximumBodySize: 2048)
  }

  @Test(
    "legacy loadCdn: typed, named failure; content the loader assigned is kept",
    arguments: Fault.allCases)
  func legacy(_ fault: Fault) async throws {
    let (server, data) = try Self.serve(fault)
    defer { server.stop() }
    let file = try RiveFile(
      data: data, loadCdn: true,
      customAssetLoader: { asset, _, factory in
        // Assign content, then decline: the CDN loader runs and fails; the content must stay.
        if asset.uniqueName() == "slot-1", let image = asset as? RiveImageAsset {
          image.renderImage(factory.decodeImage(Self.earlier))
        }
        if asset.uniqueName() == "remote-100", let image = asset as? RiveImageAsset {
          image.renderImage(factory.decodeImage(Self.earlier))
        }
        return false
      }, assetDownloader: Self.downloader(for: fault))
    #expect(await file.waitForAssets(timeout: TestWait.generous))
    let report = file.resolutionReport()
    let earlierDigest = try DecodedAsset.decode(Self.earlier, as: .image).digest
    #expect(
      report.entry(uniqueName: "remote-100")?.content?.digest == earlierDigest, "\(fault.rawValue)")
    #expect(report.entry(uniqueName: "slot-1")?.content?.digest == earlierDigest)
  }

  @Test(
    "legacy loadCdn without earlier content: the report says failed and why",
    arguments: Fault.allCases)
  func legacyReport(_ fault: Fault) async throws {
    let (server, data) = try Self.serve(fault)
    defer { server.stop() }
    let file = try RiveFile(data: data, loadCdn: true, assetDownloader: Self.downloader(for: fault))
    #expect(await file.waitForAssets(timeout: TestWait.generous))
    guard case .failed(let reason) = file.resolutionReport().entry(uniqueName: "remote-100")?.origin
    else {
      Issue.record("\(fault.rawValue): expected a failure")
      return
    }
    #expect(reason.contains("remote-100"), "\(reason)")
    for word in fault.expectedWords where fault != .truncated {
      #expect(reason.contains(word), "\(fault.rawValue): \(reason)")
    }
  }

  @Test(
    "adapter loadCdn: typed, named failure; the earlier registration is kept",
    arguments: Fault.allCases)
  func adapter(_ fault: Fault) async throws {
    let (server, data) = try Self.serve(fault)
    defer { server.stop() }
    let worker = try await Worker()
    let earlier = try await worker.decodeImage(from: Self.earlier)
    worker.addGlobalImageAsset(earlier, name: "remote-100")
    let adapter = LegacyLoaderAdapter(
      worker: worker, loadCdn: true, downloader: Self.downloader(for: fault))
    let (file, report) = try await adapter.load(.data(data)) { _, _, _ in false }
    guard case .failed(let reason) = report.entry(uniqueName: "remote-100")?.outcome else {
      Issue.record("\(fault.rawValue): expected a failure, got \(report)")
      return
    }
    #expect(reason.contains("remote-100"))
    for word in fault.expectedWords where fault != .truncated {
      #expect(reason.contains(word), "\(fault.rawValue): \(reason)")
    }
    let resolution = await file.resolutionReport()
    #expect(resolution.entry(uniqueName: "remote-100")?.content?.digest == earlier.digest)
  }

  @Test("a file released while its downloads hang is freed and never touched again")
  func releasedWhilePending() async throws {
    let (server, data) = try Self.serve(.timeout)
    defer { server.stop() }
    weak var weakFile: RiveFile?
    do {
      let file = try RiveFile(
        data: data, loadCdn: true, assetDownloader: AssetDownloader(timeout: 30))
      weakFile = file
    }
    #expect(weakFile == nil)
  }
}
