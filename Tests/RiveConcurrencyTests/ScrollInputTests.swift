import Foundation
import RiveConcurrency
import RiveCore
import RiveTestSupport
import Testing

/// Drags, flings and taps on a scrolled list through the current API
/// (`StateMachine.pointerDown/Move/Up(at:)`), on writer-made lists (``ScrollFixture``: ten
/// items of 200 × 100, each its own colour, in a 200 × 200 viewport; a press on item `i` sets
/// input `tapped` to `i + 1`).
@Suite("Current API scrolling")
@MainActor
struct ScrollInputTests {
  static func rive(_ physics: ScrollFixture.Physics) async throws -> (Rive, ScrollFixture.Ids) {
    let fixture = ScrollFixture.list(physics: physics, listeners: true)
    let worker = try await Worker()
    let file = try await File(source: .data(fixture.data), worker: worker)
    let rive = try await Rive(file: file)
    rive.advance(by: 0)
    return (rive, fixture.ids)
  }

  static func offset(_ rive: Rive, _ ids: ScrollFixture.Ids) throws -> Float {
    try #require(
      rive.stateMachine.withRuntime { _, artboard in
        ScrollFixture.offsetY(in: artboard, scroll: ids.scroll)
      } ?? nil)
  }

  /// The colours a frame shows down the middle at y 10, 90, 110 and 190.
  static func column(_ rive: Rive) async throws -> [[UInt8]?] {
    let frame = try await rive.renderFrame(width: 200, height: 200).raster
    return [10, 90, 110, 190].map { y in
      frame.pixel(x: 100, y: y).map { [$0.red, $0.green, $0.blue] }
    }
  }

  /// The item colours a frame shows at y 10, 90, 110 and 190 for `offset`.
  static func expectedColumn(offset: Float) -> [[UInt8]?] {
    [10, 90, 110, 190].map { y in
      ScrollFixture.item(atY: Float(y), offsetY: offset, count: 10).map(ScrollFixture.rgb)
    }
  }

  @Test("a drag scrolls the drawn list; a tap then hits the item drawn under it")
  func dragAndTap() async throws {
    let (rive, ids) = try await Self.rive(.none)
    let machine = rive.stateMachine
    #expect(try await Self.column(rive) == Self.expectedColumn(offset: 0))
    // The press lands on item 1 (y 150): its listener runs.
    #expect(machine.pointerDown(at: CGPoint(x: 100, y: 150)) != .none)
    #expect(try machine.numberInput(named: "tapped") == 2)
    machine.pointerMove(at: CGPoint(x: 100, y: 110))
    rive.advance(by: 1 / 60)
    #expect(try Self.offset(rive, ids) == -40)
    machine.pointerMove(at: CGPoint(x: 100, y: 5))
    rive.advance(by: 1 / 60)
    machine.pointerUp(at: CGPoint(x: 100, y: 5))
    rive.advance(by: 1 / 60)
    #expect(try Self.offset(rive, ids) == -145)
    // Items 1 to 3 are drawn now: y 10 shows item 1, 110 item 2, 190 item 3.
    let column = try await Self.column(rive)
    #expect(column == Self.expectedColumn(offset: -145))
    #expect(column[0] == ScrollFixture.rgb(1) && column[3] == ScrollFixture.rgb(3))
    // A tap at y 90 is on item 2 (content y 235), not on item 0 that was there before.
    machine.pointerDown(at: CGPoint(x: 100, y: 90))
    machine.pointerUp(at: CGPoint(x: 100, y: 90))
    #expect(try machine.numberInput(named: "tapped") == 3)
    machine.pointerDown(at: CGPoint(x: 100, y: 190))
    machine.pointerUp(at: CGPoint(x: 100, y: 190))
    #expect(try machine.numberInput(named: "tapped") == 4)
    #expect(try Self.offset(rive, ids) == -145)
  }

  /// Drags up by 30 points a frame for five frames from y 190 and releases; advances until
  /// the state machine settles (at most 600 frames); the frames that took and the offsets.
  static func fling(_ rive: Rive, _ ids: ScrollFixture.Ids) throws -> (Int, [Float]) {
    let machine = rive.stateMachine
    var y: Double = 190
    machine.pointerDown(at: CGPoint(x: 100, y: y))
    for _ in 0..<5 {
      y -= 30
      machine.pointerMove(at: CGPoint(x: 100, y: y))
      rive.advance(by: 1 / 60)
    }
    machine.pointerUp(at: CGPoint(x: 100, y: y))
    var offsets: [Float] = [try offset(rive, ids)]
    for frame in 1...600 {
      let keepGoing = rive.advance(by: 1 / 60)
      offsets.append(try offset(rive, ids))
      if !keepGoing { return (frame, offsets) }
    }
    return (600, offsets)
  }

  @Test("an elastic fling carries on after the release and settles; clamped stops there")
  func fling() async throws {
    let (elastic, elasticIds) = try await Self.rive(.elastic)
    let (frames, offsets) = try Self.fling(elastic, elasticIds)
    #expect(offsets.first == -150)
    #expect(frames > 5 && frames < 600)
    let settled = try #require(offsets.last)
    #expect(settled < -170 && settled >= -800)
    #expect(try await Self.column(elastic) == Self.expectedColumn(offset: settled))
    // The state machine stopped asking for frames: the offset stays.
    elastic.advance(by: 1 / 60)
    #expect(try Self.offset(elastic, elasticIds) == settled)

    let (clamped, clampedIds) = try await Self.rive(.clamped)
    let (stopFrames, stopOffsets) = try Self.fling(clamped, clampedIds)
    #expect(stopFrames <= 2)
    #expect(stopOffsets.allSatisfy { $0 == -150 })
    #expect(try await Self.column(clamped) == Self.expectedColumn(offset: -150))
  }
}
