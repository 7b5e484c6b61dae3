/// An event a state machine reported during an advance (a Rive event fired by a keyframe, a
/// state or transition action, or a listener).
///
/// Upstream's current API has no event type; this mirrors the legacy `RiveEvent`'s members.
public struct StateMachineEvent: Sendable, Equatable {
  /// A custom property's value.
  public enum Property: Sendable, Equatable, Hashable {
    case bool(Bool)
    case string(String)
    case number(Float)
  }

  /// The event's name.
  public var name: String
  /// The event's core type: 128 for a general event, 131 for an open-URL event, 407 for an
  /// audio event.
  public var type: Int
  /// How far before the end of the advance the event fired, in seconds.
  public var delay: Float
  /// The URL of an open-URL event, nil for other events.
  public var url: String?
  /// The target of an open-URL event (`_blank`, `_parent`, `_self`, `_top`), nil for others.
  public var target: String?
  /// The event's named custom properties.
  public var properties: [String: Property]

  /// Describes an event as the core read it.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - type: Its core type key.
  ///   - delay: Seconds before the end of the advance.
  ///   - url: An open-URL event's URL.
  ///   - target: An open-URL event's target.
  ///   - properties: The custom properties.
  public init(
    name: String, type: Int, delay: Float, url: String? = nil, target: String? = nil,
    properties: [String: Property] = [:]
  ) {
    self.name = name
    self.type = type
    self.delay = delay
    self.url = url
    self.target = target
    self.properties = properties
  }
}
