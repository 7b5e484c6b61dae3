import Foundation
import RiveCore
import RiveFormat
import RiveFrames

/// `rive-assets sheet FILE.riv -o sheet.png`: a PNG contact sheet of a file's image assets.
enum SheetCommand {
  static let help = """
    USAGE: rive-assets sheet FILE.riv -o SHEET.png [--assets DIR] [--columns N] [--artboards]
                             [--json] [--quiet]

    Draws every image asset of FILE.riv as a thumbnail in a grid: embedded images are decoded
    from the file; referenced and hosted ones are looked up in DIR by the current API's bundle
    lookup. Each cell is labelled (in a sans-serif face fontconfig picks, set by Cairo) with
    the unique name, the origin (embedded, bundle, missing or undecodable) and the decoded and
    authored sizes; missing and undecodable images are drawn as crossed placeholders.
    Thumbnails keep their aspect ratio (Cairo's good filter when shrunk) over a checkerboard
    that shows transparency.

    With --artboards, a thumbnail of every artboard follows the images: frame 0 of its default
    state machine (else its first animation) drawn by the package's runtime and rasteriser,
    fitted into the box, with the images resolved as above; its label is the artboard's name,
    "artboard" and its size. A file without image assets then needs only an artboard.

    Layout: a 28-pixel title strip, then cells of a 160×160 thumbnail box above a 48-pixel
    label strip, 12 pixels apart and from the edges; columns = min(N, image count), so the
    sheet is 12 + columns × 172 pixels wide and 40 + rows × 220 pixels high.

    OPTIONS:
      -o, --output FILE   Where to write the PNG (required).
      --assets DIR        Where to find referenced and hosted images.
      --columns N         The most columns (default 4).
      --artboards         Add a thumbnail of every artboard after the images.
      --json              Print a JSON description of the cells.
      --quiet             Print nothing but errors (and the JSON with --json).
      -h, --help          Show this help.

    EXAMPLES:
      rive-assets sheet hero.riv -o hero-sheet.png
      rive-assets sheet hero.riv --assets Resources -o hero-sheet.png --columns 6

    Exit codes: 0 the sheet is written (missing images are drawn as placeholders), 1 the file
    fails to read, has nothing to draw (no image assets, nor artboards with --artboards) or
    the sheet cannot be written, 2 bad usage.
    """

  /// One cell of the sheet.
  private struct Cell {
    enum Origin: String {
      case embedded, bundle, missing, undecodable
    }

    var asset: RiveDocument.Asset
    var origin: Origin
    var image: DecodedImage?
    var detail: String?
  }

  /// An artboard's thumbnail: frame 0 drawn into the thumbnail box, or why it could not be.
  private struct ArtboardCell: Sendable {
    var name: String
    var width: Float
    var height: Float
    var frame: RasterFrame?
    var error: String?
  }

  /// Runs the subcommand.
  ///
  /// - Parameter arguments: The arguments after the word `sheet`.
  /// - Returns: The exit code.
  static func run(arguments: [String]) -> Int32 {
    let parsed: ParsedArguments
    do throws(UsageError) {
      parsed = try ParsedArguments(
        arguments, flags: ParsedArguments.commonFlags.union(["--artboards"]),
        options: ["-o", "--output", "--assets", "--columns"])
    } catch {
      return Output.usageError(error.message, help: help)
    }
    if parsed.wantsHelp {
      Output.print(help)
      return ExitCode.success
    }
    guard parsed.positional.count == 1, let path = parsed.positional.first else {
      return Output.usageError("expected exactly one .riv file", help: help)
    }
    guard let outputPath = parsed.options["-o"] ?? parsed.options["--output"] else {
      return Output.usageError("-o SHEET.png is required", help: help)
    }
    let columnsText = parsed.options["--columns"] ?? "4"
    guard let columns = Int(columnsText), (1...64).contains(columns) else {
      return Output.usageError("--columns needs a number from 1 to 64", help: help)
    }
    var bundle: BundleDirectory?
    if let assetsPath = parsed.options["--assets"] {
      do throws(BundleDirectory.Failure) {
        bundle = try BundleDirectory(path: assetsPath)
      } catch {
        Output.error("error: \(error)")
        return ExitCode.failure
      }
    }
    let loaded: LoadedFile
    do throws(RiveError) {
      loaded = try LoadedFile(
        data: RiveDocument.mappedData(at: URL(fileURLWithPath: path)), displayName: path)
    } catch {
      Output.error("\(path): \(error)")
      return ExitCode.failure
    }
    // What each asset resolves to: the embedded bytes, else the bundle's file (the directory
    // source the legacy bundle loader reads), else nothing.
    let report =
      bundle.map { ResolutionReport.resolve(loaded, from: $0.source) }
      ?? ResolutionReport.resolve(loaded)
    let cells = report.entries.filter { $0.asset.kind == .image }.map {
      cell(for: $0, bundle: bundle)
    }
    let artboardCells =
      parsed.flags.contains("--artboards") ? artboards(of: loaded, report: report) : []
    guard !cells.isEmpty || !artboardCells.isEmpty else {
      Output.error(
        "\(path): no image assets"
          + (parsed.flags.contains("--artboards") ? " and no artboards" : "") + " to draw")
      return ExitCode.failure
    }
    let layout = SheetLayout(count: cells.count + artboardCells.count, maximumColumns: columns)
    let sheet: RasterFrame
    do throws(RasterError) {
      let canvas = try RasterCanvas(
        width: layout.width, height: layout.height, background: SheetColor.background)
      try draw(
        cells, on: canvas, layout: layout, title: URL(fileURLWithPath: path).lastPathComponent,
        artboardCount: artboardCells.count)
      try draw(artboardCells, from: cells.count, on: canvas, layout: layout)
      sheet = try canvas.makeFrame()
    } catch {
      Output.error("error: cannot draw the sheet: \(error)")
      return ExitCode.failure
    }
    do {
      let png = try PNGWriter.encode(rgba: sheet.rgba, width: sheet.width, height: sheet.height)
      try Data(png).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
    } catch {
      Output.error("error: cannot write \(outputPath): \(error)")
      return ExitCode.failure
    }
    if parsed.isJSON {
      Output.print(
        json(cells, artboards: artboardCells, layout: layout, output: outputPath)
          .serialized(indent: 2))
    } else if !parsed.isQuiet {
      let missing = cells.filter { $0.origin == .missing || $0.origin == .undecodable }.count
      var summary = "\(outputPath): \(layout.width)×\(layout.height), \(cells.count) image"
      summary += cells.count == 1 ? "" : "s"
      if !artboardCells.isEmpty {
        summary += ", \(artboardCells.count) artboard" + (artboardCells.count == 1 ? "" : "s")
      }
      if missing > 0 { summary += " (\(missing) drawn as placeholders)" }
      Output.print(summary)
    }
    return ExitCode.success
  }

  // MARK: Implementation

  /// The cell of an image asset's resolution entry.
  private static func cell(for entry: ResolutionReport.Entry, bundle: BundleDirectory?) -> Cell {
    let asset = entry.asset
    switch entry.origin {
    case .embedded:
      if let image = entry.content?.image {
        return Cell(asset: asset, origin: .embedded, image: image)
      }
      return Cell(asset: asset, origin: .undecodable, detail: "not an image")
    case .failed(let reason):
      return Cell(asset: asset, origin: .undecodable, detail: reason)
    case .unresolved:
      return Cell(asset: asset, origin: .missing, detail: "not embedded, not in the bundle")
    default:
      guard let image = entry.content?.image else {
        return Cell(asset: asset, origin: .undecodable, detail: "not an image")
      }
      return Cell(
        asset: asset, origin: .bundle, image: image, detail: bundle?.fileName(for: asset))
    }
  }

  /// Thumbnails of every artboard of the file (frame 0, fitted into the box), drawn with the
  /// assets `report` resolved and the system fallback font.
  private static func artboards(of loaded: LoadedFile, report: ResolutionReport)
    -> [ArtboardCell]
  {
    guard let file = try? loaded.runtimeFile() else { return [] }
    let names = file.artboards.map(\.name)
    let assets = ResolvedAssets(
      report: report, document: loaded.document,
      fallbackFonts: ResolvedAssets.systemFallbackFonts)
    return ParallelWork.map(count: names.count, jobs: ParallelWork.processorCount) { index in
      var cell = ArtboardCell(name: names[index], width: 0, height: 0)
      do {
        var player = try FramePlayer(file: file, artboard: names[index], assets: assets)
        let bounds = player.bounds
        cell.width = bounds.width
        cell.height = bounds.height
        cell.frame = try player.render(
          width: SheetLayout.thumbnail, height: SheetLayout.thumbnail)
      } catch {
        cell.error = "\(error)"
      }
      return cell
    }
  }

  private static func draw(
    _ cells: [ArtboardCell], from first: Int, on canvas: RasterCanvas, layout: SheetLayout
  ) throws(RasterError) {
    for (offset, cell) in cells.enumerated() {
      let box = layout.thumbnailBox(first + offset)
      canvas.checkerboard(box, light: SheetColor.checkerLight, dark: SheetColor.checkerDark)
      if let frame = cell.frame {
        try canvas.draw(frame, fittingIn: box)
      } else {
        canvas.fill(box, with: SheetColor.undecodableFill)
      }
      canvas.stroke(box, with: SheetColor.border)
      let size =
        cell.error
        ?? "\(InspectText.formatted(cell.width))×\(InspectText.formatted(cell.height)), frame 0"
      label([cell.name, "artboard", size], in: layout.labelStrip(first + offset), on: canvas)
    }
  }

  private static func draw(
    _ cells: [Cell], on canvas: RasterCanvas, layout: SheetLayout, title: String,
    artboardCount: Int
  ) throws(RasterError) {
    var heading = "\(title): \(cells.count) image asset\(cells.count == 1 ? "" : "s")"
    if artboardCount > 0 {
      heading += ", \(artboardCount) artboard\(artboardCount == 1 ? "" : "s")"
    }
    let titleText = canvas.fitting(heading, in: layout.width - 2 * SheetLayout.margin)
    canvas.label(titleText, x: SheetLayout.margin, baseline: 24, color: SheetColor.text)
    for (index, cell) in cells.enumerated() {
      let box = layout.thumbnailBox(index)
      switch cell.origin {
      case .embedded, .bundle:
        canvas.checkerboard(box, light: SheetColor.checkerLight, dark: SheetColor.checkerDark)
        if let image = cell.image { try canvas.draw(image, fittingIn: box) }
      case .missing, .undecodable:
        let isMissing = cell.origin == .missing
        canvas.fill(box, with: isMissing ? SheetColor.missingFill : SheetColor.undecodableFill)
        let stroke = isMissing ? SheetColor.missingStroke : SheetColor.undecodableStroke
        let inset = 24
        canvas.line(
          from: (box.x + inset, box.y + inset),
          to: (box.x + box.width - inset, box.y + box.height - inset), color: stroke)
        canvas.line(
          from: (box.x + box.width - inset, box.y + inset),
          to: (box.x + inset, box.y + box.height - inset), color: stroke)
      }
      canvas.stroke(box, with: SheetColor.border)
      label(labelLines(for: cell), in: layout.labelStrip(index), on: canvas)
    }
  }

  /// Sets `lines` in a label strip: the first in the text colour, the rest in the secondary
  /// one, each shortened to fit.
  private static func label(_ lines: [String], in strip: RasterCanvas.Rect, on canvas: RasterCanvas)
  {
    for (number, text) in lines.enumerated() {
      canvas.label(
        canvas.fitting(text, in: strip.width - 4), x: strip.x + 2,
        baseline: strip.y + (number + 1) * canvas.lineHeight,
        color: number == 0 ? SheetColor.text : SheetColor.secondaryText)
    }
  }

  private static func labelLines(for cell: Cell) -> [String] {
    var authored = ""
    if let width = cell.asset.width, let height = cell.asset.height, width > 0, height > 0 {
      authored = "\(InspectText.formatted(width))×\(InspectText.formatted(height))"
    }
    var origin = cell.origin.rawValue
    if let detail = cell.detail, cell.origin == .bundle { origin += " \(detail)" }
    var size: String
    if let image = cell.image {
      size = "\(image.width)×\(image.height)"
      if !authored.isEmpty && authored != size { size += " (authored \(authored))" }
    } else {
      size = authored.isEmpty ? (cell.detail ?? "") : "authored \(authored)"
      if cell.origin == .undecodable, let detail = cell.detail { size = detail }
    }
    return [cell.asset.uniqueName, origin, size]
  }

  private static func json(
    _ cells: [Cell], artboards: [ArtboardCell], layout: SheetLayout, output: String
  ) -> JSONValue {
    let artboardValues: [JSONValue] = artboards.enumerated().map { offset, cell in
      let box = layout.thumbnailBox(cells.count + offset)
      var fields: [(String, JSONValue)] = [
        ("artboard", .string(cell.name)), ("x", .integer(Int64(box.x))),
        ("y", .integer(Int64(box.y))),
      ]
      if let frame = cell.frame {
        fields += [
          ("width", .integer(Int64(frame.width))), ("height", .integer(Int64(frame.height))),
        ]
      }
      if let error = cell.error { fields.append(("error", .string(error))) }
      return .object(fields)
    }
    return .object([
      ("output", .string(output)), ("width", .integer(Int64(layout.width))),
      ("height", .integer(Int64(layout.height))), ("columns", .integer(Int64(layout.columns))),
      ("rows", .integer(Int64(layout.rows))),
      (
        "cells",
        .array(
          cells.enumerated().map { index, cell in
            let box = layout.thumbnailBox(index)
            var fields: [(String, JSONValue)] = [
              ("unique_name", .string(cell.asset.uniqueName)),
              ("origin", .string(cell.origin.rawValue)),
              ("x", .integer(Int64(box.x))), ("y", .integer(Int64(box.y))),
            ]
            if let image = cell.image {
              fields += [
                ("width", .integer(Int64(image.width))), ("height", .integer(Int64(image.height))),
              ]
            }
            if let detail = cell.detail { fields.append(("detail", .string(detail))) }
            return .object(fields)
          })
      ),
      ("artboards", .array(artboardValues)),
    ])
  }
}
