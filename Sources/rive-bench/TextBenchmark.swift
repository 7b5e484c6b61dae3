import CRiveAllocationCounter
import Foundation
import RiveCore
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat

/// `rive-bench text`: text shaping, layout and drawing, next to the official runtime built
/// with text on when its driver is given (`--reference`), measured in the same run.
///
/// (a) A paragraph: a writer-made file with one 600-character paragraph in DejaVu Sans at
///     16 px, wrapped at 400 px; each timed frame changes the run's text (two texts
///     alternate), advances by 0 and draws, so every frame shapes, breaks lines, lays out and
///     builds glyph paths. The reference plays the same file the same way (`--bench-text`).
/// (b) Frames of the corpus files that draw text: one advance of 1/60 s and one draw into a
///     discarding renderer per frame, the median file by this package's time, and the same
///     file in the reference (`--bench-frame`); then every file in the reference, and the
///     median of the files' ratios.
/// (c) Heap allocations per steady frame (text unchanged) with text on, minus the same with
///     text off: what text adds once its layout is made.
enum TextBenchmark {
  static let help = """
    USAGE: rive-bench text [--corpus DIR] [--reference BIN] [--frames N] [--verbose]
                           [--files-only]

      --corpus DIR     corpus folder (default ../shared/corpus)
      --reference BIN  the official runtime's driver built with text on, which takes
                       `--bench-frame FILE.riv N` and `--bench-text FILE.riv RUN N TEXT_A
                       TEXT_B` and prints `median_us <value>`; without it only this package
                       is timed
      --frames N       timed iterations (default 300)
      --verbose        one line per text file
      --files-only     skip the paragraph: time the corpus files only (to profile them)
    """

  static let paragraph = String(
    repeating: "Rive draws text on a server with HarfBuzz shaping and the runtime's own line "
      + "breaking; every glyph becomes a path. ", count: 5)
  static let alternate = paragraph.replacingOccurrences(of: "glyph", with: "GLYPH")

  static func run(arguments: [String]) -> Int32 {
    let options: BenchmarkOptions
    switch BenchmarkOptions.parse(
      arguments, values: ["--corpus", "--reference", "--frames"],
      flags: ["--verbose", "--files-only"], help: help)
    {
    case .success(let parsed): options = parsed
    case .failure(let exit): return exit.status
    }
    let corpus = options.string("--corpus", default: "../shared/corpus")
    let reference = options.string("--reference")
    let frames = options.int("--frames", default: 300, minimum: 10)
    let verbose = options.has("--verbose")
    guard let font = try? SystemFont(name: "DejaVu Sans", size: 12).decode() else {
      FileHandle.standardError.write(
        Data("DejaVu Sans is not installed (fonts-dejavu-core)\n".utf8))
      return 1
    }

    // (a) The paragraph.
    if !options.has("--files-only") {
      timeParagraph(font: font, reference: reference, frames: frames)
    }

    // (b) and (c) The corpus files that draw text.
    return timeFiles(corpus: corpus, reference: reference, frames: frames, verbose: verbose)
  }

  /// (a): the paragraph here and, with `reference`, in the official runtime.
  static func timeParagraph(font: DecodedFont, reference: String?, frames: Int) {
    let paragraphFile = paragraphFixture(font: font.bytes)
    let ours = paragraphMicroseconds(paragraphFile, iterations: frames)
    print("paragraph (\(paragraph.count) characters, 16 px, 400 px wide):")
    print(
      "  new text + shape + lay out + build paths + draw, median µs: "
        + Timing.format(ours, digits: 1))
    if let reference {
      let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "rive-bench-paragraph-\(ProcessInfo.processInfo.processIdentifier).riv")
      defer { try? FileManager.default.removeItem(at: path) }
      if (try? paragraphFile.write(to: path)) != nil,
        let theirs = referenceMedian(
          reference,
          ["--bench-text", path.path, "body", String(frames), alternate, paragraph])
      {
        print("  official runtime, median µs: \(Timing.format(theirs, digits: 1))")
        print("  ratio: \(Timing.format(ours / theirs, digits: 3))")
      }
    }
  }

  /// (b) and (c): the corpus files that draw text, and the median one in `reference`.
  static func timeFiles(corpus: String, reference: String?, frames: Int, verbose: Bool) -> Int32 {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? [])
      .filter { $0.hasSuffix(".riv") }.sorted()
    var rows: [(name: String, micros: Double, allocations: Double)] = []
    for name in names {
      guard let data = FileManager.default.contents(atPath: corpus + "/" + name),
        let file = try? RuntimeFile(data: data), let artboard = file.artboards.first
      else { continue }
      let fonts = TextFonts(document: file.document)
      let images = DrawImages(document: file.document)
      guard drawsText(artboard, file: file, images: images, fonts: fonts) else { continue }
      let on = frame(artboard, file: file, images: images, fonts: fonts, frames: frames)
      let off = frame(
        artboard, file: file, images: images, fonts: nil, frames: verbose ? frames : 60)
      rows.append((name, on.micros, on.allocations - off.allocations))
      if verbose {
        print(
          "  \(name.padding(toLength: 44, withPad: " ", startingAt: 0)) "
            + "\(String(format: "%9.2f", on.micros)) µs (text off \(String(format: "%.2f", off.micros))) "
            + "\(String(format: "%6.1f", on.allocations - off.allocations)) allocations by text")
      }
    }
    guard !rows.isEmpty else {
      print("no corpus file in \(corpus) draws text")
      return 0
    }
    let sorted = rows.sorted { $0.micros < $1.micros }
    let median = sorted[sorted.count / 2]
    print("corpus files drawing text: \(rows.count)")
    print("  median file \(median.name): advance + draw, median µs \(Timing.format(median.micros))")
    if let reference,
      let theirs = referenceMedian(
        reference, ["--bench-frame", corpus + "/" + median.name, String(frames)])
    {
      print("  official runtime, median µs: \(Timing.format(theirs))")
      print("  ratio: \(Timing.format(median.micros / theirs, digits: 3))")
      // Which file is the median turns on hundredths of a microsecond between files whose
      // ratios differ threefold: every file's ratio, and their median, say more.
      var ratios: [Double] = []
      for row in rows {
        guard
          let time = referenceMedian(
            reference, ["--bench-frame", corpus + "/" + row.name, String(frames)]), time > 0
        else { continue }
        ratios.append(row.micros / time)
        if verbose {
          print(
            "  \(row.name.padding(toLength: 44, withPad: " ", startingAt: 0)) official "
              + "\(String(format: "%9.2f", time)) µs, ratio \(Timing.format(row.micros / time, digits: 3))"
          )
        }
      }
      if !ratios.isEmpty {
        print(
          "  median of the \(ratios.count) files' ratios: "
            + "\(Timing.format(Timing.median(ratios), digits: 3)) (target ≤ 1.0)")
      }
    }
    let added = rows.map(\.allocations)
    print(
      "  allocations per steady frame, text on minus text off: max \(Timing.format(added.max() ?? 0, digits: 1)), "
        + "files with none \(added.filter { $0 <= 0 }.count) of \(added.count)")
    return 0
  }

  /// The paragraph's file: one run named "body", 16 px, wrapped at 400 px.
  static func paragraphFixture(font: [UInt8]) -> Data {
    var fixture = TextFixture(
      fonts: [font], styles: [.init(fontSize: 16)], runs: [.init(paragraph, name: "body")],
      properties: [
        (PropertyKey.textSizingValue, .uint(1)), (PropertyKey.textWidth, .float(400)),
      ])
    fixture.artboardWidth = 420
    fixture.artboardHeight = 600
    return fixture.data
  }

  /// The median time of a frame that changes the paragraph's text, advances by 0 and draws
  /// (the reference's `--bench-text` does the same, after the same 20 warm-up frames).
  static func paragraphMicroseconds(_ data: Data, iterations: Int) -> Double {
    guard let file = try? RuntimeFile(data: data), let artboard = file.artboards.first
    else { return .nan }
    let fonts = TextFonts(document: file.document)
    let images = DrawImages(document: file.document)
    var player = ArtboardPlayback(artboard: artboard, file: file)
    player.advance()
    var discard = DrawBenchmark.DiscardingRenderer()
    var times: [Double] = []
    for iteration in 0..<(iterations + 20) {
      let start = Timing.now()
      _ = player.withInstances { _, artboard in
        artboard.setTextRunValue(named: "body", to: iteration % 2 == 0 ? alternate : paragraph)
      }
      player.advance(by: 0)
      player.draw(into: &discard, images: images, text: fonts)
      if iteration >= 20 { times.append(Double(Timing.now() - start) / 1000) }
    }
    return Timing.median(times)
  }

  static func drawsText(
    _ artboard: ArtboardModel, file: RuntimeFile, images: DrawImages, fonts: TextFonts
  ) -> Bool {
    var player = ArtboardPlayback(artboard: artboard, file: file)
    player.advance()
    let with = player.draw(images: images, text: fonts).count
    let without = player.draw(images: images, text: nil).count
    return with > without
  }

  /// The median of (advance 1/60 s + draw into a discarding renderer), and the allocations
  /// per draw after 20 warm-up frames.
  static func frame(
    _ artboard: ArtboardModel, file: RuntimeFile, images: DrawImages, fonts: TextFonts?,
    frames: Int
  ) -> (micros: Double, allocations: Double) {
    var player = ArtboardPlayback(artboard: artboard, file: file)
    player.advance()
    var discard = DrawBenchmark.DiscardingRenderer()
    var times: [Double] = []
    var allocations: UInt64 = 0
    var counted = 0
    for index in 0..<frames {
      let start = Timing.now()
      player.advance()
      let counting = index >= 20
      if counting { CRiveAllocationCounter_start() }
      player.draw(into: &discard, images: images, text: fonts)
      if counting {
        allocations += CRiveAllocationCounter_stop().allocations
        counted += 1
      }
      times.append(Double(Timing.now() - start) / 1000)
    }
    return (Timing.median(times), counted > 0 ? Double(allocations) / Double(counted) : 0)
  }

  /// Runs the reference driver and reads its `median_us` line.
  static func referenceMedian(_ program: String, _ arguments: [String]) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: " ")
      if parts.count == 2, parts[0] == "median_us" { return Double(parts[1]) }
    }
    return nil
  }
}
