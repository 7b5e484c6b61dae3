import Foundation
import RiveCore
import RiveFixtures

/// `rive-bench fixtures`: writes seeded random writer-made files (or, with `--named`, the
/// writer-made files that isolate one behaviour each), for differential runs against another
/// implementation: play them with `rive-assets trace --json` or `render --ops-json` and with
/// the other implementation, and compare. Nothing here compares.
enum FixtureWriter {
  /// The files `--named` writes: each isolates a behaviour checked against the official
  /// runtime.
  static let named: [(name: String, data: @Sendable () -> Data)] = [
    ("keyframe-binds", { KeyFrameBindFixture.data() }),
    ("keyframe-binds-unbound", { KeyFrameBindFixture.data(bound: false) }),
    ("binding", { BindingFixture.data }),
    ("nested-remap", { NestedRemapFixture.data() }),
    ("nested-remap-both-key-time", { NestedRemapFixture.data(othersKeyTime: true) }),
    ("nested-remap-reversed", { NestedRemapFixture.data(othersKeyTime: true, reversed: true) }),
    ("nested-input-state-action", { NestedInputActionFixture.data(route: .stateAction) }),
    ("nested-input-event-listener", { NestedInputActionFixture.data(route: .eventListener) }),
    ("nested-input-transition-mix", { NestedInputActionFixture.transitionData() }),
  ]

  /// The layout files (``LayoutFixture/catalog(font:)``), their text ones with DejaVu Sans
  /// when fontconfig finds it.
  static func layoutFiles() -> [(name: String, data: Data)] {
    let font = (try? SystemFontLookup.locate(family: "DejaVu Sans")).flatMap {
      try? Data(contentsOf: URL(fileURLWithPath: $0.path))
    }
    return LayoutFixture.catalog(font: font.map { Array($0) })
  }

  static func run(arguments: [String]) -> Int32 {
    var seed: UInt64 = 1
    var count = 100
    var output: String?
    var features = RandomMachineFixture.Features.all
    var writesNamed = false
    var textFont: String?
    var overflowFont: String?
    var scripted = false
    var index = 0
    while index < arguments.count {
      let value = index + 1 < arguments.count ? arguments[index + 1] : nil
      switch arguments[index] {
      case "--seed": seed = value.flatMap(UInt64.init) ?? seed
      case "--count": count = max(0, value.flatMap(Int.init) ?? count)
      case "--out": output = value
      case "--named":
        writesNamed = true
        index += 1
        continue
      case "--scripted":
        scripted = true
        index += 1
        continue
      case "--text-axes":
        textFont = value
      case "--text-overflow":
        overflowFont = value
      case "--features":
        features = []
        for name in (value ?? "").split(separator: ",") {
          switch name {
          case "nested": features.insert(.nested)
          case "actions": features.insert(.listenerActions)
          case "custom": features.insert(.customProperties)
          case "binding": features.insert(.dataBinding)
          case "nested-animations": features.insert(.nestedAnimations)
          case "state-speeds": features.insert(.stateSpeeds)
          case "nested-actions": features.insert(.nestedInputActions)
          case "none": break
          default:
            FileHandle.standardError.write(Data("fixtures: unknown feature \(name)\n".utf8))
            return 2
          }
        }
      case "--help", "-h":
        print(
          """
          USAGE: rive-bench fixtures --out DIR [--seed S] [--count N]
                 [--features nested,actions,custom,binding,nested-animations,state-speeds,
                  nested-actions|none]
                 rive-bench fixtures --out DIR --named
                 rive-bench fixtures --out DIR --text-axes FONT [--seed S] [--count N]
                 rive-bench fixtures --out DIR --text-overflow FONT [--scripted] [--seed S]
                 [--count N]

            Writes N seeded random state-machine files (RandomMachineFixture, seeds S…S+N-1)
            as DIR/machine-<seed>.riv; with --named, the writer-made files that each isolate
            one behaviour (\(named.map(\.name).joined(separator: ", ")), and the layout-*
            files of LayoutFixture.catalog) as DIR/<name>.riv; with --text-axes, N seeded
            random texts in the variable font FONT at random axis values (RandomTextFixture)
            as DIR/text-<seed>.riv; with --text-overflow, N texts in FONT whose box of random
            sizing and overflow gets more words than it holds at frame 1, 29 or 30
            (RandomTextFixture.overflowChangeData) as DIR/overflow-<seed>.riv, and the same
            in layouts as DIR/overflow-layout-<seed>.riv; with --scripted too, the same files
            without the animation, each with the input script that makes its change
            (DIR/<name>.json: the run "\(RandomTextFixture.scriptedRunName)" set at that frame).
          """)
        return 0
      default:
        FileHandle.standardError.write(Data("unknown option \(arguments[index])\n".utf8))
        return 2
      }
      index += 2
    }
    guard let output else {
      FileHandle.standardError.write(Data("fixtures: --out DIR is required\n".utf8))
      return 2
    }
    do {
      try FileManager.default.createDirectory(
        atPath: output, withIntermediateDirectories: true)
      if writesNamed {
        let files = named.map { ($0.name, $0.data()) } + layoutFiles()
        for (name, data) in files {
          try data.write(to: URL(fileURLWithPath: output).appendingPathComponent(name + ".riv"))
        }
        print("wrote \(files.count) files to \(output)")
        return 0
      }
      let font = try textFont.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
      let overflow = try overflowFont.map {
        Array(try Data(contentsOf: URL(fileURLWithPath: $0)))
      }
      for offset in 0..<UInt64(count) {
        let fileSeed = seed &+ offset
        if let overflow {
          let changes = [
            (
              "overflow-\(fileSeed)",
              try RandomTextFixture.overflowChange(
                seed: fileSeed, font: overflow, scripted: scripted)
            ),
            (
              "overflow-layout-\(fileSeed)",
              try RandomTextFixture.overflowChangeInLayout(
                seed: fileSeed, font: overflow, scripted: scripted)
            ),
          ]
          for (name, change) in changes {
            let base = URL(fileURLWithPath: output).appendingPathComponent(name)
            try change.data.write(to: base.appendingPathExtension("riv"))
            if scripted {
              try change.script.write(to: base.appendingPathExtension("json"))
            }
          }
          continue
        }
        if let font {
          try RandomTextFixture.data(seed: fileSeed, font: font).write(
            to: URL(fileURLWithPath: output).appendingPathComponent("text-\(fileSeed).riv"))
          continue
        }
        try RandomMachineFixture.data(seed: fileSeed, features: features).write(
          to: URL(fileURLWithPath: output).appendingPathComponent("machine-\(fileSeed).riv"))
      }
    } catch {
      FileHandle.standardError.write(Data("fixtures: \(output): \(error)\n".utf8))
      return 1
    }
    print("wrote \(count) files to \(output)")
    return 0
  }
}
