import RiveFormat

/// The one timeline of every scripted player in the package: how far to advance, and when to
/// apply the script's events, to reach a time.
///
/// The clock does not play anything itself; it says what to do, and each player does it with
/// its own API (``ArtboardPlayback`` for files played from their bytes: `rive-assets`, golden
/// frames and recordings of files; a current-API `Rive`; a legacy `RiveViewModel`), so all of
/// them play a script the same way. Without a script it is the player's plain clock too
/// (``ArtboardPlayback/play(to:)``): one time stepper for every player.
///
/// - ``Step/start``: the first frame, an advance of 0 s (before anything else);
/// - ``Step/advance(_:)``: an advance of at most ``stepSeconds`` (the script's `dt`, else
///   1/60 s), cut short where an event falls (a `cut` event is one that does nothing else) or
///   where the time asked for is reached;
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

  /// A clock without events whose player has played `time` seconds already (nil: nothing
  /// yet): what a player's plain playback steps with.
  ///
  /// - Parameter time: The seconds played, or nil.
  public init(resumingAt time: Double?) {
    script = .empty
    self.time = time
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
    while let step = nextStep(to: target) { steps.append(step) }
    return steps
  }

  /// The next of the steps ``steps(to:)`` lists, or nil when the player has reached `target`
  /// (the clock stands after the step it returns): the one time stepper of every player.
  ///
  /// - Parameter target: Seconds from the first frame.
  /// - Returns: The step, or nil.
  public mutating func nextStep(to target: Double) -> Step? {
    guard let played = time else {
      time = 0
      return .start
    }
    if next < script.events.count, script.events[next].time <= played + 1e-9 {
      next += 1
      return .apply(script.events[next - 1])
    }
    let eventTime = next < script.events.count ? script.events[next].time : .infinity
    let stop = min(target, eventTime)
    guard played + 1e-9 < stop else { return nil }
    // A hair of slack so that 0.5 s is 30 steps, not 29 and a sliver.
    let step = min(stepSeconds, stop - played)
    var now = played + step
    if stop - now < 1e-9 { now = stop }
    time = now
    return .advance(Float(step))
  }
}
