import Foundation
import RiveCore
import RiveFormat
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
  ///
  /// Each is a font or image asset followed by a script asset: its in-band bytes (the one rule,
  /// `RiveDocument.inBandContents(ofAssetAt:)`) are the script's, as the official runtime
  /// built without scripting offers and decodes them, so it fails as there.
  static let knownUndecodable: Set<String> = [
    "audio_script.riv Inter-102112",
    "data_bind_blob_test.riv Inter-102112",
    "image_scripting_property_value.riv profile-82064",
    "inventory_demo_test_v2.riv Orbitron-103131",
    "inventory_demo_test_v2.riv ImageBase-110050",
    "script_dependency_test_using_library.riv Inter-102112",
    "script_dependency_test_using_library.riv Inter-102113",
  ]

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
        // Listed because the bytes offered with it are not its own (a script asset's).
        #expect(
          document.inBandContents(ofAssetAt: asset.index)?.range != asset.contents?.range,
          "\(key): its own bytes failed to decode")
      case (.hosted, .unresolved), (.referenced, .unresolved):
        #expect(entry.content == nil)
      default:
        Issue.record("\(key): storage \(asset.storage) resolved as \(entry.origin)")
      }
    }
  }
}
