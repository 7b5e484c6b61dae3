import Foundation
import RiveCore

/// How one silver was played: which file, artboard and state machine, what was bound, and the
/// steps in order (advances, draws, frame ends, and input-script actions between them).
///
/// A scenario file is JSON:
///
/// ```json
/// { "format": 1, "scenarios": [
///   { "silver": "bankcard", "file": "bankcard.riv", "stateMachine": 0,
///     "steps": [
///       { "bind": 0 }, { "advance": 0.1 }, "draw",
///       { "repeat": 20, "steps": ["frame", { "advance": 0.1 }, "draw"] }
///     ] }
/// ] }
/// ```
///
/// Scenario keys: `silver` (the silver's name), `file` (the `.riv` file's name in the corpus),
/// `artboard` (a name, `{"index": N}`, or absent for the file's first artboard),
/// `stateMachine` (an index, a name, `"default"` for the artboard's default state machine, or
/// null for none: the artboard advances alone; 0 when absent) or `animation` (a linear
/// animation's name, played instead of a state machine), `frameSize` (`[width, height]`, `"artboard"`
/// for the artboard's own size, the default, or null when the test set none), `steps`, and
/// optionally `unplayable` (why the package cannot play it: a file or asset the test used that
/// the corpus does not have, a test hook the package has no counterpart for) and `note`.
///
/// Steps: `{"advance": S}` advances the state machine (or the artboard) by S seconds and
/// applies it; `{"advanceArtboard": S}` advances the artboard alone; `"draw"` draws the artboard into the current frame; `"frame"` ends the frame;
/// `{"queueRandom": V}` queues V for a later random draw (draws take queued values, then 0, as
/// the test build's random provider);
/// `{"repeat": N, "steps": [...]}` does the steps N times; `{"bind": CHOICE}` binds an instance
/// of the artboard's view model (`CHOICE` as an input script's `instance`: a name, an index,
/// `{"default": true}`, `{"blank": true}`, or `false` to bind nothing), optionally of another
/// view model (`"viewModel": NAME`) and with `"values"` (view-model events, without times)
/// written into the instance before it is bound, as a test sets values on an instance it has
/// not bound yet (and list edits); when the instance is not there (no view model, no such authored instance),
/// nothing is bound, as the runtime binds a null instance. A pointer step may take its
/// position from the bound instance (`"x": {"viewModel": PATH}`, the same for `y`), as a test
/// that reads where to press from its view model. Any other step is an input-script event
/// without `time` (see `InputScript.Event`).
public struct SilverScenario: Sendable {
  /// Which artboard plays.
  public enum ArtboardChoice: Sendable, Equatable {
    /// The file's first artboard (the runtime's `artboardDefault`).
    case first
    case named(String)
    case index(Int)
  }

  /// Which state machine drives the artboard.
  public enum MachineChoice: Sendable, Equatable {
    case index(Int)
    case named(String)
    /// The artboard's default state machine (none when it names none).
    case `default`
    /// None: the artboard advances alone.
    case none
    /// No state machine: the linear animation of this name plays.
    case animation(String)
  }

  /// The frame size the test gave the silver.
  public enum FrameSizeChoice: Sendable, Equatable {
    /// The artboard's size when it was made.
    case artboard
    case size(width: Int, height: Int)
    /// The test set none.
    case none
  }

  /// One step.
  public indirect enum Step: Sendable, Equatable {
    case advance(Float)
    /// Advances the artboard alone (its own animations and nested artboards, no state
    /// machine), as a test that calls the artboard's `advance`.
    case advanceArtboard(Float)
    /// Queues a value for a later random draw, as a test's `RandomProvider::addRandomValue`
    /// (draws take queued values first, then 0, as the official test build's).
    case queueRandom(Float)
    /// A pointer event at a position read from the bound view-model instance's number
    /// properties at that moment.
    case pointerAtValues(PointerEventKind, xPath: String, yPath: String, id: Int)
    /// A pointer event with the time stamp the test gives it (`"timeStamp": S`); a pointer
    /// step without one is stamped 0, as the runtime's pointer calls default to.
    case stampedPointer(PointerEventKind, x: Float, y: Float, id: Int, timeStamp: Float)
    case draw
    case frame
    case repeatSteps(Int, [Step])
    /// Binds an instance (nil choice: nothing) of the view model named (nil: the artboard's),
    /// with values written first.
    case bind(ViewModelInstanceChoice?, viewModel: String?, values: [InputScript.Action])
    case action(InputScript.Action)
  }

  public var silver: String
  public var file: String
  public var artboard: ArtboardChoice
  public var stateMachine: MachineChoice
  public var frameSize: FrameSizeChoice
  public var steps: [Step]
  /// Why the package cannot play this scenario, if it cannot.
  public var unplayable: String?
  public var note: String?

  public init(
    silver: String, file: String, artboard: ArtboardChoice = .first,
    stateMachine: MachineChoice = .index(0), frameSize: FrameSizeChoice = .artboard,
    steps: [Step], unplayable: String? = nil, note: String? = nil
  ) {
    self.silver = silver
    self.file = file
    self.artboard = artboard
    self.stateMachine = stateMachine
    self.frameSize = frameSize
    self.steps = steps
    self.unplayable = unplayable
    self.note = note
  }

  /// The number of steps once repeats are unrolled.
  public var unrolledStepCount: Int {
    func count(_ steps: [Step]) -> Int {
      steps.reduce(0) { total, step in
        if case .repeatSteps(let times, let inner) = step { return total + times * count(inner) }
        return total + 1
      }
    }
    return count(steps)
  }
}

/// Why a scenario file could not be read: the scenario (by position and silver name) and what
/// is wrong.
public struct SilverScenarioError: CodedError, Sendable, Equatable {
  /// The category: a scenario file has one kind of failure.
  public enum Code: String, Hashable, Sendable, CustomStringConvertible {
    /// The file, or a scenario in it, is not the documented shape.
    case invalidScenario

    public var description: String { rawValue }
  }

  /// ``Code/invalidScenario``.
  public var code: Code { .invalidScenario }
  public var scenario: Int?
  public var silver: String?
  public var message: String

  public init(scenario: Int? = nil, silver: String? = nil, message: String) {
    self.scenario = scenario
    self.silver = silver
    self.message = message
  }

  /// The scenario (counted from 1) and its silver's name, when known.
  public var place: String? {
    var parts: [String] = []
    if let scenario { parts.append("scenario \(scenario + 1)") }
    if let silver { parts.append("\"\(silver)\"") }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  public var description: String { (place.map { "\($0): " } ?? "") + message }
}

extension SilverScenario {
  /// The longest repeat and the most unrolled steps a scenario may have.
  static let maximumRepeat = 100_000
  static let maximumSteps = 1_000_000

  /// Reads a scenario file.
  ///
  /// - Parameter json: The file's bytes.
  /// - Returns: The scenarios, in file order.
  /// - Throws: ``SilverScenarioError`` naming the scenario and the key.
  public static func scenarios(json: Data) throws(SilverScenarioError) -> [SilverScenario] {
    let root: ScriptJSON
    do {
      root = try JSONDecoder().decode(ScriptJSON.self, from: json)
    } catch {
      throw SilverScenarioError(message: "not JSON: \(error)")
    }
    guard case .object(let members) = root, case .number(1)? = members["format"],
      case .array(let list)? = members["scenarios"]
    else {
      throw SilverScenarioError(message: "a scenario file is {\"format\": 1, \"scenarios\": [...]}")
    }
    var scenarios: [SilverScenario] = []
    var names: Set<String> = []
    for (index, item) in list.enumerated() {
      let scenario = try parse(item, index: index)
      guard names.insert(scenario.silver).inserted else {
        throw SilverScenarioError(
          scenario: index, silver: scenario.silver, message: "a second scenario of this silver")
      }
      scenarios.append(scenario)
    }
    return scenarios
  }

  private static func parse(_ item: ScriptJSON, index: Int) throws(SilverScenarioError)
    -> SilverScenario
  {
    guard case .object(let members) = item else {
      throw SilverScenarioError(scenario: index, message: "a scenario is an object")
    }
    guard case .string(let silver)? = members["silver"], !silver.isEmpty else {
      throw SilverScenarioError(scenario: index, message: "'silver' needs the silver's name")
    }
    func failure(_ message: String) -> SilverScenarioError {
      SilverScenarioError(scenario: index, silver: silver, message: message)
    }
    let known: Set<String> = [
      "silver", "file", "artboard", "stateMachine", "animation", "frameSize", "steps",
      "unplayable", "note",
    ]
    let unknown = members.keys.filter { !known.contains($0) }.sorted()
    guard unknown.isEmpty else {
      throw failure("unknown key " + unknown.map { "'\($0)'" }.joined(separator: ", "))
    }
    guard case .string(let file)? = members["file"], file.hasSuffix(".riv"),
      !file.contains("/")
    else {
      throw failure("'file' needs a .riv file's name")
    }
    var scenario = SilverScenario(silver: silver, file: file, steps: [])
    switch members["artboard"] {
    case nil: break
    case .string(let name)?: scenario.artboard = .named(name)
    case .object(let fields)?:
      guard fields.count == 1, case .number(let number)? = fields["index"],
        number == number.rounded(), number >= 0, number < 1e6
      else { throw failure("'artboard' is a name or {\"index\": N}") }
      scenario.artboard = .index(Int(number))
    case let other?:
      throw failure("'artboard' is a name or {\"index\": N}, found \(other.kind)")
    }
    switch members["stateMachine"] {
    case nil: break
    case .null?: scenario.stateMachine = MachineChoice.none
    case .string("default")?: scenario.stateMachine = .default
    case .string(let name)?: scenario.stateMachine = .named(name)
    case .number(let number)? where number == number.rounded() && number >= 0 && number < 1e6:
      scenario.stateMachine = .index(Int(number))
    case let other?:
      throw failure(
        "'stateMachine' is an index, a name, \"default\" or null, found \(other.text)")
    }
    switch members["animation"] {
    case nil: break
    case .string(let name)? where members["stateMachine"] == nil:
      scenario.stateMachine = .animation(name)
    case let other?:
      throw failure(
        "'animation' is an animation's name, without 'stateMachine', found \(other.text)")
    }
    switch members["frameSize"] {
    case nil, .string("artboard")?: break
    case .null?: scenario.frameSize = FrameSizeChoice.none
    case .array(let pair)?:
      guard pair.count == 2, case .number(let width) = pair[0], case .number(let height) = pair[1],
        width == width.rounded(), height == height.rounded(), width >= 0, height >= 0,
        width < 1e9, height < 1e9
      else { throw failure("'frameSize' is [width, height], \"artboard\" or null") }
      scenario.frameSize = .size(width: Int(width), height: Int(height))
    case let other?:
      throw failure("'frameSize' is [width, height], \"artboard\" or null, found \(other.text)")
    }
    for key in ["unplayable", "note"] {
      switch members[key] {
      case nil: break
      case .string(let text)?:
        if key == "note" { scenario.note = text } else { scenario.unplayable = text }
      case let other?: throw failure("'\(key)' needs a string, found \(other.kind)")
      }
    }
    guard case .array(let steps)? = members["steps"] else {
      throw failure("'steps' needs an array")
    }
    var counter = 0
    scenario.steps = try parseSteps(steps, counter: &counter, fail: failure)
    guard scenario.unrolledStepCount <= maximumSteps else {
      throw failure("more than \(maximumSteps) steps once repeats are unrolled")
    }
    return scenario
  }

  private static func parseSteps(
    _ items: [ScriptJSON], counter: inout Int, fail: (String) -> SilverScenarioError
  ) throws(SilverScenarioError) -> [Step] {
    var steps: [Step] = []
    for item in items {
      counter += 1
      let place = "step \(counter)"
      switch item {
      case .string("draw"): steps.append(.draw)
      case .string("frame"): steps.append(.frame)
      case .object(let members) where members["advance"] != nil:
        guard members.count == 1, case .number(let seconds)? = members["advance"],
          seconds.isFinite, seconds >= 0, seconds <= 3600
        else { throw fail("\(place): 'advance' needs seconds from 0 to 3600, alone") }
        steps.append(.advance(Float(seconds)))
      case .object(let members) where members["advanceArtboard"] != nil:
        guard members.count == 1, case .number(let seconds)? = members["advanceArtboard"],
          seconds.isFinite, seconds >= 0, seconds <= 3600
        else { throw fail("\(place): 'advanceArtboard' needs seconds from 0 to 3600, alone") }
        steps.append(.advanceArtboard(Float(seconds)))
      case .object(let members) where members["queueRandom"] != nil:
        guard members.count == 1, case .number(let value)? = members["queueRandom"],
          value.isFinite, abs(value) <= 1e9
        else { throw fail("\(place): 'queueRandom' needs a finite number, alone") }
        steps.append(.queueRandom(Float(value)))
      case .object(let members)
      where members["pointer"] != nil
        && (members["x"]?.isObject == true || members["y"]?.isObject == true):
        guard case .string(let name)? = members["pointer"],
          let kind = PointerEventKind.allCases.first(where: { "\($0)" == name }),
          case .object(let x)? = members["x"], case .string(let xPath)? = x["viewModel"],
          case .object(let y)? = members["y"], case .string(let yPath)? = y["viewModel"],
          x.count == 1, y.count == 1,
          Set(members.keys).isSubset(of: ["pointer", "x", "y", "id"])
        else {
          throw fail(
            "\(place): a pointer at view-model values has 'x' and 'y' as {\"viewModel\": PATH}")
        }
        var id = 0
        if let value = members["id"] {
          guard case .number(let number) = value, number == number.rounded(), number >= 0,
            number <= 1_000_000
          else { throw fail("\(place): 'id' needs a pointer number") }
          id = Int(number)
        }
        steps.append(.pointerAtValues(kind, xPath: xPath, yPath: yPath, id: id))
      case .object(let members) where members["pointer"] != nil && members["timeStamp"] != nil:
        guard case .number(let stamp)? = members["timeStamp"], stamp.isFinite,
          abs(stamp) <= 1e9
        else { throw fail("\(place): 'timeStamp' needs finite seconds") }
        var fields = members
        fields["timeStamp"] = nil
        let action: InputScript.Action
        do throws(InputScriptError) {
          action = try InputScript.action(fields, index: counter - 1, time: nil)
        } catch {
          throw fail("\(place): \(error.message)")
        }
        guard case .pointer(let kind, let x, let y, let id) = action else {
          throw fail("\(place): 'timeStamp' belongs to a pointer step")
        }
        steps.append(.stampedPointer(kind, x: x, y: y, id: id, timeStamp: Float(stamp)))
      case .object(let members) where members["repeat"] != nil:
        guard members.count == 2, case .number(let times)? = members["repeat"],
          times == times.rounded(), times >= 0, times <= Double(maximumRepeat),
          case .array(let inner)? = members["steps"]
        else {
          throw fail("\(place): 'repeat' needs a count up to \(maximumRepeat) and 'steps'")
        }
        steps.append(.repeatSteps(Int(times), try parseSteps(inner, counter: &counter, fail: fail)))
      case .object(let members) where members["bind"] != nil:
        steps.append(try parseBind(members, place: place, fail: fail))
      case .object(let members):
        do throws(InputScriptError) {
          steps.append(.action(try InputScript.action(members, index: counter - 1, time: nil)))
        } catch {
          throw fail("\(place): \(error.message)")
        }
      default:
        throw fail(
          "\(place): a step is \"draw\", \"frame\", an object with 'advance', 'repeat' or "
            + "'bind', or an input-script event, found \(item.text)")
      }
    }
    return steps
  }

  private static func parseBind(
    _ members: [String: ScriptJSON], place: String, fail: (String) -> SilverScenarioError
  ) throws(SilverScenarioError) -> Step {
    let unknown = members.keys.filter { !["bind", "viewModel", "values"].contains($0) }.sorted()
    guard unknown.isEmpty else {
      throw fail("\(place): unknown key " + unknown.map { "'\($0)'" }.joined(separator: ", "))
    }
    var choice: ViewModelInstanceChoice?
    if case .bool(false)? = members["bind"] {
      choice = nil
    } else {
      do throws(InputScriptError) {
        choice = try InputScript.instanceChoice(members["bind"] ?? .null, key: "bind")
      } catch {
        throw fail("\(place): \(error.message) (or false)")
      }
    }
    var viewModel: String?
    switch members["viewModel"] {
    case nil: break
    case .string(let name)?: viewModel = name
    case let other?: throw fail("\(place): 'viewModel' needs a name, found \(other.kind)")
    }
    var values: [InputScript.Action] = []
    switch members["values"] {
    case nil: break
    case .array(let items)?:
      for (offset, item) in items.enumerated() {
        guard case .object(let fields) = item else {
          throw fail("\(place): 'values' holds view-model events")
        }
        do throws(InputScriptError) {
          let action = try InputScript.action(fields, index: offset, time: nil)
          switch action {
          case .setViewModel, .editList, .setArtboard: values.append(action)
          default:
            throw InputScriptError(
              .invalidEvent, message: "values are 'viewModel' and 'list' events only")
          }
        } catch {
          throw fail("\(place): value \(offset + 1): \(error.message)")
        }
      }
    case let other?: throw fail("\(place): 'values' needs an array, found \(other.kind)")
    }
    return .bind(choice, viewModel: viewModel, values: values)
  }
}
