import Foundation
import RiveCore
import RiveFormat

extension FuzzHarness {
  /// How much of a file the runtime half of the harness plays.
  package struct PlayLimits: Sendable {
    /// Artboards played (each with its default driver and every state machine).
    package var artboards = 4
    /// State machines played per artboard, besides the default driver.
    package var stateMachines = 4
    /// Frames advanced per player (frame 0 is a zero-time advance; then 1/60 s each).
    package var frames = 60
    /// A display list is built every `drawStride` frames and after the last.
    package var drawStride = 30

    package init() {}
  }

  /// What playing a file did: frames advanced and display-list operations built.
  package struct PlayOutcome: Sendable, Equatable {
    package var frames = 0
    package var operations = 0
  }

  /// Builds the runtime graph, instantiates each artboard and advances it: the default driver
  /// (state machine, else first animation) and every state machine, `limits.frames` frames
  /// each, drawing every `drawStride` frames with text on — the runtime, text and geometry
  /// of the package on whatever the reader accepted. Returns normally for any input.
  @discardableResult
  package static func play(_ data: Data, limits: PlayLimits = PlayLimits()) -> PlayOutcome {
    var outcome = PlayOutcome()
    guard limits.frames > 0, let file = try? RuntimeFile(data: data) else { return outcome }
    let images = DrawImages(document: file.document)
    // Text on, with the file's own (possibly hostile) fonts: shaping, layout and glyph paths.
    let fonts = TextFonts(document: file.document)
    let stride = max(1, limits.drawStride)
    for model in file.artboards.prefix(limits.artboards) {
      // Bound to the default view-model instance, as the reference streams were recorded.
      var player = ArtboardPlayback(artboard: model, file: file)
      // Text laid out and layout solved in the update pass, as a shipping runtime does.
      player.measureText(with: fonts)
      player.solveLayout(true)
      player.setLayoutImages(images)
      for frame in 0..<limits.frames {
        player.advance()
        outcome.frames += 1
        if frame % stride == 0 || frame == limits.frames - 1 {
          outcome.operations &+= player.draw(images: images, text: fonts).count
        }
        // Pointer events across a typical artboard (and off it) hit-test the geometry.
        let kind = PointerEventKind.allCases[frame % PointerEventKind.allCases.count]
        let t = Float(frame + 1) / Float(limits.frames + 1)
        player.pointerEvent(kind, x: 500 * t, y: 500 * (1 - t), pointer: frame % 2)
        player.pointerEvent(.move, x: -1e9, y: .nan)
      }
      let machines = min(model.stateMachineNames.count, limits.stateMachines)
      for index in 0..<machines {
        var artboard = model.instance()
        artboard.solveLayout(true)
        guard var machine = StateMachineInstance(artboard: artboard, index: index) else {
          continue
        }
        for frame in 0..<limits.frames {
          let seconds: Float = frame == 0 ? 0 : ArtboardPlayback.frameStep
          _ = machine.advanceAndApply(seconds, artboard: &artboard)
          outcome.frames += 1
        }
        outcome.operations &+= artboard.draw(images: images).count
      }
    }
    return outcome
  }

  /// Plays the file's artboards for a few frames and builds each frame's display list (the
  /// geometry half of the runtime: update order, paths, effects, clips, draw order).
  package static func drawFrames(_ data: Data, frames: Int = 3) {
    var limits = PlayLimits()
    limits.frames = frames
    limits.stateMachines = 0
    limits.drawStride = 1
    play(data, limits: limits)
  }
}
