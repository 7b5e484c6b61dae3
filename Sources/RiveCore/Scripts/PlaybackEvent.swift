@_spi(RiveFormatInternals) import RiveFormat

/// An event a state machine reported while a player played, with the time it fired: what
/// `rive-assets record` mixes into a video's audio track and `trace --script` prints.
public struct PlaybackEvent: Sendable, Equatable {
  /// Seconds after the first frame at which the event fired (the end of the advance that
  /// reported it, less its delay).
  public var time: Double
  /// The event's name.
  public var name: String
  /// Its core type key: 128 for a plain event, 131 for an open-URL event, 407 for an audio
  /// event.
  public var typeKey: UInt16
  /// For an audio event, the index of the audio asset it plays in the file's asset list
  /// (`RiveDocument.assets`); nil for other events and for an audio event without an asset.
  public var audioAsset: Int?

  /// Describes a fired event.
  public init(time: Double, name: String, typeKey: UInt16, audioAsset: Int? = nil) {
    self.time = time
    self.name = name
    self.typeKey = typeKey
    self.audioAsset = audioAsset
  }

  /// The core type key of an audio event.
  public static let audioEventTypeKey = UInt16(TypeKey.audioEvent)

  /// The events `machine` reported in its last advance, which ended at `end` seconds, as
  /// `artboard` describes them.
  ///
  /// - Parameters:
  ///   - machine: The state machine, just advanced.
  ///   - artboard: The artboard it plays.
  ///   - end: Seconds after the first frame at the end of that advance.
  /// - Returns: The events, in the order they were reported.
  public static func reported(
    by machine: StateMachineInstance, in artboard: ArtboardInstance, endingAt end: Double
  ) -> [PlaybackEvent] {
    machine.events.map { report in
      let description = artboard.describeEvent(report.objectID)
      let delay = report.secondsDelay.isFinite ? Double(max(0, report.secondsDelay)) : 0
      return PlaybackEvent(
        time: max(0, end - delay), name: description.name, typeKey: description.typeKey,
        audioAsset: artboard.audioAssetIndex(ofEvent: report.objectID))
    }
  }
}

extension ArtboardInstance {
  /// The file asset an audio event plays: its `assetId`, an index in the file's asset list;
  /// nil when `id` is not an audio event or names no asset.
  ///
  /// - Parameter id: The event's artboard-local id (``ReportedEvent/objectID``).
  /// - Returns: The asset's index in `RiveDocument.assets`.
  public func audioAssetIndex(ofEvent id: Int) -> Int? {
    guard id >= 0, id < model.types.count, model.isA(id, TypeKey.audioEvent),
      case .uint(let asset)? = value(of: id, property: PropertyKey.audioEventAssetId),
      asset != UInt32.max
    else { return nil }
    return Int(asset)
  }
}
