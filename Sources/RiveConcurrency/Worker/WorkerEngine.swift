import Dispatch
import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import Synchronization

/// The part of a ``Worker`` that does the work: a serial queue of its own for parsing and
/// decoding, and the registry of global assets.
///
/// Each worker has its own queue, so two workers decode in parallel while one worker's jobs
/// run one at a time, in the order they were submitted. Nothing here touches the main actor.
package final class WorkerEngine: Sendable {
  private static let counter = Atomic<Int>(0)

  /// The global assets registered on the worker, keyed by kind and unique name.
  package let registry: AssetRegistry
  /// The limits applied to every decode.
  package let limits: DecodingLimits
  /// The bound on the decoded content the worker keeps, if any.
  package let budget: DecodedContentBudget?
  /// A number that tells workers apart in queue labels and messages.
  package let serialNumber: Int
  /// The fallback fonts set on the worker (nil: the default, see `Worker.fallbackFonts`).
  package let fallbackFonts = Mutex<[Font]?>(nil)
  private let queue: DispatchQueue

  /// Creates an engine with its own serial queue.
  ///
  /// - Parameters:
  ///   - limits: The decoding limits.
  ///   - budget: The bound on decoded content, if any.
  package init(limits: DecodingLimits, budget: DecodedContentBudget? = nil) {
    self.limits = limits
    self.budget = budget
    registry = AssetRegistry(budget: budget, limits: limits)
    serialNumber = Self.counter.add(1, ordering: .relaxed).newValue
    queue = DispatchQueue(label: "rive.worker.\(serialNumber)", qos: .userInitiated)
  }

  /// Runs `body` on the worker's serial queue and returns its result. The caller's read
  /// counter (``ReadInstrumentation/walks``) goes with it, so the reads it makes count there.
  ///
  /// - Parameter body: The job; it must not block on the main actor.
  /// - Returns: What `body` returned.
  package func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    let walks = ReadInstrumentation.walks
    return await withCheckedContinuation { continuation in
      queue.async {
        continuation.resume(returning: ReadInstrumentation.$walks.withValue(walks, operation: body))
      }
    }
  }

  /// Decodes `data` as `kind` on the worker's queue.
  ///
  /// - Parameters:
  ///   - data: The encoded bytes.
  ///   - kind: The media kind to decode as.
  /// - Returns: The decoded asset or the core's decoding error.
  package func decode(_ data: Data, as kind: MediaKind) async -> Result<DecodedAsset, DecodingError>
  {
    let limits = limits
    return await run {
      Result { () throws(DecodingError) in try DecodedAsset.decode(data, as: kind, limits: limits) }
    }
  }

  /// The content registered for `asset`, if any (image, font and audio registrations only).
  ///
  /// - Parameter asset: The file's asset.
  /// - Returns: The registered content.
  package func registration(for asset: RiveDocument.Asset) -> DecodedAsset? {
    guard let kind = asset.kind.mediaKind, kind != .blob else { return nil }
    return registry.lookup(name: asset.uniqueName, kind: kind)
  }

  /// Resolves every asset of `file` against the registry as it is now (decoding content the
  /// budget dropped again), with each registration's delivery and budget activity.
  ///
  /// - Parameter file: The loaded file.
  /// - Returns: The report.
  package func resolve(_ file: LoadedFile) -> ResolutionReport {
    var report = ResolutionReport.resolve(file, entries: entry(for:))
    if let budget { report.budget = budget.usage }
    return report
  }

  /// The entry of one asset: its registration if there is one, else nil (embedded bytes or
  /// unresolved apply).
  package func entry(for asset: RiveDocument.Asset) -> ResolutionReport.Entry? {
    guard let kind = asset.kind.mediaKind, kind != .blob,
      let registered = registry.registration(name: asset.uniqueName, kind: kind)
    else { return nil }
    let origin: ResolutionReport.Origin =
      registered.content == nil
      ? .failed(reason: registered.activity.rebuildFailure ?? "content could not be decoded again")
      : .globalRegistration
    return ResolutionReport.Entry(
      asset: asset, origin: origin, content: registered.content, delivery: registered.delivery,
      activity: budget == nil ? nil : registered.activity)
  }

  /// Resolves one asset of `file`, as ``resolve(_:)`` would (a use of its content).
  ///
  /// - Parameters:
  ///   - asset: The asset.
  ///   - file: The loaded file it belongs to.
  /// - Returns: Its entry.
  package func resolve(_ asset: RiveDocument.Asset, of file: LoadedFile) -> ResolutionReport.Entry {
    entry(for: asset) ?? ResolutionReport.embeddedEntry(of: asset, in: file)
  }
}
