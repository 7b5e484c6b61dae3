import Foundation
import RiveCore
import RiveFormat

/// An event a state machine reported (upstream's `RiveEvent`): read it in
/// `RiveStateMachineDelegate.onRiveEventReceived(onRiveEvent:)` or with
/// ``RiveStateMachineInstance/reportedEvent(at:)``.
///
/// ``RiveGeneralEvent`` is a plain event, ``RiveOpenUrlEvent`` one that opens a URL.
public class RiveEvent {
  let description: EventDescription
  private let secondsDelay: Float

  init(description: EventDescription, delay: Float) {
    self.description = description
    secondsDelay = delay
  }

  /// Makes the right subclass for an event object.
  static func make(_ description: EventDescription, delay: Float) -> RiveEvent {
    description.isOpenURL
      ? RiveOpenUrlEvent(description: description, delay: delay)
      : RiveGeneralEvent(description: description, delay: delay)
  }

  /// The event's name.
  public func name() -> String { description.name }

  /// The event's core type: 128 for a general event, 131 for an open-URL event, 407 for an
  /// audio event.
  public func type() -> Int { Int(description.typeKey) }

  /// How far before the end of the advance the event fired, in seconds.
  public func delay() -> Float { secondsDelay }

  /// The event's named custom properties: `Bool`, `String` or `Float` values (as upstream's
  /// `NSNumber` and `NSString` values); empty when it has none.
  public func properties() -> [String: Any] {
    var result: [String: Any] = [:]
    for (name, value) in description.customProperties {
      switch value {
      case .bool(let flag): result[name] = flag
      case .string(let text): result[name] = text
      case .number(let number): result[name] = number
      }
    }
    return result
  }
}

/// A plain Rive event.
public final class RiveGeneralEvent: RiveEvent {}

/// A Rive event that asks the app to open a URL.
public final class RiveOpenUrlEvent: RiveEvent {
  /// The URL.
  public func url() -> String { description.url ?? "" }

  /// Where to open it: `_blank`, `_parent`, `_self` or `_top`.
  public func target() -> String { description.target ?? "" }
}
