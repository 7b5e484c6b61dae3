import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

/// `rive-assets render … -o out.png`: PNGs decoded and checked pixel by pixel.
@Suite("rive-assets render to PNG")
struct RenderImageCommandTests {
  /// The pixel at (`x`, `y`) of a decoded PNG as straight RGBA.
  static func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [Int] {
    let offset = (y * image.width + x) * 4
    return image.pixels[offset..<offset + 4].map(Int.init)
  }

  static func isClose(_ a: [Int], _ b: [Int], tolerance: Int = 1) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  /// A 20×10 artboard with one 8×4 image asset (left half red, right half blue) centred at
  /// (10, 5) and scaled 2×: it covers x 2…18, y 1…9. The asset is embedded, or referenced
  /// (named `swatch.png`, id 7) when `embedded` is false.
  static func swatchFile(embedded: Bool) throws -> RiveFileBlueprint {
    let png = try swatchPNG()
    let asset: RiveFileBlueprint.Asset =
      embedded
      ? .embedded(.image, name: "swatch.png", id: 7, bytes: png, width: 8, height: 4)
      : .referenced(.image, name: "swatch.png", id: 7, width: 8, height: 4)
    return RiveFileBlueprint(
      fileID: 77, assets: [asset],
      artboards: [
        .init(
          name: "Swatch", width: 20, height: 10,
          images: [.init(assetIndex: 0, x: 10, y: 5, scaleX: 2, scaleY: 2)])
      ])
  }

  static func swatchPNG() throws -> [UInt8] {
    var rgb: [UInt8] = []
    for _ in 0..<4 {
      for x in 0..<8 { rgb += x < 4 ? [255, 0, 0] : [0, 0, 255] }
    }
    return try #require(PNGFixtureEncoder.compressed(rgb: rgb, width: 8, height: 4))
  }

  @Test("an embedded image lands at its transform: red left, blue right, clear outside")
  func embeddedImage() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = try TestFixtures.write(Self.swatchFile(embedded: true), named: "s.riv", in: directory)
    let output = directory.appendingPathComponent("s.png")
    let result = try await ToolRunner.run(["render", riv, "-o", output.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("20×10"), "\(result.standardOutput)")
    let image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(image.width == 20 && image.height == 10)
    #expect(Self.pixel(image, 4, 5) == [255, 0, 0, 255])
    #expect(Self.pixel(image, 15, 5) == [0, 0, 255, 255])
    #expect(Self.pixel(image, 0, 5)[3] == 0)
    #expect(Self.pixel(image, 19, 5)[3] == 0)
    #expect(Self.pixel(image, 10, 0)[3] == 0)
  }

  @Test("--size, --fit, --alignment and --background place the artboard in the frame")
  func fitAndBackground() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = try TestFixtures.write(Self.swatchFile(embedded: true), named: "s.riv", in: directory)
    let output = directory.appendingPathComponent("s.png")
    // contain into 80×80: scale 4, the 80×40 artboard centred vertically (y 20…60).
    let centred = try await ToolRunner.run([
      "render", riv, "-o", output.path, "--size", "80x80", "--background", "00FF00FF",
    ])
    #expect(centred.status == 0, "\(centred.standardError)")
    var image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(image.width == 80 && image.height == 80)
    #expect(Self.pixel(image, 40, 10) == [0, 255, 0, 255])
    #expect(Self.pixel(image, 20, 40) == [255, 0, 0, 255])
    #expect(Self.pixel(image, 60, 40) == [0, 0, 255, 255])
    // topCenter: the artboard at y 0…40.
    let top = try await ToolRunner.run([
      "render", riv, "-o", output.path, "--size", "80x80", "--alignment", "topCenter",
    ])
    #expect(top.status == 0, "\(top.standardError)")
    image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(Self.pixel(image, 20, 10) == [255, 0, 0, 255])
    #expect(Self.pixel(image, 20, 60)[3] == 0)
    // fill: stretched to 80×80, the image covers y 8…72.
    let fill = try await ToolRunner.run([
      "render", riv, "-o", output.path, "--size", "80x80", "--fit", "fill",
    ])
    #expect(fill.status == 0, "\(fill.standardError)")
    image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(Self.pixel(image, 20, 70) == [255, 0, 0, 255])
    #expect(Self.pixel(image, 20, 4)[3] == 0)
  }

  @Test("--assets supplies a referenced image; without it the image is reported missing")
  func referencedImage() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = try TestFixtures.write(
      Self.swatchFile(embedded: false), named: "r.riv", in: directory)
    let output = directory.appendingPathComponent("r.png")
    let bare = try await ToolRunner.run(["render", riv, "-o", output.path])
    #expect(bare.status == 0, "\(bare.standardError)")
    #expect(bare.standardOutput.contains("not found: swatch-7"), "\(bare.standardOutput)")
    #expect(try ImageDecoder.decode(Data(contentsOf: output)).pixels.allSatisfy { $0 == 0 })
    let assets = directory.appendingPathComponent("assets")
    try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
    try TestFixtures.write(Self.swatchPNG(), named: "swatch-7.png", in: assets)
    let supplied = try await ToolRunner.run([
      "render", riv, "-o", output.path, "--assets", assets.path,
    ])
    #expect(supplied.status == 0, "\(supplied.standardError)")
    let image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(Self.pixel(image, 4, 5) == [255, 0, 0, 255])
    #expect(Self.pixel(image, 15, 5) == [0, 0, 255, 255])
  }

  @Test("--strip puts N frames side by side; --time and --frame are accepted")
  func strip() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = try TestFixtures.write(Self.swatchFile(embedded: true), named: "s.riv", in: directory)
    let output = directory.appendingPathComponent("strip.png")
    let result = try await ToolRunner.run([
      "render", riv, "-o", output.path, "--strip", "3", "--time", "1", "--size", "40x20",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("3 frames from 0 to 1 s"), "\(result.standardOutput)")
    let image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(image.width == 120 && image.height == 20)
    for frame in 0..<3 {
      #expect(Self.pixel(image, frame * 40 + 8, 10) == [255, 0, 0, 255], "frame \(frame)")
      #expect(Self.pixel(image, frame * 40 + 30, 10) == [0, 0, 255, 255], "frame \(frame)")
    }
    let framed = try await ToolRunner.run(["render", riv, "-o", output.path, "--frame", "12"])
    #expect(framed.status == 0, "\(framed.standardError)")
    #expect(framed.standardOutput.contains("at 0.2 s"), "\(framed.standardOutput)")
  }

  @Test("the demo file's state machine and animation play; a corpus file draws something")
  func driversAndCorpus() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("demo.riv").path
    #expect(try await ToolRunner.run(["demo", "--output", riv]).status == 0)
    let output = directory.appendingPathComponent("demo.png")
    let machine = try await ToolRunner.run([
      "render", riv, "-o", output.path, "--state-machine", "Controls", "--time", "0.5",
    ])
    #expect(machine.status == 0, "\(machine.standardError)")
    #expect(machine.standardOutput.contains("stateMachine:Controls"))
    // The 16×16 gradient badge is centred on the artboard's origin: its bottom-right quarter
    // shows at the top-left corner, pixel (0, 0) sampling the badge's pixel (8, 8).
    let image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(image.width == 400 && image.height == 300)
    #expect(
      Self.isClose(Self.pixel(image, 0, 0), [136, 136, 128, 255]), "\(Self.pixel(image, 0, 0))")
    #expect(Self.pixel(image, 20, 20)[3] == 0)
    let animation = try await ToolRunner.run([
      "render", riv, "-o", output.path, "--animation", "spin",
    ])
    #expect(animation.status == 0, "\(animation.standardError)")
    #expect(animation.standardOutput.contains("animation:spin"))
  }

  @Test("a corpus frame has opaque pixels", SharedCorpus.requirement)
  func corpusFrame() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("coin.png")
    let result = try await ToolRunner.run([
      "render", TestFixtures.corpus("coin.riv").path, "-o", output.path, "--size", "64x64",
      "--frame", "30",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(image.width == 64 && image.height == 64)
    let opaque = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 255 }
    #expect(opaque.count > 64, "\(opaque.count) opaque pixels")
  }

  @Test("--jobs renders many files into a directory, one PNG each")
  func jobs() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var files: [String] = []
    for index in 0..<4 {
      files.append(
        try TestFixtures.write(
          Self.swatchFile(embedded: true), named: "s\(index).riv", in: directory))
    }
    let frames = directory.appendingPathComponent("frames")
    let result = try await ToolRunner.run(["render"] + files + ["-o", frames.path, "--jobs", "2"])
    #expect(result.status == 0, "\(result.standardError)")
    for index in 0..<4 {
      let image = try ImageDecoder.decode(
        Data(contentsOf: frames.appendingPathComponent("s\(index).png")))
      #expect(Self.pixel(image, 4, 5) == [255, 0, 0, 255])
    }
  }

  @Test("files rendered by one job and by two give the same PNG bytes")
  func jobsKeepTheBytes() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Two kinds of file, so that a frame landing in another file's PNG shows: the swatch, and
    // copies of the slide fixture, drawn as strips of three frames.
    var files = [
      try TestFixtures.write(Self.swatchFile(embedded: true), named: "swatch.riv", in: directory)
    ]
    for index in 0..<5 {
      let url = directory.appendingPathComponent("slide\(index).riv")
      try SlideFixture.data.write(to: url)
      files.append(url.path)
    }
    var outputs: [[Data]] = []
    for jobs in ["1", "2"] {
      let frames = directory.appendingPathComponent("frames-\(jobs)")
      let result = try await ToolRunner.run(
        ["render"] + files + [
          "-o", frames.path, "--jobs", jobs, "--time", "0.6",
          "--size", "96x80", "--background", "20406080", "--strip", "3",
        ])
      #expect(result.status == 0, "\(result.standardError)")
      outputs.append(
        try files.map { file in
          let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
          return try Data(contentsOf: frames.appendingPathComponent(name + ".png"))
        })
    }
    #expect(outputs[0].count == files.count)
    #expect(Set(outputs[0]).count == 2, "the swatch and the slide draw different frames")
    #expect(outputs[0] == outputs[1], "two jobs wrote other bytes than one")
  }

  @Test("bad options exit 2 naming the option; bad files and names exit 1 naming them")
  func errors() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = try TestFixtures.write(Self.swatchFile(embedded: true), named: "s.riv", in: directory)
    let output = directory.appendingPathComponent("x.png").path
    let usage: [([String], String)] = [
      (["--fit", "squash"], "--fit"), (["--size", "0x5"], "--size"),
      (["--size", "wide"], "--size"), (["--background", "green"], "--background"),
      (["--alignment", "middle"], "--alignment"), (["--time", "-1"], "--time"),
      (["--time", "nan"], "--time"), (["--strip", "0"], "--strip"),
      (["--state-machine", "a", "--animation", "b"], "--animation"),
      (["--time", "1", "--frame", "2"], "--frame"),
      (["--assets", directory.appendingPathComponent("nowhere").path], "--assets"),
    ]
    for (arguments, option) in usage {
      let result = try await ToolRunner.run(["render", riv, "-o", output] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.standardError.contains(option), "\(arguments): \(result.standardError)")
    }
    let noOutput = try await ToolRunner.run(["render", riv, "--size", "10x10"])
    #expect(noOutput.status == 2)
    #expect(noOutput.standardError.contains("-o"))
    let artboard = try await ToolRunner.run(["render", riv, "-o", output, "--artboard", "Nope"])
    #expect(artboard.status == 1)
    #expect(artboard.standardError.contains("s.riv"))
    #expect(artboard.standardError.contains("\"Nope\" not found; the file has \"Swatch\""))
    let machine = try await ToolRunner.run([
      "render", riv, "-o", output, "--state-machine", "Go",
    ])
    #expect(machine.status == 1)
    #expect(machine.standardError.contains("state machine \"Go\" not found"))
    let junk = directory.appendingPathComponent("junk.riv")
    try Data("not a rive file".utf8).write(to: junk)
    let bad = try await ToolRunner.run(["render", junk.path, "-o", output])
    #expect(bad.status == 1)
    #expect(bad.standardError.contains("junk.riv"))
    let missing = try await ToolRunner.run([
      "render", directory.appendingPathComponent("absent.riv").path, "-o", output,
    ])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("absent.riv"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("sheet --artboards adds a drawn thumbnail per artboard")
  func sheetArtboards() async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = try TestFixtures.write(Self.swatchFile(embedded: true), named: "s.riv", in: directory)
    let output = directory.appendingPathComponent("sheet.png")
    let result = try await ToolRunner.run([
      "sheet", riv, "-o", output.path, "--artboards", "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let report = try #require(try TestFixtures.json(result.standardOutput) as? [String: Any])
    let artboards = try #require(report["artboards"] as? [[String: Any]])
    #expect(artboards.count == 1)
    #expect(artboards.first?["artboard"] as? String == "Swatch")
    let x = try #require(artboards.first?["x"] as? Int)
    let y = try #require(artboards.first?["y"] as? Int)
    // The 20×10 artboard contained in the 160×160 box: scale 8, y 40…120; the image covers
    // x 16…144, y 48…112 of the box.
    let image = try ImageDecoder.decode(Data(contentsOf: output))
    #expect(Self.pixel(image, x + 40, y + 80) == [255, 0, 0, 255])
    #expect(Self.pixel(image, x + 120, y + 80) == [0, 0, 255, 255])
    // Without --artboards the sheet has the image only.
    let plain = try await ToolRunner.run(["sheet", riv, "-o", output.path, "--json"])
    let plainReport = try #require(try TestFixtures.json(plain.standardOutput) as? [String: Any])
    #expect((plainReport["artboards"] as? [Any])?.isEmpty == true)
    #expect((plainReport["cells"] as? [Any])?.count == 1)
  }
}
