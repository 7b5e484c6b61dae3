import Foundation

/// ImageMagick's `convert`, found on `PATH`, as an independent reference decoder.
///
/// It is called as `convert FILE -depth 8 rgba:-`, which writes the stored pixels as 8-bit
/// straight RGBA. No `-auto-orient`, gamma or profile option is passed, so the output is
/// the image as encoded, like ``RiveCore/ImageDecoder``'s. For JPEG it runs libjpeg with
/// its default accurate integer IDCT.
enum ImageMagick {
  /// The `convert` executable on `PATH`, if any.
  static let executable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("convert")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate
      }
    }
    return nil
  }()

  /// Why the reference decoder could not run.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Decodes a file to 8-bit straight RGBA with ImageMagick.
  ///
  /// - Parameter path: An image file.
  /// - Returns: The pixels, 4 bytes each, row by row.
  /// - Throws: ``Failure`` when `convert` is missing or fails.
  static func rgba(ofFile path: String) throws -> [UInt8] {
    guard let executable else {
      throw Failure(
        description: "ImageMagick's convert is not on PATH (apt-get install imagemagick)")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = [path, "-depth", "8", "rgba:-"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "convert exited with \(process.terminationStatus): \(errorText)")
    }
    return [UInt8](data)
  }

  /// Decodes bytes with ImageMagick by way of a temporary file.
  ///
  /// - Parameters:
  ///   - bytes: An image file's bytes.
  ///   - fileExtension: The extension that tells ImageMagick the format.
  /// - Returns: The pixels, 4 bytes each, row by row.
  /// - Throws: ``Failure`` when `convert` is missing or fails, or a file-system error.
  static func rgba(of bytes: [UInt8], fileExtension: String) throws -> [UInt8] {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-decoding-\(UUID().uuidString).\(fileExtension)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try rgba(ofFile: url.path)
  }
}
