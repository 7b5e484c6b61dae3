import RiveCore

/// The values a view-model instance (and the nested instances seen through it) was given,
/// keyed by full property path, plus its dirty-stream subscribers.
@MainActor
final class ViewModelInstanceStorage {
  /// A value given to a string, number, boolean, color or enum property.
  enum Value: Equatable {
    case string(String)
    case number(Float)
    case boolean(Bool)
    case color(Color)
    case enumValue(String)
  }

  /// What an image, font or blob property was given.
  enum AssetBinding {
    /// Content assigned through data binding.
    case content(DecodedAsset)
    /// `nil` was assigned: the property shows nothing.
    case cleared
  }

  var values: [String: Value] = [:]
  var assets: [String: AssetBinding] = [:]
  var artboards: [String: Artboard?] = [:]
  var nested: [String: ViewModelInstance] = [:]
  var triggerCounts: [String: Int] = [:]
  private var subscribers: [Int: AsyncStream<Void>.Continuation] = [:]
  private var nextSubscriber = 0

  nonisolated init() {}

  /// Ends every dirty stream when the last instance sharing this storage goes away.
  isolated deinit {
    for continuation in subscribers.values { continuation.finish() }
  }

  /// A stream that yields once per applied mutation, until the consumer stops.
  func subscribe() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    let id = nextSubscriber
    nextSubscriber += 1
    subscribers[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.subscribers[id] = nil }
    }
    return stream
  }

  /// Tells every subscriber that a value changed.
  func markDirty() {
    for continuation in subscribers.values { continuation.yield() }
  }
}
