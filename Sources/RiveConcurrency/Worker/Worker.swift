import Foundation
import RiveCore
import RiveFormat

/// Decodes images, fonts, audio and blobs, loads files, and holds global assets.
///
/// Every member is isolated to the main actor, as upstream; the work itself (parsing files and
/// decoding media) runs on the worker's own serial queue, never on the main actor, so several
/// workers decode in parallel.
///
/// Global assets registered on a worker (``addGlobalImageAsset(_:name:)`` and its siblings)
/// replace the asset with the same unique name in **every** file loaded by this worker — files
/// loaded before the registration as well as after it, because resolution is computed from the
/// worker's registry when it is asked for. This goes further than upstream, where a
/// registration only reaches files loaded after it. Different workers never see each other's
/// registrations. The worker keeps registered assets alive until they are removed or replaced.
public final class Worker: Sendable {
  package let engine: WorkerEngine

  /// Creates a worker with the default decoding limits.
  ///
  /// On Linux there is no render device to acquire, so this never throws; it stays `throws`
  /// for source compatibility (upstream throws ``WorkerError/missingDevice``).
  ///
  /// - Throws: Nothing on Linux.
  @MainActor
  public convenience init() async throws {
    try await self.init(limits: .default)
  }

  /// Creates a worker that applies `limits` to every decode.
  ///
  /// - Parameter limits: Size budgets for decoded images, fonts and audio.
  /// - Throws: Nothing on Linux.
  @MainActor
  public init(limits: DecodingLimits) async throws {
    engine = WorkerEngine(limits: limits, budget: nil)
  }

  /// Creates a worker that keeps at most `decodedContentBudget` bytes of decoded content.
  ///
  /// Its global registrations and the decoded embedded content of its files are counted in
  /// bytes (RGBA pixels, audio samples, font and blob bytes). Above the budget, the least
  /// recently used content that can be decoded again from its source is dropped, and decoded
  /// again (with the same digest, checked) the next time it is used: registrations made by
  /// ``registerBundledAssets(of:in:lookup:)`` (from the bundle file), ``loadHostedAssets(of:using:)``
  /// (from the disk-cache entry, or the downloaded bytes) and ``addGlobalImageAsset(_:name:)``
  /// with content the worker decoded from bytes (from those bytes, which it keeps), and
  /// embedded content (from the file). Content the worker cannot decode again (a system font)
  /// is counted but never dropped. ``File/resolutionReport()`` shows what was evicted and
  /// decoded again; ``decodedContentUsage`` sums it up.
  ///
  /// - Parameters:
  ///   - limits: Size budgets for each decode (the default limits unless given).
  ///   - decodedContentBudget: The bound, in bytes, on the decoded content kept.
  /// - Throws: Nothing on Linux.
  @MainActor
  public init(limits: DecodingLimits = .default, decodedContentBudget: Int) async throws {
    engine = WorkerEngine(
      limits: limits, budget: DecodedContentBudget(limit: decodedContentBudget))
  }

  /// The limits applied to every decode.
  public var limits: DecodingLimits { engine.limits }

  /// What the decoded-content budget holds and has done; nil for a worker without one.
  public var decodedContentUsage: DecodedContentBudget.Usage? { engine.budget?.usage }

  /// Decodes an image (PNG, JPEG or WebP) off the main actor.
  ///
  /// - Parameter data: The encoded image.
  /// - Returns: The decoded image.
  /// - Throws: `CancellationError` when the task was cancelled before starting,
  ///   ``ImageError/cancelled`` when it was cancelled while decoding, and
  ///   ``ImageError/failedDecoding(_:)`` with the decoder's reason.
  @MainActor
  public func decodeImage(from data: Data) async throws -> Image {
    try Task.checkCancellation()
    let result = await engine.decode(data, as: .image)
    if Task.isCancelled { throw ImageError.cancelled }
    switch result {
    case .success(let asset): return Image(asset, source: .bytes(data))
    case .failure(let error):
      throw ImageError.failedDecoding(.init(error.description, cause: error))
    }
  }

  /// Decodes a font (TrueType, OpenType or a collection) off the main actor.
  ///
  /// - Parameter data: The font file's bytes.
  /// - Returns: The decoded font.
  /// - Throws: `CancellationError`, ``FontError/cancelled`` or ``FontError/failedDecoding(_:)``.
  @MainActor
  public func decodeFont(from data: Data) async throws -> Font {
    try Task.checkCancellation()
    let result = await engine.decode(data, as: .font)
    if Task.isCancelled { throw FontError.cancelled }
    switch result {
    case .success(let asset): return Font(asset, source: .bytes(data))
    case .failure(let error): throw FontError.failedDecoding(.init(error.description, cause: error))
    }
  }

  /// Decodes an installed system font: the Linux counterpart of `decodeFont(from: UIFont)`.
  ///
  /// The font is found through fontconfig by family (the default sans-serif family for
  /// `SystemFont.systemFont(ofSize:)`); as upstream, size and weight are ignored.
  ///
  /// - Parameter font: The font request.
  /// - Returns: The decoded font.
  /// - Throws: `CancellationError`, ``FontError/cancelled`` or ``FontError/failedDecoding(_:)``
  ///   (for example when the family is not installed).
  @MainActor
  public func decodeFont(from font: SystemFont) async throws -> Font {
    try Task.checkCancellation()
    let limits = engine.limits
    let result = await engine.run {
      Result { () throws(DecodingError) in DecodedAsset(.font(try font.decode(limits: limits))) }
    }
    if Task.isCancelled { throw FontError.cancelled }
    switch result {
    case .success(let asset): return Font(asset)
    case .failure(let error): throw FontError.failedDecoding(.init(error.description, cause: error))
    }
  }

  /// Decodes an audio clip (WAV, FLAC, Ogg Vorbis or MP3) off the main actor.
  ///
  /// - Parameter data: The encoded clip.
  /// - Returns: The decoded audio.
  /// - Throws: `CancellationError`, ``AudioError/cancelled`` or
  ///   ``AudioError/failedDecoding(_:)``.
  @MainActor
  public func decodeAudio(from data: Data) async throws -> Audio {
    try Task.checkCancellation()
    let result = await engine.decode(data, as: .audio)
    if Task.isCancelled { throw AudioError.cancelled }
    switch result {
    case .success(let asset): return Audio(asset, source: .bytes(data))
    case .failure(let error):
      throw AudioError.failedDecoding(.init(error.description, cause: error))
    }
  }

  /// Wraps bytes as a blob, for ``BlobProperty`` data binding (blobs are never registered
  /// globally).
  ///
  /// - Parameter data: The bytes, kept as given.
  /// - Returns: The blob.
  /// - Throws: `CancellationError`, ``BlobError/cancelled`` or ``BlobError/failedDecoding(_:)``.
  @MainActor
  public func decodeBlob(from data: Data) async throws -> Blob {
    try Task.checkCancellation()
    let result = await engine.decode(data, as: .blob)
    if Task.isCancelled { throw BlobError.cancelled }
    switch result {
    case .success(let asset): return Blob(asset)
    case .failure(let error): throw BlobError.failedDecoding(.init(error.description, cause: error))
    }
  }
}
