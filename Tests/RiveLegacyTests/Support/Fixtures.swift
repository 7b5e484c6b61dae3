import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

/// Media and `.riv` files made by the package's own encoders and writer.
enum Fixtures {
  /// A 2×3 RGB PNG.
  static let png: [UInt8] = PNGFixtureEncoder.encode(
    width: 2, height: 3, colorType: .rgb, bitDepth: 8,
    samples: (0..<18).map { UInt16($0 * 13 % 256) })

  /// A short mono WAV.
  static func wav() throws -> [UInt8] {
    try AudioFixtureEncoder.encode(
      samples: AudioFixtureEncoder.sine(frameCount: 800, channelCount: 1, sampleRate: 8000),
      channelCount: 1, sampleRate: 8000, format: .wav
    ).get()
  }

  /// A real TrueType font from the corpus.
  static func font() throws -> [UInt8] {
    Array(try Corpus.data("OpenSans-Italic.ttf"))
  }

  /// A 16-byte CDN uuid whose bytes are `seed`, `seed + 1`, ….
  static func uuid(_ seed: UInt8) -> [UInt8] { (0..<16).map { seed &+ UInt8($0) } }

  /// One artboard named `Main` with `animations`.
  static func file(
    assets: [RiveFileBlueprint.Asset] = [], animations: [RiveFileBlueprint.Animation] = [],
    stateMachines: [RiveFileBlueprint.StateMachine] = [],
    viewModels: [RiveFileBlueprint.ViewModel] = []
  ) -> Data {
    RiveFileBlueprint(
      assets: assets, viewModels: viewModels,
      artboards: [.init(name: "Main", animations: animations, stateMachines: stateMachines)]
    ).data
  }
}
