import Foundation
import RiveCore

extension FuzzHarness {
  /// Plays the file's artboards for a few frames and builds each frame's display list (the
  /// geometry half of the runtime: update order, paths, effects, clips, draw order).
  package static func drawFrames(_ data: Data, frames: Int = 3) {
    guard let file = try? RuntimeFile(data: data) else { return }
    let images = DrawImages(document: file.document)
    var operations = 0
    for artboard in file.artboards.prefix(4) {
      var player = DrawRecorder.Player(artboard: artboard, file: file)
      for _ in 0..<frames {
        player.advance()
        operations &+= player.draw(images: images).operations.count
      }
    }
    precondition(operations >= 0)
  }
}
