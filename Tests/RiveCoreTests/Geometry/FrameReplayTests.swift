import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveReliabilitySupport
import RiveTestSupport
import Testing

@testable import RiveCore

/// Steady frames drawn again from a recording (`FrameReplay`): a frame that changed nothing
/// since the last one appends the last one's steps instead of walking the artboard, and that
/// must be exactly the frame a walk would draw.
@Suite("Frame replay")
struct FrameReplayTests {
  /// A 100 × 100 artboard with a still box, a clipped box and a box whose `slide` animation
  /// (one shot, 30 frames) moves it from x 10 to 90 and then holds it there.
  static func slidingThenStill() -> Data {
    var fixture = RuntimeFixture(artboardWidth: 100, artboardHeight: 100)
    let still = fixture.shape(x: 25, y: 50)
    fixture.parametric(TypeKey.rectangle, parent: still, width: 20, height: 20)
    fixture.fill(still, color: 0xFF00_00FF)
    let sliding = fixture.shape(x: 10, y: 80)
    fixture.parametric(TypeKey.rectangle, parent: sliding, width: 5, height: 5)
    fixture.fill(sliding, color: 0xFF00_FF00)
    fixture.stroke(sliding, thickness: 2, color: 0xFF00_0000)
    fixture.animation(
      name: "slide", duration: 30, loop: .oneShot,
      keys: [(sliding, PropertyKey.nodeX, [(0, 10, 1, nil), (30, 90, 1, nil)])])
    return fixture.data
  }

  /// A player of ``slidingThenStill()`` held still at frame 40 and drawn twice (walked, then
  /// walked and recorded): its next draw is a replay.
  static func stillPlayer() throws -> ArtboardPlayback {
    let file = try RuntimeFile(data: slidingThenStill())
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.advance(to: 40)
    _ = player.draw(images: DrawImages())
    _ = player.draw(images: DrawImages())
    return player
  }

  /// The frame `player` shows, drawn by a copy of its artboard that walks every frame. Call it
  /// before the player draws: a walk leaves renderer paths with the fill rule last set on them,
  /// as the runtime's do, so it is compared with the draw that starts from the same state.
  static func walked(
    _ player: ArtboardPlayback, images: DrawImages = DrawImages(), text: TextFonts? = nil
  ) -> DisplayList {
    var artboard = player.artboard
    artboard.replaysSteadyFrames = false
    return artboard.draw(images: images, text: text)
  }

  @Test("a moving frame is walked; once it holds still the next draws replay the same frame")
  func replaysOnlyStillFrames() throws {
    let file = try RuntimeFile(data: Self.slidingThenStill())
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.advance()
    var replayedWhileMoving = 0
    for _ in 1...30 {
      _ = player.advance(by: 1.0 / 60)
      let expected = Self.walked(player)
      #expect(player.draw(images: DrawImages()) == expected)
      replayedWhileMoving = player.artboard.replayedFrames
    }
    // Each moving frame changed the slide's x: none was replayed.
    #expect(replayedWhileMoving == 0)
    var lists: [DisplayList] = []
    for _ in 1...10 {
      _ = player.advance(by: 1.0 / 60)
      let expected = Self.walked(player)
      lists.append(player.draw(images: DrawImages()))
      #expect(lists.last == expected)
    }
    // Held at x 90 from frame 30 on: the first still frame is walked (and recorded), then
    // every draw is the recording, equal to a walk.
    #expect(player.artboard.replayedFrames >= 8)
    #expect(lists.allSatisfy { $0 == lists[0] })
    let box = lists[0].compactMap { operation -> Transform2D? in
      guard case .transform(let matrix) = operation else { return nil }
      return matrix
    }
    #expect(box.contains { $0.tx == 90 }, "the sliding box is drawn where it stopped")
  }

  @Test("a frame with a nested artboard is replayed; a change inside it alone ends the replay")
  func nestedArtboardChange() throws {
    // A host that shows artboard "Child", a 100 × 100 artboard with one red box.
    var fixture = RuntimeFixture(artboardWidth: 200, artboardHeight: 200)
    fixture.component(TypeKey.nestedArtboard, [(PropertyKey.nestedArtboardArtboardId, .uint(1))])
    fixture.artboard(name: "Child", width: 100, height: 100)
    let box = fixture.shape(x: 20, y: 50)
    fixture.parametric(TypeKey.rectangle, parent: box, width: 10, height: 10)
    fixture.fill(box, color: 0xFFFF_0000)
    let file = try RuntimeFile(data: fixture.data)
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.advance(to: 10)
    _ = player.draw(images: DrawImages())
    _ = player.draw(images: DrawImages())
    let before = player.draw(images: DrawImages())
    let replays = player.artboard.replayedFrames
    #expect(replays == 1, "the third draw of a still frame is the recording")
    #expect(before == Self.walked(player))
    // The nested artboard's shape moves; nothing of the host changes.
    player.withArtboard { host in
      host.nested[0].mount.withValue { nested in
        let shape = (1..<nested.model.types.count).first { nested.model.isA($0, TypeKey.shape) }
        guard let shape else { return }
        nested.setFloat(shape, offset: Slot.nodeX, key: PropertyKey.nodeX, 33)
        _ = nested.updatePass()
      }
      _ = host.updatePass()
    }
    let expected = Self.walked(player)
    let moved = player.draw(images: DrawImages())
    #expect(player.artboard.replayedFrames == replays, "the changed frame was walked")
    #expect(moved != before)
    #expect(moved == expected)
    _ = player.draw(images: DrawImages())
    #expect(player.draw(images: DrawImages()) == expected)
    // Both: the changed frame was recorded as it was walked (the last recording had been
    // replayed).
    #expect(player.artboard.replayedFrames == replays + 2)
  }

  /// A 200 × 200 host whose box slides back and forth every frame (`slide`, looping), beside
  /// a nested artboard "Child" (component 1) with one still red box.
  static func movingHostWithStillChild() -> Data {
    var fixture = RuntimeFixture(artboardWidth: 200, artboardHeight: 200)
    fixture.component(TypeKey.nestedArtboard, [(PropertyKey.nestedArtboardArtboardId, .uint(1))])
    let sliding = fixture.shape(x: 10, y: 150)
    fixture.parametric(TypeKey.rectangle, parent: sliding, width: 5, height: 5)
    fixture.fill(sliding, color: 0xFF00_FF00)
    fixture.animation(
      name: "slide", duration: 30, loop: .pingPong,
      keys: [(sliding, PropertyKey.nodeX, [(0, 10, 1, nil), (30, 190, 1, nil)])])
    fixture.artboard(name: "Child", width: 100, height: 100)
    let box = fixture.shape(x: 20, y: 50)
    fixture.parametric(TypeKey.rectangle, parent: box, width: 10, height: 10)
    fixture.fill(box, color: 0xFFFF_0000)
    return fixture.data
  }

  @Test(
    "a still nested artboard in a moving host appends its own recording; its host's opacity ends it"
  )
  func stillNestedArtboardReplays() throws {
    let file = try RuntimeFile(data: Self.movingHostWithStillChild())
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.advance()
    func nestedReplays(_ player: inout ArtboardPlayback) -> Int {
      player.withArtboard { $0.nested[0].mount.withValue { $0.replayedFrames } ?? -1 }
    }
    for _ in 0..<20 {
      _ = player.advance(by: 1.0 / 60)
      let expected = Self.walked(player)
      #expect(player.draw(images: DrawImages()) == expected)
    }
    // The host moved every frame (walked each time); the child, still, was walked twice
    // (the second time recorded) and appended its recording since.
    #expect(player.artboard.replayedFrames == 0)
    #expect(nestedReplays(&player) == 18)
    // The walking copy switched replay off for its nested artboard too (it walked).
    var copy = player.artboard
    copy.replaysSteadyFrames = false
    _ = copy.draw()
    #expect(copy.nested[0].mount.withValue { $0.replaysSteadyFrames } == false)
    #expect(nestedReplays(&player) == 18, "the copy's child is its own")

    // The nested artboard's host fades to half: the child hears it as dirt and is walked.
    let replays = nestedReplays(&player)
    player.withArtboard {
      $0.setFloat(
        1, offset: Slot.worldTransformComponentOpacity,
        key: PropertyKey.worldTransformComponentOpacity, 0.5)
      _ = $0.updatePass()
    }
    // (The nested artboard updates with its host's next advance, as upstream's.)
    _ = player.advance(by: 0)
    let expected = Self.walked(player)
    let faded = player.draw(images: DrawImages())
    #expect(faded == expected)
    #expect(nestedReplays(&player) == replays, "the faded child was walked")
    let red = faded.compactMap { operation -> UInt32? in
      guard case .drawPath(_, let paint) = operation, let color = paint.color,
        color & 0x00FF_FFFF == 0xFF_0000
      else { return nil }
      return color
    }
    #expect(red == [0x80FF_0000], "the child's box is drawn at half opacity")
  }

  @Test("a property set between two still frames is drawn: the change ends the replay")
  func aChangeEndsTheReplay() throws {
    var player = try Self.stillPlayer()
    let before = player.draw(images: DrawImages())
    let replays = player.artboard.replayedFrames
    #expect(replays >= 1)
    // The still box (component 1) moves to x 60; the update pass places it there.
    player.withArtboard {
      $0.setFloat(1, offset: Slot.nodeX, key: PropertyKey.nodeX, 60)
      _ = $0.updatePass()
    }
    let expected = Self.walked(player)
    let moved = player.draw(images: DrawImages())
    #expect(player.artboard.replayedFrames == replays, "the changed frame was walked")
    #expect(moved != before)
    #expect(moved == expected)
    // Switching replay off walks every frame (and says so by not counting).
    player.withArtboard { $0.replaysSteadyFrames = false }
    _ = player.draw(images: DrawImages())
    _ = player.draw(images: DrawImages())
    #expect(player.artboard.replayedFrames == replays)
  }

  @Test(
    "after a replay a changed frame is recorded as it is walked; frames that keep changing are not"
  )
  func changedFramesRecordedOnlyWhileRecordingsAreUsed() throws {
    var player = try Self.stillPlayer()
    _ = player.draw(images: DrawImages())
    #expect(player.artboard.frameReplay.recordings == 1)
    #expect(player.artboard.replayedFrames == 1)
    /// Moves the still box (component 1) to `x` and draws: the frame must equal a walk.
    func move(to x: Float) {
      player.withArtboard {
        $0.setFloat(1, offset: Slot.nodeX, key: PropertyKey.nodeX, x)
        _ = $0.updatePass()
      }
      let expected = Self.walked(player)
      #expect(player.draw(images: DrawImages()) == expected, "x \(x)")
    }
    // One change after a replay: walked and recorded at once, so its first repeat replays.
    move(to: 60)
    #expect(player.artboard.frameReplay.recordings == 2)
    #expect(player.artboard.replayedFrames == 1)
    let still = Self.walked(player)
    #expect(player.draw(images: DrawImages()) == still)
    #expect(player.artboard.replayedFrames == 2)
    // Ten frames that each change: the first is recorded (the last recording was used), and
    // once that recording goes unused no other is made.
    for step in 1...10 { move(to: 60 + Float(step)) }
    #expect(player.artboard.frameReplay.recordings == 3)
    #expect(player.artboard.replayedFrames == 2)
    // Held still again: the first repeat is walked and recorded, the next replayed.
    let held = Self.walked(player)
    #expect(player.draw(images: DrawImages()) == held)
    #expect(player.draw(images: DrawImages()) == held)
    #expect(player.artboard.frameReplay.recordings == 4)
    #expect(player.artboard.replayedFrames == 3)
  }

  @Test("a recording replayed into another renderer hands it the same operations")
  func replayIntoAnotherRenderer() throws {
    var player = try Self.stillPlayer()
    let replays = player.artboard.replayedFrames
    let expected = Self.walked(player)
    var operations = OperationCollector()
    player.draw(into: &operations, images: DrawImages())
    #expect(player.artboard.replayedFrames == replays + 1)
    #expect(operations.operations == Array(expected))
  }

  @Test("text is replayed with the fonts it was drawn with, and walked again with other fonts")
  func textReplaysWithItsFonts() throws {
    let font = try TextTestFonts.sans()
    let file = try RuntimeFile(data: FontSwapFixture.data(embedding: font))
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    let fonts = TextFonts(document: file.document)
    player.measureText(with: fonts)
    player.advance(to: 2)
    for _ in 0..<4 {
      let expected = Self.walked(player, text: fonts)
      #expect(player.draw(images: DrawImages(), text: fonts) == expected)
    }
    let replays = player.artboard.replayedFrames
    #expect(replays >= 2)
    // The same bytes in a new font object: other fonts, so the frame is walked with them.
    var others = TextFonts()
    others.setFont(try TextFont(bytes: font), forAsset: 0)
    let expected = Self.walked(player, text: others)
    let drawn = player.draw(images: DrawImages(), text: others)
    #expect(player.artboard.replayedFrames == replays)
    #expect(drawn == expected)
    // Drawn without fonts, the text is left out, and that frame is walked too.
    let bare = player.draw(images: DrawImages())
    #expect(player.artboard.replayedFrames == replays)
    #expect(bare.count < drawn.count)
  }

  @Test("a renderer that is not a display list gets steady frames replayed too")
  func anotherRendererRecords() throws {
    let file = try RuntimeFile(data: Self.slidingThenStill())
    var player = ArtboardPlayback(artboard: try #require(file.artboards.first), file: file)
    player.advance(to: 40)
    var drawn: [[DrawOperation]] = []
    for _ in 0..<4 {
      let expected = Self.walked(player)
      var operations = OperationCollector()
      player.draw(into: &operations, images: DrawImages())
      #expect(operations.operations == Array(expected))
      drawn.append(operations.operations)
    }
    // Walked, walked and recorded (into a list of its own), then replayed twice.
    #expect(player.artboard.replayedFrames == 2)
    #expect(drawn.allSatisfy { $0 == drawn[0] })
  }

  struct OperationCollector: DrawRenderer {
    var operations: [DrawOperation] = []
    mutating func draw(_ operation: DrawOperation) { operations.append(operation) }
  }

  /// Every corpus and corpus-extra file's first artboard, laid out and with its fonts (text laid
  /// out in updates and drawn) and embedded images, played for 48 frames with
  /// seeded pointer presses, moves and releases: every frame drawn (replayed where nothing
  /// changed) is the frame a walk draws.
  @Test("every corpus file's frames, replayed or walked, are the same", SharedCorpus.requirement)
  func corpusFramesAgree() async throws {
    let names =
      SharedCorpus.rivFiles.map { SharedCorpus.url($0) }
      + SharedCorpus.extraRivFiles.map { SharedCorpus.anyURL($0) }
    let results = await OffPool.results(for: names.map(\.path)) { path in
      try Self.compareFrames(URL(fileURLWithPath: path), seed: UInt64(path.utf8.count))
    }
    var replayed = 0
    var filesReplaying = 0
    for path in names.map(\.path) {
      guard let outcome = try results[path]?.get() else { continue }
      #expect(outcome.differingFrames.isEmpty, "\(path): frames \(outcome.differingFrames)")
      replayed += outcome.replayed
      if outcome.replayed > 0 { filesReplaying += 1 }
    }
    // The comparison means something only if many frames were replayed.
    #expect(filesReplaying > 100, "files with a replayed frame: \(filesReplaying)")
    #expect(replayed > 2_000, "frames replayed: \(replayed)")
    print("frame replay: \(filesReplaying) files, \(replayed) frames")
  }

  struct Outcome: Sendable {
    var differingFrames: [Int] = []
    var replayed = 0
  }

  static func compareFrames(_ url: URL, seed: UInt64) throws -> Outcome {
    var outcome = Outcome()
    guard let data = FileManager.default.contents(atPath: url.path),
      let file = try? RuntimeFile(data: data), let artboard = file.artboards.first
    else { return outcome }
    var player = ArtboardPlayback(artboard: artboard, file: file)
    let fonts = TextFonts(document: file.document)
    let images = DrawImages(document: file.document)
    player.measureText(with: fonts)
    player.solveLayout(true)
    player.advance()
    var random = SeededGenerator(seed: seed)
    let size = player.artboard.artboardLayoutSize()
    let width = size.width.isFinite ? max(1, size.width) : 1
    let height = size.height.isFinite ? max(1, size.height) : 1
    var pressed = false
    for frame in 0..<48 {
      if frame % 6 == 3 {
        let x = Float.random(in: 0...width, using: &random)
        let y = Float.random(in: 0...height, using: &random)
        let kind: PointerEventKind = pressed ? .up : (Bool.random(using: &random) ? .down : .move)
        player.pointerEvent(kind, x: x, y: y)
        pressed = kind == .down
      }
      // Two frames in three advance; the third draws the same frame again.
      if frame % 3 != 2 { _ = player.advance(by: 1.0 / 60) }
      // The walk starts from the state the draw starts from (a walk leaves renderer paths with
      // the fill rule last set on them, as the runtime's do, so a first walk and a second one
      // may differ): the copy is drawn first.
      // Every tenth frame with no images: a frame drawn without them is walked again.
      let given = frame % 10 == 9 ? DrawImages() : images
      let expected = walked(player, images: given, text: fonts)
      let drawn = player.draw(images: given, text: fonts)
      if drawn != expected { outcome.differingFrames.append(frame) }
    }
    outcome.replayed = player.artboard.replayedFrames
    return outcome
  }
}
