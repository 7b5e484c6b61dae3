import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// Virtualized artboard lists made by the package's writer
/// (``ScrollFixture/virtualizedList(count:buffer:offsetY:itemMachine:itemClick:infinite:rootDrag:)``: items 100 high in a 200-high
/// viewport, item `i` drawing a rectangle `100 + i % 100` wide): only the realized window has
/// artboards, items entering it get one (recycled from items that left, bound to their own
/// instance), and the count stays bounded however far the list scrolls.
@Suite("Virtualized lists (writer-made)")
struct VirtualizedListTests {
  static func player(count: Int, buffer: Int = 1, offsetY: Float = 0) throws -> (
    ArtboardPlayback, ScrollFixture.VirtualIds
  ) {
    let fixture = ScrollFixture.virtualizedList(count: count, buffer: buffer, offsetY: offsetY)
    var player = try playback(fixture.data)
    player.advance(to: 1)
    return (player, fixture.ids)
  }

  /// A player of `data`'s first artboard with layout solved, at its first frame (advanced by
  /// 0 s).
  static func playback(_ data: Data) throws -> ArtboardPlayback {
    try ScrollFixtureTests.player(data, frame: 0)
  }

  /// The items that have an artboard, and the width each one's rectangle has.
  static func realized(_ artboard: ArtboardInstance) -> [(index: Int, width: Float?)] {
    guard let list = artboard.componentLists.first else { return [] }
    return list.items.indices.compactMap { index in
      guard let item = list.items[index].artboard else { return nil }
      let rectangle = (0..<item.objectCount).first {
        item.typeKey(of: $0) == UInt16(TypeKey.rectangle)
      }
      var width: Float?
      if let rectangle,
        case .number(let value)? = item.value(
          of: rectangle, property: PropertyKey.parametricPathWidth)
      {
        width = value
      }
      return (index, width)
    }
  }

  /// The items the scroll's virtualizer realizes now.
  static func window(_ artboard: ArtboardInstance, _ ids: ScrollFixture.VirtualIds) -> [Int] {
    artboard.realizedItems(ofList: ids.list, scroll: ids.scroll).map(\.item).sorted()
  }

  @Test("a list of 10,000 items holds them all and gives artboards only to its window")
  func tenThousand() throws {
    let (player, ids) = try Self.player(count: 10_000)
    let lists = player.artboard.componentLists
    #expect(lists.count == 1 && lists.first?.items.count == 10_000)
    #expect(lists.first?.isVirtualized == true)
    let realized = Self.realized(player.artboard)
    // The viewport shows items 0 and 1; the buffer adds item 2.
    #expect(realized.map(\.index) == [0, 1, 2])
    #expect(realized.map(\.index) == Self.window(player.artboard, ids))
    #expect(realized.map(\.width) == [0, 1, 2].map { ScrollFixture.virtualItemWidth($0) })
  }

  @Test("a drag through the list recycles artboards: each shows its own item, none pile up")
  func dragRecycles() throws {
    var (player, ids) = try Self.player(count: 10_000, buffer: 2)
    var contexts = -1
    var y: Float = 190
    player.pointerEvent(.down, x: 100, y: y)
    var seen = Set<Int>()
    for frame in 0..<120 {
      // Up 45 points a frame, back to the bottom every few frames (a new drag).
      if y < 20 {
        player.pointerEvent(.up, x: 100, y: y)
        y = 190
        player.pointerEvent(.down, x: 100, y: y)
      }
      y -= 45
      player.pointerEvent(.move, x: 100, y: y)
      player.advance()
      let realized = Self.realized(player.artboard)
      let window = Self.window(player.artboard, ids)
      #expect(realized.map(\.index) == window, "frame \(frame)")
      for item in realized {
        #expect(item.width == ScrollFixture.virtualItemWidth(item.index), "item \(item.index)")
        seen.insert(item.index)
      }
      let list = try #require(player.artboard.componentLists.first)
      #expect(realized.count <= 7 && realized.count + list.pool.count <= 14, "frame \(frame)")
      if frame == 40 { contexts = player.artboard.storeBox.value?.contexts.count ?? -1 }
    }
    // 120 frames of 45 points less the drags' restarts: more than fifty items went by.
    #expect(seen.count > 50)
    #expect(try #require(seen.max()) > 50)
    // Recycling binds again in the contexts the first artboards made: once the pool holds what
    // the window needs (by frame 40), the store does not grow.
    #expect(contexts > 0)
    #expect(player.artboard.storeBox.value?.contexts.count == contexts)
  }

  /// The window of a list of `count` items 100 high in a 200-high viewport scrolled by
  /// `scrolled` points, worked out by hand: the items the viewport shows (the first whose
  /// bottom passes the top; the last whose bottom reaches the viewport's bottom), `buffer`
  /// more on each side within the list, and where each item's top is drawn.
  static func expectedWindow(scrolled: Float, count: Int, buffer: Int) -> [(Int, Float)] {
    let height = ScrollFixture.itemHeight
    let first = Int((scrolled / height).rounded(.down))
    let last = min(
      count - 1, Int(((scrolled + ScrollFixture.viewportSize) / height).rounded(.up)) - 1)
    let from = max(0, first - buffer)
    let to = min(count - 1, last + buffer)
    return (from...to).map { ($0, Float($0) * height - scrolled) }
  }

  @Test("at any offset the window is what the offset shows, in a list of 10,000 or of 10 items")
  func windowAtOffsets() throws {
    for count in [10, 10_000] {
      var (player, ids) = try Self.player(count: count, buffer: 2)
      var generator = SeededGenerator(seed: 47)
      let end = Float(count) * ScrollFixture.itemHeight - ScrollFixture.viewportSize
      let offsets: [Float] =
        [0, end, 50, end - 50, 100]
        + (0..<60).map { _ in Float(Int.random(in: 0...Int(end), using: &generator)) }
      for scrolled in offsets {
        player.withArtboard { $0.setScrollOffset(ids.scroll, x: 0, y: -scrolled) }
        _ = player.advance(by: 0)
        let window = player.artboard.realizedItems(ofList: ids.list, scroll: ids.scroll)
        let expected = Self.expectedWindow(scrolled: scrolled, count: count, buffer: 2)
        #expect(window.map(\.item) == expected.map(\.0), "\(count) items at \(scrolled)")
        #expect(window.map(\.y) == expected.map(\.1), "\(count) items at \(scrolled)")
        #expect(window.allSatisfy { $0.x == 0 })
        // Only the window has artboards, and the list knows which.
        #expect(Self.realized(player.artboard).map(\.index) == expected.map(\.0))
        #expect(player.artboard.componentLists.first?.realized == expected.map(\.0))
      }
      // The run of sizes was kept from frame to frame (made from the authored sizes).
      let run = try #require(player.artboard.virtualRuns[ids.scroll])
      #expect(run.sizes.count == count && run.ascends)
      #expect(run.starts.last == Float(count) * ScrollFixture.itemHeight)
    }
  }

  @Test("a jump to the end realizes the last items; an offset far past it clamps")
  func jumpToEnd() throws {
    let (player, ids) = try Self.player(count: 10_000, offsetY: -1e9)
    let realized = Self.realized(player.artboard)
    #expect(realized.map(\.index) == Self.window(player.artboard, ids))
    #expect(realized.last?.index == 9_999)
    #expect(realized.first.map { $0.index >= 9_995 } == true)
    for item in realized {
      #expect(item.width == ScrollFixture.virtualItemWidth(item.index))
    }
  }

  /// Each realized item's rectangle height, its machine's current state (layer 0) and input
  /// `n`, in item order.
  static func itemStates(_ artboard: ArtboardInstance) -> [(
    index: Int, height: Float?, state: Int?, n: Float?
  )] {
    guard let list = artboard.componentLists.first else { return [] }
    return list.items.indices.compactMap { index in
      guard let item = list.items[index].artboard else { return nil }
      let path = (0..<item.objectCount).first {
        item.typeKey(of: $0) == UInt16(TypeKey.rectangle)
      }
      var height: Float?
      if let path,
        case .number(let value)? = item.value(of: path, property: PropertyKey.parametricPathHeight)
      {
        height = value
      }
      let machine = list.items[index].machine
      var n: Float?
      if case .number(let value)? = machine?.inputs.first { n = value }
      return (index, height, machine?.currentStates.first ?? nil, n)
    }
  }

  @Test("a recycled item artboard starts over: authored values and inputs back, machine at entry")
  func recycledItemsStartOver() throws {
    let fixture = ScrollFixture.virtualizedList(count: 100, buffer: 0, itemMachine: true)
    var player = try Self.playback(fixture.data)
    for _ in 0..<36 { _ = player.advance(by: 1 / 60) }
    // States: entry 0, any 1, exit 2, idle 3, shrunk 4. After 0.6 s both realized items left
    // idle for shrunk (exit time 0.5 s), which keys the rectangle's height.
    let shrunk = ScrollFixture.shrunkHeight
    var items = Self.itemStates(player.artboard)
    #expect(items.map(\.index) == [0, 1])
    #expect(items.map(\.height) == [shrunk, shrunk])
    #expect(items.map(\.state) == [4, 4])
    // An input changed on item 0's machine (as an app or a listener would).
    _ = player.withArtboard { $0.componentLists[0].items[0].machine?.setNumber(0, 9) }
    #expect(Self.itemStates(player.artboard).first?.n == 9)
    let made = player.artboard.storeBox.value?.listArtboardCount

    // Two items down: items 0 and 1 leave, 2 and 3 enter on their recycled artboards.
    player.withArtboard { $0.setScrollOffset(fixture.ids.scroll, x: 0, y: -200) }
    _ = player.advance(by: 0)
    items = Self.itemStates(player.artboard)
    #expect(items.map(\.index) == [2, 3])
    #expect(player.artboard.storeBox.value?.listArtboardCount == made, "recycled, not made")
    // As new ones: the authored height (shrunk's key put back), the machine in idle, input
    // n at its authored 5.
    let authored = ScrollFixture.itemHeight
    #expect(items.map(\.height) == [authored, authored])
    #expect(items.map(\.state) == [3, 3])
    #expect(items.map(\.n) == [5, 5])
    // And they go on as new ones: after the exit time they shrink again.
    for _ in 0..<36 { _ = player.advance(by: 1 / 60) }
    items = Self.itemStates(player.artboard)
    #expect(items.map(\.height) == [shrunk, shrunk])
    #expect(items.map(\.state) == [4, 4])
  }

  static func clickPlayer(offsetY: Float = 0) throws -> (ArtboardPlayback, ScrollFixture.VirtualIds)
  {
    let fixture = ScrollFixture.virtualizedList(
      count: 100, buffer: 0, offsetY: offsetY, itemMachine: true, itemClick: true)
    var player = try Self.playback(fixture.data)
    _ = player.advance(by: 1 / 60)
    return (player, fixture.ids)
  }

  /// Input `n` of each realized item's machine, by item.
  static func inputs(_ player: ArtboardPlayback) -> [Int: Float] {
    var result: [Int: Float] = [:]
    for item in itemStates(player.artboard) { result[item.index] = item.n }
    return result
  }

  @Test("a click reaches the list item drawn under the pointer, scrolled or not")
  func clickReachesItem() throws {
    let clicked = ScrollFixture.clickedValue
    // Items 0 and 1 show (0…100 and 100…200 high); item i's rectangle is 100 + i wide.
    var (player, _) = try Self.clickPlayer()
    player.pointerEvent(.down, x: 50, y: 150)
    player.pointerEvent(.up, x: 50, y: 150)
    _ = player.advance(by: 1 / 60)
    #expect(Self.inputs(player) == [0: 5, 1: clicked])
    // Beside the rectangle (item 0's is 100 wide) nothing is hit.
    player.pointerEvent(.down, x: 150, y: 50)
    player.pointerEvent(.up, x: 150, y: 50)
    _ = player.advance(by: 1 / 60)
    #expect(Self.inputs(player)[0] == 5)
    // Scrolled by 250: items 2, 3 and 4 show, item 3 at 50…150.
    (player, _) = try Self.clickPlayer(offsetY: -250)
    #expect(Self.inputs(player).keys.sorted() == [2, 3, 4])
    player.pointerEvent(.down, x: 50, y: 100)
    player.pointerEvent(.up, x: 50, y: 100)
    _ = player.advance(by: 1 / 60)
    #expect(Self.inputs(player) == [2: 5, 3: clicked, 4: 5])
  }

  @Test("a drag that scrolls the list takes the pointer from its items: releasing clicks nothing")
  func scrollingDragClicksNothing() throws {
    var (player, ids) = try Self.clickPlayer()
    player.pointerEvent(.down, x: 50, y: 150)
    // Up 60: the content follows (no physics, threshold 0), the pointer stays over item 1.
    player.pointerEvent(.move, x: 50, y: 90)
    #expect(ScrollFixture.offsetY(in: player.artboard, scroll: ids.scroll) == -60)
    player.pointerEvent(.up, x: 50, y: 90)
    _ = player.advance(by: 1 / 60)
    #expect(Self.inputs(player).values.allSatisfy { $0 == 5 })
    // After the drag the items take clicks again.
    player.pointerEvent(.down, x: 50, y: 90)
    player.pointerEvent(.up, x: 50, y: 90)
    _ = player.advance(by: 1 / 60)
    #expect(Self.inputs(player)[1] == ScrollFixture.clickedValue)
  }

  @Test("an infinite virtualized list scrolled beyond any integer keeps drawing and hit-testing")
  func infiniteBeyondIntegers() throws {
    let fixture = ScrollFixture.virtualizedList(
      count: 20, buffer: 1, itemMachine: true, itemClick: true, infinite: true)
    var player = try Self.playback(fixture.data)
    for offset: Float in [1e30, -1e30, 3e38, .greatestFiniteMagnitude, 250, -250] {
      player.withArtboard { $0.setScrollOffset(fixture.ids.scroll, x: 0, y: offset) }
      _ = player.advance(by: 1 / 60)
      player.pointerEvent(.down, x: 50, y: 50)
      player.pointerEvent(.move, x: 50, y: -1e30)
      player.pointerEvent(.up, x: 50, y: 50)
      let list = player.draw(images: DrawImages())
      #expect(list.count > 0, "at \(offset)")
    }
  }

  @Test("an infinite list's window that wraps draws (and is hit) from its first item on")
  func wrappedWindowOrder() throws {
    // Five items, 500 of content; scrolled by 450 the window shows item 4 at −50, then the
    // content again from item 0 (at 50) and item 1 (at 150).
    let fixture = ScrollFixture.virtualizedList(
      count: 5, buffer: 0, offsetY: -450, itemMachine: true, itemClick: true, infinite: true)
    var player = try Self.playback(fixture.data)
    _ = player.advance(by: 1 / 60)
    let artboard = player.artboard
    let list = try #require(artboard.componentListIndex(fixture.ids.list))
    let order = artboard.virtualDrawOrder(
      list, artboard.realizedItems(ofList: fixture.ids.list, scroll: fixture.ids.scroll))
    #expect(order.map(\.item) == [4, 0, 1])
    #expect(order.map(\.y) == [-50, 50, 150])
    // Hit order is the reverse: the last drawn first.
    #expect(artboard.listItemPlacements(list).map(\.item) == [1, 0, 4])
    // A click at 60 lands on item 0, drawn there after the wrap.
    player.pointerEvent(.down, x: 50, y: 60)
    player.pointerEvent(.up, x: 50, y: 60)
    _ = player.advance(by: 1 / 60)
    #expect(Self.inputs(player) == [4: 5, 0: ScrollFixture.clickedValue, 1: 5])
  }

  @Test("a drag listener's drag takes the pointer from the list items below until it ends")
  func dragListenerCancelsItemClick() throws {
    let fixture = ScrollFixture.virtualizedList(
      count: 10, buffer: 0, itemMachine: true, itemClick: true, rootDrag: true)
    var player = try Self.playback(fixture.data)
    _ = player.advance(by: 1 / 60)
    func dragged() -> Float? {
      player.withInstances { machine, _ in
        if case .number(let value)? = machine?.inputs.first { return value }
        return nil
      }
    }
    // Pressed and dragged over item 1: the viewport's drag listener runs, and the item's
    // click is cancelled (the scroll does not move: it is not interactive).
    player.pointerEvent(.down, x: 50, y: 150)
    player.pointerEvent(.move, x: 50, y: 140)
    player.pointerEvent(.move, x: 50, y: 130)
    player.pointerEvent(.up, x: 50, y: 130)
    _ = player.advance(by: 1 / 60)
    #expect(dragged() == 1)
    #expect(Self.inputs(player) == [0: 5, 1: 5])
    // A press and release without moving clicks the item again.
    player.pointerEvent(.down, x: 50, y: 130)
    player.pointerEvent(.up, x: 50, y: 130)
    _ = player.advance(by: 1 / 60)
    #expect(Self.inputs(player) == [0: 5, 1: ScrollFixture.clickedValue])
  }

  @Test("a list longer than the virtualized maximum keeps the maximum, realizing a window")
  func beyondMaximum() throws {
    // Not 1,000,001 items (a slow file to write): the cap is checked against a small
    // non-virtualized one and the virtualized bound is the constant's.
    #expect(ComponentListInstance.maximumVirtualizedItems >= 10_000)
    #expect(
      ComponentListInstance.maximumRealizedItems < ComponentListInstance.maximumVirtualizedItems)
    let (player, _) = try Self.player(count: 600)
    #expect(player.artboard.componentLists.first?.items.count == 600)
    #expect(Self.realized(player.artboard).count == 3)
  }

  @Test("an item leaving the window keeps its place in the content's layout until one enters")
  func leavingItemKeepsLayoutRoom() throws {
    // No buffer: at 0 the window is items 0 and 1, at 50 items 0, 1 and 2, at 100 items 1
    // and 2 (item 0 only leaves), at 150 items 1, 2 and 3 (item 3 enters).
    var (player, ids) = try Self.player(count: 10, buffer: 0)
    var heights: [Float] = []
    var windows: [[Int]] = []
    for scrolled: Float in [0, 50, 100, 150, 200] {
      player.withArtboard { $0.setScrollOffset(ids.scroll, x: 0, y: -scrolled) }
      _ = player.advance(by: 0)
      windows.append(Self.realized(player.artboard).map(\.index))
      heights.append(player.artboard.layoutBox(of: ids.content)?.height ?? -1)
    }
    #expect(windows == [[0, 1], [0, 1, 2], [1, 2], [1, 2, 3], [2, 3]])
    // The hugging content column is as high as the items whose nodes it holds: the realized
    // ones when an item last entered, with those that left since (the runtime pools a leaving
    // artboard and syncs the layout's children only when an item is added).
    #expect(heights == [200, 300, 300, 300, 300])
  }

  @Test("a realized item artboard is laid out in its host's tree at its style's size")
  func realizedItemsAreLaidOut() throws {
    var (player, ids) = try Self.player(count: 10, buffer: 1)
    for scrolled: Float in [0, 250] {
      player.withArtboard { $0.setScrollOffset(ids.scroll, x: 0, y: -scrolled) }
      _ = player.advance(by: 0)
      let list = try #require(player.artboard.componentLists.first)
      #expect(!list.realized.isEmpty)
      for index in list.realized {
        let item = try #require(list.items[index].artboard)
        // Hosted: its root is a node of the host's tree, solved by the host's pass.
        #expect(item.layout.isOn && !item.layout.updatesOwnLayout, "item \(index)")
        let box = item.artboardLayoutSize()
        #expect(box.width == ScrollFixture.viewportSize, "item \(index) at \(scrolled)")
        #expect(box.height == ScrollFixture.itemHeight, "item \(index) at \(scrolled)")
      }
    }
  }
}
