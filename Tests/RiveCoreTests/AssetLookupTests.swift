import Foundation
import RiveCore
import RiveFormat
import Testing

@Suite("AssetLookup")
struct AssetLookupTests {
  static func asset(_ kind: RiveDocument.Asset.Kind, _ name: String, id: UInt32)
    -> RiveDocument.Asset
  {
    RiveDocument.Asset(index: 0, kind: kind, name: name, assetID: id, storedAssetID: id)
  }

  static let photo = asset(.image, "photo.jpg", id: 42)
  static let inter = asset(.font, "Inter", id: 7)

  @Test("the default rules give exactly the fixed order of AssetFileLookup")
  func defaultOrder() {
    for asset in [Self.photo, Self.inter, Self.asset(.audio, "beep.wav", id: 3)] {
      #expect(
        AssetLookup.default.candidatePaths(for: asset)
          == AssetFileLookup.candidateFileNames(for: asset))
    }
    #expect(
      AssetLookup.default.description
        == "unique-name, unique-name-extensions, authored-name, authored-name-extensions")
  }

  @Test("manifest, prefix, folder per kind and closure rules, in order, without duplicates")
  func rules() throws {
    let lookup = AssetLookup(rules: [
      try .manifest(["photo-42": "img/hero_final.jpg"]),
      try .folderPerKind([.image: "images", .font: "fonts/"]),
      .prefix("rive_"),
      .custom("by id") { ["by-id/\($0.assetID)", "/etc/passwd", "../up", "a//b"] },
      .uniqueNameWithOfficialExtension,
    ])
    let paths = lookup.candidatePaths(for: Self.photo)
    #expect(paths.first == "img/hero_final.jpg")
    #expect(paths[1] == "images/photo-42.png")
    #expect(paths.contains("images/photo.jpg"))
    #expect(paths.contains("rive_photo-42.webp"))
    #expect(paths.contains("by-id/42"))
    #expect(paths.last == "photo-42.png")
    // Unsafe closure candidates are dropped.
    #expect(!paths.contains("/etc/passwd") && !paths.contains("../up") && !paths.contains("a//b"))
    #expect(Set(paths).count == paths.count)
    // The font has no manifest entry; its folder ends with a slash.
    #expect(lookup.candidatePaths(for: Self.inter).first == "fonts/Inter-7.ttf")
    // A kind without a folder gets nothing from that rule.
    let audio = Self.asset(.audio, "beep", id: 3)
    #expect(!lookup.candidatePaths(for: audio).contains { $0.hasPrefix("images/") })
  }

  @Test("unsafe manifest paths and folders are refused, naming the entry")
  func unsafePaths() {
    for path in ["/abs/x.png", "../x.png", "a/../../x.png", "", "a//b.png", "./x.png"] {
      let error = #expect(throws: AssetLookupError.self) {
        _ = try AssetLookup.Rule.manifest(["photo-42": path], origin: "m.json")
      }
      #expect(error?.reason == .unsafePath)
      #expect(error?.description.hasPrefix("m.json: manifest entry \"photo-42\"") == true)
    }
    let error = #expect(throws: AssetLookupError.self) {
      _ = try AssetLookup.Rule.folderPerKind([.image: "../images"])
    }
    #expect(error?.reason == .unsafePath)
  }

  @Test("a lookup file: rule names, an inline manifest, a manifest file, prefix, folders")
  func lookupFile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-lookup-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(#"{"Inter-7": "type/Inter-Regular.otf"}"#.utf8)
      .write(to: directory.appendingPathComponent("manifest.json"))
    let file = directory.appendingPathComponent("lookup.json")
    try Data(
      #"""
      {"rules": [
        {"manifest": "manifest.json"},
        {"manifest": {"photo-42": "img/p.jpg"}},
        {"folder-per-kind": {"image": "images", "font": "fonts"}, "prefix": "x_"},
        {"prefix": "rive_"},
        "unique-name",
        "default"
      ]}
      """#.utf8
    ).write(to: file)
    let lookup = try AssetLookup(contentsOf: file)
    #expect(lookup.rules.count == 9)
    #expect(lookup.candidatePaths(for: Self.inter).first == "type/Inter-Regular.otf")
    let paths = lookup.candidatePaths(for: Self.photo)
    #expect(Array(paths.prefix(2)) == ["img/p.jpg", "images/x_photo-42.png"])
    #expect(paths.contains("rive_photo-42.png"))
    #expect(paths.contains("photo.jpg.webp"))
  }

  @Test(
    "bad lookup files are typed errors naming the file and the rule",
    arguments: [
      (#"not json"#, AssetLookupError.Reason.malformed, "not JSON"),
      (#"{"rule": []}"#, .malformed, "expected an object with a \"rules\" array"),
      (#"{"rules": ["nearest"]}"#, .unknownRule, "rule 1: unknown rule \"nearest\""),
      (#"{"rules": ["default", {"glob": "*"}]}"#, .unknownRule, "rule 2: expected one of"),
      (#"{"rules": [{"prefix": 3}]}"#, .malformed, "rule 1: prefix must be text"),
      (#"{"rules": [{"manifest": {"a-1": "/x"}}]}"#, .unsafePath, "manifest entry \"a-1\""),
      (#"{"rules": [{"manifest": "missing.json"}]}"#, .unreadable, "cannot read"),
      (#"{"rules": [{"folder-per-kind": {"video": "v"}}]}"#, .malformed, "\"video\""),
      (#"{"rules": [{"folder-per-kind": {"image": "/v"}}]}"#, .unsafePath, "rule 1: the image"),
      (#"{"rules": [{"manifest": {}, "prefix": "p"}]}"#, .malformed, "unexpected key(s) prefix"),
    ])
  func badFiles(_ json: String, _ reason: AssetLookupError.Reason, _ message: String) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-lookup-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("lookup.json")
    try Data(json.utf8).write(to: file)
    let error = #expect(throws: AssetLookupError.self) { _ = try AssetLookup(contentsOf: file) }
    #expect(error?.reason == reason)
    #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    #expect(error?.description.contains("lookup.json") == true || reason == .unreadable)
  }
}
