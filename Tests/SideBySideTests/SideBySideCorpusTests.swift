import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveMigrationTesting
import RiveNetworking
import RiveRuntime
import RiveTestSupport
import Testing

/// Every loadable corpus file × five loader scenarios: the legacy path and the adapter path
/// must resolve every asset identically (origin class and content digest).
@Suite(
  "Side by side on the corpus",
  SharedCorpus.requirement
)
struct SideBySideCorpusTests {
  enum Scenario: String, CaseIterable, Sendable {
    case declineEverything = "(a) decline everything"
    case replaceImages = "(b) replace every image with a generated one at its authored size"
    case replaceFonts = "(c) replace every font with DejaVu Sans"
    case referencedOnly = "(d) supply only referenced assets"
    case hostedFromLoopback = "(e) hosted assets from a loopback server with loadCdn: true"
  }

  /// The legacy closure of a scenario. Generated content is cached per unique name, so both
  /// paths are given the same bytes.
  static func loader(for scenario: Scenario, file: String) -> LoadAsset {
    let cache = Locked<[String: Data]>([:])
    func bytes(_ key: String, _ make: () -> Data) -> Data {
      if let cached = cache.withLock({ $0[key] }) { return cached }
      let made = make()
      cache.withLock { $0[key] = made }
      return made
    }
    return { asset, data, factory in
      let seed = "\(file):\(asset.uniqueName())"
      switch scenario {
      case .declineEverything, .hostedFromLoopback:
        return false
      case .replaceImages:
        guard let image = asset as? RiveImageAsset else { return false }
        let size = image.size
        image.renderImage(
          factory.decodeImage(
            bytes(seed) {
              Fixtures.image(width: Float(size.width), height: Float(size.height), seed: seed)
            }))
        return true
      case .replaceFonts:
        guard let font = asset as? RiveFontAsset else { return false }
        font.font(factory.decodeFont(Fixtures.dejaVuSans))
        return true
      case .referencedOnly:
        guard data.isEmpty, asset.cdnUuid().isEmpty else { return false }
        if let image = asset as? RiveImageAsset {
          let size = image.size
          image.renderImage(
            factory.decodeImage(
              bytes(seed) {
                Fixtures.image(width: Float(size.width), height: Float(size.height), seed: seed)
              }))
        } else if let font = asset as? RiveFontAsset {
          font.font(factory.decodeFont(Fixtures.dejaVuSans))
        } else if let audio = asset as? RiveAudioAsset {
          audio.audio(factory.decodeAudio(bytes(seed) { Fixtures.audio(seed: seed) }))
        }
        return true
      }
    }
  }

  @Test("legacy and adapter paths resolve identically", arguments: Scenario.allCases)
  @MainActor
  func scenario(_ scenario: Scenario) async throws {
    let files = Fixtures.loadableFiles
    #expect(!files.isEmpty)
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let cdn = LoopbackCDN(server: server)
    let downloader = AssetDownloader(fetcher: cdn, timeout: TestWait.generous)
    var differing: [String] = []
    var assetCount = 0
    for name in files {
      let data = try Fixtures.data(name)
      let loadCdn = scenario == .hostedFromLoopback
      if loadCdn { cdn.serve(try RiveDocument(data: data, depth: .assets)) }
      let comparison = try await SideBySide.compare(
        data: data, name: name, legacyLoader: Self.loader(for: scenario, file: name),
        loadCdn: loadCdn, downloader: downloader, current: .adapter)
      assetCount += comparison.rows.count
      if !comparison.isEquivalent { differing.append(comparison.description) }
    }
    print("side-by-side \(scenario.rawValue): \(files.count) files, \(assetCount) assets compared")
    #expect(assetCount > 0, "no asset was compared: the scenario is vacuous")
    #expect(differing.isEmpty, "\(differing.prefix(5).joined(separator: "\n"))")
  }

  @Test("the scenarios really supply content: the comparison is not vacuous")
  @MainActor
  func scenariosSupplyContent() async throws {
    let data = try Fixtures.data("referenced_image_asset.riv")
    let declined = try await SideBySide.compare(
      data: data, name: "referenced_image_asset.riv",
      legacyLoader: Self.loader(for: .declineEverything, file: "r"))
    #expect(declined.rows.map(\.legacyOrigin) == ["unresolved"])
    let supplied = try await SideBySide.compare(
      data: data, name: "referenced_image_asset.riv",
      legacyLoader: Self.loader(for: .referencedOnly, file: "r"))
    #expect(supplied.rows.map(\.legacyOrigin) == ["customLoader"])
    #expect(supplied.rows.map(\.currentOrigin) == ["global"])
    #expect(supplied.rows.first?.legacyDigest != nil)
    #expect(supplied.isEquivalent)
  }

  /// The files the scenarios run on are exactly those the official runtime imports: the
  /// reader's verdict (`Fixtures.loadableFiles`) is checked against the reference reports,
  /// so a reader that wrongly rejected (or accepted) a file would shrink (or grow) the suite.
  @Test("the scenarios cover every file the official runtime imports")
  func coverage() throws {
    var expected: [String] = []
    for name in SharedCorpus.rivFiles {
      let report = try SharedCorpus.expected(name)
      if report["import_result"] as? String == "success" { expected.append(name) }
    }
    #expect(!expected.isEmpty, "no reference report says success")
    #expect(Fixtures.loadableFiles == expected)
    print(
      "side-by-side: \(Fixtures.loadableFiles.count) files × \(Scenario.allCases.count) scenarios")
  }
}
