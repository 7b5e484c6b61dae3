import Foundation
import RiveCore
import RiveFormat
import RiveLegacy
import RiveNetworking
import RiveTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `.riv` file whose hosted image, font and audio point at a loopback server.
private struct HostedFixture {
  let server: LoopbackHTTPServer
  let data: Data
  /// The CDN URL of each asset, in file order, as the reader computes it.
  let urls: [String]

  init(
    image: LoopbackHTTPServer.Behavior? = nil, font: LoopbackHTTPServer.Behavior? = nil,
    audio: LoopbackHTTPServer.Behavior? = nil
  ) throws {
    server = try LoopbackHTTPServer()
    let base = server.url("/cdn/uuid").absoluteString
    data = Fixtures.file(assets: [
      .hosted(.image, name: "remote.png", id: 501, uuid: Fixtures.uuid(0x10), baseURL: base),
      .hosted(.font, name: "remote", id: 502, uuid: Fixtures.uuid(0x20), baseURL: base),
      .hosted(.audio, name: "remote", id: 503, uuid: Fixtures.uuid(0x30), baseURL: base),
    ])
    urls = try RiveDocument(data: data).assets.map { try #require($0.cdnURL) }
    let behaviours = [
      try image ?? .respond(status: 200, body: Fixtures.png),
      try font ?? .respond(status: 200, body: Fixtures.font()),
      try audio ?? .respond(status: 200, body: Fixtures.wav()),
    ]
    for (url, behaviour) in zip(urls, behaviours) {
      server.route(try #require(URL(string: url)).path, behaviour)
    }
  }

  /// Downloads are allowed as long as the tests wait for them (a starved download must not be
  /// mistaken for a timeout).
  var downloader: AssetDownloader { Self.downloader(timeout: TestWait.generous) }

  /// The default downloader (a session without a cache) with another timeout.
  static func downloader(timeout: TimeInterval) -> AssetDownloader {
    var downloader = RiveFile.defaultDownloader
    downloader.timeout = timeout
    return downloader
  }
}

@Suite("CDN loading", SharedCorpus.requirement)
struct CDNLoadingTests {
  @Test func hostedAssetsDownloadIncludingAudio() async throws {
    let fixture = try HostedFixture()
    defer { fixture.server.stop() }
    let file = try RiveFile(
      data: fixture.data, loadCdn: true, customAssetLoader: { _, _, _ in false },
      assetDownloader: fixture.downloader)
    #expect(await file.waitForAssets(timeout: TestWait.generous))
    let entries = file.resolutionReport().entries
    #expect(entries.map(\.origin) == fixture.urls.map { .cdn(url: $0) })
    #expect(entries[0].content?.image?.width == 2)
    #expect(entries[1].content?.font != nil)
    #expect(entries[2].content?.audio != nil)
    #expect(fixture.server.requestedPaths.count == 3)
  }

  @Test func claimingSuppressesTheDownload() async throws {
    let fixture = try HostedFixture()
    defer { fixture.server.stop() }
    let file = try RiveFile(
      data: fixture.data, loadCdn: true, customAssetLoader: { _, _, _ in true },
      assetDownloader: fixture.downloader)
    #expect(await file.waitForAssets(timeout: 1))
    #expect(fixture.server.requestedPaths.isEmpty)
    #expect(file.resolutionReport().entries.allSatisfy { $0.origin == .unresolved })
  }

  @Test func loadCdnFalseNeverDownloads() async throws {
    let fixture = try HostedFixture()
    defer { fixture.server.stop() }
    let file = try RiveFile(
      data: fixture.data, loadCdn: false, assetDownloader: fixture.downloader)
    #expect(await file.waitForAssets(timeout: 1))
    #expect(fixture.server.requestedPaths.isEmpty)
    #expect(file.resolutionReport().entries.allSatisfy { $0.origin == .unresolved })
  }

  @Test func failuresAreVisibleAndNotDecoded() async throws {
    LogCapture.install()
    let fixture = try HostedFixture(
      image: .respond(status: 404, body: Fixtures.png), font: .respond(status: 200, body: []),
      audio: .respond(status: 200, body: Array("<html>oops</html>".utf8)))
    defer { fixture.server.stop() }
    let file = try RiveFile(data: fixture.data, loadCdn: true, assetDownloader: fixture.downloader)
    #expect(await file.waitForAssets(timeout: TestWait.generous))
    let reasons = file.resolutionReport().entries.map { entry -> String in
      if case .failed(let reason) = entry.origin { return reason }
      return "not failed: \(entry.origin)"
    }
    #expect(reasons[0].contains("HTTP status 404"))
    #expect(reasons[1].contains("empty body"))
    #expect(reasons[2].contains("undecodable"))
    for (url, reason) in zip(fixture.urls, reasons) {
      #expect(reason.contains(url))
      #expect(!LogCapture.messages(containing: url).isEmpty)
    }
  }

  @Test func synchronousWaitFromAPlainThread() async throws {
    let fixture = try HostedFixture()
    defer { fixture.server.stop() }
    let file = try RiveFile(data: fixture.data, loadCdn: true, assetDownloader: fixture.downloader)
    // Block a plain thread, never a cooperative one (the downloads need those).
    let finished = await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: file.waitForAssetsSynchronously(timeout: TestWait.generous))
      }
      .start()
    }
    #expect(finished)
    #expect(file.resolutionReport().entries.map(\.origin) == fixture.urls.map { .cdn(url: $0) })
  }

  @Test func timeoutIsVisible() async throws {
    let fixture = try HostedFixture(image: .hang)
    defer { fixture.server.stop() }
    let file = try RiveFile(
      data: fixture.data, loadCdn: true, assetDownloader: HostedFixture.downloader(timeout: 0.3))
    #expect(await file.waitForAssets(timeout: TestWait.generous))
    let entry = try #require(file.resolutionReport().entries.first)
    guard case .failed(let reason) = entry.origin else {
      Issue.record("expected failed, got \(entry.origin)")
      return
    }
    #expect(reason.contains("no answer within 0.3 s"))
  }

  @Test func waitingGivesUpAfterItsTimeout() async throws {
    let fixture = try HostedFixture(image: .hang)
    defer { fixture.server.stop() }
    let file = try RiveFile(data: fixture.data, loadCdn: true, assetDownloader: fixture.downloader)
    #expect(!(await file.waitForAssets(timeout: 0.2)))
    #expect(file.resolutionReport().entries.first?.origin == .unresolved)
  }

  /// Releasing a file cancels its pending downloads: three downloads that would hang forever
  /// all end once the last reference is gone, and the file is freed at once.
  @Test func releasedFileIsFreedWhileDownloadsArePending() async throws {
    let fixture = try HostedFixture(image: .hang, font: .hang, audio: .hang)
    defer { fixture.server.stop() }
    let fetcher = CountingFetcher()
    var downloader = fixture.downloader
    downloader.fetcher = fetcher
    weak var weakFile: RiveFile?
    var kept: RiveFileAsset?
    do {
      let file = try RiveFile(
        data: fixture.data, loadCdn: true,
        customAssetLoader: { asset, _, _ in
          kept = asset
          return false
        }, assetDownloader: downloader)
      weakFile = file
      #expect(file.resolutionReport().entries.count == 3)
      #expect(await TestWait.until { fetcher.started == 3 }, "the three downloads never started")
    }
    #expect(weakFile == nil)
    #expect(kept != nil)
    #expect(
      await TestWait.until { fetcher.ended == 3 },
      "releasing the file left \(3 - fetcher.ended) hanging downloads running")
    #expect(fetcher.cancelled == 3)
  }

  /// Releasing a file while its downloads complete does not crash: the test waits for every
  /// download to end after the release.
  @Test func immediateReleaseWithRealDownloadsDoesNotCrash() async throws {
    let fixture = try HostedFixture()
    defer { fixture.server.stop() }
    let fetcher = CountingFetcher()
    var downloader = fixture.downloader
    downloader.fetcher = fetcher
    weak var weakFile: RiveFile?
    do {
      let file = try RiveFile(data: fixture.data, loadCdn: true, assetDownloader: downloader)
      weakFile = file
    }
    #expect(weakFile == nil)
    #expect(
      await TestWait.until { fetcher.ended == fetcher.started },
      "\(fetcher.started - fetcher.ended) downloads still running after the release")
  }
}

/// Forwards to the default fetcher and counts fetches that started, ended and were cancelled.
private final class CountingFetcher: HTTPDataFetching {
  private struct Counts {
    var started = 0
    var ended = 0
    var cancelled = 0
  }

  private let inner = URLSessionFetcher()
  private let counts = Locked(Counts())

  var started: Int { counts.withLock { $0.started } }
  var ended: Int { counts.withLock { $0.ended } }
  var cancelled: Int { counts.withLock { $0.cancelled } }

  func fetch(_ url: URL, timeout: TimeInterval) async throws -> (body: Data, status: Int) {
    counts.withLock { $0.started += 1 }
    do {
      let result = try await inner.fetch(url, timeout: timeout)
      counts.withLock { $0.ended += 1 }
      return result
    } catch {
      let isCancellation =
        error is CancellationError || (error as? URLError)?.code == .cancelled
      counts.withLock {
        $0.ended += 1
        if isCancellation { $0.cancelled += 1 }
      }
      throw error
    }
  }
}

/// Records what a file delegate hears.
@MainActor
private final class RecordingDelegate: RiveFileDelegate {
  var loaded: [RiveFile] = []
  var errors: [NSError] = []

  func riveFileDidLoad(_ riveFile: RiveFile) throws {
    MainActor.assertIsolated()
    loaded.append(riveFile)
  }

  func riveFileDidError(_ error: any Error) {
    errors.append(error as NSError)
  }
}

@Suite("RiveFile(httpUrl:)", SharedCorpus.requirement)
@MainActor
struct HTTPFileTests {
  @Test(arguments: [false, true])
  func loadsAndHonoursLoadCdn(_ loadCdn: Bool) async throws {
    let fixture = try HostedFixture()
    defer { fixture.server.stop() }
    fixture.server.route("/file.riv", .respond(status: 200, body: Array(fixture.data)))
    let delegate = RecordingDelegate()
    var offered = 0
    let file = try #require(
      RiveFile(
        httpUrl: fixture.server.url("/file.riv").absoluteString, loadCdn: loadCdn,
        customAssetLoader: { _, _, _ in
          offered += 1
          return false
        }, assetDownloader: fixture.downloader, with: delegate))
    #expect(!file.isLoaded)
    #expect(await file.waitForAssets(timeout: TestWait.generous))
    #expect(file.isLoaded)
    #expect(delegate.loaded.count == 1 && delegate.loaded.first === file)
    #expect(delegate.errors.isEmpty)
    #expect(offered == 3)
    #expect(file.artboardNames() == ["Main"])
    let origins = file.resolutionReport().entries.map(\.origin)
    if loadCdn {
      #expect(origins == fixture.urls.map { .cdn(url: $0) })
    } else {
      #expect(origins == [.unresolved, .unresolved, .unresolved])
      #expect(fixture.server.requestedPaths == ["/file.riv"])
    }
  }

  @Test func httpErrorsReachTheDelegate() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    server.route("/junk.riv", .respond(status: 200, body: Array(try Corpus.data("junk.riv"))))
    let delegate = RecordingDelegate()
    let missing = try #require(
      RiveFile(httpUrl: server.url("/missing.riv").absoluteString, loadCdn: false, with: delegate))
    #expect(await missing.waitForAssets(timeout: TestWait.generous))
    let junk = try #require(
      RiveFile(httpUrl: server.url("/junk.riv").absoluteString, loadCdn: false, with: delegate))
    #expect(await junk.waitForAssets(timeout: TestWait.generous))
    #expect(delegate.loaded.isEmpty)
    #expect(delegate.errors.map(\.code) == [700, 600])
    #expect(delegate.errors.first?.localizedDescription.contains("404") == true)
    #expect(!missing.isLoaded && !junk.isLoaded)
    #expect(throws: NSError.self) { try missing.artboard() }
  }

  @Test func invalidURLIsNil() {
    let delegate = RecordingDelegate()
    #expect(RiveFile(httpUrl: "not a url", loadCdn: false, with: delegate) == nil)
    #expect(RiveFile(httpUrl: "relative/path.riv", loadCdn: false, with: delegate) == nil)
  }
}
