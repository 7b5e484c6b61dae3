import CSndFile
import Foundation

/// Decodes WAV, FLAC, Ogg (Vorbis, Opus) and MP3 audio into interleaved float PCM.
///
/// Decoding goes through libsndfile (which reads MP3 through mpg123) straight from memory,
/// using `sf_open_virtual` with callbacks that read from the caller's bytes; nothing is
/// written to disk. The frame count that the file claims is checked against
/// ``DecodingLimits/maximumAudioSampleCount`` before the sample buffer is allocated.
///
/// libsndfile keeps the error text of a failed open in process-wide storage, so the
/// message of an `unknownFormat`/`malformed` open error may, under heavy concurrent
/// failures, describe another thread's failure; the error code is always this call's.
public enum AudioDecoder {
  /// Decodes an audio clip from raw bytes.
  ///
  /// For WAV, FLAC and Ogg, a clip that yields fewer frames than its header claims is a
  /// ``DecodingError/Code/truncated`` error. For MP3 the header's count can be an estimate,
  /// so the frames actually decoded are returned.
  ///
  /// - Parameters:
  ///   - bytes: A complete WAV, FLAC, Ogg or MP3 file.
  ///   - limits: ``DecodingLimits/maximumAudioSampleCount`` is checked before allocating.
  /// - Returns: The interleaved samples with their rate and channel count.
  /// - Throws: ``DecodingError`` with code `unknownFormat` (no audio signature),
  ///   `malformed` (libsndfile's `sf_strerror` text is included), `truncated` or `tooLarge`.
  public static func decode(
    _ bytes: UnsafeRawBufferPointer, limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedAudio {
    guard let format = AudioFormat.sniff(bytes) else {
      throw DecodingError(
        .unknownFormat, kind: .audio,
        message: "expected a WAV, FLAC, Ogg or MP3 signature; found "
          + MagicBytes(bytes).hexPrefix())
    }
    var file = MemoryFile(base: bytes.baseAddress, count: bytes.count, position: 0)
    return try withUnsafeMutablePointer(to: &file) { (file) throws(DecodingError) in
      try decode(file, format: format, limits: limits)
    }
  }

  /// Decodes an audio clip from a byte array.
  ///
  /// - Parameters:
  ///   - bytes: A complete WAV, FLAC, Ogg or MP3 file.
  ///   - limits: ``DecodingLimits/maximumAudioSampleCount`` is checked before allocating.
  /// - Returns: The interleaved samples with their rate and channel count.
  /// - Throws: ``DecodingError``; see ``decode(_:limits:)-(UnsafeRawBufferPointer,_)``.
  public static func decode(
    _ bytes: [UInt8], limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedAudio {
    try withDecodingBytes(of: bytes) { (buffer) throws(DecodingError) in
      try decode(buffer, limits: limits)
    }
  }

  /// Decodes an audio clip from `Data`.
  ///
  /// - Parameters:
  ///   - data: A complete WAV, FLAC, Ogg or MP3 file.
  ///   - limits: ``DecodingLimits/maximumAudioSampleCount`` is checked before allocating.
  /// - Returns: The interleaved samples with their rate and channel count.
  /// - Throws: ``DecodingError``; see ``decode(_:limits:)-(UnsafeRawBufferPointer,_)``.
  public static func decode(
    _ data: Data, limits: DecodingLimits = .default
  ) throws(DecodingError) -> DecodedAudio {
    try withDecodingBytes(of: data) { (buffer) throws(DecodingError) in
      try decode(buffer, limits: limits)
    }
  }

  // MARK: Implementation

  /// The read position over the caller's bytes; libsndfile's user-data pointer points here.
  private struct MemoryFile {
    let base: UnsafeRawPointer?
    let count: Int
    var position: Int
  }

  /// The virtual IO callbacks; they capture nothing and find the file through `user`.
  private static var virtualIO: SF_VIRTUAL_IO {
    SF_VIRTUAL_IO(
      get_filelen: { user in
        guard let file = user?.assumingMemoryBound(to: MemoryFile.self) else { return -1 }
        return sf_count_t(file.pointee.count)
      },
      seek: { offset, whence, user in
        guard let file = user?.assumingMemoryBound(to: MemoryFile.self) else { return -1 }
        let origin: Int
        switch whence {
        case SEEK_SET: origin = 0
        case SEEK_CUR: origin = file.pointee.position
        case SEEK_END: origin = file.pointee.count
        default: return -1
        }
        let (target, overflow) = origin.addingReportingOverflow(Int(truncatingIfNeeded: offset))
        guard !overflow, target >= 0 else { return -1 }
        file.pointee.position = target
        return sf_count_t(target)
      },
      read: { destination, wanted, user in
        guard let file = user?.assumingMemoryBound(to: MemoryFile.self), let destination,
          let base = file.pointee.base, wanted > 0
        else { return 0 }
        let position = file.pointee.position
        let available = max(0, file.pointee.count - position)
        let count = min(available, Int(clamping: wanted))
        if count > 0 {
          destination.copyMemory(from: base + position, byteCount: count)
          file.pointee.position = position + count
        }
        return sf_count_t(count)
      },
      write: { _, _, _ in 0 },
      tell: { user in
        guard let file = user?.assumingMemoryBound(to: MemoryFile.self) else { return -1 }
        return sf_count_t(file.pointee.position)
      })
  }

  private static func decode(
    _ file: UnsafeMutablePointer<MemoryFile>, format: AudioFormat, limits: DecodingLimits
  ) throws(DecodingError) -> DecodedAudio {
    func failure(_ code: DecodingError.Code, _ message: String) -> DecodingError {
      DecodingError(code, kind: .audio, format: .audio(format), message: message)
    }
    var io = virtualIO
    var info = SF_INFO()
    guard let sound = sf_open_virtual(&io, Int32(SFM_READ), &info, file) else {
      let reason = sf_strerror(nil).map { String(cString: $0) } ?? "unknown error"
      throw failure(.malformed, "expected a valid \(format) file; libsndfile reported: \(reason)")
    }
    defer { sf_close(sound) }
    let channels = Int(info.channels)
    guard channels > 0, info.samplerate > 0 else {
      throw failure(
        .malformed,
        "expected a positive sample rate and channel count; found \(info.samplerate) Hz, "
          + "\(channels) channels")
    }
    let claimedFrames = Int(info.frames)
    let isLengthKnown = info.frames >= 0 && info.frames != sf_count_t.max
    var samples: [Float]
    if isLengthKnown {
      let (sampleCount, overflow) = claimedFrames.multipliedReportingOverflow(by: channels)
      guard !overflow, sampleCount <= limits.maximumAudioSampleCount else {
        throw failure(
          .tooLarge,
          "the header claims \(claimedFrames) frames × \(channels) channels; the limit is "
            + "\(limits.maximumAudioSampleCount) samples")
      }
      samples = [Float](unsafeUninitializedCapacity: sampleCount) { buffer, count in
        var read = 0
        while read < claimedFrames, let base = buffer.baseAddress {
          let got = Int(
            sf_readf_float(sound, base + read * channels, sf_count_t(claimedFrames - read)))
          guard got > 0 else { break }
          read += got
        }
        count = read * channels
      }
    } else {
      samples = []
      let chunkFrames = 65_536
      while true {
        let start = samples.count
        guard start + chunkFrames * channels <= limits.maximumAudioSampleCount else {
          throw failure(
            .tooLarge,
            "a clip of unknown length grew past the limit of "
              + "\(limits.maximumAudioSampleCount) samples")
        }
        samples.append(contentsOf: repeatElement(0, count: chunkFrames * channels))
        let got = samples.withUnsafeMutableBufferPointer { buffer in
          guard let base = buffer.baseAddress else { return 0 }
          return Int(sf_readf_float(sound, base + start, sf_count_t(chunkFrames)))
        }
        samples.removeLast((chunkFrames - max(got, 0)) * channels)
        if got <= 0 { break }
      }
    }
    let status = sf_error(sound)
    if status != 0 {
      let reason = sf_strerror(sound).map { String(cString: $0) } ?? "error \(status)"
      throw failure(.malformed, "libsndfile reported while reading: \(reason)")
    }
    let frames = samples.count / channels
    if isLengthKnown && frames < claimedFrames && format != .mp3 {
      throw failure(
        .truncated, "the header claims \(claimedFrames) frames; the data holds \(frames)")
    }
    return DecodedAudio(
      format: format, sampleRate: Int(info.samplerate), channelCount: channels, samples: samples)
  }
}
