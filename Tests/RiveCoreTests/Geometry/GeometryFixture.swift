import Foundation
import RiveFixtures
import RiveFormat
import RiveReference

@testable import RiveCore

/// Helpers to draw the small files ``RuntimeFixture`` writes.
extension RuntimeFixture {
  /// The display list of frame 0 of the file's first artboard.
  func drawFrameZero() throws -> DisplayList {
    let file = try self.file()
    guard let lists = DrawRecorder(file: file).displayLists(frames: [0]), let first = lists.first
    else { return DisplayList() }
    return first.1
  }
}

extension DisplayList {
  /// The paths of the draw calls, in order.
  var drawnPaths: [RenderPath] {
    operations.compactMap {
      if case .drawPath(let path, _) = $0 { return path }
      return nil
    }
  }

  /// The paints of the draw calls, in order.
  var drawnPaints: [RenderPaint] {
    operations.compactMap {
      if case .drawPath(_, let paint) = $0 { return paint }
      return nil
    }
  }
}
