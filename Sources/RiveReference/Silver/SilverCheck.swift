import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// What a file holds that the package's runtime does not run yet, read from its content: Luau
/// scripts, layout components, scroll constraints.
public struct SilverFileTraits: Sendable, Hashable {
  /// The file carries script assets (Luau scripts or script modules).
  public var hasScripts: Bool
  /// An artboard holds a layout component (other than the artboard itself), a nested artboard
  /// placed by layout, or an artboard list whose items its parent lays out (a list under a
  /// layout component or directly under an artboard, which is one).
  public var hasLayout: Bool
  /// An artboard holds a scroll constraint.
  public var hasScroll: Bool
  /// The artboards that hold a scroll constraint, by name, in file order.
  public var scrollArtboards: [String]

  public init(
    hasScripts: Bool, hasLayout: Bool, hasScroll: Bool, scrollArtboards: [String] = []
  ) {
    self.hasScripts = hasScripts
    self.hasLayout = hasLayout
    self.hasScroll = hasScroll
    self.scrollArtboards = scrollArtboards
  }

  /// Reads the traits of `file`.
  public init(file: RuntimeFile) {
    hasScripts = file.document.assets.contains { $0.kind == .script || $0.kind == .scriptModule }
    hasLayout = file.artboards.contains { artboard in
      artboard.hasObject(ofType: TypeKey.layoutComponent, excluding: TypeKey.artboard)
        || artboard.hasObject(ofType: TypeKey.nestedArtboardLayout)
        || artboard.hasObject(ofType: TypeKey.artboardComponentList, under: TypeKey.layoutComponent)
    }
    scrollArtboards = file.artboards.filter { $0.hasObject(ofType: TypeKey.scrollConstraint) }
      .map(\.name)
    hasScroll = !scrollArtboards.isEmpty
  }

  /// Whether the file has none of scripts, layout and scroll constraints.
  public var isFullyRun: Bool { !hasScripts && !hasLayout && !hasScroll }

  /// Whether the package's runtime runs everything the file holds but scroll constraints
  /// (issue 47): layout is solved and text laid out, so only Luau scripts are out of reach.
  /// Silvers of such files must match unless a known cause is listed for them.
  public var isRunWithoutScripts: Bool { !hasScripts }

  /// The traits, as a report names them (`layout, scroll in "List"`), or `none`.
  public var summary: String {
    let scroll = "scroll in " + scrollArtboards.map { "\"\($0)\"" }.joined(separator: ", ")
    let names = [(hasScripts, "scripting"), (hasLayout, "layout"), (hasScroll, scroll)]
      .filter(\.0).map(\.1)
    return names.isEmpty ? "none" : names.joined(separator: ", ")
  }
}

/// Why a silver does not match, as the report groups misses.
public enum SilverMissCategory: String, Sendable, CaseIterable, Comparable {
  /// The file carries Luau scripts, which the package does not run.
  case scripting
  /// The file has layout components (and no scripts, and no artboard played holds a scroll
  /// constraint): a layout, text or hit-test defect of the package's runtime.
  case layout
  /// An artboard played holds a scroll constraint, which the package does not apply yet
  /// (issue 47).
  case scroll
  /// The scenario needs something the shared corpus or the package does not have (a file or
  /// asset the test loaded from elsewhere, a test-only hook).
  case unplayable
  /// None of the above: a harness error or a runtime defect, to investigate.
  case other

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// One silver played and compared.
public struct SilverOutcome: Sendable {
  public var silver: String
  public var file: String
  public var traits: SilverFileTraits?
  /// The first difference (nil when the silver matched or could not be played).
  public var difference: DrawDifference?
  /// Why the scenario could not be played, if it could not.
  public var playError: String?
  public var expectedFrames: Int
  public var foundFrames: Int
  /// The scenario's note, if any.
  public var note: String?
  /// The calls around the first difference on both sides, one line each (when asked for).
  public var context: [String] = []
  /// Every frame that differs, by index (when the context was asked for).
  public var differingFrames: [Int] = []
  /// The artboards played (the scenario's and those it nested or listed), by name.
  public var playedArtboards: [String] = []

  /// The artboards played that hold a scroll constraint.
  public var scrollingArtboards: [String] {
    traits?.scrollArtboards.filter { playedArtboards.contains($0) } ?? []
  }

  /// Whether the package drew what the silver recorded.
  public var matched: Bool { difference == nil && playError == nil }

  /// Why it missed (nil when it matched): scripting when the file has Luau scripts, else
  /// unplayable when the scenario cannot be played, else scroll when an artboard played holds
  /// a scroll constraint, else layout when the file has layout components, else other.
  public var category: SilverMissCategory? {
    guard !matched else { return nil }
    if traits?.hasScripts == true { return .scripting }
    if playError != nil { return .unplayable }
    if !scrollingArtboards.isEmpty { return .scroll }
    if traits?.hasLayout == true { return .layout }
    return .other
  }

  /// `frame 3, op 17: …` or the play error.
  public var reason: String {
    if let playError { return "cannot play: \(playError)" }
    return difference?.description ?? "matched"
  }
}

/// Plays scenarios and compares them with their silvers.
public enum SilverCheck {
  /// Plays `scenario` on `file` and compares the frames with `silver`.
  ///
  /// - Parameters:
  ///   - scenario: How the silver was played.
  ///   - silver: The silver, decoded.
  ///   - file: The scenario's file, parsed.
  ///   - tolerance: How close numbers must be.
  ///   - context: How many calls before and after the first difference to list in
  ///     ``SilverOutcome/context``.
  /// - Returns: The outcome.
  public static func run(
    _ scenario: SilverScenario, silver: SilverRecording, file: RuntimeFile,
    tolerance: DrawTolerance = .standard, context: Int = 0
  ) -> SilverOutcome {
    var outcome = SilverOutcome(
      silver: scenario.silver, file: scenario.file, traits: SilverFileTraits(file: file),
      difference: nil, playError: nil, expectedFrames: silver.frames.count, foundFrames: 0,
      note: scenario.note)
    let playback: SilverPlayer.Playback
    do throws(SilverPlayError) {
      playback = try SilverPlayer.play(scenario, file: file)
    } catch {
      outcome.playError = error.description
      return outcome
    }
    outcome.foundFrames = playback.frames.count
    outcome.playedArtboards = playback.artboards
    if silver.frameSize != playback.frameSize {
      outcome.difference = DrawDifference(
        frame: nil, operation: nil, subject: "frame size",
        expected: silver.frameSize?.description ?? "none",
        found: playback.frameSize?.description ?? "none")
      return outcome
    }
    outcome.difference = DrawComparison.firstDifference(
      expected: silver.frames.map(\.displayList), found: playback.frames, tolerance: tolerance)
    if context > 0 {
      let expected = silver.frames.map(\.displayList)
      outcome.differingFrames = (0..<min(expected.count, playback.frames.count)).filter { index in
        DrawComparison.firstDifference(
          expected: expected[index], found: playback.frames[index], tolerance: tolerance) != nil
      }
    }
    if context > 0, let difference = outcome.difference, let frame = difference.frame,
      let operation = difference.operation, frame < silver.frames.count,
      frame < playback.frames.count
    {
      let range = max(0, operation - context)...(operation + context)
      for (side, list) in [
        ("expected", silver.frames[frame].displayList), ("found", playback.frames[frame]),
      ] {
        for index in range where index < list.count {
          outcome.context.append(
            "\(side) \(index): " + DrawComparison.summary(list[index]))
        }
      }
    }
    return outcome
  }

  /// Reads the scenario's file from the first folder that has it, plays it and compares it
  /// with the silver file.
  ///
  /// - Parameters:
  ///   - scenario: How the silver was played.
  ///   - silverURL: The `.sriv` file.
  ///   - corpora: Folders to find the scenario's `.riv` file in, in order.
  ///   - tolerance: How close numbers must be.
  ///   - context: How many calls around the first difference to list.
  /// - Returns: The outcome (a silver or file that cannot be read is a play error).
  public static func run(
    _ scenario: SilverScenario, silverURL: URL, corpora: [URL],
    tolerance: DrawTolerance = .standard, context: Int = 0
  ) -> SilverOutcome {
    func failed(_ message: String) -> SilverOutcome {
      SilverOutcome(
        silver: scenario.silver, file: scenario.file, traits: nil, difference: nil,
        playError: message, expectedFrames: 0, foundFrames: 0, note: scenario.note)
    }
    let recording: SilverRecording
    do throws(SilverStreamError) {
      recording = try SilverStream.decode(contentsOf: silverURL)
    } catch {
      return failed("\(silverURL.lastPathComponent): \(error)")
    }
    guard
      let url = corpora.map({ $0.appendingPathComponent(scenario.file) }).first(where: {
        FileManager.default.fileExists(atPath: $0.path)
      })
    else {
      return failed("\(scenario.file) is in none of the corpus folders")
    }
    let file: RuntimeFile
    do throws(RiveError) {
      file = try RuntimeFile(contentsOf: url)
    } catch {
      return failed("\(scenario.file): \(error)")
    }
    var outcome = run(
      scenario, silver: recording, file: file, tolerance: tolerance, context: context)
    outcome.expectedFrames = recording.frames.count
    return outcome
  }
}
