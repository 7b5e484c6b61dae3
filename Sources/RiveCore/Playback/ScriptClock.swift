@_spi(RiveFormatInternals) import RiveFormat

/// The one timeline of every scripted player in the package: how far to advance, and when to
/// apply the script's events, to reach a time.
///
/// The clock does not play anything itself; it says what to do, and each player does it with
/// its own API (the core's `ArtboardPlayer` for `rive-assets` and snapshot tests of files, a
/// current-API `Rive`, a legacy `RiveViewModel`), so all of them play a script the same way:
///
/// - ``Step/start``: the first frame, an advance of 0 s (before anything else);
/// - ``Step/advance(_:)``: an advance of at most ``stepSeconds`` (the script's `dt`, else
///   1/60 s, as `ArtboardPlayer` steps), cut short where an event falls (a `cut` event is one
///   that does nothing else) or where the time asked for is reached;
/// - ``Step/apply(_:)``: an event of the script, at its time, in the script's order.
///
/// Events at the time asked for are applied before ``steps(to:)`` returns, so a frame drawn
/// at a time comes after the events of that time (what they change shows from the next
/// advance).
public struct ScriptClock: Sendable {
  /// What a player does next.
  public enum Step: Sendable, Equatable {
    /// The first frame: an advance of 0 s.
    case start
    /// An advance of this many seconds.
    case advance(Float)
    /// An event of the script.
    case apply(InputScript.Event)
  }

  /// The longest advance when the script sets none: one frame, ``ArtboardPlayback/frameSeconds``.
  public static let step = ArtboardPlayback.frameSeconds

  /// The longest advance of this clock: the script's `dt`, else ``step``.
  public var stepSeconds: Double { script.settings.step ?? Self.step }

  /// The script played.
  public let script: InputScript
  /// The seconds played so far (nil before ``Step/start``).
  public private(set) var time: Double?
  /// The index of the next event to apply.
  private var next = 0

  /// A clock at the start of `script`.
  public init(script: InputScript = .empty) {
    self.script = script
  }

  /// Whether every event has been applied.
  public var isFinished: Bool { next >= script.events.count }

  /// The steps that take the player from where it is to `target` seconds: the start if it has
  /// not started, advances of at most ``stepSeconds``, and every event up to and including
  /// `target`.
  /// A time already passed (or reached) asks only for the events not yet applied at or before it.
  ///
  /// - Parameter target: Seconds from the first frame.
  /// - Returns: The steps, in order.
  public mutating func steps(to target: Double) -> [Step] {
    var steps: [Step] = []
    var played: Double
    if let time {
      played = time
    } else {
      steps.append(.start)
      played = 0
    }
    while true {
      while next < script.events.count, script.events[next].time <= played + 1e-9 {
        steps.append(.apply(script.events[next]))
        next += 1
      }
      let eventTime = next < script.events.count ? script.events[next].time : .infinity
      let stop = min(target, eventTime)
      guard played + 1e-9 < stop else { break }
      // A hair of slack so that 0.5 s is 30 steps, not 29 and a sliver (as ArtboardPlayer).
      while played + 1e-9 < stop {
        let step = min(stepSeconds, stop - played)
        steps.append(.advance(Float(step)))
        played += step
        if stop - played < 1e-9 { played = stop }
      }
    }
    time = max(played, time ?? 0)
    return steps
  }
}
