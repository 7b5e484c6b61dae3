// Caching hosted assets: one `AssetCache` (decoded content in memory, downloaded bytes on disk)
// shared by legacy `loadCdn`, the current API's hosted helper and the adapter; an offline
// launch; and a load policy that waits for every hosted asset of a file until a deadline.
import Foundation
import MigrationExampleSupport
import RiveCore
import RiveRuntime

// Set-up: a loopback server stands in for the CDN. gallery.riv hosts two images there;
// slow.riv hosts one that answers, one that is held (never answered in time) and one gone.
let server = try LoopbackHTTPServer()
defer { server.stop() }
func hosted(_ names: [String], seed: UInt8) -> RiveFileBlueprint {
  RiveFileBlueprint(
    assets: names.enumerated().map { index, name in
      .hosted(
        .image, name: "\(name).png", id: UInt32(Int(seed) + index),
        uuid: ExampleMedia.uuid(seed &+ UInt8(index * 16)),
        baseURL: server.url("/cdn").absoluteString, width: 4, height: 4)
    },
    artboards: [.init(name: "Main")])
}
let gallery = hosted(["hero", "badge"], seed: 0x10)
let slow = hosted(["cover", "banner", "retired"], seed: 0x60)
func paths(_ blueprint: RiveFileBlueprint) throws -> [String] {
  try RiveDocument(data: blueprint.data).assets.map { asset in
    guard let url = asset.cdnURL.flatMap(URL.init(string:)) else {
      throw ExampleError("\(asset.uniqueName) is not hosted")
    }
    return url.path
  }
}
for (index, path) in try paths(gallery).enumerated() {
  server.route(
    path,
    .cacheable(
      body: Array(ExampleMedia.png(value: UInt16(0x30 + index))), etag: "\"g\(index)\"",
      lastModified: nil, cacheControl: "max-age=3600"))
}
let slowPaths = try paths(slow)
server.route(slowPaths[0], .respond(status: 200, body: Array(ExampleMedia.png(value: 0x70))))
server.route(slowPaths[1], .held(then: .respond(status: 200, body: Array(ExampleMedia.png()))))
server.route(slowPaths[2], .respond(status: 404, body: Array("gone".utf8)))
let resources = try ExampleResources(["gallery.riv": gallery.data, "slow.riv": slow.data])
defer { resources.remove() }
let bundle = try resources.bundle
let port = ":\(server.port)"
func show(_ label: String, _ report: ResolutionReport) {
  print("\(label):")
  for entry in report.entries {
    let via = entry.delivery.map { " via \($0)" } ?? ""
    let digest = entry.content.map { ", digest \($0.digest.hexString.prefix(12))" } ?? ""
    print("  \(entry.asset.uniqueName) \(entry.origin.className)\(via)\(digest)")
  }
  print("  requests so far: \(server.requestedPaths.count)")
}

// guide:cache
// One cache for the app: decoded content in memory, the downloaded bytes in a directory you
// choose (size-bounded, least recently used out first, safe to share between processes).
let cacheDirectory = resources.url("Caches/rive-hosted")  // your app's caches directory
let downloader = AssetDownloader(
  cache: try AssetCache(directory: cacheDirectory, maximumDiskSize: 64 << 20))
// guide.end

// guide:legacy
// Legacy: give `loadCdn` the cached downloader (or set `RiveFile.defaultDownloader` once).
let riveFile = try RiveFile(name: "gallery", in: bundle, assetDownloader: downloader)
_ = await riveFile.waitForAssets(timeout: 10)
// guide.end
show("legacy, first launch", riveFile.resolutionReport())

// guide:current
// Current: the hosted helper takes the same downloader; a second file is served from memory.
let worker = try await Worker()
let file = try await File(source: .local("gallery", bundle), worker: worker)
for result in await worker.loadHostedAssets(of: file, using: downloader) {
  print("\(result.asset.uniqueName): \(result.outcome) via \(result.delivery?.description ?? "-")")
}
// guide.end
show("current, same cache", await file.resolutionReport())

// guide:relaunch
// The next launch opens a new cache on the same directory: the bytes come from disk.
let nextLaunch = AssetDownloader(cache: try AssetCache(directory: cacheDirectory))
let relaunched = try await File(source: .local("gallery", bundle), worker: try await Worker())
_ = await relaunched.worker.loadHostedAssets(of: relaunched, using: nextLaunch)
// guide.end
show("current, next launch", await relaunched.resolutionReport())

// guide:offline
// Offline: what is cached is served; anything else fails with a typed error naming it.
let offline = AssetDownloader(cache: try AssetCache(directory: cacheDirectory, isOffline: true))
let noNetwork = try await File(source: .local("slow", bundle), worker: try await Worker())
for result in await noNetwork.worker.loadHostedAssets(of: noNetwork, using: offline) {
  if case .failed(let error) = result.outcome, error.reason == .offline {
    print("\(error.assetName): \(error.reason)")
  }
}
// guide.end

// guide:deadline
// The load policy: wait for every hosted asset of a file until a deadline, and get each
// outcome (the counterpart of legacy `waitForAssets(timeout:)`).
let slowFile = try await File(source: .local("slow", bundle), worker: worker)
let outcomes = await worker.loadHostedAssets(of: slowFile, using: downloader, deadline: 3)
for result in outcomes {
  switch result.outcome {
  case .registered(let digest):
    print("\(result.asset.uniqueName): registered \(digest.hexString.prefix(12))")
  case .failed(let error): print("\(result.asset.uniqueName): failed, \(error.reason)")
  case .timedOut(let deadline): print("\(result.asset.uniqueName): timed out after \(deadline) s")
  }
}
// guide.end
server.release(slowPaths[1])
show("current, after the deadline", await slowFile.resolutionReport())

// guide:adapter
// While a loader is still wrapped, give the adapter the same downloader.
let adapter = LegacyLoaderAdapter(
  worker: try await Worker(), loadCdn: true, downloader: downloader)
let (_, report) = try await adapter.load(.local("gallery", bundle)) { _, _, _ in false }
// guide.end
print(report.description.replacingOccurrences(of: port, with: ":PORT"))
print("requests in all: \(server.requestedPaths.count)")
