import Foundation
import RiveCore
import RiveLegacy
import RiveTestSupport
import Testing

/// Drags, flings and taps on a scrolled list through the legacy API
/// (`RiveView.touch(.began/.moved/.ended, atLocation:)`), on writer-made lists
/// (``ScrollFixture``: ten items of 200 × 100, each its own colour, in a 200 × 200 viewport; a
/// press on item `i` sets input `tapped` to `i + 1`).
@Suite("Legacy scrolling")
@MainActor
struct ScrollTouchTests {
  static func view(_ physics: ScrollFixture.Physics) throws -> (
    RiveView, RiveModel, ScrollFixture.Ids
  ) {
    let fixture = ScrollFixture.list(physics: physics, listeners: true)
    let file = try RiveFile(data: fixture.data, loadCdn: false)
    let model = RiveModel(riveFile: file)
    try model.setArtboard()
    try model.setStateMachine("Machine")
    let view = RiveView()
    try view.setModel(model)
    view.advance(delta: 0)
    return (view, model, fixture.ids)
  }

  static func offset(_ model: RiveModel, _ ids: ScrollFixture.Ids) throws -> Float {
    try #require(
      model.stateMachine?.withRuntime { _, artboard in
        ScrollFixture.offsetY(in: artboard, scroll: ids.scroll)
      } ?? nil)
  }

  static func tapped(_ model: RiveModel) -> Float? {
    model.stateMachine?.numberInput(named: "tapped")?.value()
  }

  /// The colours a snapshot shows down the middle at y 10, 90, 110 and 190.
  static func column(_ view: RiveView) throws -> [[UInt8]?] {
    let frame = try view.snapshot(width: 200, height: 200).raster
    return [10, 90, 110, 190].map { y in
      frame.pixel(x: 100, y: y).map { [$0.red, $0.green, $0.blue] }
    }
  }

  static func expectedColumn(offset: Float) -> [[UInt8]?] {
    [10, 90, 110, 190].map { y in
      ScrollFixture.item(atY: Float(y), offsetY: offset, count: 10).map(ScrollFixture.rgb)
    }
  }

  @Test("a touch drag scrolls the drawn list; a tap then hits the item drawn under it")
  func dragAndTap() throws {
    let (view, model, ids) = try Self.view(.none)
    #expect(try Self.column(view) == Self.expectedColumn(offset: 0))
    #expect(view.touch(.began, atLocation: CGPoint(x: 100, y: 150)) != .none)
    #expect(Self.tapped(model) == 2)
    view.touch(.moved, atLocation: CGPoint(x: 100, y: 110))
    view.advance(delta: 1 / 60)
    #expect(try Self.offset(model, ids) == -40)
    view.touch(.moved, atLocation: CGPoint(x: 100, y: 5))
    view.advance(delta: 1 / 60)
    view.touch(.ended, atLocation: CGPoint(x: 100, y: 5))
    view.advance(delta: 1 / 60)
    #expect(try Self.offset(model, ids) == -145)
    let column = try Self.column(view)
    #expect(column == Self.expectedColumn(offset: -145))
    #expect(column[0] == ScrollFixture.rgb(1) && column[3] == ScrollFixture.rgb(3))
    view.touch(.began, atLocation: CGPoint(x: 100, y: 90))
    view.touch(.ended, atLocation: CGPoint(x: 100, y: 90))
    #expect(Self.tapped(model) == 3)
    // A cancelled touch ends the drag as a release does.
    view.touch(.began, atLocation: CGPoint(x: 100, y: 190))
    #expect(Self.tapped(model) == 4)
    view.touch(.moved, atLocation: CGPoint(x: 100, y: 170))
    view.touch(.cancelled, atLocation: CGPoint(x: 100, y: 170))
    view.touch(.moved, atLocation: CGPoint(x: 100, y: 100))
    view.advance(delta: 1 / 60)
    #expect(try Self.offset(model, ids) == -165)
  }

  /// Drags up by 30 points a frame for five frames from y 190 and releases; advances until
  /// the view stops asking for frames (at most 600); the frames that took and the offsets.
  static func fling(_ view: RiveView, _ model: RiveModel, _ ids: ScrollFixture.Ids) throws -> (
    Int, [Float]
  ) {
    var y: Double = 190
    view.touch(.began, atLocation: CGPoint(x: 100, y: y))
    for _ in 0..<5 {
      y -= 30
      view.touch(.moved, atLocation: CGPoint(x: 100, y: y))
      view.advance(delta: 1 / 60)
    }
    view.touch(.ended, atLocation: CGPoint(x: 100, y: y))
    var offsets: [Float] = [try offset(model, ids)]
    for frame in 1...600 {
      view.advance(delta: 1 / 60)
      offsets.append(try offset(model, ids))
      if !view.isPlaying { return (frame, offsets) }
    }
    return (600, offsets)
  }

  @Test("an elastic touch fling carries on after the release and settles; clamped stops there")
  func fling() throws {
    let (view, model, ids) = try Self.view(.elastic)
    let (frames, offsets) = try Self.fling(view, model, ids)
    #expect(offsets.first == -150)
    #expect(frames > 5 && frames < 600)
    let settled = try #require(offsets.last)
    #expect(settled < -170 && settled >= -800)
    #expect(try Self.column(view) == Self.expectedColumn(offset: settled))

    let (other, otherModel, otherIds) = try Self.view(.clamped)
    let (stopFrames, stopOffsets) = try Self.fling(other, otherModel, otherIds)
    #expect(stopFrames <= 2)
    #expect(stopOffsets.allSatisfy { $0 == -150 })
  }

  @Test("an instance appended to its own list: listeners are called once, nothing recurses")
  func instanceInItsOwnList() throws {
    let fixture = ScrollFixture.virtualizedList(count: 3)
    let file = try RiveFile(data: fixture.data, loadCdn: false)
    let main = try #require(file.viewModelNamed("Main")?.createInstance(fromName: "Main"))
    let list = try #require(main.listProperty(fromPath: "items"))
    var calls = 0
    list.addListener { calls += 1 }
    let before = list.count
    list.append(main)
    #expect(list.count == before + 1)
    #expect(list.instance(at: Int32(before)) === main)
    // The walk over the instance's lists meets the instance again; it visits it once.
    main.updateListeners()
    #expect(calls == 1)
    main.updateListeners()
    #expect(calls == 1)
  }
}
