import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("Bundle and directory lookup", SharedCorpus.requirement)
@MainActor
struct BundleLookupTests {
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-concurrency-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("candidate names: unique name with each extension, then the authored name")
  func candidates() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("referenced_image_asset.riv", worker: worker)
    let asset = try #require(try await file.getAssets().first)
    #expect(
      asset.candidateFileNames == [
        "rectangle-2222022.png", "rectangle-2222022.jpg", "rectangle-2222022.jpeg",
        "rectangle-2222022.webp", "rectangle", "rectangle.png", "rectangle.jpg", "rectangle.jpeg",
        "rectangle.webp",
      ])
    let hosted = try await Corpus.file("hosted_assets.riv", worker: worker).getAssets()
    #expect(
      hosted[0].candidateFileNames.prefix(5) == [
        "image-49934.png", "image-49934.jpg", "image-49934.jpeg", "image-49934.webp", "image.png",
      ])
    #expect(
      hosted[1].candidateFileNames.prefix(3) == [
        "Inter-45562.ttf", "Inter-45562.otf", "Inter-45562.ttc",
      ])
  }

  @Test("a png asset is found as unique-name.jpeg in a Bundle(path:) of a temporary directory")
  func jpegForPNGInBundle() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let jpeg = try Media.jpeg(width: 32, height: 24)
    try jpeg.write(to: directory.appendingPathComponent("rectangle-2222022.jpeg"))
    let bundle = try #require(Bundle(path: directory.path))
    let worker = try await Worker()
    let file = try await Corpus.file("referenced_image_asset.riv", worker: worker)
    let results = await worker.registerBundledAssets(of: file, in: bundle)
    #expect(results.map(\.outcome) == [.registered(fileName: "rectangle-2222022.jpeg")])
    let report = await file.resolutionReport()
    #expect(report.origin(of: "rectangle-2222022") == .globalRegistration)
    #expect(report.entry(uniqueName: "rectangle-2222022")?.content?.image?.width == 32)
  }

  @Test("a directory URL works; the authored name is a fallback; misses list what was tried")
  func directoryLookup() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let worker = try await Worker()
    let file = try await Corpus.file("hosted_assets.riv", worker: worker)
    try Media.png(width: 2, height: 3).write(to: directory.appendingPathComponent("image.png"))
    let results = await worker.registerBundledAssets(of: file, inDirectory: directory)
    #expect(results.count == 2)
    #expect(results[0].outcome == .registered(fileName: "image.png"))
    #expect(results[1].outcome == .notFound(triedNames: results[1].asset.candidateFileNames))
    let report = await file.resolutionReport()
    #expect(report.origin(of: "image-49934") == .globalRegistration)
    #expect(report.origin(of: "Inter-45562") == .unresolved)

    // A file that does not decode is reported and registers nothing.
    try Data("junk".utf8).write(to: directory.appendingPathComponent("Inter-45562.otf"))
    let again = await worker.registerBundledAssets(of: file, inDirectory: directory)
    guard case .failed(let name, _) = again[1].outcome else {
      Issue.record("expected a failure, got \(again[1].outcome)")
      return
    }
    #expect(name == "Inter-45562.otf")
    #expect(await file.resolutionReport().origin(of: "Inter-45562") == .unresolved)
  }

  @Test("lookup rules: a manifest in a bundle and a folder per kind in a directory")
  func lookupRules() async throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let worker = try await Worker()
    let file = try await Corpus.file("hosted_assets.riv", worker: worker)
    let assets = try await file.getAssets()
    let images = directory.appendingPathComponent("exports/images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    try Media.png(width: 5, height: 4).write(to: images.appendingPathComponent("hero_v2.png"))
    let manifest = AssetLookup(rules: [try .manifest(["image-49934": "exports/images/hero_v2.png"])]
    )
    #expect(assets[0].candidatePaths(using: manifest) == ["exports/images/hero_v2.png"])
    #expect(assets[0].candidatePaths(using: .default) == assets[0].candidateFileNames)

    let bundle = try #require(Bundle(path: directory.path))
    let inBundle = await worker.registerBundledAssets(of: file, in: bundle, lookup: manifest)
    #expect(inBundle[0].outcome == .registered(fileName: "exports/images/hero_v2.png"))
    #expect(inBundle[1].outcome == .notFound(triedNames: []))
    #expect(
      await file.resolutionReport().entry(uniqueName: "image-49934")?.content?.image?.width == 5)

    let fonts = directory.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    try Data("junk".utf8).write(to: fonts.appendingPathComponent("Inter-45562.ttf"))
    let perKind = AssetLookup(rules: [try .folderPerKind([.font: "fonts"])])
    let inDirectory = await worker.registerBundledAssets(
      of: file, inDirectory: directory, lookup: perKind)
    guard case .failed(let name, let reason) = inDirectory[1].outcome else {
      Issue.record("expected the junk font to fail, got \(inDirectory[1].outcome)")
      return
    }
    #expect(name == "fonts/Inter-45562.ttf")
    #expect(!reason.isEmpty)
    // A kind without a folder gets no candidates from that rule: nothing is tried.
    #expect(
      inDirectory[0].outcome == .notFound(triedNames: assets[0].candidatePaths(using: perKind)))
  }
}
