import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

/// `check` and `codegen` follow the lookup rules of `--lookup FILE` or the lookup flags, and
/// `check --decode` gives the same verdicts with the decodes spread over jobs.
@Suite("rive-assets lookup rules and check --decode")
struct LookupOptionsTests {
  /// A file referencing two images and a font, and a bundle laid out with a folder per kind
  /// and a manifest entry, none of which the default order finds.
  struct Layout {
    var directory: URL
    var riv: String
    var bundle: URL

    init() throws {
      directory = try ToolRunner.temporaryDirectory()
      var blueprint = RiveFileBlueprint()
      blueprint.assets = [
        .referenced(.image, name: "hero.png", id: 11),
        .referenced(.image, name: "badge.png", id: 12),
        .referenced(.image, name: "extra.png", id: 13),
      ]
      blueprint.artboards = [.init(name: "Main")]
      riv = try TestFixtures.write(blueprint, named: "screen.riv", in: directory)
      bundle = directory.appendingPathComponent("bundle")
      let images = bundle.appendingPathComponent("images")
      try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
      _ = try TestFixtures.write(
        try TestFixtures.png(width: 4, height: 3, seed: 1), named: "hero-11.png", in: images)
      let exports = bundle.appendingPathComponent("exports")
      try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
      _ = try TestFixtures.write(
        try TestFixtures.png(width: 5, height: 2, seed: 2), named: "badge_final.png",
        in: exports)
      try Data(#"{"badge-12": "exports/badge_final.png"}"#.utf8)
        .write(to: directory.appendingPathComponent("manifest.json"))
      try Data(
        #"{"rules": [{"manifest": "manifest.json"}, {"folder-per-kind": {"image": "images"}}, "default"]}"#
          .utf8
      ).write(to: directory.appendingPathComponent("rive-lookup.json"))
    }

    var lookupFile: String { directory.appendingPathComponent("rive-lookup.json").path }
    var manifestFile: String { directory.appendingPathComponent("manifest.json").path }

    func remove() { try? FileManager.default.removeItem(at: directory) }
  }

  static func assets(_ output: String) throws -> [String: [String: Any]] {
    let report = try #require(try TestFixtures.json(output) as? [String: Any])
    let files = try #require(report["files"] as? [[String: Any]])
    let assets = try #require(files.first?["assets"] as? [[String: Any]])
    var byName: [String: [String: Any]] = [:]
    for asset in assets { byName[asset["unique_name"] as? String ?? ""] = asset }
    return byName
  }

  @Test("the default order misses files a lookup file and the equivalent flags find")
  func checkFollowsLookup() async throws {
    let layout = try Layout()
    defer { layout.remove() }
    let plain = try await ToolRunner.run(
      ["check", layout.riv, "--bundle", layout.bundle.path, "--json"])
    #expect(plain.status == 1)
    let missing = try Self.assets(plain.standardOutput)
    #expect(missing["hero-11"]?["status"] as? String == "missing")
    #expect((missing["hero-11"]?["tried"] as? [String])?.first == "hero-11.png")

    let byFile = try await ToolRunner.run([
      "check", layout.riv, "--bundle", layout.bundle.path, "--lookup", layout.lookupFile,
      "--json",
    ])
    let byFlags = try await ToolRunner.run([
      "check", layout.riv, "--bundle", layout.bundle.path, "--manifest", layout.manifestFile,
      "--folders", "image=images", "--json",
    ])
    for result in [byFile, byFlags] {
      // extra-13 is still missing, so the check fails, naming where it looked.
      #expect(result.status == 1)
      let assets = try Self.assets(result.standardOutput)
      #expect(assets["hero-11"]?["bundle_file"] as? String == "images/hero-11.png")
      #expect(assets["hero-11"]?["width"] as? Int == 4)
      #expect(assets["badge-12"]?["bundle_file"] as? String == "exports/badge_final.png")
      #expect(assets["badge-12"]?["status"] as? String == "found")
      let tried = try #require(assets["extra-13"]?["tried"] as? [String])
      #expect(tried.prefix(2) == ["images/extra-13.png", "images/extra-13.jpg"])
      #expect(tried.contains("extra-13.png"))
    }
  }

  @Test("a bad lookup file or flag is an error naming the file or the flag")
  func badLookup() async throws {
    let layout = try Layout()
    defer { layout.remove() }
    let unsafe = layout.directory.appendingPathComponent("unsafe.json")
    try Data(#"{"rules": [{"manifest": {"hero-11": "../outside.png"}}]}"#.utf8).write(to: unsafe)
    let result = try await ToolRunner.run([
      "check", layout.riv, "--bundle", layout.bundle.path, "--lookup", unsafe.path,
    ])
    #expect(result.status == 1)
    #expect(result.standardError.contains(unsafe.path))
    #expect(result.standardError.contains("hero-11"))

    let unknown = layout.directory.appendingPathComponent("unknown.json")
    try Data(#"{"rules": ["by-magic"]}"#.utf8).write(to: unknown)
    let second = try await ToolRunner.run([
      "check", layout.riv, "--bundle", layout.bundle.path, "--lookup", unknown.path,
    ])
    #expect(second.status == 1)
    #expect(second.standardError.contains("rule 1: unknown rule \"by-magic\""))

    let flag = try await ToolRunner.run([
      "check", layout.riv, "--bundle", layout.bundle.path, "--folders", "pictures=images",
    ])
    #expect(flag.status == 2)
    #expect(flag.standardError.contains("found 'pictures=images'"))
  }

  @Test("check --decode gives the verdicts and digests of the plain check, with any job count")
  func decodeMatchesPlain() async throws {
    let layout = try Layout()
    defer { layout.remove() }
    let common = [
      "check", layout.riv, "--bundle", layout.bundle.path, "--lookup", layout.lookupFile,
      "--json",
    ]
    let plain = try await ToolRunner.run(common)
    let plainAssets = try Self.assets(plain.standardOutput)
    for jobs in ["1", "2", "3"] {
      let decoded = try await ToolRunner.run(common + ["--decode", "--jobs", jobs])
      #expect(decoded.status == plain.status)
      let assets = try Self.assets(decoded.standardOutput)
      #expect(Set(assets.keys) == ["hero-11", "badge-12", "extra-13"])
      for (name, asset) in assets {
        #expect(asset["status"] as? String == plainAssets[name]?["status"] as? String)
        #expect(
          asset["content_digest"] as? String == plainAssets[name]?["content_digest"] as? String)
      }
      #expect(assets["hero-11"]?["content_digest"] as? String != nil)
    }
  }

  @Test("check --decode decodes embedded assets too and keeps file order and file errors")
  func decodeEmbedded() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("demo.riv").path
    #expect(try await ToolRunner.run(["demo", "--output", riv]).status == 0)
    let broken = try TestFixtures.write(
      Array("RIVE but not really".utf8), named: "bad.riv", in: directory)
    let result = try await ToolRunner.run([
      "check", riv, broken, "--bundle", directory.path, "--decode", "--jobs", "2", "--json",
    ])
    #expect(result.status == 1)
    let report = try #require(try TestFixtures.json(result.standardOutput) as? [String: Any])
    let files = try #require(report["files"] as? [[String: Any]])
    #expect(files.map { $0["file"] as? String } == ["demo.riv", "bad.riv"])
    #expect(files[1]["error"] as? String != nil)
    let badge = try #require(
      (files[0]["assets"] as? [[String: Any]])?.first {
        $0["unique_name"] as? String == "badge-101"
      })
    #expect(badge["status"] as? String == "embedded")
    #expect((badge["content_digest"] as? String)?.isEmpty == false)
  }

  @Test("codegen with a lookup gives each asset the bundle path the rules find")
  func codegenBundlePaths() async throws {
    let layout = try Layout()
    defer { layout.remove() }
    let output = layout.directory.appendingPathComponent("Names.swift")
    let result = try await ToolRunner.run([
      "codegen", layout.riv, "--output", output.path, "--lookup", layout.lookupFile,
      "--assets", layout.bundle.path, "--no-typed-properties",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let source = try String(contentsOf: output, encoding: .utf8)
    #expect(source.contains("let bundlePath: String?"))
    #expect(source.contains(#"bundlePath: "images/hero-11.png""#))
    #expect(source.contains(#"bundlePath: "exports/badge_final.png""#))
    #expect(source.contains("bundlePath: nil"))
    #expect(source.contains("--lookup rive-lookup.json --assets bundle"))
    #expect(!source.contains(layout.directory.path))
    let compiled = try await TestFixtures.swiftc(["-parse", output.path])
    #expect(compiled.status == 0, "\(compiled.output)")

    // Without a lookup the output is as before: no bundle paths.
    let plain = try await ToolRunner.run([
      "codegen", layout.riv, "--output", output.path, "--no-typed-properties",
    ])
    #expect(plain.status == 0)
    #expect(!(try String(contentsOf: output, encoding: .utf8)).contains("bundlePath"))
  }
}
