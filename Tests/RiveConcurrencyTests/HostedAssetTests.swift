import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveNetworking
import RiveTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Hosted assets over a loopback CDN")
@MainActor
struct HostedAssetTests {
  /// A file with a hosted image and a hosted font whose CDN base URL is the loopback server.
  static func hostedFile(baseURL: String, worker: Worker) async throws -> File {
    var blueprint = RiveFileBlueprint()
    blueprint.assets = [
      .hosted(.image, name: "hero.png", id: 11, uuid: Media.uuid, baseURL: baseURL),
      .hosted(
        .font, name: "Body.ttf", id: 12, uuid: Array((16..<32).map { UInt8($0) }), baseURL: baseURL),
    ]
    blueprint.artboards = [.init(name: "A")]
    return try await File(source: .data(blueprint.data), worker: worker)
  }

  /// The documented recipe, as users write it: fetch `baseURL/uuid` with URLSession, require a
  /// 2xx status, decode, register under the unique name.
  static func recipe(file: File, worker: Worker, timeout: TimeInterval) async -> [String: String] {
    var outcomes: [String: String] = [:]
    do {
      for asset in try await file.getAssets() {
        guard asset.type == .image, let cdn = asset.cdn, let baseURL = URL(string: cdn.baseURL)
        else {
          continue
        }
        let url = baseURL.appendingPathComponent(cdn.uuid)
        do {
          var request = URLRequest(url: url)
          request.timeoutInterval = timeout
          let (data, response) = try await URLSession.shared.data(for: request)
          guard let http = response as? HTTPURLResponse, (200...299).contains(http.statusCode)
          else {
            outcomes[asset.uniqueName] =
              "status \((response as? HTTPURLResponse)?.statusCode ?? -1)"
            continue
          }
          let image = try await worker.decodeImage(from: data)
          worker.addGlobalImageAsset(image, name: asset.uniqueName)
          outcomes[asset.uniqueName] = "registered"
        } catch is ImageError {
          outcomes[asset.uniqueName] = "undecodable"
        } catch {
          outcomes[asset.uniqueName] = "transport"
        }
      }
    } catch {
      outcomes["file"] = "\(error)"
    }
    return outcomes
  }

  @Test(
    "the documented URLSession recipe registers a 200 answer and skips 404, 500, empty and hung ones"
  )
  func recipe() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let worker = try await Worker()
    let file = try await Self.hostedFile(baseURL: server.url("/cdn").absoluteString, worker: worker)
    let image = try #require(try await file.getAssets().first)
    let cdn = try #require(image.cdn)
    let path = "/cdn/" + cdn.uuid
    let png = Media.png(width: 6, height: 4)

    server.route(path, .respond(status: 200, body: Array(png)))
    #expect(
      await Self.recipe(file: file, worker: worker, timeout: TestWait.generous)
        == [image.uniqueName: "registered"])
    #expect(server.requestedPaths.last == path)
    let report = await file.resolutionReport()
    #expect(report.origin(of: image.uniqueName) == .globalRegistration)
    #expect(report.entry(uniqueName: image.uniqueName)?.content?.image?.width == 6)
    let registered = try #require(report.digest(of: image.uniqueName))

    let failures: [(LoopbackHTTPServer.Behavior, String)] = [
      (.respond(status: 404, body: Array("missing".utf8)), "status 404"),
      (.respond(status: 500, body: Array(png)), "status 500"),
      (.respond(status: 200, body: []), "undecodable"),
      (.hang, "transport"),
    ]
    for (behavior, expected) in failures {
      server.route(path, behavior)
      // A short timeout only where the server hangs (a loaded machine can be slow).
      let timeout: TimeInterval
      if case .hang = behavior { timeout = 1 } else { timeout = TestWait.generous }
      #expect(
        await Self.recipe(file: file, worker: worker, timeout: timeout)
          == [image.uniqueName: expected])
      // The earlier registration is untouched.
      #expect(await file.resolutionReport().digest(of: image.uniqueName) == registered)
    }
  }

  @Test("the helper registers what downloads and reports typed errors naming asset and status")
  func helper() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let worker = try await Worker()
    let file = try await Self.hostedFile(baseURL: server.url("/cdn").absoluteString, worker: worker)
    let assets = try await file.getAssets()
    let imagePath = "/cdn/" + (try #require(assets[0].cdn?.uuid))
    let fontPath = "/cdn/" + (try #require(assets[1].cdn?.uuid))
    // A short timeout only where the server hangs: on a loaded machine a real download can take
    // longer than a second.
    let patient = AssetDownloader(timeout: TestWait.generous)
    let impatient = AssetDownloader(timeout: 1)
    if Corpus.isAvailable {
      server.route(fontPath, .respond(status: 200, body: Array(try Media.font())))
    }
    let cases: [(LoopbackHTTPServer.Behavior, AssetDownloadError.Reason?)] = [
      (.respond(status: 200, body: Array(Media.png(width: 3, height: 2))), nil),
      (.respond(status: 404, body: Array("gone".utf8)), .httpStatus(404)),
      (.respond(status: 500, body: []), .httpStatus(500)),
      (.respond(status: 200, body: []), .emptyBody),
      (.hang, .timedOut(seconds: 1)),
    ]
    for (behavior, expected) in cases {
      server.route(imagePath, behavior)
      let downloader: AssetDownloader
      if case .hang = behavior { downloader = impatient } else { downloader = patient }
      let results = await worker.loadHostedAssets(of: file, using: downloader)
      #expect(results.map(\.asset.uniqueName) == ["hero-11", "Body-12"])
      let first = try #require(results.first)
      switch (first.outcome, expected) {
      case (.registered(let digest), nil):
        #expect(await file.resolutionReport().digest(of: "hero-11") == digest)
      case (.failed(let error), let reason?):
        #expect(error.reason == reason)
        #expect(error.assetName == "hero-11")
        #expect(error.url == server.url(imagePath).absoluteString)
        // The registration from the first round is still there.
        #expect(await file.resolutionReport().origin(of: "hero-11") == .globalRegistration)
      default:
        Issue.record("unexpected outcome \(first.outcome) for \(String(describing: expected))")
      }
      // The font is served normally; with the one-second downloader of the hang case a loaded
      // machine may time it out too, so only the patient rounds must register it.
      if Corpus.isAvailable, downloader.timeout > 1 {
        #expect(results.last?.isRegistered == true)
      }
    }
    if Corpus.isAvailable {
      #expect(await file.resolutionReport().origin(of: "Body-12") == .globalRegistration)
    }

    server.route(
      imagePath, .respond(status: 200, body: Array("<html/>".utf8), contentType: "text/html"))
    let html = await #expect(throws: AssetDownloadError.self) {
      try await worker.registerHostedAsset(assets[0], using: patient)
    }
    guard case .undecodable = html?.reason else {
      Issue.record("an HTML body must not register: \(String(describing: html))")
      return
    }
  }

  @Test(
    "registering a non-hosted asset is notHosted",
    SharedCorpus.requirement)
  func notHosted() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("referenced_image_asset.riv", worker: worker)
    let asset = try #require(try await file.getAssets().first)
    let error = await #expect(throws: AssetDownloadError.self) {
      try await worker.registerHostedAsset(asset)
    }
    #expect(error?.reason == .notHosted)
    #expect(await worker.loadHostedAssets(of: file).isEmpty)
  }
}
