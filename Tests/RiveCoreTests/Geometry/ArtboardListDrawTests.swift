import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// A file made by the package's writer: view model "Item" (a number with the draw-index role,
/// bound to the width of a square in artboard "Item") and view model "Main" (a list of three
/// items, bound to the artboard list of artboard "Main"). Item `i`'s draw index is
/// `drawIndices[i]`, so each drawn item shows its draw index as its square's width.
/// With `sizes`, Item has a second number, "size", and the square's width is bound to it
/// instead (so an item's draw index orders it without changing how it looks).
private func listFile(drawIndices: [Float], sizes: [Float]? = nil) throws -> RuntimeFile {
  var writer = RiveObjectWriter()
  writer.object(TypeKey.backboard)
  writer.itemListViewModels(
    numberProperty: (name: "drawIndex", role: 16), numbers: drawIndices, sizes: sizes)
  // Artboard "Main": the list, its source bound to Main's "items".
  writer.boundArtboard("Main", width: 100, height: 100, viewModel: 1)
  writer.object(
    TypeKey.artboardComponentList,
    [(PropertyKey.componentParentId, .uint(0)), (PropertyKey.nodeX, .float(5))])
  writer.bind(PropertyKey.artboardComponentListListSource, to: [1, 0])
  // Artboard "Item": a filled square whose width is the item's draw index.
  writer.boundArtboard("Item", width: 40, height: 40, viewModel: 0)
  writer.filledShape(color: 0xFF00_FF00)
  writer.rectangle(width: 1, height: 10)
  writer.bind(PropertyKey.parametricPathWidth, to: [0, sizes == nil ? 0 : 1])
  return try RuntimeFile(data: Data(writer.bytes))
}

/// The widths of the squares drawn, in draw order (each item's draw index), and the
/// transforms the list and its items draw with.
private func drawnItems(_ list: DisplayList) -> (widths: [Float], transforms: [Transform2D]) {
  var widths: [Float] = []
  var transforms: [Transform2D] = []
  for operation in list.operations {
    switch operation {
    case .drawPath(let path, _):
      var xs: [Float] = []
      for command in path.commands {
        switch command {
        case .move(let x, _), .line(let x, _): xs.append(x)
        default: break
        }
      }
      widths.append((xs.max() ?? 0) - (xs.min() ?? 0))
    case .transform(let transform):
      transforms.append(transform)
    default:
      break
    }
  }
  return (widths, transforms)
}

@Suite("Artboard lists")
struct ArtboardListDrawTests {
  private func play(_ file: RuntimeFile) -> ArtboardInstance { BoundListPlaying.play(file) }

  @Test("each item's artboard is drawn in the list's space, sorted by draw index")
  func drawIndexOrder() throws {
    var artboard = play(try listFile(drawIndices: [30, 10, 20]))
    #expect(artboard.componentLists.first?.drawOrder == [1, 2, 0])
    let drawn = drawnItems(artboard.draw())
    #expect(drawn.widths == [10, 20, 30])
    // The list's world transform (x 5), then each item at its origin (0 under an artboard).
    #expect(drawn.transforms.contains(.translation(5, 0)))
  }

  @Test("equal draw indices keep list order; a changed draw index reorders on advance")
  func stableAndLive() throws {
    var artboard = play(try listFile(drawIndices: [7, 7, 7]))
    #expect(artboard.componentLists.first?.drawOrder == [0, 1, 2])
    let items = try #require(
      artboard.viewModels.flatMap { store in
        store.handle(at: "items").map { store.values[Int($0.index)].items }
      })
    #expect(items.count == 3)
    let changed = artboard.withViewModels { store -> Bool in
      guard
        let first = store.handle(at: "drawIndex", from: ViewModelInstanceHandle(index: items[0]))
      else { return false }
      return store.setValue(.number(9), for: first)
    }
    #expect(changed == true)
    _ = artboard.advance(1.0 / 60)
    #expect(artboard.componentLists.first?.drawOrder == [1, 2, 0])
    #expect(drawnItems(artboard.draw()).widths == [7, 7, 9])
  }

  /// The frame `artboard` shows, drawn by a copy that walks every frame.
  private func walked(_ artboard: ArtboardInstance) -> DisplayList {
    var copy = artboard
    copy.replaysSteadyFrames = false
    return copy.draw()
  }

  /// Sets number `name` of item `item` of Main's list; false when it is not there.
  private func setItemNumber(
    _ artboard: inout ArtboardInstance, item: Int, _ name: String, _ value: Float
  ) -> Bool {
    BoundListPlaying.setItemNumber(&artboard, list: "items", item: item, name, value)
  }

  /// Advances `artboard` by a frame after a change and draws it: the frame must be walked
  /// (not replayed) and equal a walk, and the next draws of the still frame replayed (both:
  /// an artboard whose last recording was replayed records a changed frame as it walks it).
  private func advancedFrame(
    _ artboard: inout ArtboardInstance, _ change: String
  ) -> DisplayList {
    let replays = artboard.replayedFrames
    _ = artboard.advance(1.0 / 60)
    let expected = walked(artboard)
    let drawn = artboard.draw()
    #expect(artboard.replayedFrames == replays, "\(change): the changed frame was walked")
    #expect(drawn == expected, "\(change)")
    _ = artboard.draw()
    #expect(artboard.draw() == expected, "\(change): replayed")
    #expect(artboard.replayedFrames == replays + 2, "\(change)")
    return drawn
  }

  @Test(
    "a list's still frame is replayed; an item's change, a new draw order and a list edit are drawn"
  )
  func steadyFramesReplay() throws {
    var artboard = play(try listFile(drawIndices: [30, 10, 20], sizes: [5, 6, 7]))
    _ = artboard.draw()
    _ = artboard.draw()
    let still = artboard.draw()
    #expect(artboard.replayedFrames == 1, "the third draw of a still frame is the recording")
    #expect(still == walked(artboard))
    #expect(drawnItems(still).widths == [6, 7, 5])

    // One item's square grows: nothing of the host changes, the frame is walked.
    #expect(setItemNumber(&artboard, item: 0, "size", 15))
    let grown = advancedFrame(&artboard, "the grown item")
    #expect(drawnItems(grown).widths == [6, 7, 15])

    // A new draw index moves item 0 to the back: no item looks different, the order does.
    #expect(setItemNumber(&artboard, item: 0, "drawIndex", 1))
    let reordered = advancedFrame(&artboard, "the new order")
    #expect(artboard.componentLists.first?.drawOrder == [0, 1, 2])
    #expect(drawnItems(reordered).widths == [15, 6, 7])

    // The list loses its first item.
    let edited = artboard.withViewModels { store -> Bool in
      guard let list = store.handle(at: "items") else { return false }
      let items = store.values[Int(list.index)].items
      return store.setItems(Int32(list.index), Array(items.dropFirst()))
    }
    #expect(edited == true)
    let shorter = advancedFrame(&artboard, "the edited list")
    #expect(drawnItems(shorter).widths == [6, 7])
  }

  /// How many frames each item of Main's list drew from its own recording, in list order.
  private func itemReplays(_ artboard: inout ArtboardInstance) -> [Int] {
    artboard.componentLists[0].items.indices.map { item in
      artboard.componentLists[0].items[item].withArtboard { $0.replayedFrames } ?? -1
    }
  }

  @Test("an item that changed is walked while the list's still items append their recordings")
  func stillItemsReplayBesideAChangedOne() throws {
    var artboard = play(try listFile(drawIndices: [30, 10, 20], sizes: [5, 6, 7]))
    for _ in 0..<3 { _ = artboard.draw() }
    // The whole frame replayed the third time: no item drew on its own.
    #expect(artboard.replayedFrames == 1)
    let before = itemReplays(&artboard)
    for size: Float in [15, 16, 17] {
      #expect(setItemNumber(&artboard, item: 0, "size", size))
      _ = artboard.advance(1.0 / 60)
      let expected = walked(artboard)
      #expect(artboard.draw() == expected)
    }
    // Each frame changed item 0 only: the host walked, item 0 walked, and items 1 and 2
    // (recorded while the host recorded the still frame) appended their recordings.
    let after = itemReplays(&artboard)
    #expect(before == [0, 0, 0])
    #expect(after == [0, 3, 3])
    #expect(drawnItems(artboard.draw()).widths == [6, 7, 17])
  }
}
