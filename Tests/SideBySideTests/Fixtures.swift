import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveNetworking
import RiveTestSupport
import Synchronization

/// Corpus access and generated content for the side-by-side suite.
enum Fixtures {
  static let corpus = SharedCorpus.directory

  /// Every corpus `.riv` file that loads (the official runtime rejects four).
  static let loadableFiles: [String] = {
    SharedCorpus.rivFiles.filter { name in
      guard let data = try? SharedCorpus.data(name) else { return false }
      return (try? RiveDocument(data: data)) != nil
    }
  }()

  static func data(_ name: String) throws -> Data { try SharedCorpus.data(name) }

  /// A PNG of `width`×`height` whose pixels depend on `seed`, so every asset gets its own.
  static func image(width: Float?, height: Float?, seed: String) -> Data {
    let width = max(1, min(4096, Int((width ?? 1).rounded())))
    let height = max(1, min(4096, Int((height ?? 1).rounded())))
    let digest = SHA256.hash(Array(seed.utf8)).bytes
    var rgb = [UInt8](repeating: digest[0], count: width * height * 3)
    for index in 0..<min(rgb.count, 24) { rgb[index] = digest[index % digest.count] }
    return Data(PNGFixtureEncoder.compressed(rgb: rgb, width: width, height: height) ?? [])
  }

  /// A short WAV clip whose samples depend on `seed`.
  static func audio(seed: String) -> Data {
    let frequency = Float(SHA256.hash(Array(seed.utf8)).bytes[0]) + 100
    let samples = (0..<2205).map { sin(Float($0) * frequency / 22050 * 2 * .pi) * 0.5 }
    let result = AudioFixtureEncoder.encode(
      samples: samples, channelCount: 1, sampleRate: 22050, format: .wav)
    return (try? Data(result.get())) ?? Data()
  }

  /// The bytes of DejaVu Sans, the Debian-packaged font every scenario uses.
  static var dejaVuSans: Data {
    guard let match = try? SystemFontLookup.locate(family: "DejaVu Sans") else { return Data() }
    return FileManager.default.contents(atPath: match.path) ?? Data()
  }
}

/// Serves the CDN paths of every hosted asset from a loopback server: a fetcher that keeps
/// the path of any URL and asks the loopback server for it.
struct LoopbackCDN: HTTPDataFetching {
  let server: LoopbackHTTPServer
  let inner = URLSessionFetcher()

  func fetch(_ url: URL, timeout: TimeInterval) async throws -> (body: Data, status: Int) {
    try await inner.fetch(server.url(url.path), timeout: timeout)
  }

  /// Routes each hosted asset of `document` to generated content of its kind.
  func serve(_ document: RiveDocument) {
    for asset in document.assets where asset.storage == .hosted {
      guard let address = asset.cdnURL, let url = URL(string: address) else { continue }
      let seed = "cdn:" + asset.cdnUUIDString
      let body: Data
      switch asset.kind {
      case .image: body = Fixtures.image(width: asset.width, height: asset.height, seed: seed)
      case .font: body = Fixtures.dejaVuSans
      case .audio: body = Fixtures.audio(seed: seed)
      default: body = Data("blob".utf8)
      }
      server.route(url.path, .respond(status: 200, body: Array(body)))
    }
  }
}
