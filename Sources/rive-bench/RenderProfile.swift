import Foundation
import RiveCore
import RiveFormat
import RiveFrames

/// Where a frame's rasterising time goes: each operation of a display list timed as the
/// rasteriser draws it (Cairo draws image surfaces synchronously, so an operation's time is
/// its own), summed by kind (`rive-bench render --profile N`).
struct RenderProfile {
  /// Time and count of one kind of operation.
  struct Entry {
    var milliseconds = 0.0
    var count = 0
  }

  private(set) var entries: [String: Entry] = [:]

  /// Draws `list` into `rasterizer`, timing each operation.
  mutating func replay(_ list: DisplayList, into rasterizer: Rasterizer) {
    // Clips in force at each save level (a path drawn under a clip is composited through
    // Cairo's clip mask).
    var clips = 0
    var saved: [Int] = []
    for operation in list.operations {
      let kind: String
      switch operation {
      case .save:
        saved.append(clips)
        kind = "save/restore/transform"
      case .restore:
        clips = saved.popLast() ?? clips
        kind = "save/restore/transform"
      case .transform, .modulateOpacity: kind = "save/restore/transform"
      case .clipPath:
        clips += 1
        kind = "clip"
      case .drawPath(let path, let paint): kind = Self.kind(path, paint, clips: clips)
      case .drawImage: kind = "image"
      case .drawImageMesh: kind = "image mesh"
      }
      let start = Timing.now()
      rasterizer.draw(operation)
      let elapsed = Double(Timing.now() - start) / 1_000_000
      entries[kind, default: Entry()].milliseconds += elapsed
      entries[kind, default: Entry()].count += 1
    }
  }

  /// `fill`/`stroke`, then what makes it costly: a gradient, a feather, the `clockwise` rule,
  /// a clip in force.
  static func kind(_ path: RenderPath, _ paint: RenderPaint, clips: Int) -> String {
    var parts = [paint.style == .stroke ? "stroke" : "fill"]
    if paint.shader != nil { parts.append("gradient") }
    if paint.feather > 0 { parts.append("feathered") }
    if path.fillRule == .clockwise, paint.style != .stroke { parts.append("clockwise") }
    if clips > 0 { parts.append("clipped") }
    return parts.joined(separator: " ")
  }

  /// The kinds, costliest first, as `kind: N ops, T ms (P %)`.
  func lines() -> [String] {
    let total = entries.values.reduce(0) { $0 + $1.milliseconds }
    return entries.sorted { $0.value.milliseconds > $1.value.milliseconds }.map { kind, entry in
      "\(kind): \(entry.count) ops, \(Timing.format(entry.milliseconds, digits: 2)) ms "
        + "(\(Timing.format(entry.milliseconds / max(total, 1e-9) * 100, digits: 0)) %)"
    }
  }
}

extension RenderProfile {
  /// A feature whose cost `--profile` measures by drawing the frame without it.
  enum Feature: String, CaseIterable {
    /// Gradients painted as their first colour.
    case gradient
    /// Feathers drawn sharp.
    case feather
    /// The `clockwise` rule drawn as `nonZero` (no winding-level masks).
    case clockwise
    /// Clips left out.
    case clip
  }

  /// `list` with `feature` taken out (a diagnostic: the pixels differ).
  static func list(_ list: DisplayList, without feature: Feature) -> DisplayList {
    DisplayList(
      operations: list.operations.compactMap { operation in
        switch (operation, feature) {
        case (.drawPath(let path, var paint), .gradient):
          if case .linear(_, _, _, _, let colors, _)? = paint.shader {
            paint.color = colors.first
          } else if case .radial(_, _, _, let colors, _)? = paint.shader {
            paint.color = colors.first
          }
          paint.shader = nil
          return .drawPath(path, paint)
        case (.drawPath(let path, var paint), .feather):
          paint.feather = 0
          return .drawPath(path, paint)
        case (.drawPath(let path, let paint), .clockwise) where path.fillRule == .clockwise:
          return .drawPath(RenderPath(fillRule: .nonZero, commands: path.commands), paint)
        case (.clipPath, .clip):
          return nil
        default:
          return operation
        }
      })
  }
}
