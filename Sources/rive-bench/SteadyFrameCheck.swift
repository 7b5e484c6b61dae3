import CRiveAllocationCounter
import Foundation
import RiveCore

/// `rive-bench steady FILE...`: what a steady frame costs the drawing, per file: heap
/// allocations of drawing into a reused display list, and changed paths the retained frame took
/// (``ArtboardInstance/retainedPathUpdates``), both for a frame drawn again without advancing
/// (nothing changed: the goal is 0 and 0) and over frames that advance 1/60 s each (only the
/// paths the frames changed are taken). Text is drawn with the file's fonts. Counted in a
/// process of its own (the allocation counter counts every thread); the tests run it.
enum SteadyFrameCheck {
  static let help = """
    USAGE: rive-bench steady FILE.riv... [--warm-up N] [--frames N]

      --warm-up N  frames played and drawn before counting (default 30)
      --frames N   frames counted (default 30)

    Prints per file: `PATH: repeat allocations A path updates U, playing allocations A path updates U,
    frames N` (allocations of the draws only; advancing is not counted).
    """

  struct Counts {
    var repeatAllocations: UInt64 = 0
    var repeatUpdates = 0
    var playingAllocations: UInt64 = 0
    var playingUpdates = 0
  }

  static func run(arguments: [String]) -> Int32 {
    countedFrames(
      arguments, command: "steady", help: help, defaults: (warmUp: 30, frames: 30)
    ) { path, warmUp, frames in
      measure(path, warmUp: warmUp, frames: frames).map { counts in
        "\(path): repeat allocations \(counts.repeatAllocations) path updates \(counts.repeatUpdates), "
          + "playing allocations \(counts.playingAllocations) path updates \(counts.playingUpdates), "
          + "frames \(frames)"
      }
    }
  }

  /// The driver of the commands that count a steady frame's work (`steady`, `layout-steady`):
  /// files from the arguments, `--warm-up` and `--frames`, the heap counter checked, the build
  /// kind printed, then one line per file from `measure` (nil: the file does not load or has
  /// no artboard). Returns the exit status.
  static func countedFrames(
    _ arguments: [String], command: String, help: String, defaults: (warmUp: Int, frames: Int),
    measure: (_ path: String, _ warmUp: Int, _ frames: Int) -> String?
  ) -> Int32 {
    let (paths, rest) = BenchmarkOptions.splitPaths(arguments)
    let options: BenchmarkOptions
    switch BenchmarkOptions.parse(rest, values: ["--warm-up", "--frames"], help: help) {
    case .success(let parsed): options = parsed
    case .failure(let exit): return exit.status
    }
    guard !paths.isEmpty else {
      FileHandle.standardError.write(Data((help + "\n").utf8))
      return 2
    }
    guard CRiveAllocationCounter_isAvailable() else {
      FileHandle.standardError.write(Data("\(command): heap counting is unavailable here\n".utf8))
      return 1
    }
    let warmUp = options.int("--warm-up", default: defaults.warmUp, minimum: 0)
    let frames = options.int("--frames", default: defaults.frames, minimum: 1)
    // A debug build allocates where an optimized one keeps values on the stack.
    #if DEBUG
      print("build: debug")
    #else
      print("build: optimized")
    #endif
    var status: Int32 = 0
    for path in paths {
      guard let line = measure(path, warmUp, frames) else {
        FileHandle.standardError.write(Data("\(path): does not load or has no artboard\n".utf8))
        status = 1
        continue
      }
      print(line)
    }
    return status
  }

  static func measure(_ path: String, warmUp: Int, frames: Int) -> Counts? {
    guard let data = FileManager.default.contents(atPath: path),
      let file = try? RuntimeFile(data: data), let artboard = file.artboards.first
    else { return nil }
    let fonts = TextFonts(document: file.document)
    let images = DrawImages(document: file.document)
    var player = ArtboardPlayback(artboard: artboard, file: file)
    player.measureText(with: fonts)
    player.advance()
    var list = DisplayList()
    for _ in 0..<warmUp {
      list.removeAll(keepingCapacity: true)
      player.draw(into: &list, images: images, text: fonts)
      _ = player.advance(by: 1.0 / 60)
    }
    /// One draw into the reused list: its heap allocations and the changed paths its retained frame took.
    func countedDraw() -> (allocations: UInt64, updates: Int) {
      let updates = player.withArtboard { $0.retainedPathUpdates }
      list.removeAll(keepingCapacity: true)
      CRiveAllocationCounter_start()
      player.draw(into: &list, images: images, text: fonts)
      let allocations = CRiveAllocationCounter_stop().allocations
      return (allocations, player.withArtboard { $0.retainedPathUpdates } - updates)
    }
    var counts = Counts()
    // Playing: each frame advances, then draws into the reused list (the draw counted).
    for _ in 0..<frames {
      _ = player.advance(by: 1.0 / 60)
      let drawn = countedDraw()
      counts.playingAllocations += drawn.allocations
      counts.playingUpdates += drawn.updates
    }
    // Repeating: the same frame drawn again, nothing changed.
    for _ in 0..<frames {
      let drawn = countedDraw()
      counts.repeatAllocations += drawn.allocations
      counts.repeatUpdates += drawn.updates
    }
    return counts
  }
}
