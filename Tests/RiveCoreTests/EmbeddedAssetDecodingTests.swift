import Foundation
import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// Every embedded image, font and audio asset of every corpus file decodes from the bytes the
/// reader slices out of the file.
@Suite("Embedded assets decode", SharedCorpus.requirement)
struct EmbeddedAssetDecodingTests {
  /// Files that have at least one embedded image, font or audio asset.
  static let filesWithEmbeddedMedia: [String] = Corpus.rivFiles.filter { name in
    guard let data = try? Corpus.data(name),
      let document = try? RiveDocument(data: data, depth: .assets)
    else { return false }
    return document.assets.contains {
      $0.contents != nil && [.image, .font, .audio].contains($0.kind)
    }
  }

  @Test("the corpus has embedded images, fonts and audio")
  func corpusHasMedia() {
    #expect(Self.filesWithEmbeddedMedia.count >= 40)
  }

  @Test("every embedded image, font and audio asset decodes", arguments: filesWithEmbeddedMedia)
  func decodes(_ name: String) throws {
    let document = try RiveDocument(data: Corpus.data(name), depth: .assets)
    for asset in document.assets {
      guard let contents = asset.contents else { continue }
      let context = Comment(rawValue: "\(name): \(asset.uniqueName)")
      switch asset.kind {
      case .image:
        let image = try contents.withUnsafeBytes { try ImageDecoder.decode($0) }
        #expect(image.width > 0 && image.height > 0, context)
        #expect(image.pixels.count == image.width * image.height * 4, context)
      case .font:
        let font = try contents.withUnsafeBytes { try FontDecoder.decode($0) }
        #expect(font.glyphCount > 0, context)
        #expect(font.bytes.count == contents.count, context)
      case .audio:
        let audio = try contents.withUnsafeBytes { try AudioDecoder.decode($0) }
        #expect(audio.frameCount > 0 && audio.sampleRate > 0, context)
      case .blob:
        let blob = contents.withUnsafeBytes { BlobDecoder.decode($0) }
        #expect(blob.count == contents.count, context)
      default:
        break
      }
    }
  }
}
