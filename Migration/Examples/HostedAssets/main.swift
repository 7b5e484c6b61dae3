// Hosted (CDN) assets: legacy `loadCdn: true` downloads them; the current API never contacts the
// CDN, so the app fetches `cdn.baseURL/cdn.uuid` and registers what it gets.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Set-up: a loopback server stands in for the CDN; gallery.riv hosts its hero image there.
let server = try LoopbackHTTPServer(
  fallback: .respond(status: 200, body: Array(ExampleMedia.png())))
defer { server.stop() }
let gallery = RiveFileBlueprint(
  assets: [
    .hosted(
      .image, name: "hero.png", id: 9, uuid: ExampleMedia.uuid(0xA0),
      baseURL: server.url("/cdn").absoluteString, width: 4, height: 4)
  ],
  artboards: [.init(name: "Gallery")])
let resources = try ExampleResources(["gallery.riv": gallery.data])
defer { resources.remove() }
let bundle = try resources.bundle
let port = [(":\(server.port)", ":PORT")]

// guide:legacy
// Legacy: `loadCdn` is true by default; hosted assets the loader declines download in the
// background. (This package adds `waitForAssets(timeout:)` to wait for them.)
let riveFile = try RiveFile(name: "gallery", in: bundle)
_ = await riveFile.waitForAssets(timeout: 10)
// guide.end
printReport("legacy, loadCdn: true", riveFile.resolutionReport(), redacting: port)
print("CDN requests so far: \(server.requestedPaths.count)")

// guide:nothing
// Current: loading never contacts the CDN; the hosted asset has no content yet.
let worker = try await Worker()
let file = try await File(source: .local("gallery", bundle), worker: worker)
// guide.end
printReport("current, nothing registered", await file.resolutionReport(), redacting: port)
print("CDN requests so far: \(server.requestedPaths.count)")

// guide:current
// Fetch each hosted asset yourself and register it under its unique name.
for asset in try await file.getAssets() {
  guard asset.type == .image, let cdn = asset.cdn, let baseURL = URL(string: cdn.baseURL)
  else { continue }
  let url = baseURL.appendingPathComponent(cdn.uuid)
  let (data, response) = try await URLSession.shared.data(from: url)
  guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status)
  else { continue }
  worker.addGlobalImageAsset(try await worker.decodeImage(from: data), name: asset.uniqueName)
}
// guide.end
printReport("current, fetched by hand", await file.resolutionReport(), redacting: port)

// guide:oneCall
// Or in one call: downloads (2xx and a non-empty body required), decodes and registers each.
let hostedWorker = try await Worker()
let hosted = try await File(source: .local("gallery", bundle), worker: hostedWorker)
for result in await hostedWorker.loadHostedAssets(of: hosted) {
  print("\(result.asset.uniqueName): \(result.isRegistered ? "registered" : "failed")")
}
// guide.end
printReport("current, loadHostedAssets", await hosted.resolutionReport(), redacting: port)

// guide:adapter
// While the loader is still wrapped, the adapter downloads what the closure declines.
let adapter = LegacyLoaderAdapter(worker: try await Worker(), loadCdn: true)
let (adapted, report) = try await adapter.load(.local("gallery", bundle)) { _, _, _ in false }
// guide.end
print(report.description.replacingOccurrences(of: ":\(server.port)", with: ":PORT"))
printReport("current, adapter with loadCdn", await adapted.resolutionReport(), redacting: port)
print("CDN requests: \(server.requestedPaths.count), all to \(Set(server.requestedPaths).sorted())")
