import Foundation
import Testing

/// The migration guide's code is compiled and executed: every `swift` block of
/// `Migration/README.md` is a slice of an example, and every example prints what its committed
/// `expected-output.txt` says.
@Suite("Migration guide")
struct MigrationGuideTests {
  static let exampleNames = GuideSlices.exampleNames

  /// Every slice of every example, by `<Example>/<id>`.
  static func allSlices() throws -> [String: String] {
    var all: [String: String] = [:]
    for name in exampleNames {
      all.merge(try GuideSlices.slices(ofExample: name)) { first, _ in first }
    }
    return all
  }

  @Test("The examples folder holds the examples")
  func examplesExist() {
    #expect(Self.exampleNames.count >= 10, "\(Self.exampleNames)")
  }

  @Test("Every swift block of the guide is the slice its marker names")
  func guideBlocksMatchSlices() async throws {
    let markdown = try String(contentsOf: GuideSlices.guide, encoding: .utf8)
    let blocks = GuideSlices.blocks(in: markdown)
    #expect(!blocks.isEmpty, "the guide has no swift blocks")
    let slices = try Self.allSlices()
    for block in blocks {
      guard let name = block.slice else {
        Issue.record("README.md:\(block.line): a swift block without a <!-- slice: … --> marker")
        continue
      }
      guard let slice = slices[name] else {
        Issue.record("README.md:\(block.line): the marker names \(name), which no example has")
        continue
      }
      let shown = GuideSlices.dedent(block.code.components(separatedBy: "\n"))
      if shown != slice {
        let difference = Self.firstDifference(shown, slice)
        Issue.record("README.md:\(block.line): the block differs from \(name):\n\(difference)")
      }
    }
  }

  @Test("Every slice of the examples is shown in the guide")
  func slicesAreShown() async throws {
    let markdown = try String(contentsOf: GuideSlices.guide, encoding: .utf8)
    let shown = Set(GuideSlices.blocks(in: markdown).compactMap(\.slice))
    for name in try Self.allSlices().keys.sorted() where !shown.contains(name) {
      Issue.record("slice \(name) is not shown in Migration/README.md")
    }
  }

  @Test("Output quoted in the guide is output an example prints")
  func quotedOutput() async throws {
    let markdown = try String(contentsOf: GuideSlices.guide, encoding: .utf8)
    var printed = Set<String>()
    for name in Self.exampleNames {
      let url = GuideSlices.examples.appendingPathComponent("\(name)/expected-output.txt")
      printed.formUnion(try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n"))
    }
    for block in GuideSlices.textBlocks(in: markdown) {
      // Lines shortened with "…" are checked up to the ellipsis.
      for line in block.code.components(separatedBy: "\n") {
        let prefix = line.components(separatedBy: "…")[0]
        let isPrinted =
          line.contains("…")
          ? printed.contains { $0.hasPrefix(prefix) } : printed.contains(line)
        if !isPrinted {
          Issue.record("README.md:\(block.line): no example prints \"\(line)\"")
        }
      }
    }
  }

  @Test("Each example prints its expected output", arguments: exampleNames)
  func exampleOutput(_ name: String) async throws {
    let executable = try #require(
      ExampleRunner.executable(name), "\(name) is not built beside the tests")
    let result = try await ExampleRunner.run(executable)
    #expect(result.status == 0, "\(name) exited with \(result.status): \(result.standardError)")
    let expectedURL = GuideSlices.examples.appendingPathComponent("\(name)/expected-output.txt")
    let expected = try String(contentsOf: expectedURL, encoding: .utf8)
    if result.standardOutput != expected {
      let difference = Self.firstDifference(result.standardOutput, expected)
      Issue.record("\(name) printed something else than expected-output.txt:\n\(difference)")
    }
  }

  @Test("GalleryNames.swift is what rive-assets codegen writes for the TypedNames file")
  func typedNamesAreCurrent() async throws {
    let example = try #require(ExampleRunner.executable("TypedNames"))
    let tool = try #require(ExampleRunner.executable("rive-assets"))
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("migration-guide-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let riv = directory.appendingPathComponent("gallery.riv")
    let output = directory.appendingPathComponent("GalleryNames.swift")
    #expect(try await ExampleRunner.run(example, arguments: ["--write-riv", riv.path]).status == 0)
    let codegen = try await ExampleRunner.run(
      tool, arguments: ["codegen", riv.path, "--output", output.path, "--quiet"])
    #expect(codegen.status == 0, "\(codegen.standardError)")
    let committed = try String(
      contentsOf: GuideSlices.examples.appendingPathComponent("TypedNames/GalleryNames.swift"),
      encoding: .utf8)
    let generated = try String(contentsOf: output, encoding: .utf8)
    #expect(generated == committed, "regenerate TypedNames/GalleryNames.swift")
  }

  // MARK: The checker itself

  @Test("A block without a marker and a marker on the line before are told apart")
  func markers() {
    let markdown = """
      Text.

      <!-- slice: Example/one -->
      ```swift
      let a = 1
      ```

      ```swift
      let b = 2
      ```

      ```sh
      swift build
      ```
      """
    let blocks = GuideSlices.blocks(in: markdown)
    #expect(blocks.map(\.slice) == ["Example/one", nil])
    #expect(blocks.map(\.code) == ["let a = 1", "let b = 2"])
  }

  @Test("Slices are cut between their markers, without common indentation")
  func slicing() async throws {
    let source = """
      func f() {
        // guide:inner
        if true {
          print(1)
        }
        // guide.end
      }
      """
    let slices = try GuideSlices.slices(in: source, file: "test.swift")
    #expect(slices.count == 1)
    #expect(slices.first?.0 == "inner")
    #expect(slices.first?.1 == "if true {\n  print(1)\n}")
  }

  @Test("Unclosed, nested and unopened slices are errors")
  func malformedSlices() {
    let sources = [
      "// guide:a\nlet a = 1\n",
      "// guide:a\n// guide:b\n// guide.end\n// guide.end\n",
      "let a = 1\n// guide.end\n",
    ]
    for source in sources {
      #expect(throws: GuideSlices.MarkerError.self) {
        try GuideSlices.slices(in: source, file: "test.swift")
      }
    }
  }

  /// The first line where two texts differ, with both versions.
  static func firstDifference(_ actual: String, _ expected: String) -> String {
    let actualLines = actual.components(separatedBy: "\n")
    let expectedLines = expected.components(separatedBy: "\n")
    for index in 0..<max(actualLines.count, expectedLines.count) {
      let got = index < actualLines.count ? actualLines[index] : "(end)"
      let want = index < expectedLines.count ? expectedLines[index] : "(end)"
      if got != want {
        return "line \(index + 1):\n  got:      \(got)\n  expected: \(want)"
      }
    }
    return "(no line differs)"
  }
}
