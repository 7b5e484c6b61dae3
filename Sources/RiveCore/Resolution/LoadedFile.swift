import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// A parsed `.riv` file shared by every artboard, state machine and instance made from it.
///
/// The file is parsed once; embedded asset contents are decoded lazily and the outcome
/// (content or decoding error) is kept. Safe to use from any thread.
///
/// With a ``DecodedContentBudget`` (a budgeted worker's), decoded embedded content is counted
/// against it and may be dropped when the budget is exceeded; the file's own bytes are its
/// source, so it is decoded again on its next use (``embeddedActivity(ofAssetAt:)`` says how
/// often).
public final class LoadedFile: Sendable {
  /// The parsed document.
  public let document: RiveDocument
  /// A name for messages and reports (the resource or URL it came from).
  public let displayName: String
  /// The budget decoded embedded content is counted against, if any.
  public let budget: DecodedContentBudget?
  /// The file's bytes.
  public let data: Data
  /// The object stream recorded when the bytes were read, until the runtime's object graph is
  /// linked from it; then the graph (see ``runtimeFile()``).
  let runtime: Locked<RuntimeStage>

  enum RuntimeStage: Sendable {
    case recorded(Result<ObjectStream, RiveError>)
    case linked(Result<RuntimeFile, RiveError>)
  }

  private struct Slot {
    var result: Result<DecodedAsset, DecodingError>?
    weak var lingering: DecodedAsset?
    var token: DecodedContentBudget.Token?
    var activity = ContentActivity()
  }

  private let embedded = Locked<[Int: Slot]>([:])

  /// Reads `data` once, for its structure and for the runtime (``runtimeFile()``).
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - displayName: A name for messages and reports.
  ///   - budget: The budget to count decoded embedded content against (none by default).
  /// - Throws: `RiveError`.
  public init(
    data: Data, displayName: String, budget: DecodedContentBudget? = nil
  ) throws(RiveError) {
    let recorded = try RecordedFile(data: data)
    document = recorded.document
    runtime = Locked(.recorded(recorded.stream))
    self.displayName = displayName
    self.budget = budget
    self.data = data
  }

  /// The decoded embedded content of the asset at `index` (its bytes by the one rule,
  /// `RiveDocument.inBandContents(ofAssetAt:)`): nil when the asset has no embedded bytes or is
  /// not an image, font, audio or blob asset; a failure when the bytes do not decode. Counts as
  /// a use of the content.
  public func embeddedContent(ofAssetAt index: Int) -> Result<DecodedAsset, DecodingError>? {
    guard let contents = document.inBandContents(ofAssetAt: index),
      let kind = document.assets[index].kind.mediaKind
    else { return nil }
    let cached: Result<DecodedAsset, DecodingError>? = embedded.withLock { slots in
      guard var slot = slots[index] else { return nil }
      if let result = slot.result {
        if let token = slot.token { budget?.touch(token) }
        return result
      }
      guard let lingering = slot.lingering else { return nil }
      // Dropped by the budget but still held elsewhere: keep it again without decoding.
      slot.result = .success(lingering)
      slot.token = admit(lingering, index: index)
      slots[index] = slot
      return .success(lingering)
    }
    if let cached {
      budget?.enforce()
      return cached
    }
    // Decode outside the lock; if two threads race, both results are equal and one is kept.
    let result = contents.withUnsafeBytes { bytes in
      Result { () throws(DecodingError) in try DecodedAsset.decode(bytes, as: kind) }
    }
    let kept: Result<DecodedAsset, DecodingError> = embedded.withLock { slots in
      var slot = slots[index] ?? Slot()
      if let existing = slot.result { return existing }
      slot.result = result
      if case .success(let content) = result {
        if slot.activity.evictionCount > 0 {
          slot.activity.redecodeCount += 1
          budget?.recordRedecode()
        }
        slot.token = admit(content, index: index)
      }
      slots[index] = slot
      return result
    }
    budget?.enforce()
    return kept
  }

  /// What the budget did to the embedded content of the asset at `index` (nil without a
  /// budget or before it was decoded).
  public func embeddedActivity(ofAssetAt index: Int) -> ContentActivity? {
    guard budget != nil else { return nil }
    return embedded.withLock { $0[index]?.activity }
  }

  /// Counts decoded embedded content against the budget; the file's bytes are its source.
  private func admit(_ content: DecodedAsset, index: Int) -> DecodedContentBudget.Token? {
    guard let budget else { return nil }
    let holder = TokenHolder()
    let token = budget.admit(
      byteCount: content.decodedByteCount, retainedByteCount: 0, isEvictable: true
    ) { [weak self] in
      self?.evict(index, holder: holder)
    }
    holder.token = token
    return token
  }

  private func evict(_ index: Int, holder: TokenHolder) {
    embedded.withLock { slots in
      guard var slot = slots[index], slot.token == holder.token,
        case .success(let content) = slot.result
      else { return }
      slot.lingering = content
      slot.result = nil
      slot.token = nil
      slot.activity.evictionCount += 1
      slots[index] = slot
    }
  }
}
