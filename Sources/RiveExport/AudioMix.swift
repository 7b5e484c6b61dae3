import RiveCore
import RiveFormat

/// The sound of a recording: the clips the state machine's audio events played, each mixed in
/// at the time its event fired, as 44.1 kHz interleaved stereo 32-bit float.
///
/// Clips are converted as they are added: mono is played on both channels, more than two
/// channels keep the first two, and other sample rates are resampled linearly. Overlapping
/// clips add up; samples are clamped to −1…1 when they are taken. Samples before the time of
/// the latest frame are final (no later event can start before it), so an encoder takes them
/// as the recording goes (``takeFinal(upTo:)``) and the rest at the end.
public struct AudioMix: Sendable {
  /// Frames per second of the mix: 44,100.
  public static let sampleRate = 44_100
  /// Channels of the mix: 2.
  public static let channelCount = 2

  /// Mixed samples; those from `head` on are not yet taken and start at frame ``taken``.
  private var pending: [Float] = []
  private var head = 0
  /// The frames taken so far.
  public private(set) var taken = 0
  /// The clips mixed in, with the times they start.
  public private(set) var clips: [(time: Double, name: String)] = []
  /// Every sample taken or pending, when the whole mix is kept (for a WAV file).
  private var kept: [Float]?

  /// An empty mix.
  ///
  /// - Parameter keepsEverything: Whether ``everything`` keeps the samples taken as well (for
  ///   writing the whole mix as a WAV file at the end).
  public init(keepsEverything: Bool = false) {
    kept = keepsEverything ? [] : nil
  }

  /// Mixes `clip` in from `time` seconds on.
  ///
  /// - Parameters:
  ///   - clip: The decoded audio.
  ///   - time: Seconds from the start of the recording (clamped to the samples not yet taken).
  ///   - name: The event's or asset's name, for the summary.
  public mutating func add(_ clip: DecodedAudio, at time: Double, name: String = "") {
    guard clip.sampleRate > 0, clip.channelCount > 0, clip.frameCount > 0, time.isFinite else {
      return
    }
    clips.append((time, name))
    let start = max(taken, Int((max(0, time) * Double(Self.sampleRate)).rounded()))
    let ratio = Double(clip.sampleRate) / Double(Self.sampleRate)
    let frames = Int((Double(clip.frameCount) / ratio).rounded(.down))
    let offset = start - taken
    let needed = head + (offset + frames) * Self.channelCount
    if pending.count < needed { pending += [Float](repeating: 0, count: needed - pending.count) }
    clip.samples.withUnsafeBufferPointer { source in
      let channels = clip.channelCount
      for frame in 0..<frames {
        let position = Double(frame) * ratio
        let lower = min(Int(position), clip.frameCount - 1)
        let upper = min(lower + 1, clip.frameCount - 1)
        let fraction = Float(position - Double(lower))
        for channel in 0..<Self.channelCount {
          let sourceChannel = min(channel, channels - 1)
          let a = source[lower * channels + sourceChannel]
          let b = source[upper * channels + sourceChannel]
          pending[head + (offset + frame) * Self.channelCount + channel] += a + (b - a) * fraction
        }
      }
    }
  }

  /// Takes the final samples up to `time` seconds (interleaved stereo), padding with silence
  /// where nothing plays.
  ///
  /// - Parameter time: Seconds from the start; no clip added later may start before it.
  /// - Returns: The samples from ``taken`` to `time`.
  public mutating func takeFinal(upTo time: Double) -> [Float] {
    let end = Int((max(0, time) * Double(Self.sampleRate)).rounded())
    let count = max(0, end - taken)
    guard count > 0 else { return [] }
    let values = count * Self.channelCount
    if pending.count < head + values {
      pending += [Float](repeating: 0, count: head + values - pending.count)
    }
    var out = Array(pending[head..<head + values])
    head += values
    // Dropped from the front once the taken part is the larger (amortised, not per frame).
    if head > pending.count / 2 {
      pending.removeFirst(head)
      head = 0
    }
    for index in out.indices { out[index] = min(1, max(-1, out[index])) }
    taken = end
    kept?.append(contentsOf: out)
    return out
  }

  /// Whether any clip was mixed in.
  public var isSilent: Bool { clips.isEmpty }

  /// Every sample taken so far, when the mix was made with `keepsEverything`.
  public var everything: [Float] { kept ?? [] }
}
