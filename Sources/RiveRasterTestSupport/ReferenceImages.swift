import Foundation
import RiveCore
import RiveFormat
import RiveFrames

/// The images of a `.riv` file in the order the official runtime decodes them, which is the
/// order of the ids in its draw streams.
///
/// That order is the order in which the runtime's importer offers image assets with in-band
/// bytes to its asset loader (``RiveImportReport/offeredAssets``). It is usually the file's
/// embedded image assets in file order, but not always: the importer attaches a contents
/// object to the most recent asset it knows, so with scripting compiled out (as for the
/// reference streams) a script's bytes can land on the image before it, which then fails to
/// decode and draws nothing.
public enum ReferenceImages {
  /// Decodes the in-band images of a file, in decode order.
  ///
  /// - Parameter url: A `.riv` file.
  /// - Returns: One entry per image the runtime decodes: the image, or nil when its bytes do
  ///   not decode (the runtime draws nothing for such an image either).
  /// - Throws: `RiveError` when the file cannot be mapped.
  public static func decodeOrder(ofFileAt url: URL) throws -> [DecodedImage?] {
    let data = try RiveDocument.mappedData(at: url)
    return inBandImages(of: RiveImportReport.read(data, depth: .assets)).map { contents in
      contents.withUnsafeBytes { bytes in try? ImageDecoder.decode(bytes) }
    }
  }

  /// The in-band bytes of the image assets the importer offers, in offer order.
  public static func inBandImages(of report: RiveImportReport) -> [EmbeddedBytes] {
    report.offeredAssets.compactMap { offered in
      offered.kindName == "image" ? offered.contents : nil
    }
  }

  /// Checks that a file's in-band images match a stream's decode requests (count and encoded
  /// sizes); returns a description of the first mismatch, or nil.
  ///
  /// - Parameters:
  ///   - url: The `.riv` file.
  ///   - stream: Its reference stream.
  /// - Returns: nil when they match.
  /// - Throws: `RiveError` when the file cannot be mapped.
  public static func mismatch(ofFileAt url: URL, and stream: ReferenceDrawStream) throws
    -> String?
  {
    let report = RiveImportReport.read(try RiveDocument.mappedData(at: url), depth: .assets)
    let offered = inBandImages(of: report).map(\.count)
    let requested = stream.images.sorted { $0.id < $1.id }.map(\.byteCount)
    return offered == requested
      ? nil : "in-band image sizes \(offered) differ from the stream's \(requested)"
  }
}
