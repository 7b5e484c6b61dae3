import CSndFile
import Foundation

/// Writes an audio mix as a WAV file (32-bit float, 44.1 kHz stereo) through libsndfile.
public enum WAVWriter {
  /// Writes interleaved stereo samples at ``AudioMix/sampleRate``.
  ///
  /// The corresponding C functions are `sf_open`, `sf_writef_float` and `sf_close`.
  ///
  /// - Parameters:
  ///   - samples: Interleaved stereo samples, −1…1.
  ///   - path: The file to write (replaced when it exists).
  /// - Throws: ``ExportError`` with code `io` and libsndfile's message.
  public static func write(_ samples: [Float], to path: String) throws(ExportError) {
    var info = SF_INFO()
    info.samplerate = Int32(AudioMix.sampleRate)
    info.channels = Int32(AudioMix.channelCount)
    info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
    guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
      let reason = String(cString: sf_strerror(nil))
      throw ExportError(.io, output: path, message: "cannot write WAV: \(reason)")
    }
    let frames = samples.count / AudioMix.channelCount
    let written = samples.withUnsafeBufferPointer { buffer in
      sf_writef_float(file, buffer.baseAddress, sf_count_t(frames))
    }
    let failure = written == sf_count_t(frames) ? nil : String(cString: sf_strerror(file))
    sf_close(file)
    if let failure {
      throw ExportError(.io, output: path, message: "cannot write WAV: \(failure)")
    }
  }
}
