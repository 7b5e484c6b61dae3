import Foundation
import RiveCore
import RiveFixtures
import RiveFormat

// The loopback server stands in for a CDN in the hosted-assets example; the examples reach it
// through this module, never through the test-only RiveTestSupport.
@_exported import class RiveFixtures.LoopbackHTTPServer
// The sliding box of the golden-frames example (a writer-made file).
@_exported import enum RiveFixtures.SlideFixture

/// Generated media for the migration examples, so that every example runs anywhere without
/// files of its own. Everything is deterministic: the same bytes on every run.
public enum ExampleMedia {
  /// A `width`×`height` RGBA PNG, every sample set to `value`.
  public static func png(width: Int = 4, height: Int = 4, value: UInt16 = 0x40) -> Data {
    Data(
      PNGFixtureEncoder.encode(
        width: width, height: height, colorType: .rgba, bitDepth: 8,
        samples: [UInt16](repeating: value, count: width * height * 4)))
  }

  /// A `width`×`height` opaque RGB PNG to look at: a diagonal colour gradient with a light
  /// disc in the middle and a dark 2-pixel border.
  public static func poster(width: Int = 160, height: Int = 120) -> Data {
    var rgb: [UInt8] = []
    rgb.reserveCapacity(width * height * 3)
    let radius = Double(min(width, height)) * 0.3
    for y in 0..<height {
      for x in 0..<width {
        let isBorder = x < 2 || y < 2 || x >= width - 2 || y >= height - 2
        let dx = Double(x) - Double(width) / 2 + 0.5
        let dy = Double(y) - Double(height) / 2 + 0.5
        if isBorder {
          rgb += [0x20, 0x20, 0x30]
        } else if dx * dx + dy * dy <= radius * radius {
          rgb += [0xF4, 0xE8, 0xC8]
        } else {
          rgb += [
            UInt8(40 + 200 * x / max(width - 1, 1)), UInt8(60 + 120 * y / max(height - 1, 1)),
            UInt8(220 - 160 * x / max(width - 1, 1)),
          ]
        }
      }
    }
    return Data(PNGFixtureEncoder.compressed(rgb: rgb, width: width, height: height) ?? [])
  }

  /// A lossless WebP of generated noise and shapes.
  public static func webp(width: Int = 8, height: Int = 8, seed: UInt64 = 1) throws -> Data {
    let rgba = SyntheticImage.noiseAndShapes(
      width: width, height: height, channelCount: 4, seed: seed)
    guard let bytes = WebPFixtureEncoder.lossless(rgba: rgba, width: width, height: height) else {
      throw ExampleError("libwebp could not encode the fixture")
    }
    return Data(bytes)
  }

  /// A mono WAV tone of `frames` frames at 8 kHz.
  public static func wav(frames: Int = 800) throws -> Data {
    let samples = AudioFixtureEncoder.sine(frameCount: frames, channelCount: 1, sampleRate: 8000)
    return Data(
      try AudioFixtureEncoder.encode(
        samples: samples, channelCount: 1, sampleRate: 8000, format: .wav
      ).get())
  }

  /// The bytes of an installed font file (DejaVu Sans, from `fonts-dejavu-core`).
  public static func font() throws -> Data {
    let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ExampleError("\(path) is missing: install fonts-dejavu-core")
    }
    return data
  }

  /// A hosted asset's 16-byte CDN uuid, derived from `seed`.
  public static func uuid(_ seed: UInt8) -> [UInt8] {
    (0..<16).map { seed &+ UInt8($0) }
  }
}

/// A temporary folder standing in for an app's resources (`Bundle.main` on Apple platforms,
/// `Bundle.module` in a Linux package target).
public struct ExampleResources {
  /// The folder.
  public let directory: URL

  /// Writes `files` (relative path → bytes) into a new temporary folder.
  public init(_ files: [String: Data]) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-migration-example-\(UUID().uuidString)")
    for (path, data) in files {
      let url = directory.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
  }

  /// The URL of a file or folder in the resources.
  public func url(_ path: String) -> URL {
    directory.appendingPathComponent(path)
  }

  /// The folder as a bundle, for `RiveFile(name:in:)` and `.local(name, bundle)`.
  public var bundle: Bundle {
    get throws {
      guard let bundle = Bundle(path: directory.path) else {
        throw ExampleError("\(directory.path) is not a bundle")
      }
      return bundle
    }
  }

  /// Removes the folder.
  public func remove() {
    try? FileManager.default.removeItem(at: directory)
  }
}

/// A failure of the example's own set-up.
public struct ExampleError: Error, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// Prints a resolution report as stable text: one line per asset with its origin and a summary
/// of its content. Font digests and glyph counts depend on the installed font version, so fonts
/// are shown by family only. `redacting` replaces text that changes from run to run (such as a
/// loopback server's port) with a placeholder.
public func printReport(
  _ label: String, _ report: ResolutionReport, redacting: [(String, String)] = []
) {
  print("\(label):")
  for entry in report.entries {
    var line = "  \(entry.asset.uniqueName) [\(entry.asset.kind)] \(entry.origin)"
    if let path = entry.propertyPath { line += " at \(path)" }
    if let content = entry.content { line += ": \(describe(content))" }
    for (text, placeholder) in redacting {
      line = line.replacingOccurrences(of: text, with: placeholder)
    }
    print(line)
  }
}

/// A stable one-line description of decoded content (see ``printReport(_:_:)``).
public func describe(_ content: DecodedAsset) -> String {
  if let font = content.font { return "font \"\(font.familyName)\"" }
  return "\(content.summary), digest \(content.digest.hexString.prefix(12))"
}

/// Files of the shared corpus (`../shared/corpus` beside the package), for the examples that
/// need a real state machine.
public enum ExampleCorpus {
  /// The bytes of corpus file `name`.
  ///
  /// - Throws: `CocoaError` when the corpus is not beside the package.
  public static func data(_ name: String) throws -> Data {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return try Data(contentsOf: root.appendingPathComponent("../shared/corpus/\(name)"))
  }
}
