import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveRaster

/// `rive-assets render … -o out.png`: frames drawn to PNG by the package's runtime and
/// rasteriser.
enum RenderImage {
  /// The options of an image render, checked.
  struct Options: Sendable {
    var artboard: String?
    var stateMachine: String?
    var animation: String?
    /// The time of the (last) frame in seconds.
    var seconds: Double = 0
    var size: (width: Int, height: Int)?
    var fit: FrameFit = .contain
    var alignment: FrameAlignment = .center
    /// `0xAARRGGBB`.
    var background: UInt32 = 0
    var assets: BundleDirectory?
    /// Frames side by side, from time 0 to ``seconds``.
    var strip = 1
    /// An input script played on the way (`--script`).
    var script: InputScript?
    /// Whether text draws (`--no-text` turns it off).
    var drawsText = true
    /// Whether layout is solved (`--no-layout` turns it off).
    var solvesLayout = true
  }

  /// The options only an image render takes.
  static let valuedOptions: Set<String> = [
    "-o", "--output", "--artboard", "--state-machine", "--animation", "--time", "--size", "--fit",
    "--alignment", "--background", "--assets", "--strip", "--script",
  ]

  /// Reads the image options; every message names the option and the value found.
  static func options(_ parsed: ParsedArguments) throws(UsageError) -> Options {
    var options = Options()
    let values = parsed.options
    options.artboard = values["--artboard"]
    options.stateMachine = values["--state-machine"]
    options.animation = values["--animation"]
    options.drawsText = !parsed.flags.contains("--no-text")
    options.solvesLayout = !parsed.flags.contains("--no-layout")
    if options.stateMachine != nil, options.animation != nil {
      throw UsageError("--state-machine and --animation cannot be used together")
    }
    if values["--time"] != nil, values["--frame"] != nil {
      throw UsageError("--time and --frame cannot be used together")
    }
    if let text = values["--time"] {
      guard let seconds = Double(text), seconds.isFinite, seconds >= 0,
        seconds <= ArtboardPlayer.maximumSeconds
      else {
        throw UsageError(
          "--time needs seconds from 0 to \(Int(ArtboardPlayer.maximumSeconds)), found '\(text)'")
      }
      options.seconds = seconds
    }
    if let text = values["--frame"] {
      guard let frame = Int(text), frame >= 0, frame <= 1_000_000 else {
        throw UsageError("--frame needs a frame number from 0 to 1000000, found '\(text)'")
      }
      options.seconds = Double(frame) * ArtboardPlayback.frameSeconds
    }
    if let text = values["--size"] {
      let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
      guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
        (1...RasterLimits.default.maximumDimension).contains(width),
        (1...RasterLimits.default.maximumDimension).contains(height)
      else {
        throw UsageError(
          "--size needs WIDTHxHEIGHT with sides from 1 to "
            + "\(RasterLimits.default.maximumDimension), found '\(text)'")
      }
      options.size = (width, height)
    }
    if let text = values["--fit"] {
      guard let fit = FrameFit(rawValue: text) else {
        throw UsageError(
          "--fit needs one of \(FrameFit.allCases.map(\.rawValue).joined(separator: ", ")), "
            + "found '\(text)'")
      }
      options.fit = fit
    }
    if let text = values["--alignment"] {
      guard let alignment = FrameAlignment.named[text] else {
        throw UsageError(
          "--alignment needs one of \(FrameAlignment.named.keys.sorted().joined(separator: ", ")), "
            + "found '\(text)'")
      }
      options.alignment = alignment
    }
    if let text = values["--background"] {
      guard let color = color(text) else {
        throw UsageError("--background needs RRGGBBAA (or RRGGBB) in hex, found '\(text)'")
      }
      options.background = color
    }
    if let text = values["--strip"] {
      guard let count = Int(text), (1...64).contains(count) else {
        throw UsageError("--strip needs a frame count from 1 to 64, found '\(text)'")
      }
      options.strip = count
    }
    if let path = values["--script"] {
      do throws(InputScriptError) {
        options.script = try InputScript(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw UsageError("--script: \(error)")
      }
    }
    if let path = values["--assets"] {
      do throws(BundleDirectory.Failure) {
        options.assets = try BundleDirectory(path: path)
      } catch {
        throw UsageError("--assets: \(error)")
      }
    }
    return options
  }

  /// `RRGGBBAA` or `RRGGBB` (a leading `#` allowed) as `0xAARRGGBB`.
  static func color(_ text: String) -> UInt32? {
    var hex = Substring(text)
    if hex.hasPrefix("#") { hex = hex.dropFirst() }
    guard hex.count == 8 || hex.count == 6, hex.allSatisfy(\.isHexDigit),
      let value = UInt32(hex, radix: 16)
    else { return nil }
    return hex.count == 6 ? 0xFF00_0000 | value : (value >> 8) | (value << 24)
  }

  /// What rendering one file made.
  struct Outcome: Sendable {
    var summary: String?
    var error: String?
  }

  /// Renders `path` to `output`.
  static func render(_ path: String, to output: String, options: Options) -> Outcome {
    let url = URL(fileURLWithPath: path)
    let data: Data
    let file: RuntimeFile
    do {
      data = try Data(contentsOf: url, options: .mappedIfSafe)
    } catch {
      return Outcome(error: "\(path): cannot read: \(error.localizedDescription)")
    }
    do throws(RiveError) {
      file = try RuntimeFile(data: data)
    } catch {
      return Outcome(error: "\(path): \(error)")
    }
    do {
      let (images, missing) = try resolve(file.document, assets: options.assets)
      var player = try ArtboardPlayer(
        file: file, artboard: options.artboard, stateMachine: options.stateMachine,
        animation: options.animation, drawsText: options.drawsText,
        solvesLayout: options.solvesLayout,
        settings: options.script?.settings ?? InputScript.Settings())
      let frame = try strip(&player, images: images, options: options)
      try frame.pngData().write(to: URL(fileURLWithPath: output), options: .atomic)
      var summary =
        "\(output): \(frame.width)×\(frame.height), artboard \"\(player.artboard.model.name)\" "
        + "by \(player.driver.description)"
      summary +=
        options.strip > 1
        ? ", \(options.strip) frames from 0 to \(format(options.seconds)) s"
        : " at \(format(options.seconds)) s"
      if !missing.isEmpty {
        summary += "; image\(missing.count == 1 ? "" : "s") not found: "
        summary += missing.joined(separator: ", ")
      }
      return Outcome(summary: summary)
    } catch let error as ArtboardFrameError {
      return Outcome(error: "\(path): \(error)")
    } catch let error as RasterError {
      return Outcome(error: "\(path): \(error)")
    } catch {
      return Outcome(error: "\(path): cannot write \(output): \(error.localizedDescription)")
    }
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%g", seconds)
  }

  /// Draws the frames (one, or a strip of `options.strip` side by side).
  static func strip(_ player: inout ArtboardPlayer, images: ArtboardImages, options: Options)
    throws -> RasterFrame
  {
    var frames: [RasterFrame] = []
    var clock = options.script.map { ScriptClock(script: $0) }
    for index in 0..<options.strip {
      let time =
        options.strip == 1
        ? options.seconds : options.seconds * Double(index) / Double(options.strip - 1)
      if var running = clock {
        try player.play(to: time, following: &running)
        clock = running
      } else {
        try player.play(to: time)
      }
      frames.append(
        try player.render(
          width: options.size?.width, height: options.size?.height, fit: options.fit,
          alignment: options.alignment, background: options.background, images: images))
    }
    guard frames.count > 1, let first = frames.first else { return frames[0] }
    let width = first.width * frames.count
    guard width <= RasterLimits.default.maximumDimension else {
      throw RasterError(
        .invalidSize,
        message: "a strip of \(frames.count) frames \(first.width) wide is \(width) pixels wide, "
          + "beyond \(RasterLimits.default.maximumDimension)")
    }
    var rgba = [UInt8](repeating: 0, count: width * first.height * 4)
    let rowBytes = first.width * 4
    for (index, frame) in frames.enumerated() {
      for y in 0..<first.height {
        let target = (y * width + index * first.width) * 4
        rgba.replaceSubrange(
          target..<target + rowBytes, with: frame.rgba[y * rowBytes..<(y + 1) * rowBytes])
      }
    }
    return try RasterFrame(width: width, height: first.height, rgba: rgba)
  }

  /// The file's images: embedded ones decoded, referenced and hosted ones looked up in the
  /// assets folder. Returns the unique names of images found nowhere (they draw nothing).
  static func resolve(_ document: RiveDocument, assets: BundleDirectory?) throws(RasterError)
    -> (ArtboardImages, [String])
  {
    let (images, missing) = decodedImages(document, assets: assets)
    return (try ArtboardImages(document: document, images: images), missing)
  }

  /// The decoded images ``resolve(_:assets:)`` prepares, by file asset index, and the unique
  /// names of images found nowhere.
  static func decodedImages(_ document: RiveDocument, assets: BundleDirectory?) -> (
    [Int: DecodedImage], [String]
  ) {
    var images: [Int: DecodedImage] = [:]
    var missing: [String] = []
    for (index, asset) in document.assets.enumerated() where asset.kind == .image {
      var outcome: AssetDecoding.Outcome?
      if let contents = asset.contents {
        outcome = contents.withUnsafeBytes { AssetDecoding.decode($0, as: .image) }
      } else if let assets, let name = assets.fileName(for: asset),
        let data = assets.contents(of: name)
      {
        outcome = AssetDecoding.decode(data, as: .image)
      }
      if let image = outcome?.decoded?.image {
        images[index] = image
      } else if asset.contents == nil {
        missing.append(asset.uniqueName)
      }
    }
    return (images, missing)
  }
}
