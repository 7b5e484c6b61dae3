import Foundation
import RiveReference

/// Compares a trace made by `TraceRecorder` with the official runtime's reference trace, with
/// the tolerances of the runtime issue: state changes, events, keep-going and the settle frame
/// exactly; values within 1e-4 relative or 1e-3 absolute; colours within ±1 per channel.
enum TraceComparison {
  /// The first difference of each scenario that differs, as readable lines.
  static func differences(reference: [String: Any], produced: [String: Any]) -> [String] {
    var out: [String] = []
    let referenceScenarios = reference["scenarios"] as? [[String: Any]] ?? []
    let producedScenarios = produced["scenarios"] as? [[String: Any]] ?? []
    if referenceScenarios.count != producedScenarios.count {
      out.append(
        "state machine scenarios: \(producedScenarios.count), reference \(referenceScenarios.count)"
      )
    }
    for (expected, actual) in zip(referenceScenarios, producedScenarios) {
      let label = "\(expected["artboard"] ?? "")/\(expected["state_machine"] ?? "")"
      if let difference = compareFrames(
        expected["frames"], actual["frames"], keys: ["keep_going", "state_changes", "events"])
        ?? compareSettled(expected["settled_frame"], actual["settled_frame"])
        ?? compareValues(expected["values"], actual["values"])
      {
        out.append("\(label): \(difference)")
      }
    }
    let referenceAnimations = reference["animation_scenarios"] as? [[String: Any]] ?? []
    let producedAnimations = produced["animation_scenarios"] as? [[String: Any]] ?? []
    if referenceAnimations.count != producedAnimations.count {
      out.append(
        "animation scenarios: \(producedAnimations.count), reference \(referenceAnimations.count)")
    }
    for (expected, actual) in zip(referenceAnimations, producedAnimations) {
      let label = "\(expected["artboard"] ?? "")/animation \(expected["animation"] ?? "")"
      if let difference = compareFrames(
        expected["frames"], actual["frames"], keys: ["keep_going", "did_loop"])
        ?? compareTimes(expected["times"], actual["times"])
        ?? compareValues(expected["values"], actual["values"])
      {
        out.append("\(label): \(difference)")
      }
    }
    return out
  }

  static func scenarioCount(_ trace: [String: Any]) -> (stateMachines: Int, animations: Int) {
    (
      (trace["scenarios"] as? [Any])?.count ?? 0,
      (trace["animation_scenarios"] as? [Any])?.count ?? 0
    )
  }

  private static func compareSettled(_ expected: Any?, _ actual: Any?) -> String? {
    let a = (expected as? NSNumber)?.intValue
    let b = (actual as? NSNumber)?.intValue
    return a == b
      ? nil
      : "settled at \(b.map(String.init) ?? "never"), reference \(a.map(String.init) ?? "never")"
  }

  private static func byFrame(_ value: Any?) -> [Int: [String: Any]] {
    var out: [Int: [String: Any]] = [:]
    for item in value as? [[String: Any]] ?? [] {
      if let frame = (item["frame"] as? NSNumber)?.intValue { out[frame] = item }
    }
    return out
  }

  private static func compareFrames(_ expected: Any?, _ actual: Any?, keys: [String]) -> String? {
    let a = byFrame(expected)
    let b = byFrame(actual)
    for frame in Set(a.keys).union(b.keys).sorted() {
      for key in keys {
        let va = a[frame]?[key]
        let vb = b[frame]?[key]
        if key == "events" {
          if !eventsMatch(va, vb) {
            return "frame \(frame) events: \(describe(vb)), reference \(describe(va))"
          }
        } else if !jsonEqual(va, vb) {
          return "frame \(frame) \(key): \(describe(vb)), reference \(describe(va))"
        }
      }
    }
    return nil
  }

  private static func eventsMatch(_ expected: Any?, _ actual: Any?) -> Bool {
    let a = expected as? [[String: Any]] ?? []
    let b = actual as? [[String: Any]] ?? []
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
      guard x["name"] as? String == y["name"] as? String,
        (x["type_key"] as? NSNumber)?.intValue == (y["type_key"] as? NSNumber)?.intValue
      else { return false }
      let dx = (x["seconds_delay"] as? NSNumber)?.doubleValue ?? 0
      let dy = (y["seconds_delay"] as? NSNumber)?.doubleValue ?? 0
      if abs(dx - dy) > 1e-3 { return false }
    }
    return true
  }

  private static func compareTimes(_ expected: Any?, _ actual: Any?) -> String? {
    let a = expected as? [String: Any] ?? [:]
    let b = actual as? [String: Any] ?? [:]
    for (frame, value) in a.sorted(by: { $0.key < $1.key }) where !close(value, b[frame]) {
      return "time at frame \(frame): \(describe(b[frame])), reference \(describe(value))"
    }
    return nil
  }

  private static func compareValues(_ expected: Any?, _ actual: Any?) -> String? {
    let a = expected as? [String: Any] ?? [:]
    let b = actual as? [String: Any] ?? [:]
    for frame in a.keys.sorted(by: { Int($0) ?? 0 < Int($1) ?? 0 }) {
      let reference = keyed(a[frame])
      let produced = keyed(b[frame])
      for key in reference.keys.sorted(by: { $0.id == $1.id ? $0.key < $1.key : $0.id < $1.id }) {
        guard let value = produced[key] else {
          return "value of object \(key.id) property \(key.key) at frame \(frame) missing"
        }
        if !close(reference[key], value) {
          return
            "object \(key.id) property \(key.key) at frame \(frame): \(describe(value)), reference \(describe(reference[key]))"
        }
      }
      for key in produced.keys where reference[key] == nil {
        return "object \(key.id) property \(key.key) at frame \(frame) not in the reference"
      }
    }
    return nil
  }

  private struct Pair: Hashable {
    var id: Int
    var key: Int
  }

  private static func keyed(_ value: Any?) -> [Pair: Any] {
    var out: [Pair: Any] = [:]
    for item in value as? [[Any]] ?? [] where item.count == 3 {
      guard let id = (item[0] as? NSNumber)?.intValue, let key = (item[1] as? NSNumber)?.intValue
      else { continue }
      out[Pair(id: id, key: key)] = item[2]
    }
    return out
  }

  private static func close(_ expected: Any?, _ actual: Any?) -> Bool {
    if let a = expected as? String, let b = actual as? String {
      if a.hasPrefix("0x"), b.hasPrefix("0x"), let x = UInt32(a.dropFirst(2), radix: 16),
        let y = UInt32(b.dropFirst(2), radix: 16)
      {
        return [0, 8, 16, 24].allSatisfy { shift in
          abs(Int((x >> UInt32(shift)) & 0xFF) - Int((y >> UInt32(shift)) & 0xFF)) <= 1
        }
      }
      return a == b
    }
    if let a = expected as? NSNumber, let b = actual as? NSNumber {
      if isBool(a) || isBool(b) { return isBool(a) && isBool(b) && a.boolValue == b.boolValue }
      let x = a.doubleValue
      let y = b.doubleValue
      return abs(x - y) <= 1e-3 || abs(x - y) <= 1e-4 * max(abs(x), abs(y))
    }
    return (expected == nil || expected is NSNull) && (actual == nil || actual is NSNull)
  }

  private static func isBool(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }

  private static func jsonEqual(_ a: Any?, _ b: Any?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x as NSNumber, let y as NSNumber):
      return isBool(x) == isBool(y) && x == y
    case (let x as String, let y as String): return x == y
    case (let x as [Any], let y as [Any]):
      return x.count == y.count && zip(x, y).allSatisfy { jsonEqual($0, $1) }
    case (let x as [String: Any], let y as [String: Any]):
      return Set(x.keys) == Set(y.keys) && x.keys.allSatisfy { jsonEqual(x[$0], y[$0]) }
    case (is NSNull, is NSNull): return true
    default: return false
    }
  }

  private static func describe(_ value: Any?) -> String {
    guard let value else { return "absent" }
    if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]),
      let text = String(data: data, encoding: .utf8)
    {
      return text
    }
    return "\(value)"
  }
}
