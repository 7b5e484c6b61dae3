import RiveRuntime
import RiveTestSupport
import Testing

/// Runs `LegacyMemberShapes.swift` and `CurrentMemberShapes.swift` (whose only import is
/// `RiveRuntime`) and checks what each member gave.
@Suite("Upstream members through import RiveRuntime", SharedCorpus.requirement)
struct MemberShapesTests {
  @Test(
    "legacy data binding: UInt counts, optional instances, every property getter, listeners on advance"
  )
  func legacyDataBinding() throws {
    let seen = try LegacyMemberShapes.dataBinding(bundle: try SharedCorpus.bundle)
    #expect(seen.artboardName == "Artboard")
    #expect(seen.counts.viewModels == 2)
    #expect(seen.counts.properties == 10)
    #expect(seen.counts.instances == 0)
    #expect(seen.blankMade)
    #expect(
      seen.propertyNames == ["chi", "lis", "art", "ima", "enu", "tri", "col", "boo", "str", "num"])
    #expect(seen.defaults.prefix(3) == ["", "0.0", "false"])
    #expect(seen.written[0] == "hello")
    #expect(seen.written[1] == "12.5")
    #expect(seen.written[2] == "true")
    #expect(seen.written[3] != seen.defaults[3])
    #expect(seen.nestedNumber == 3)
    #expect(seen.listCount == 0)
    #expect(seen.bindable == "Artboard")
    #expect(seen.typeChecks == [true, true, true, true])
    // The listener hears the value set before the advance, from the advance.
    #expect(seen.listenerValues == [-1, 20])
    #expect(seen.fps == 60)
  }

  @Test("legacy player, file, font and image members")
  func legacyPlayer() throws {
    let png = Data(
      PNGFixtureEncoder.encode(
        width: 2, height: 2, colorType: .rgba, bitDepth: 8,
        samples: [UInt16](repeating: 0x7F, count: 16)))
    let seen = try LegacyMemberShapes.player(bundle: try SharedCorpus.bundle, png: png)
    #expect(seen.isLoaded == [true, false])
    #expect(seen.data > 0)
    #expect(seen.bytes == seen.data)
    #expect(seen.scale == 2)
    #expect(seen.forwards)
    #expect(seen.textRun == nil)
    // timeline_event_test: "Timeline 1" at frame 0, "Half" at frame 30 (delivered on 31),
    // settled at frame 62 (the reference's).
    #expect(seen.log.first == "played")
    #expect(seen.log.contains("state Timeline 1"))
    #expect(seen.log.filter { $0.hasPrefix("event Half type 128") }.count == 1)
    #expect(seen.log.last == "paused")
    #expect(!seen.webLoaded)
    #expect(seen.fallbackCount == 2)
    #expect(seen.styled == [true, true])
    #expect(abs(seen.semibold - 0.3) < 1e-9)
    #expect(seen.renderImageMade)
  }

  @Test("URLSession.shared.data(from:) through import RiveRuntime alone")
  func hostedRecipeNetworking() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    server.route("/asset.bin", .respond(status: 200, body: [1, 2, 3, 4, 5]))
    #expect(try await LegacyMemberShapes.fetch(server.url("/asset.bin")) == 5)
  }

  @Test("current API: value streams, dirty stream, names, nested instance, list edits, equality")
  @MainActor
  func current() async throws {
    let seen = try await CurrentMemberShapes.run(bundle: try SharedCorpus.bundle)
    #expect(seen.names == ["vm", ""])
    #expect(
      seen.streamed == [
        "7.0", "seven", "true", "\(0xFF00_00FF as UInt32)", seen.streamed[4], "fired",
      ])
    #expect(seen.dirtyCount == 1)
    #expect(seen.nested == 4)
    // [3, 1, 2] → swap 0 and 2 → [2, 1, 3] → remove at 1 → [2, 3] → remove item 1 (absent).
    #expect(seen.listSizes == [0, 3, 2])
    #expect(seen.listOrder == [2, 3])
    #expect(seen.equal == [true, false])
    #expect(seen.runtimeValue == 7)
  }
}
