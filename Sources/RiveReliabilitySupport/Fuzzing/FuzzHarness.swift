import Foundation
import RiveCore
import RiveFormat
import RiveReference

/// The entry points the fuzz targets and their regression tests share.
///
/// Each takes arbitrary bytes and must return normally whatever they are: a crash, a trap, a
/// hang or an unbounded allocation inside is a bug. The limits are smaller than the defaults so
/// a fuzzer spends its time on parsing, not on decoding large valid images.
package enum FuzzHarness {
  /// Decoding limits for fuzzing: 2048×2048, 4 megapixels, small audio and font budgets.
  package static let limits = DecodingLimits(
    maximumWidth: 2048, maximumHeight: 2048, maximumPixelCount: 4 << 20,
    maximumAudioSampleCount: 1 << 22, maximumFontByteCount: 4 << 20)

  /// Reads a `.riv` file at both depths, touches every derived string and decodes each embedded
  /// image, font and audio asset.
  package static func riv(_ bytes: UnsafeRawBufferPointer) {
    let data = Data(bytes)
    let listing = RiveImportReport.read(data, depth: .assets)
    let full = RiveImportReport.read(data, depth: .structure)
    var checksum = 0
    for asset in full.assets + listing.assets {
      checksum &+= asset.uniqueFilename.utf8.count &+ asset.cdnUUIDString.utf8.count
      guard let contents = asset.contents, let kind = asset.kind.mediaKind else { continue }
      _ = contents.withUnsafeBytes { try? DecodedAsset.decode($0, as: kind, limits: limits) }
    }
    for artboard in full.artboards { checksum &+= artboard.stateMachines.count }
    precondition(checksum >= 0)
    if full.error == nil { play(data) }
  }

  /// Sniffs and decodes an image.
  package static func image(_ bytes: UnsafeRawBufferPointer) {
    _ = try? ImageDecoder.decode(bytes, limits: limits)
  }

  /// Validates and describes a font.
  package static func font(_ bytes: UnsafeRawBufferPointer) {
    if let font = try? FontDecoder.decode(bytes, limits: limits) {
      _ = font.hasGlyph(for: Unicode.Scalar(65))
    }
  }

  /// Decodes audio.
  package static func audio(_ bytes: UnsafeRawBufferPointer) {
    _ = try? AudioDecoder.decode(bytes, limits: limits)
  }

  /// Reads a silver (`.sriv`) and walks every frame's operations, with a smaller copy budget.
  package static func silver(_ bytes: UnsafeRawBufferPointer) {
    let limits = SilverStream.Limits(maximumCopiedValues: 1 << 22, maximumBufferBytes: 1 << 22)
    guard let recording = try? SilverStream.decode([UInt8](bytes), limits: limits) else { return }
    var count = 0
    for frame in recording.frames {
      count &+= frame.displayList.count &+ frame.origins.count
    }
    precondition(count >= 0)
  }
}
