import CRiveAllocationCounter
import Foundation
import RiveCore
import RiveFixtures

/// `rive-bench scroll`: a frame of a virtualized list of 10,000 items next to a list of just
/// the items its window realizes (``ScrollFixture/virtualizedList(count:buffer:offsetY:)``,
/// layout solved), and the heap a player of the list holds as the item count grows.
enum ScrollBenchmark {
  static let usage = """
    USAGE: rive-bench scroll [--count N] [--frames N]

    A frame (an advance of 1/60 s while a drag moves the list, then its display list) of a
    virtualized list of N items (default 10,000) next to a list of just the items its window
    realizes (as many as the N-item list realizes at most during the frames); goal: within
    1.2×. Then the live heap of a player of the list after 60 frames for 1,000 and N items,
    per item.
    """

  static func run(arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      print(usage)
      return 0
    }
    var count = 10_000
    var frames = 300
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 else {
        FileHandle.standardError.write(Data("scroll: bad option \(argument)\n\(usage)\n".utf8))
        return 2
      }
      switch argument {
      case "--count": count = value
      case "--frames": frames = value
      default:
        FileHandle.standardError.write(Data("scroll: unknown option \(argument)\n".utf8))
        return 2
      }
      index += 2
    }
    do {
      let large = try frameMicroseconds(count: count, frames: frames)
      let small = try frameMicroseconds(count: large.realized, frames: frames)
      print("frame of a virtualized list (median of \(frames), µs):")
      print("  \(count) items:  \(Timing.format(large.median))")
      print("  \(large.realized) items:      \(Timing.format(small.median))  (what it realizes)")
      print(
        "  ratio:        \(Timing.format(large.median / small.median, digits: 3))  (goal ≤ 1.2)")
      guard CRiveAllocationCounter_isAvailable() else {
        print("heap: the allocation counter is unavailable here")
        return 0
      }
      let thousand = try heapBytes(count: 1_000)
      let many = try heapBytes(count: count)
      let perItem = Double(many.player - thousand.player) / Double(count - 1_000)
      let filePerItem = Double(many.file - thousand.file) / Double(count - 1_000)
      print("live heap after 60 frames (bytes): file, then player")
      print("  1,000 items:  \(thousand.file), \(thousand.player)")
      print("  \(count) items: \(many.file), \(many.player)")
      print(
        "  per item:     file \(Timing.format(filePerItem, digits: 0)), player "
          + "\(Timing.format(perItem, digits: 0)); realized artboards: \(many.realized)")
      return 0
    } catch {
      FileHandle.standardError.write(Data("scroll: \(error)\n".utf8))
      return 1
    }
  }

  /// The median time of a frame (a drag move, an advance, the display list), and the most
  /// item artboards the list held in a timed frame.
  static func frameMicroseconds(count: Int, frames: Int) throws -> (median: Double, realized: Int) {
    let file = try RuntimeFile(data: ScrollFixture.virtualizedList(count: count).data)
    guard let artboard = file.artboards.first else { return (.nan, 0) }
    var player = ArtboardPlayback(artboard: artboard, file: file)
    player.solveLayout(true)
    player.advance(to: 1)
    let images = DrawImages(document: file.document)
    var list = DisplayList()
    var times: [Double] = []
    times.reserveCapacity(frames)
    var realized = 0
    // Back and forth over 60 points, so the short list scrolls too.
    var y: Float = 150
    player.pointerEvent(.down, x: 100, y: y)
    for frame in 0..<(frames + 20) {
      y += frame % 12 < 6 ? -10 : 10
      list.removeAll(keepingCapacity: true)
      let start = Timing.now()
      player.pointerEvent(.move, x: 100, y: y)
      player.advance()
      player.draw(into: &list, images: images)
      let elapsed = Double(Timing.now() - start) / 1000
      if frame >= 20 {
        times.append(elapsed)
        realized = max(realized, player.artboard.listItemArtboardCount)
      }
    }
    player.pointerEvent(.up, x: 100, y: y)
    return (Timing.median(times), realized)
  }

  /// The live heap the parsed file and a player of it (after 60 frames) hold.
  static func heapBytes(count: Int) throws -> (file: Int64, player: Int64, realized: Int) {
    let data = ScrollFixture.virtualizedList(count: count).data
    CRiveAllocationCounter_start()
    let file = try RuntimeFile(data: data)
    let fileBytes = CRiveAllocationCounter_stop().netBytes
    guard let artboard = file.artboards.first else { return (0, 0, 0) }
    CRiveAllocationCounter_start()
    var player = ArtboardPlayback(artboard: artboard, file: file)
    player.solveLayout(true)
    for _ in 0..<60 { player.advance() }
    let playerBytes = CRiveAllocationCounter_stop().netBytes
    let realized = player.artboard.listItemArtboardCount
    withExtendedLifetime(player) {}
    return (Int64(fileBytes), Int64(playerBytes), realized)
  }
}
