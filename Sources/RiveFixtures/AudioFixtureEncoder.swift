import CSndFile
import Foundation

/// Writes audio files for tests with libsndfile, entirely in memory.
public enum AudioFixtureEncoder {
  /// The containers and codecs the fixtures use.
  public enum Format: String, Sendable, CaseIterable {
    /// RIFF WAVE, 16-bit PCM.
    case wav
    /// FLAC, 16-bit.
    case flac
    /// Ogg Vorbis.
    case ogg
    /// MPEG-1 Layer III (through LAME inside libsndfile).
    case mp3

    var libsndfileFormat: Int32 {
      switch self {
      case .wav: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
      case .flac: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
      case .ogg: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
      case .mp3: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
      }
    }
  }

  /// A growable in-memory file that libsndfile writes into.
  private final class MemoryFile {
    var bytes: [UInt8] = []
    var position = 0
  }

  /// Interleaved sine tones: channel `c` plays `440 * (c + 1)` Hz at half amplitude.
  ///
  /// - Parameters:
  ///   - frameCount: The number of frames.
  ///   - channelCount: The number of channels.
  ///   - sampleRate: Frames per second.
  /// - Returns: `frameCount * channelCount` samples.
  public static func sine(frameCount: Int, channelCount: Int, sampleRate: Int) -> [Float] {
    var samples: [Float] = []
    samples.reserveCapacity(frameCount * channelCount)
    for frame in 0..<frameCount {
      for channel in 0..<channelCount {
        let phase = Double(frame) * 440 * Double(channel + 1) / Double(sampleRate)
        samples.append(Float(0.5 * sin(2 * Double.pi * phase)))
      }
    }
    return samples
  }

  /// Encodes interleaved samples.
  ///
  /// - Parameters:
  ///   - samples: Interleaved samples in -1…1.
  ///   - channelCount: Samples per frame.
  ///   - sampleRate: Frames per second.
  ///   - format: The file format.
  /// - Returns: The file, or `nil` with libsndfile's reason.
  public static func encode(
    samples: [Float], channelCount: Int, sampleRate: Int, format: Format
  ) -> Result<[UInt8], EncodingFailure> {
    let file = MemoryFile()
    var io = SF_VIRTUAL_IO(
      get_filelen: { user in
        guard let user else { return 0 }
        return sf_count_t(Unmanaged<MemoryFile>.fromOpaque(user).takeUnretainedValue().bytes.count)
      },
      seek: { offset, whence, user in
        guard let user else { return -1 }
        let file = Unmanaged<MemoryFile>.fromOpaque(user).takeUnretainedValue()
        let origin = whence == SEEK_CUR ? file.position : whence == SEEK_END ? file.bytes.count : 0
        file.position = max(0, origin + Int(offset))
        return sf_count_t(file.position)
      },
      read: { destination, count, user in
        guard let user, let destination else { return 0 }
        let file = Unmanaged<MemoryFile>.fromOpaque(user).takeUnretainedValue()
        let available = max(0, min(Int(count), file.bytes.count - file.position))
        file.bytes.withUnsafeBytes { source in
          if let base = source.baseAddress, available > 0 {
            destination.copyMemory(from: base + file.position, byteCount: available)
          }
        }
        file.position += available
        return sf_count_t(available)
      },
      write: { source, count, user in
        guard let user, let source else { return 0 }
        let file = Unmanaged<MemoryFile>.fromOpaque(user).takeUnretainedValue()
        let end = file.position + Int(count)
        if end > file.bytes.count {
          file.bytes += [UInt8](repeating: 0, count: end - file.bytes.count)
        }
        let bytes = UnsafeRawBufferPointer(start: source, count: Int(count))
        file.bytes.replaceSubrange(file.position..<end, with: bytes)
        file.position = end
        return count
      },
      tell: { user in
        guard let user else { return 0 }
        return sf_count_t(Unmanaged<MemoryFile>.fromOpaque(user).takeUnretainedValue().position)
      })
    var info = SF_INFO()
    info.samplerate = Int32(sampleRate)
    info.channels = Int32(channelCount)
    info.format = format.libsndfileFormat
    let user = Unmanaged.passUnretained(file).toOpaque()
    guard let sound = sf_open_virtual(&io, Int32(SFM_WRITE), &info, user) else {
      let reason = sf_strerror(nil).map { String(cString: $0) } ?? "unknown"
      return .failure(EncodingFailure(reason: reason))
    }
    let frames = samples.count / channelCount
    let written = samples.withUnsafeBufferPointer { buffer in
      sf_writef_float(sound, buffer.baseAddress, sf_count_t(frames))
    }
    let closed = sf_close(sound)
    withExtendedLifetime(file) {}
    guard written == frames, closed == 0 else {
      return .failure(EncodingFailure(reason: "wrote \(written) of \(frames) frames"))
    }
    return .success(file.bytes)
  }
}

/// Why a test fixture could not be encoded.
public struct EncodingFailure: Error, CustomStringConvertible {
  /// The encoder's explanation.
  public var reason: String

  public var description: String { reason }
}
