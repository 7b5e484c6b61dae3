import Foundation
import RiveCore
import RiveFormat
import RiveNetworking
import RiveTestSupport
import Testing

@Suite("Asset downloader against a loopback server")
struct AssetDownloaderTests {
  static let png: [UInt8] = PNGFixtureEncoder.encode(
    width: 2, height: 2, colorType: .rgba, bitDepth: 8,
    samples: [UInt16](repeating: 0x7F, count: 16))

  static func hostedImage(baseURL: String) -> RiveDocument.Asset {
    RiveDocument.Asset(
      index: 0, kind: .image, name: "hero.png", assetID: 7, storedAssetID: 7,
      cdnUUID: Array(0..<16), cdnBaseURL: baseURL, width: 2, height: 2, contents: nil,
      byteOffset: 0)
  }

  static func reason(_ body: () async throws -> Void) async -> AssetDownloadError.Reason? {
    do {
      try await body()
      return nil
    } catch let error as AssetDownloadError {
      return error.reason
    } catch {
      Issue.record("expected an AssetDownloadError, got \(error)")
      return nil
    }
  }

  @Test("a 200 answer downloads and decodes; the URL is base/uuid")
  func success() async throws {
    let asset = Self.hostedImage(baseURL: "")
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let base = server.url("/cdn/uuid").absoluteString
    let hosted = Self.hostedImage(baseURL: base)
    server.route("/cdn/uuid/" + hosted.cdnUUIDString, .respond(status: 200, body: Self.png))
    let decoded = try await AssetDownloader(timeout: TestWait.generous).download(hosted)
    #expect(decoded.image?.width == 2)
    #expect(server.requestedPaths == ["/cdn/uuid/03020100-0504-0706-0908-0f0e0d0c0b0a"])
    #expect(asset.cdnURL == "/03020100-0504-0706-0908-0f0e0d0c0b0a")
  }

  @Test("failures are typed and name the asset and status")
  func failures() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let hosted = Self.hostedImage(baseURL: server.url("/cdn").absoluteString)
    let path = "/cdn/" + hosted.cdnUUIDString
    // A short timeout only where the server hangs (a loaded machine can be slow).
    let patient = AssetDownloader(timeout: TestWait.generous, maximumBodySize: 1000)
    let impatient = AssetDownloader(timeout: 1, maximumBodySize: 1000)
    let cases: [(LoopbackHTTPServer.Behavior, AssetDownloadError.Reason)] = [
      (.respond(status: 404, body: []), .httpStatus(404)),
      (.respond(status: 500, body: Array("oops".utf8)), .httpStatus(500)),
      (.respond(status: 200, body: []), .emptyBody),
      (.respond(status: 200, body: [UInt8](repeating: 1, count: 2000)), .tooLarge(limit: 1000)),
      (.hang, .timedOut(seconds: 1)),
    ]
    for (behavior, expected) in cases {
      server.route(path, behavior)
      let downloader: AssetDownloader
      if case .hang = behavior { downloader = impatient } else { downloader = patient }
      let reason = await Self.reason { _ = try await downloader.download(hosted) }
      #expect(reason == expected)
    }
    server.route(
      path, .respond(status: 200, body: Array("<html>error</html>".utf8), contentType: "text/html"))
    let html = await Self.reason { _ = try await patient.download(hosted) }
    guard case .undecodable = html else {
      Issue.record(
        "an HTML page with status 200 must not decode as an image: \(String(describing: html))")
      return
    }
    server.route(
      path,
      .truncated(status: 200, body: Array(Self.png.prefix(10)), declaredLength: Self.png.count))
    let truncated = await Self.reason { _ = try await patient.download(hosted) }
    #expect(truncated != nil)
  }

  @Test("connection refused is a transport error")
  func refused() async throws {
    let server = try LoopbackHTTPServer()
    let hosted = Self.hostedImage(baseURL: server.url("/cdn").absoluteString)
    server.stop()
    let reason = await Self.reason { _ = try await AssetDownloader(timeout: 2).download(hosted) }
    guard case .transport = reason else {
      Issue.record("expected a transport error, got \(String(describing: reason))")
      return
    }
  }
}
