import Foundation
import RiveCore
import RiveFormat
import RiveNetworking
import RiveRuntime
import RiveTestSupport
import Testing

/// A `.riv` file fetched by URL goes through the one network path in both APIs: the same size
/// cap, and the same typed error (`AssetDownloadError`, reason `tooLarge`) when the body is over
/// it — thrown as the cause of `FileError.missingData` by the current API, handed to the
/// delegate as the underlying error of the `NSError` by the legacy one.
@Suite("URL sources share the size cap")
@MainActor
struct URLSourceSizeCapTests {
  /// A body over the cap: a valid file padded past 1 KiB would load without the cap.
  static let body =
    Array(RiveFileBlueprint(artboards: [.init(name: "Big")]).data)
    + [UInt8](repeating: 0, count: 4096)

  static func downloader() -> AssetDownloader {
    AssetDownloader(timeout: TestWait.generous, maximumBodySize: 1024)
  }

  @Test("the current API refuses a .url source over the cap with AssetDownloadError.tooLarge")
  func current() async throws {
    let server = try LoopbackHTTPServer(fallback: .respond(status: 200, body: Self.body))
    defer { server.stop() }
    let worker = try await Worker()
    let error = await #expect(throws: FileError.self) {
      _ = try await File(
        source: .url(server.url("/big.riv")), worker: worker, downloader: Self.downloader())
    }
    let cause = try #require(error?.cause as? AssetDownloadError, "\(String(describing: error))")
    #expect(cause.reason == .tooLarge(limit: 1024))
    guard case .missingData = error else {
      Issue.record("expected missingData, got \(String(describing: error))")
      return
    }
  }

  @Test("the legacy API refuses a URL file over the cap with the same error")
  func legacy() async throws {
    let server = try LoopbackHTTPServer(fallback: .respond(status: 200, body: Self.body))
    defer { server.stop() }
    let delegate = ErrorRecorder()
    let file = try #require(
      RiveFile(
        httpUrl: server.url("/big.riv").absoluteString, loadCdn: false,
        assetDownloader: Self.downloader(), with: delegate))
    #expect(await file.waitForAssets(timeout: TestWait.generous))
    let error = try #require(delegate.errors.first)
    let cause = try #require(
      error.userInfo[NSUnderlyingErrorKey] as? AssetDownloadError, "\(error)")
    #expect(cause.reason == .tooLarge(limit: 1024))
    #expect(!file.isLoaded)
  }

  @Test("both APIs' default downloaders have the same cap")
  func defaults() {
    #expect(RiveFile.defaultDownloader.maximumBodySize == AssetDownloader.defaultMaximumBodySize)
    #expect(File.defaultDownloader.maximumBodySize == AssetDownloader.defaultMaximumBodySize)
  }
}

/// Records the errors a legacy file reports.
@MainActor
private final class ErrorRecorder: RiveFileDelegate {
  var errors: [NSError] = []

  func riveFileDidLoad(_ riveFile: RiveFile) throws {}

  func riveFileDidError(_ error: any Error) {
    errors.append(error as NSError)
  }
}
