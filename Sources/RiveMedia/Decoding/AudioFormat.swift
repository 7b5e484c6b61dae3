/// An audio file format, recognized by its leading magic bytes.
public enum AudioFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// RIFF WAVE: `RIFF`, a 4-byte size, then `WAVE` (also `RF64`).
  case wav
  /// Free Lossless Audio Codec: `fLaC`.
  case flac
  /// An Ogg container (Vorbis or Opus): `OggS`.
  case ogg
  /// MPEG-1/2 Layer III: an `ID3` tag or an MPEG audio frame sync.
  case mp3

  public var description: String {
    switch self {
    case .wav: "WAV"
    case .flac: "FLAC"
    case .ogg: "Ogg"
    case .mp3: "MP3"
    }
  }

  /// Recognizes an audio format from the first bytes of a file.
  ///
  /// MP3 without an ID3 tag is recognized by a Layer III frame header (11 sync bits, a
  /// valid version, layer III, and bitrate and sample-rate indices that are not reserved).
  ///
  /// - Parameter bytes: The start of the file; 12 bytes are enough.
  /// - Returns: The format, or `nil` when no audio signature matches.
  public static func sniff(_ bytes: UnsafeRawBufferPointer) -> AudioFormat? {
    let magic = MagicBytes(bytes)
    if (magic.has("RIFF") || magic.has("RF64")) && magic.has("WAVE", at: 8) {
      return .wav
    }
    if magic.has("fLaC") {
      return .flac
    }
    if magic.has("OggS") {
      return .ogg
    }
    if magic.has("ID3") {
      return .mp3
    }
    if let first = magic[0], let second = magic[1], let third = magic[2], first == 0xFF {
      let hasSync = second & 0xE0 == 0xE0
      let version = (second >> 3) & 0x03  // 01 is reserved
      let layer = (second >> 1) & 0x03  // 01 is Layer III
      let bitrate = third >> 4  // 1111 is invalid
      let sampleRate = (third >> 2) & 0x03  // 11 is reserved
      if hasSync && version != 1 && layer == 1 && bitrate != 0x0F && sampleRate != 3 {
        return .mp3
      }
    }
    return nil
  }
}
