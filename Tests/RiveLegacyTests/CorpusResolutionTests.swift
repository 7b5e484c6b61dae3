import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveLegacy
import RiveTestSupport
import Testing

/// The corpus files the manifest marks invalid, unsupported or rejected by the official
/// runtime's import (they must not load).
private let invalidFiles: Set<String> = {
  guard let manifest = try? String(contentsOf: Corpus.url("MANIFEST.tsv"), encoding: .utf8) else {
    return []
  }
  return Set(
    manifest.split(separator: "\n").compactMap { line -> String? in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 5 else { return nil }
      let note = fields[4]
      let isRejected =
        note.hasPrefix("INVALID") || note.hasPrefix("UNSUPPORTED")
        || note.contains("import returns malformed")
      return isRejected ? String(fields[0]) : nil
    })
}()

@Suite("Resolution report over the corpus", SharedCorpus.requirement)
struct CorpusResolutionTests {
  /// Embedded assets of the corpus whose bytes the core's decoders reject, by file and unique
  /// name. They must show as `.failed(reason:)`, every other embedded asset as `.embedded`.
  static let knownUndecodable: Set<String> = []

  @Test(arguments: Corpus.rivFiles)
  func declineEverything(_ name: String) throws {
    let data = try Corpus.data(name)
    let file: RiveFile
    do {
      file = try RiveFile(data: data, loadCdn: false, customAssetLoader: { _, _, _ in false })
    } catch let error as NSError {
      #expect(invalidFiles.contains(name), "\(name) failed to load: \(error)")
      #expect([500, 600].contains(error.code))
      return
    }
    #expect(!invalidFiles.contains(name), "\(name) loaded but the manifest marks it invalid")
    let document = try RiveDocument(data: data)
    let entries = file.resolutionReport().entries
    #expect(entries.map(\.asset.index) == document.assets.map(\.index))
    for (entry, asset) in zip(entries, document.assets) {
      let key = "\(name) \(asset.uniqueName)"
      switch (asset.storage, entry.origin) {
      case (.embedded, .embedded):
        #expect(!Self.knownUndecodable.contains(key), "\(key) decoded but is listed as undecodable")
        if asset.kind.mediaKind != nil { #expect(entry.content != nil, "\(key)") }
      case (.embedded, .failed(let reason)):
        #expect(!reason.isEmpty)
        #expect(Self.knownUndecodable.contains(key), "\(key) failed: \(reason)")
      case (.hosted, .unresolved), (.referenced, .unresolved):
        #expect(entry.content == nil)
      default:
        Issue.record("\(key): storage \(asset.storage) resolved as \(entry.origin)")
      }
    }
  }
}
