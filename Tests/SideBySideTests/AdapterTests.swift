import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveMigrationTesting
import RiveNetworking
import RiveRuntime
import RiveTestSupport
import Testing

/// The adapter's outcomes, conflicts, isolation and kept-asset tracking, on generated files.
@Suite("Legacy loader adapter")
@MainActor
struct AdapterTests {
  static let uuid: [UInt8] = Array(40..<56)

  static func png(_ seed: String, width: Float = 4, height: Float = 3) -> Data {
    Fixtures.image(width: width, height: height, seed: seed)
  }

  static func digest(of data: Data, as kind: MediaKind) throws -> ContentDigest {
    try DecodedAsset.decode(data, as: kind).digest
  }

  /// A file with one asset of each storage.
  static func mixedFile(cdnBase: String) -> Data {
    RiveFileBlueprint(assets: [
      .embedded(
        .image, name: "inside.png", id: 1, bytes: Array(png("inside")), width: 4, height: 3),
      .referenced(.image, name: "outside.png", id: 2, width: 4, height: 3),
      .referenced(.font, name: "Body", id: 3),
      .hosted(.audio, name: "jingle", id: 4, uuid: uuid, baseURL: cdnBase),
      .embedded(.blob, name: "table", id: 5, bytes: Array("{}".utf8)),
    ]).data
  }

  @Test("each asset gets its outcome and the registrations land on the worker")
  func outcomes() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let base = server.url("/cdn").absoluteString
    let hosted = RiveDocument.Asset(
      index: 3, kind: .audio, name: "jingle", assetID: 4, storedAssetID: 4, cdnUUID: Self.uuid,
      cdnBaseURL: base)
    let audio = Fixtures.audio(seed: "jingle")
    server.route(
      server.url("/cdn/" + hosted.cdnUUIDString).path, .respond(status: 200, body: Array(audio)))
    let outside = Self.png("outside")
    var offered: [String] = []
    let loader: LoadAsset = { asset, data, factory in
      offered.append("\(asset.uniqueFilename()) \(data.count)")
      if asset.uniqueName() == "outside-2", let image = asset as? RiveImageAsset {
        image.renderImage(factory.decodeImage(outside))
        return true
      }
      return asset is RiveFontAsset  // claims the font without giving it content
    }
    let worker = try await Worker()
    let adapter = LegacyLoaderAdapter(
      worker: worker, loadCdn: true, downloader: AssetDownloader(timeout: TestWait.generous))
    let (file, report) = try await adapter.load(
      .data(Self.mixedFile(cdnBase: base)), loader: loader)

    // The closure saw exactly the legacy strings and the embedded bytes, in file order.
    let insideCount = Self.png("inside").count
    #expect(
      offered == [
        "inside-1.png \(insideCount)", "outside-2.png 0", "Body-3.ttf 0", "jingle-4.wav 0",
      ])
    #expect(report.entries.map(\.uniqueName) == ["inside-1", "outside-2", "Body-3", "jingle-4"])
    #expect(report.entry(uniqueName: "inside-1")?.outcome == .declined)
    #expect(
      report.entry(uniqueName: "outside-2")?.outcome
        == .registered(digest: try Self.digest(of: outside, as: .image)))
    #expect(report.entry(uniqueName: "Body-3")?.outcome == .handledWithoutContent)
    #expect(
      report.entry(uniqueName: "jingle-4")?.outcome
        == .downloaded(url: hosted.cdnURL ?? "", digest: try Self.digest(of: audio, as: .audio)))
    #expect(report.conflicts.isEmpty)

    let resolution = await file.resolutionReport()
    #expect(
      resolution.entries.map(\.origin.className) == [
        "embedded", "global", "unresolved", "global", "embedded",
      ])
    #expect(
      resolution.entry(uniqueName: "outside-2")?.content?.digest
        == (try Self.digest(of: outside, as: .image)))
  }

  @Test("the one-line port registers what the closure assigns")
  func oneLiner() async throws {
    let outside = Self.png("one-liner")
    let worker = try await Worker()
    let file = try await File(
      source: .data(Self.mixedFile(cdnBase: "http://127.0.0.1:9/cdn")), worker: worker,
      legacyLoader: { asset, _, factory in
        guard let image = asset as? RiveImageAsset, asset.uniqueName() == "outside-2" else {
          return false
        }
        image.renderImage(factory.decodeImage(outside))
        return true
      })
    let resolution = await file.resolutionReport()
    #expect(resolution.entry(uniqueName: "outside-2")?.origin == .globalRegistration)
    #expect(resolution.entry(uniqueName: "outside-2")?.content?.image?.width == 4)
  }

  @Test("a failed download registers nothing and keeps what was registered before")
  func failedDownloadKeepsRegistration() async throws {
    let server = try LoopbackHTTPServer()  // every path answers 404
    defer { server.stop() }
    let data = Self.mixedFile(cdnBase: server.url("/cdn").absoluteString)
    let worker = try await Worker()
    let earlier = try await worker.decodeAudio(from: Fixtures.audio(seed: "earlier"))
    worker.addGlobalAudioAsset(earlier, name: "jingle-4")
    let adapter = LegacyLoaderAdapter(
      worker: worker, loadCdn: true, downloader: AssetDownloader(timeout: TestWait.generous))
    let (file, report) = try await adapter.load(.data(data)) { _, _, _ in false }
    guard case .failed(let reason) = report.entry(uniqueName: "jingle-4")?.outcome else {
      Issue.record("expected a failed download: \(report)")
      return
    }
    #expect(reason.contains("jingle-4") && reason.contains("404"))
    let resolution = await file.resolutionReport()
    #expect(resolution.entry(uniqueName: "jingle-4")?.origin == .globalRegistration)
    #expect(resolution.entry(uniqueName: "jingle-4")?.content?.digest == earlier.digest)
  }

  /// Two files that both reference `shared-1`, each with a loader supplying its own image.
  static func conflictingFiles() -> [(name: String, data: Data, image: Data)] {
    ["first.riv", "second.riv"].map { name in
      let blueprint = RiveFileBlueprint(assets: [
        .referenced(.image, name: "shared.png", id: 1, width: 4, height: 3)
      ])
      return (name, blueprint.data, Self.png(name))
    }
  }

  static func loader(supplying image: Data) -> LoadAsset {
    { asset, _, factory in
      guard let asset = asset as? RiveImageAsset else { return false }
      asset.renderImage(factory.decodeImage(image))
      return true
    }
  }

  @Test("two files giving one unique name different content on one worker are a conflict")
  func conflict() async throws {
    let files = Self.conflictingFiles()
    let adapter = LegacyLoaderAdapter(worker: try await Worker())
    var loaded: [File] = []
    for file in files {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        UUID().uuidString + "-" + file.name)
      try file.data.write(to: url)
      defer { try? FileManager.default.removeItem(at: url) }
      loaded.append(
        try await adapter.load(.url(url), loader: Self.loader(supplying: file.image)).file)
    }
    let conflict = try #require(adapter.conflicts.first)
    #expect(adapter.conflicts.count == 1)
    #expect(conflict.uniqueName == "shared-1")
    #expect(
      conflict.firstFile.hasSuffix("first.riv") && conflict.secondFile.hasSuffix("second.riv"))
    #expect(conflict.firstDigest == (try Self.digest(of: files[0].image, as: .image)))
    #expect(conflict.secondDigest == (try Self.digest(of: files[1].image, as: .image)))
    // The later registration applies to both files: the first file no longer shows its own image.
    let first = await loaded[0].resolutionReport()
    #expect(first.entry(uniqueName: "shared-1")?.content?.digest == conflict.secondDigest)
  }

  @Test("worker-per-file isolation reproduces legacy per-file results; the shared worker does not")
  func isolation() async throws {
    let files = Self.conflictingFiles()
    for isolation in [LegacyLoaderAdapter.Isolation.sharedWorker, .workerPerFile] {
      let adapter = LegacyLoaderAdapter(worker: try await Worker(), isolation: isolation)
      var loaded: [File] = []
      for file in files {
        loaded.append(
          try await adapter.load(.data(file.data), loader: Self.loader(supplying: file.image)).file)
      }
      // Resolution is computed when asked: ask after both files registered.
      var current: [ResolutionReport] = []
      for file in loaded { current.append(await file.resolutionReport()) }
      var equivalent: [Bool] = []
      for (index, file) in files.enumerated() {
        let legacy = try RiveFile(
          data: file.data, loadCdn: false, customAssetLoader: Self.loader(supplying: file.image))
        equivalent.append(
          ResolutionComparison(legacy: legacy.resolutionReport(), current: current[index])
            .isEquivalent)
      }
      #expect(
        equivalent == (isolation == .workerPerFile ? [true, true] : [false, true]), "\(isolation)")
      #expect(adapter.conflicts.isEmpty == (isolation == .workerPerFile))
    }
  }

  @Test("a kept asset re-rendered five times is tracked by both paths")
  func keptAssetRerendered() async throws {
    let data = RiveFileBlueprint(assets: [
      .referenced(.image, name: "cycle.png", id: 9, width: 4, height: 3)
    ]).data
    var legacyKept: RiveImageAsset?
    let legacy = try RiveFile(
      data: data, loadCdn: false,
      customAssetLoader: { asset, _, _ in
        legacyKept = asset as? RiveImageAsset
        return true
      })
    var currentKept: RiveImageAsset?
    let adapter = LegacyLoaderAdapter(worker: try await Worker())
    let (file, _) = try await adapter.load(.data(data)) { asset, _, _ in
      currentKept = asset as? RiveImageAsset
      return true
    }
    let factory = RiveFactory()
    for round in 1...5 {
      let image = Self.png("round \(round)")
      legacyKept?.renderImage(factory.decodeImage(image))
      currentKept?.renderImage(factory.decodeImage(image))
      let expected = try Self.digest(of: image, as: .image)
      let comparison = ResolutionComparison(
        legacy: legacy.resolutionReport(), current: await file.resolutionReport())
      #expect(comparison.isEquivalent, "round \(round): \(comparison)")
      #expect(comparison.rows.first?.currentDigest == expected, "round \(round)")
    }
  }
}
