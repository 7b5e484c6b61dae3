import Foundation
import RiveCore
import RiveFormat
import RiveNetworking
import RiveTestSupport
import Testing

/// Several processes share one `AssetCache` directory: entries are written whole (atomic
/// renames), and what one process wrote another reads without a request.
@Suite("Asset cache shared by processes")
struct CacheSharingTests {
  static let count = 6

  /// A file with `count` hosted images on `server`, each held until released, and their
  /// expected digests and paths.
  static func site(_ server: LoopbackHTTPServer, in directory: URL) throws -> (
    riv: String, paths: [String], digests: [String: ContentDigest]
  ) {
    var blueprint = RiveFileBlueprint()
    blueprint.artboards = [.init(name: "Main")]
    blueprint.assets = (0..<count).map { index in
      .hosted(
        .image, name: "shared\(index).png", id: UInt32(300 + index),
        uuid: (0..<16).map { UInt8(index * 16 + $0) },
        baseURL: server.url("/cdn").absoluteString)
    }
    let riv = directory.appendingPathComponent("shared.riv")
    try blueprint.data.write(to: riv)
    var paths: [String] = []
    var digests: [String: ContentDigest] = [:]
    for (index, asset) in try RiveDocument(data: blueprint.data).assets.enumerated() {
      let address = try #require(asset.cdnURL)
      let url = try #require(URL(string: address))
      let side = 16 + index * 8
      let pixels = SyntheticImage.noiseAndShapes(
        width: side, height: side, channelCount: 4, seed: UInt64(index + 1))
      let png = PNGFixtureEncoder.encode(
        width: side, height: side, colorType: .rgba, bitDepth: 8,
        samples: pixels.map(UInt16.init))
      server.route(url.path, .held(then: .respond(status: 200, body: png)))
      paths.append(url.path)
      digests[asset.uniqueName] = try DecodedAsset.decode(Data(png), as: .image).digest
    }
    return (riv.path, paths, digests)
  }

  /// `unique name → (delivery, digest)` from the lines `delivery-fetch` prints.
  static func parse(_ output: String) -> [String: (delivery: String, digest: String)] {
    var result: [String: (String, String)] = [:]
    for line in output.split(separator: "\n") {
      let words = line.split(separator: " ").map(String.init)
      guard words.count == 3, words[0] != "statistics:" else { continue }
      result[words[0]] = (words[1], words[2])
    }
    return result
  }

  @Test("two processes filling one cache directory at once both succeed; a third reads the disk")
  func twoProcessesShareOneDirectory() async throws {
    let executable = try #require(BuiltProgram.locate("rive-bench"))
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-shared-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let (riv, paths, digests) = try Self.site(server, in: scratch)
    let cacheDirectory = scratch.appendingPathComponent("cache")
    let arguments = ["delivery-fetch", "--cache", cacheDirectory.path, riv]

    async let first = BuiltProgram.run(executable, arguments: arguments)
    async let second = BuiltProgram.run(executable, arguments: arguments)
    // Both processes are waiting on every request before any is answered, so both write
    // every entry, at the same time.
    let bothAsked = await TestWait.until {
      paths.allSatisfy { server.requestCount($0) == 2 }
    }
    #expect(bothAsked, "requests: \(server.requestedPaths)")
    for path in paths { server.release(path) }
    let runs = try await [first, second]
    for run in runs {
      #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
      let lines = Self.parse(run.standardOutput)
      #expect(lines.count == Self.count)
      for (name, digest) in digests {
        #expect(lines[name]?.delivery == "network")
        #expect(lines[name]?.digest == digest.hexString)
      }
    }

    // A third process: every asset from the disk, no request.
    let third = try await BuiltProgram.run(executable, arguments: arguments)
    #expect(third.status == 0, "\(third.standardError)")
    let lines = Self.parse(third.standardOutput)
    for (name, digest) in digests {
      #expect(lines[name]?.delivery == "diskCache")
      #expect(lines[name]?.digest == digest.hexString)
    }
    #expect(third.standardOutput.contains("0 corrupt"), "\(third.standardOutput)")
    #expect(server.requests.count == 2 * Self.count)

    // Offline, in this process: the same entries, whole.
    let offline = try AssetCache(directory: cacheDirectory, isOffline: true)
    for asset in try RiveDocument(contentsOf: URL(fileURLWithPath: riv), depth: .assets).assets {
      let downloaded = try await AssetDownloader(cache: offline).downloadDelivered(asset)
      #expect(downloaded.delivery == .diskCache)
      #expect(downloaded.content.digest == digests[asset.uniqueName])
    }
    #expect(offline.statistics.corruptEntries == 0)
    #expect(offline.diskUsage().entryCount == Self.count)
  }
}
