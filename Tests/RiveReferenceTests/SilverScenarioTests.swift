import Foundation
import RiveCore
import RiveReference
import RiveTestSupport
import Testing

/// The scenario format: what it reads and the typed errors for what it cannot.
@Suite("Silvers: scenario files")
struct SilverScenarioTests {
  static let scenarioFile = SharedCorpus.projectRoot.appendingPathComponent(
    "Tests/RiveReferenceTests/Silvers/scenarios.json")

  static func read(_ json: String) throws(SilverScenarioError) -> [SilverScenario] {
    try SilverScenario.scenarios(json: Data(json.utf8))
  }

  @Test("every kind of step reads, repeats nest, and input-script events are steps")
  func readsSteps() throws {
    let scenarios = try Self.read(
      """
      { "format": 1, "scenarios": [
        { "silver": "a", "file": "a.riv", "artboard": "Main", "stateMachine": "default",
          "frameSize": [500, 400], "note": "n",
          "steps": [
            { "bind": 0, "values": [{ "viewModel": "x", "value": 3 },
                                    { "list": "items", "append": { "viewModel": "Item" } }] },
            { "advance": 0.1 }, "draw", { "queueRandom": 0.5 },
            { "repeat": 3, "steps": ["frame", { "advanceArtboard": 0 }, "draw"] },
            { "pointer": "down", "x": 1, "y": 2, "id": 1 },
            { "pointer": "move", "x": 3, "y": 4, "timeStamp": 2.5 },
            { "pointer": "up", "x": { "viewModel": "px" }, "y": { "viewModel": "py" } },
            { "bind": { "default": true }, "viewModel": "Other" }, { "bind": false },
            { "focus": "next" }
          ] },
        { "silver": "b", "file": "b.riv", "animation": "walk", "frameSize": null,
          "artboard": { "index": 2 }, "steps": [], "unplayable": "why" }
      ] }
      """)
    #expect(scenarios.count == 2)
    let first = scenarios[0]
    #expect(first.artboard == .named("Main"))
    #expect(first.stateMachine == .default)
    #expect(first.frameSize == .size(width: 500, height: 400))
    #expect(first.note == "n")
    #expect(
      first.steps == [
        .bind(
          .index(0), viewModel: nil,
          values: [
            .setViewModel(path: "x", value: .number(3)),
            .editList(path: "items", edit: .append(ViewModelListItem(viewModel: "Item"))),
          ]),
        .advance(0.1), .draw, .queueRandom(0.5),
        .repeatSteps(3, [.frame, .advanceArtboard(0), .draw]),
        .action(.pointer(.down, x: 1, y: 2, id: 1)),
        .stampedPointer(.move, x: 3, y: 4, id: 0, timeStamp: 2.5),
        .pointerAtValues(.up, xPath: "px", yPath: "py", id: 0),
        .bind(.defaultInstance, viewModel: "Other", values: []),
        .bind(nil, viewModel: nil, values: []),
        .action(.focus(.next)),
      ])
    // Ten steps besides the repeat, and its three steps three times: 10 + 3 × 3.
    #expect(first.unrolledStepCount == 19)
    #expect(scenarios[1].stateMachine == .animation("walk"))
    #expect(scenarios[1].frameSize == SilverScenario.FrameSizeChoice.none)
    #expect(scenarios[1].artboard == .index(2))
    #expect(scenarios[1].unplayable == "why")
  }

  @Test(
    "a bad scenario file is a typed error naming the scenario and what is wrong",
    arguments: [
      ("[]", "a scenario file is"),
      (#"{"format": 2, "scenarios": []}"#, "a scenario file is"),
      (#"{"format": 1, "scenarios": [{"file": "a.riv", "steps": []}]}"#, "'silver' needs"),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.txt", "steps": []}]}"#,
        "'file' needs"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "step": []}]}"#,
        "unknown key 'step'"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "steps": ["jump"]}]}"#,
        "step 1"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "steps": [{"advance": -1}]}]}"#,
        "'advance' needs"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "steps": [{"repeat": 2}]}]}"#,
        "'repeat' needs"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "steps": [{"queueRandom": "half"}]}]}"#,
        "'queueRandom' needs a finite number"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "steps": [{"pointer": "move", "x": 1, "y": 2, "timeStamp": "soon"}]}]}"#,
        "'timeStamp' needs finite seconds"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "steps": [{"pointer": "move", "x": 1, "timeStamp": 1}]}]}"#,
        "step 1"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "steps": [{"input": "i"}]}]}"#,
        "'input' needs 'value'"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "steps": [{"bind": "x", "values": [{"trigger": "t"}]}]}]}"#,
        "values are"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "steps": []}, {"silver": "a", "file": "a.riv", "steps": []}]}"#,
        "a second scenario"
      ),
      (
        #"{"format": 1, "scenarios": [{"silver": "a", "file": "a.riv", "steps": [{"repeat": 100000, "steps": [{"repeat": 100, "steps": ["draw"]}]}]}]}"#,
        "more than"
      ),
    ])
  func badFiles(_ json: String, _ fragment: String) {
    do {
      _ = try Self.read(json)
      Issue.record("\(json) was read")
    } catch {
      #expect(error.description.contains(fragment), "\(error)")
    }
  }

  @Test("the project's scenario file reads and has one scenario per silver of INDEX.tsv")
  func projectScenarios() throws {
    let scenarios = try SilverScenario.scenarios(json: Data(contentsOf: Self.scenarioFile))
    #expect(scenarios.count == 205)
    #expect(Set(scenarios.map(\.silver)).count == scenarios.count)
  }
}
