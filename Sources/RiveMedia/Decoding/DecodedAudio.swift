/// A decoded audio clip: interleaved 32-bit float PCM.
///
/// Samples are interleaved by frame (for stereo: left, right, left, right, …) and normalized
/// to the range -1…1 as libsndfile delivers them.
public struct DecodedAudio: Sendable, Hashable {
  /// The format the clip was decoded from.
  public let format: AudioFormat

  /// The sample rate in frames per second, such as 44100.
  public let sampleRate: Int

  /// The number of channels (1 for mono, 2 for stereo).
  public let channelCount: Int

  /// The interleaved samples, `frameCount * channelCount` values.
  public let samples: [Float]

  /// Creates a clip from interleaved samples.
  ///
  /// - Parameters:
  ///   - format: The format the samples came from.
  ///   - sampleRate: Frames per second; must be positive.
  ///   - channelCount: Samples per frame; must be positive.
  ///   - samples: Interleaved samples; a whole number of frames.
  public init(format: AudioFormat, sampleRate: Int, channelCount: Int, samples: [Float]) {
    self.format = format
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.samples = samples
  }

  /// The number of frames (samples per channel).
  public var frameCount: Int { channelCount > 0 ? samples.count / channelCount : 0 }

  /// The length in seconds: `frameCount / sampleRate`.
  public var duration: Double {
    sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0
  }

  /// The content digest: sample rate, channel count and the samples' bit patterns.
  ///
  /// See ``ContentDigest`` for the exact definition.
  public var digest: ContentDigest {
    var hasher = ContentDigest.hasher(for: .audio)
    hasher.updateLittleEndian(UInt32(truncatingIfNeeded: sampleRate))
    hasher.updateLittleEndian(UInt32(truncatingIfNeeded: channelCount))
    #if _endian(little)
      samples.withUnsafeBytes { hasher.update($0) }
    #else
      for sample in samples {
        hasher.updateLittleEndian(sample.bitPattern)
      }
    #endif
    return ContentDigest(hasher.finalize())
  }
}
