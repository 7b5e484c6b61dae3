import Foundation
import RiveLegacy

/// Records a player's delegate calls as short strings, in order.
final class PlayerRecorder: RivePlayerDelegate, RiveStateMachineDelegate {
  var events: [String] = []

  func count(_ prefix: String) -> Int { events.filter { $0.hasPrefix(prefix) }.count }

  func player(playedWithModel riveModel: RiveModel?) { events.append("played") }
  func player(pausedWithModel riveModel: RiveModel?) { events.append("paused") }
  func player(loopedWithModel riveModel: RiveModel?, type: Int) { events.append("looped \(type)") }
  func player(stoppedWithModel riveModel: RiveModel?) { events.append("stopped") }
  func player(didAdvanceby seconds: Double, riveModel: RiveModel?) {
    events.append("advanced \(seconds)")
  }
}
