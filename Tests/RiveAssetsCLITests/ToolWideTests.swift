import Foundation
import RiveTestSupport
import Testing

@Suite("rive-assets, every subcommand")
struct ToolWideTests {
  static let subcommands = [
    "inspect", "decode", "extract", "check", "codegen", "trace", "render", "record", "sheet",
    "demo",
  ]

  @Test("the tool's own --help names every subcommand")
  func topLevelHelp() async throws {
    let result = try await ToolRunner.run(["--help"])
    #expect(result.status == 0)
    let listed = result.standardOutput.split(separator: "\n")
      .filter { $0.hasPrefix("  ") && !$0.hasPrefix("    ") && !$0.contains("--") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(listed == Self.subcommands)
  }

  @Test("--help exits 0 with examples and exit codes", arguments: subcommands)
  func help(_ subcommand: String) async throws {
    let result = try await ToolRunner.run([subcommand, "--help"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    #expect(result.standardOutput.contains("USAGE: rive-assets \(subcommand)"))
    if subcommand != "demo" {
      #expect(result.standardOutput.contains("EXAMPLES:"))
      #expect(result.standardOutput.contains("Exit codes: 0"))
    }
  }

  @Test("an unknown option exits 2 with the usage on stderr", arguments: subcommands)
  func unknownOption(_ subcommand: String) async throws {
    let result = try await ToolRunner.run([subcommand, "--bogus"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("unknown option '--bogus'"))
    #expect(result.standardOutput.isEmpty)
  }

  @Test(
    "output stays in input order with many jobs; no progress bar when stderr is a pipe",
    SharedCorpus.requirement)
  func orderedParallelOutput() async throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: ToolRunner.corpus.path)
      .filter { $0.hasSuffix(".riv") }.sorted().prefix(40)
    let good = ["junk.riv", "rive_ui_invalid.riv", "sample6.riv", "solar-system.riv"]
    let files = names.filter { !good.contains($0) }.map { TestFixtures.corpus($0).path }
    #expect(files.count > 8)
    let serial = try await ToolRunner.run(["inspect", "--jobs", "1"] + files)
    let parallel = try await ToolRunner.run(["inspect", "--jobs", "8"] + files)
    #expect(serial.status == 0)
    #expect(parallel.standardOutput == serial.standardOutput)
    #expect(parallel.standardError.isEmpty)
    let json = try await ToolRunner.run(["inspect", "--json", "--jobs", "8"] + files)
    let array = try #require(try TestFixtures.json(json.standardOutput) as? [[String: Any]])
    #expect(
      array.map { $0["file"] as? String }
        == files.map { URL(fileURLWithPath: $0).lastPathComponent })
    #expect(try await ToolRunner.run(["inspect", "--jobs", "0", files[0]]).status == 2)
  }

  @Test(
    "--quiet prints only errors, except the JSON asked for",
    SharedCorpus.requirement)
  func quiet() async throws {
    let good = TestFixtures.corpus("embedded_assets.riv").path
    let junk = TestFixtures.corpus("junk.riv").path
    let quiet = try await ToolRunner.run(["inspect", "--quiet", good, junk])
    #expect(quiet.status == 1)
    #expect(quiet.standardOutput.isEmpty)
    #expect(quiet.standardError.contains("junk.riv: not a Rive file"))
    let quietJSON = try await ToolRunner.run(["inspect", "--quiet", "--json", good])
    #expect(try TestFixtures.json(quietJSON.standardOutput) is [String: Any])
    let png = TestFixtures.corpus("1x1_png.png").path
    #expect(try await ToolRunner.run(["decode", "--quiet", png]).standardOutput.isEmpty)
    #expect(
      try await ToolRunner.run(["decode", "--quiet", "--json", png]).standardOutput.contains(
        "\"width\":1"))
  }

  @Test(
    "a truncated copy of a corpus file fails in every reading command with the byte offset",
    SharedCorpus.requirement,
    arguments: ["inspect", "check", "codegen", "sheet", "extract"])
  func truncatedFile(_ subcommand: String) async throws {
    let directory = try ToolRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bytes = try [UInt8](Data(contentsOf: TestFixtures.corpus("embedded_assets.riv")))
    let riv = try TestFixtures.write(
      Array(bytes.prefix(bytes.count * 2 / 3)), named: "cut.riv", in: directory)
    let out = directory.appendingPathComponent("out").path
    let extra: [String]
    switch subcommand {
    case "check": extra = ["--bundle", directory.path]
    case "codegen": extra = ["--output", out + ".swift"]
    case "sheet": extra = ["-o", out + ".png"]
    case "extract": extra = ["--out", out]
    default: extra = []
    }
    let result = try await ToolRunner.run([subcommand, riv] + extra)
    #expect(result.status == 1)
    #expect(result.standardError.contains("cut.riv: malformed: "))
    #expect(result.standardError.contains("(at byte "))
  }
}
