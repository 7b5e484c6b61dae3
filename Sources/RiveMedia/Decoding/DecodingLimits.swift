/// Budgets that decoders check before allocating memory for decoded content.
///
/// Every budget is checked against what the file's header claims, so a hostile file that
/// claims a huge image or clip fails fast with ``DecodingError/Code/tooLarge`` instead of
/// allocating. The defaults suit interactive content; raise them for offline tools, but
/// keep them below the memory the process can actually get: Swift cannot recover from a
/// failed array allocation, so these limits are the only guard against one.
public struct DecodingLimits: Hashable, Sendable {
  /// The widest image accepted, in pixels. The default is 16384.
  public var maximumWidth: Int

  /// The tallest image accepted, in pixels. The default is 16384.
  public var maximumHeight: Int

  /// The most pixels (width × height) accepted. The default is 256 Mpx (268,435,456),
  /// which is 1 GiB of RGBA8.
  public var maximumPixelCount: Int

  /// The most interleaved audio samples (frames × channels) accepted. The default is
  /// 64 Mi samples (67,108,864): 256 MiB of 32-bit floats, about 12.7 minutes of
  /// 44.1 kHz stereo.
  public var maximumAudioSampleCount: Int

  /// The largest font file accepted, in bytes. The default is 64 MiB.
  public var maximumFontByteCount: Int

  /// Creates limits; every parameter defaults to the value of ``default``.
  ///
  /// - Parameters:
  ///   - maximumWidth: The widest image accepted, in pixels.
  ///   - maximumHeight: The tallest image accepted, in pixels.
  ///   - maximumPixelCount: The most pixels accepted.
  ///   - maximumAudioSampleCount: The most interleaved audio samples accepted.
  ///   - maximumFontByteCount: The largest font file accepted, in bytes.
  public init(
    maximumWidth: Int = 16_384,
    maximumHeight: Int = 16_384,
    maximumPixelCount: Int = 256 * 1_024 * 1_024,
    maximumAudioSampleCount: Int = 64 * 1_024 * 1_024,
    maximumFontByteCount: Int = 64 * 1_024 * 1_024
  ) {
    self.maximumWidth = maximumWidth
    self.maximumHeight = maximumHeight
    self.maximumPixelCount = maximumPixelCount
    self.maximumAudioSampleCount = maximumAudioSampleCount
    self.maximumFontByteCount = maximumFontByteCount
  }

  /// 16384 × 16384 pixels, 256 Mpx, 64 Mi audio samples and 64 MiB fonts.
  public static var `default`: DecodingLimits { DecodingLimits() }
}
