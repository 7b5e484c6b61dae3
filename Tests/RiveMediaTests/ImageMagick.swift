import Foundation
import RiveTestSupport

/// ImageMagick's `convert`, found on `PATH`, as an independent reference decoder.
///
/// It is called as `convert FILE -depth 8 rgba:-`, which writes the stored pixels as 8-bit
/// straight RGBA. No `-auto-orient`, gamma or profile option is passed, so the output is
/// the image as encoded, like ``RiveCore/ImageDecoder``'s. For JPEG it runs libjpeg with
/// its default accurate integer IDCT.
enum ImageMagick {
  /// The `convert` executable on `PATH`, if any.
  static let executable: URL? = BuiltProgram.onPath("convert")

  /// Why the reference decoder could not run.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Decodes a file to 8-bit straight RGBA with ImageMagick.
  ///
  /// - Parameter path: An image file.
  /// - Returns: The pixels, 4 bytes each, row by row.
  /// - Throws: ``Failure`` when `convert` is missing or fails.
  static func rgba(ofFile path: String) async throws -> [UInt8] {
    guard let executable else {
      throw Failure(
        description: "ImageMagick's convert is not on PATH (apt-get install imagemagick)")
    }
    let result = try await BuiltProgram.run(executable, arguments: [path, "-depth", "8", "rgba:-"])
    guard result.status == 0 else {
      throw Failure(description: "convert exited with \(result.status): \(result.standardError)")
    }
    return Array(result.standardOutputData)
  }

  /// Decodes bytes with ImageMagick by way of a temporary file.
  ///
  /// - Parameters:
  ///   - bytes: An image file's bytes.
  ///   - fileExtension: The extension that tells ImageMagick the format.
  /// - Returns: The pixels, 4 bytes each, row by row.
  /// - Throws: ``Failure`` when `convert` is missing or fails, or a file-system error.
  static func rgba(of bytes: [UInt8], fileExtension: String) async throws -> [UInt8] {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-decoding-\(UUID().uuidString).\(fileExtension)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await rgba(ofFile: url.path)
  }
}
