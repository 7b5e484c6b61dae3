import Foundation
import RiveCore
import RiveFormat
import RiveFrames

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
        seconds <= FramePlayer.maximumSeconds
      else {
        throw UsageError(
          "--time needs seconds from 0 to \(Int(FramePlayer.maximumSeconds)), found '\(text)'")
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
      options.script = try InputScript(scriptOption: path)
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

  /// A file read for drawing: its runtime graph and what its assets resolve to through the
  /// directory source of `--assets` (the embedded bytes, else the directory's file, as the
  /// legacy bundle loader resolves them), with the system fallback font, as both APIs' frames
  /// fall back by default.
  struct Drawable {
    var file: RuntimeFile
    var report: ResolutionReport
    var assets: ResolvedAssets

    /// Reads `data` and resolves its assets.
    ///
    /// - Throws: The reader's `RiveError`.
    init(_ data: Data, path: String, assets directory: BundleDirectory?) throws(RiveError) {
      let loaded = try LoadedFile(data: data, displayName: path)
      file = try loaded.runtimeFile()
      report =
        directory.map { ResolutionReport.resolve(loaded, from: $0.source) }
        ?? ResolutionReport.resolve(loaded)
      assets = ResolvedAssets(
        report: report, document: loaded.document,
        fallbackFonts: ResolvedAssets.systemFallbackFonts)
    }

    /// The unique names of the assets of `kind` found nowhere: not embedded, and no file of
    /// the directory decodes as them (they draw nothing, or play nothing).
    func missing(_ kind: RiveDocument.Asset.Kind) -> [String] {
      report.entries.compactMap { entry in
        guard entry.asset.kind == kind, entry.content == nil,
          file.document.inBandContents(ofAssetAt: entry.asset.index) == nil
        else { return nil }
        return entry.asset.uniqueName
      }
    }
  }

  /// Renders `path` to `output`.
  static func render(_ path: String, to output: String, options: Options) -> Outcome {
    let url = URL(fileURLWithPath: path)
    let data: Data
    do {
      data = try Data(contentsOf: url, options: .mappedIfSafe)
    } catch {
      return Outcome(error: "\(path): cannot read: \(error.localizedDescription)")
    }
    let drawable: Drawable
    do throws(RiveError) {
      drawable = try Drawable(data, path: path, assets: options.assets)
    } catch {
      return Outcome(error: "\(path): \(error)")
    }
    do {
      var player = try FramePlayer(
        file: drawable.file, artboard: options.artboard, stateMachine: options.stateMachine,
        animation: options.animation, drawsText: options.drawsText,
        solvesLayout: options.solvesLayout,
        settings: options.script?.settings ?? InputScript.Settings(), assets: drawable.assets)
      let frame = try strip(&player, options: options)
      try frame.pngData().write(to: URL(fileURLWithPath: output), options: .atomic)
      var summary =
        "\(output): \(frame.width)×\(frame.height), artboard \"\(player.artboard.model.name)\" "
        + "by \(player.driver.description)"
      summary +=
        options.strip > 1
        ? ", \(options.strip) frames from 0 to \(format(options.seconds)) s"
        : " at \(format(options.seconds)) s"
      summary += notFound(drawable.missing(.image), kind: "image")
      if options.drawsText { summary += notFound(drawable.missing(.font), kind: "font") }
      return Outcome(summary: summary)
    } catch let error as ArtboardFrameError {
      return Outcome(error: "\(path): \(error)")
    } catch let error as RasterError {
      return Outcome(error: "\(path): \(error)")
    } catch {
      return Outcome(error: "\(path): cannot write \(output): \(error.localizedDescription)")
    }
  }

  /// `; image(s) not found: a, b` for the names found nowhere (nothing for none).
  static func notFound(_ names: [String], kind: String) -> String {
    guard !names.isEmpty else { return "" }
    return "; \(kind)\(names.count == 1 ? "" : "s") not found: " + names.joined(separator: ", ")
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%g", seconds)
  }

  /// Draws the frames (one, or a strip of `options.strip` side by side) with the player's
  /// assets (prepared once).
  static func strip(_ player: inout FramePlayer, options: Options) throws -> RasterFrame {
    let images = try ArtboardImages(player.assets)
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
    return try RasterFrame.strip(frames)
  }
}
