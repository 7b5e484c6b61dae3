import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

/// The shared corpus (``SharedCorpus`` in RiveTestSupport, the one locator of every test target).
typealias Corpus = SharedCorpus

extension SharedCorpus {
  /// Loads a corpus `.riv` file with `worker`.
  @MainActor
  static func file(_ name: String, worker: Worker) async throws -> File {
    try await File(source: .data(data(name)), worker: worker)
  }
}

/// Generated media for the tests.
enum Media {
  /// A `width`×`height` RGBA PNG filled with `value`.
  static func png(width: Int = 2, height: Int = 2, value: UInt16 = 0x7F) -> Data {
    Data(
      PNGFixtureEncoder.encode(
        width: width, height: height, colorType: .rgba, bitDepth: 8,
        samples: [UInt16](repeating: value, count: width * height * 4)))
  }

  /// A JPEG of generated noise and shapes.
  static func jpeg(width: Int, height: Int, seed: UInt64 = 1) throws -> Data {
    let pixels = SyntheticImage.noiseAndShapes(width: width, height: height, seed: seed)
    return Data(
      try #require(JPEGFixtureEncoder.encode(pixels: pixels, width: width, height: height)))
  }

  /// A short mono WAV tone.
  static func wav(frames: Int = 441, sampleRate: Int = 44_100) throws -> Data {
    let samples = AudioFixtureEncoder.sine(
      frameCount: frames, channelCount: 1, sampleRate: sampleRate)
    return Data(
      try AudioFixtureEncoder.encode(
        samples: samples, channelCount: 1, sampleRate: sampleRate, format: .wav
      ).get())
  }

  /// A font file from the corpus.
  static func font() throws -> Data { try Corpus.data("OpenSans-Italic.ttf") }

  /// A hosted asset's 16-byte uuid.
  static let uuid: [UInt8] = Array(0..<16)
}

extension ResolutionReport {
  /// The origin of the asset with this unique name.
  func origin(of uniqueName: String) -> ResolutionReport.Origin? {
    entry(uniqueName: uniqueName)?.origin
  }

  /// The content digest of the asset with this unique name.
  func digest(of uniqueName: String) -> ContentDigest? {
    entry(uniqueName: uniqueName)?.content?.digest
  }
}
