import Foundation
import RiveMedia
import RiveTestSupport
import Testing

extension DecodingTests {
  /// Audio from the corpus and from ``AudioFixtureEncoder`` (libsndfile, in memory).
  @Suite struct AudioDecoderTests {
    static let frameCount = 4_410
    static let sampleRate = 44_100

    static func fixture(_ format: AudioFixtureEncoder.Format, channels: Int = 2) throws -> (
      bytes: [UInt8], samples: [Float]
    ) {
      let samples = AudioFixtureEncoder.sine(
        frameCount: frameCount, channelCount: channels, sampleRate: sampleRate)
      let bytes = try AudioFixtureEncoder.encode(
        samples: samples, channelCount: channels, sampleRate: sampleRate, format: format
      ).get()
      return (bytes, samples)
    }

    /// The 16-bit PCM samples of a canonical WAV file, read without libsndfile.
    static func pcm16Samples(ofWAV bytes: [UInt8]) -> [Float]? {
      var offset = 12
      while offset + 8 <= bytes.count {
        let size = bytes[(offset + 4)..<(offset + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
        if bytes[offset..<(offset + 4)].elementsEqual("data".utf8) {
          let end = min(bytes.count, offset + 8 + size)
          return stride(from: offset + 8, to: end - 1, by: 2).map {
            Float(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) / 32_768
          }
        }
        offset += 8 + size + (size & 1)
      }
      return nil
    }

    @Test(SharedCorpus.requirement)
    func corpusWAVMatchesItsPCMData() throws {
      let bytes = try #require(Corpus.bytes("what.wav"))
      let audio = try AudioDecoder.decode(bytes)
      #expect(audio.format == .wav)
      #expect(audio.sampleRate == 44_100)
      #expect(audio.channelCount == 2)
      let expected = try #require(Self.pcm16Samples(ofWAV: bytes))
      #expect(audio.frameCount == expected.count / 2)
      let isSame = audio.samples == expected
      #expect(isSame)
      #expect(abs(audio.duration - Double(audio.frameCount) / 44_100) < 1e-12)
      #expect(try AudioDecoder.decode(Data(bytes)) == audio)
    }

    @Test(arguments: [AudioFixtureEncoder.Format.wav, .flac])
    func losslessFormatsRoundTrip(format: AudioFixtureEncoder.Format) throws {
      let (bytes, samples) = try Self.fixture(format)
      let audio = try AudioDecoder.decode(bytes)
      #expect(audio.format.rawValue == format.rawValue)
      #expect(audio.sampleRate == Self.sampleRate && audio.channelCount == 2)
      #expect(audio.frameCount == Self.frameCount)
      let worst = zip(audio.samples, samples).map { abs($0 - $1) }.max() ?? 1
      #expect(worst <= 1.0 / 32_768 + 1e-6)
    }

    @Test func oggVorbisKeepsLengthAndShape() throws {
      let (bytes, samples) = try Self.fixture(.ogg)
      let audio = try AudioDecoder.decode(bytes)
      #expect(audio.format == .ogg)
      #expect(audio.frameCount == Self.frameCount)
      #expect(audio.channelCount == 2)
      #expect(Self.correlation(audio.samples, samples) > 0.95)
    }

    /// LAME adds encoder delay and padding; libsndfile writes a LAME tag and mpg123 uses it
    /// to trim them, so the length survives exactly.
    @Test func mp3KeepsLengthAndShape() throws {
      let (bytes, samples) = try Self.fixture(.mp3, channels: 1)
      #expect(MediaSniffer.sniff(bytes) == .audio(.mp3))
      let audio = try AudioDecoder.decode(bytes)
      #expect(audio.format == .mp3)
      #expect(audio.sampleRate == Self.sampleRate && audio.channelCount == 1)
      #expect(audio.frameCount == Self.frameCount)
      #expect(Self.correlation(audio.samples, samples) > 0.9)
    }

    @Test func sampleBudgetIsCheckedBeforeAllocating() throws {
      let (bytes, _) = try Self.fixture(.flac)
      let limits = DecodingLimits(maximumAudioSampleCount: Self.frameCount * 2 - 1)
      let error = #expect(throws: DecodingError.self) {
        try AudioDecoder.decode(bytes, limits: limits)
      }
      #expect(error?.code == .tooLarge)
      #expect(error?.message.contains("\(Self.frameCount) frames") == true)
      let exact = DecodingLimits(maximumAudioSampleCount: Self.frameCount * 2)
      #expect(try AudioDecoder.decode(bytes, limits: exact).frameCount == Self.frameCount)
    }

    @Test(arguments: AudioFixtureEncoder.Format.allCases)
    func prefixesGiveTypedErrorsOrShorterClips(format: AudioFixtureEncoder.Format) throws {
      let (bytes, _) = try Self.fixture(format, channels: 1)
      for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 150)) {
        do throws(DecodingError) {
          let audio = try AudioDecoder.decode(Array(bytes.prefix(length)))
          #expect(audio.frameCount <= Self.frameCount + 1_152)
        } catch {
          #expect(error.kind == .audio)
          #expect(!error.message.isEmpty)
        }
      }
    }

    @Test func signaturesFollowedByGarbageAreMalformed() {
      let headers = ["fLaC", "OggS", "ID3", "RIFF\u{0}\u{0}\u{0}\u{0}WAVE"]
      for header in headers {
        let bytes = Array(header.utf8) + Array(repeating: 0x5A, count: 300)
        let error = #expect(throws: DecodingError.self) { try AudioDecoder.decode(bytes) }
        #expect(error?.code == .malformed || error?.code == .truncated, "\(header)")
        #expect(error?.message.contains("libsndfile") == true || error?.code == .truncated)
      }
    }

    @Test func unknownBytesAreRejected() {
      let error = #expect(throws: DecodingError.self) {
        try AudioDecoder.decode(Array("MThd not audio".utf8))
      }
      #expect(error?.code == .unknownFormat)
      #expect(error?.message.contains("4d 54 68 64") == true)
    }

    @Test func digestFollowsTheDefinition() {
      let audio = DecodedAudio(
        format: .wav, sampleRate: 8_000, channelCount: 1, samples: [0.5, -1])
      #expect(
        audio.digest.hexString
          == "e5a0dce8cc12865d55d8790bbe804390ee476e89346754e6a5843487ceb63c98")
      #expect(audio.frameCount == 2 && audio.duration == 2.0 / 8_000)
    }

    static func correlation(_ first: [Float], _ second: [Float]) -> Double {
      let count = min(first.count, second.count)
      var product = 0.0
      var firstEnergy = 0.0
      var secondEnergy = 0.0
      for index in 0..<count {
        product += Double(first[index]) * Double(second[index])
        firstEnergy += Double(first[index]) * Double(first[index])
        secondEnergy += Double(second[index]) * Double(second[index])
      }
      return product / max((firstEnergy * secondEnergy).squareRoot(), 1e-12)
    }
  }
}
