import Foundation
import RiveCore
import RiveFormat

/// The `rive-assets decode` subcommand: sniffs and decodes loose media files.
///
/// ```
/// rive-assets decode FILE… [--json] [--rgba OUT]
/// rive-assets decode RIV --asset NAME [--json] [--rgba OUT]
/// ```
/// For each file it prints the kind, format, the main properties (image size; font
/// family, style and glyph count; audio rate, channels and frames) and the content
/// digest. An embedded asset with no known signature is reported as a blob; a loose
/// file with no known signature is an error.
enum DecodeCommand {
  static let usage = """
    USAGE: rive-assets decode FILE… [--json] [--quiet] [--jobs N] [--rgba OUT]
           rive-assets decode RIV --asset NAME [--json] [--quiet] [--rgba OUT]

    Sniffs each file by its magic bytes and decodes it: PNG, JPEG and WebP images; TrueType,
    OpenType and collection fonts; WAV, FLAC, Ogg and MP3 audio. A loose file with no known
    signature is an error; an embedded asset with none is reported as a blob.

    OPTIONS:
      --json          Print one JSON object per file (snake_case keys) instead of text.
      --rgba OUT      Write the decoded straight RGBA8 pixels, row by row, to OUT.
                      Only valid with exactly one image.
      --asset NAME    Decode the embedded asset NAME of the .riv file RIV.
      --quiet         Print nothing but errors (and the JSON with --json).
      --jobs N        Decode N files at once (default: one per core); output stays in
                      input order.
      -h, --help      Show this help.

    EXAMPLES:
      rive-assets decode photo.png font.ttf beep.wav
      rive-assets decode hero.riv --asset photo-42 --rgba photo.rgba
      rive-assets decode --json Resources/*.png

    Exit codes: 0 every file decoded, 1 a file failed (the reason is on stderr), 2 bad usage.
    """

  private struct Options: Sendable {
    var files: [String] = []
    var isJSON = false
    var isQuiet = false
    var rgbaPath: String?
    var assetName: String?
  }

  /// What decoding one file gave: the line to print or the error.
  private struct DecodeResult: Sendable {
    var line: String?
    var error: String?
  }

  /// Runs the subcommand.
  ///
  /// - Parameter arguments: The arguments after the word `decode`.
  /// - Returns: The process exit status: 0 on success, 1 on a failed file, 2 on bad usage.
  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    let jobs: Int
    switch ParsedArguments.start(arguments, flags: [], options: ["--rgba", "--asset"], help: usage)
    {
    case .exit(let code): return code
    case .run(let arguments, let count): (parsed, jobs) = (arguments, count)
    }
    let options = Options(
      files: parsed.positional, isJSON: parsed.isJSON, isQuiet: parsed.isQuiet,
      rgbaPath: parsed.options["--rgba"], assetName: parsed.options["--asset"])
    if options.assetName != nil && options.files.count != 1 {
      return Output.usageError("--asset takes exactly one .riv file", help: usage)
    }
    if options.rgbaPath != nil && options.files.count != 1 {
      return Output.usageError("--rgba is only valid with exactly one image file", help: usage)
    }
    var status = ExitCode.success
    let progress = ProgressBar.make(
      total: options.files.count, label: "decode", isQuiet: options.isQuiet)
    ParallelWork.forEach(
      count: options.files.count, jobs: jobs, progress: progress,
      work: { decode(options.files[$0], options: options) },
      emit: { _, result in
        if let error = result.error {
          Output.error(error)
          status = ExitCode.failure
        } else if let line = result.line, options.isJSON || !options.isQuiet {
          Output.print(line)
        }
      })
    return status
  }

  // MARK: Implementation

  /// Decodes one file and describes it, or says why it failed.
  private static func decode(_ file: String, options: Options) -> DecodeResult {
    let label = options.assetName.map { "\(file):\($0)" } ?? file
    let bytes: [UInt8]
    if let assetName = options.assetName {
      do {
        bytes = try embeddedAssetBytes(riv: file, assetName: assetName)
      } catch {
        return DecodeResult(error: "\(label): \(error)")
      }
    } else {
      guard let data = FileManager.default.contents(atPath: file) else {
        return DecodeResult(error: "\(label): cannot read the file")
      }
      bytes = [UInt8](data)
    }
    do throws(DecodingError) {
      var fields: [(String, Any)] = [("file", label)]
      switch MediaSniffer.sniff(bytes) {
      case .image?:
        let image = try ImageDecoder.decode(bytes)
        fields += [
          ("kind", "image"), ("format", image.format.description), ("width", image.width),
          ("height", image.height), ("premultiplied", image.isPremultiplied),
          ("exif_orientation", image.exifOrientation), ("digest", image.digest.hexString),
        ]
        if let path = options.rgbaPath {
          let url = URL(fileURLWithPath: path)
          do {
            try Data(image.pixels).write(to: url)
          } catch {
            return DecodeResult(
              error: "\(label): cannot write \(path): \(error.localizedDescription)")
          }
        }
      case .font?:
        let font = try FontDecoder.decode(bytes)
        let axes = font.variationAxes.map { axis -> [String: Any] in
          [
            "tag": axis.tag, "minimum": axis.minimum, "default": axis.defaultValue,
            "maximum": axis.maximum,
          ]
        }
        fields += [
          ("kind", "font"), ("format", font.format.description), ("family", font.familyName),
          ("style", font.styleName), ("glyph_count", font.glyphCount),
          ("face_count", font.faceCount), ("units_per_em", font.unitsPerEm),
          ("variation_axes", axes), ("digest", font.digest.hexString),
        ]
      case .audio?:
        let audio = try AudioDecoder.decode(bytes)
        fields += [
          ("kind", "audio"), ("format", audio.format.description),
          ("sample_rate", audio.sampleRate), ("channels", audio.channelCount),
          ("frames", audio.frameCount), ("duration_seconds", audio.duration),
          ("digest", audio.digest.hexString),
        ]
      case nil:
        // An embedded asset may be a blob (bytes with no format); a loose file must be media.
        guard options.assetName != nil else {
          let seen = bytes.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
          throw DecodingError(
            .unknownFormat, kind: .blob,
            message:
              "expected an image, font or audio signature, found \(seen.isEmpty ? "no bytes" : seen)"
          )
        }
        let blob = BlobDecoder.decode(bytes)
        fields += [
          ("kind", "blob"), ("byte_count", blob.count), ("digest", blob.digest.hexString),
        ]
      }
      if options.rgbaPath != nil, !fields.contains(where: { $0.0 == "width" }) {
        return DecodeResult(error: "\(label): --rgba needs an image file")
      }
      return DecodeResult(line: options.isJSON ? json(fields) : text(fields))
    } catch {
      return DecodeResult(error: "\(label): \(error)")
    }
  }

  private static func json(_ fields: [(String, Any)]) -> String {
    let object = Dictionary(fields, uniquingKeysWith: { first, _ in first })
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  private static func text(_ fields: [(String, Any)]) -> String {
    let values = Dictionary(fields, uniquingKeysWith: { first, _ in first })
    func value(_ key: String) -> String { values[key].map { "\($0)" } ?? "?" }
    let file = value("file")
    switch value("kind") {
    case "image":
      return "\(file): image \(value("format")), \(value("width"))×\(value("height")), "
        + "exif orientation \(value("exif_orientation")), digest \(value("digest"))"
    case "font":
      let axes = (values["variation_axes"] as? [[String: Any]])?.compactMap { $0["tag"] as? String }
      let axisText = axes.map { $0.isEmpty ? "" : ", axes \($0.joined(separator: " "))" } ?? ""
      return "\(file): font \(value("format")), family \"\(value("family"))\", style "
        + "\"\(value("style"))\", \(value("glyph_count")) glyphs, \(value("face_count")) "
        + "face(s)\(axisText), digest \(value("digest"))"
    case "audio":
      let duration = (values["duration_seconds"] as? Double) ?? 0
      let seconds = (duration * 1000).rounded() / 1000
      return "\(file): audio \(value("format")), \(value("sample_rate")) Hz, "
        + "\(value("channels")) channel(s), \(value("frames")) frames (\(seconds) s), "
        + "digest \(value("digest"))"
    default:
      return "\(file): blob, \(value("byte_count")) bytes, digest \(value("digest"))"
    }
  }
}
