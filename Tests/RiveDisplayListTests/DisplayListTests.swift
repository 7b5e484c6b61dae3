import RiveDisplayList
import Testing

/// A renderer that keeps what it is handed, to check replay order.
private struct Recorder: DrawRenderer {
  var operations: [DrawOperation] = []
  mutating func draw(_ operation: DrawOperation) { operations.append(operation) }
}

@Suite("Display lists")
struct DisplayListTests {
  static let square = RenderPath(
    fillRule: .evenOdd, commands: [.move(0, 0), .line(4, 0), .line(4, 4), .line(0, 4), .close])
  static let red = RenderPaint(style: .fill, color: 0xFFFF_0000)

  static let operations: [DrawOperation] = [
    .save,
    .transform(Transform2D(xx: 2, xy: 0, yx: 0, yy: 2, tx: 1, ty: 1)),
    .modulateOpacity(0.25),
    .clipPath(square),
    .drawPath(square, red),
    .drawImage(image: 3, blendMode: .multiply, opacity: 0.5),
    .drawImageMesh(
      image: -1,
      mesh: ImageMesh(
        vertices: [0, 0, 1, 0, 0, 1], uvs: [0, 0, 1, 0, 0, 1],
        indices: [0, 1, 2]), blendMode: .srcOver, opacity: 1),
    .restore,
  ]

  @Test("a list gives back the operations it was made of, in order")
  func roundTrip() {
    let list = DisplayList(operations: Self.operations)
    #expect(list.count == Self.operations.count)
    #expect(list.operations == Self.operations)
    #expect(Array(list) == Self.operations)
    #expect(list[1] == Self.operations[1])
    var recorder = Recorder()
    list.replay(into: &recorder)
    #expect(recorder.operations == Self.operations)
  }

  @Test("the appending calls make the same list as the operations they stand for")
  func appenders() {
    var direct = DisplayList()
    direct.save()
    direct.transform(Transform2D(xx: 2, xy: 0, yx: 0, yy: 2, tx: 1, ty: 1))
    direct.restore()
    let made = DisplayList(operations: [
      .save, .transform(Transform2D(xx: 2, xy: 0, yx: 0, yy: 2, tx: 1, ty: 1)), .restore,
    ])
    #expect(direct == made && direct.hashValue == made.hashValue)
    #expect(direct != DisplayList(operations: [.save, .restore]))
  }

  @Test("an opacity keeps its exact bits, negative zero and NaN included")
  func opacityBits() {
    let values: [Float] = [-0.0, 1e-45, .greatestFiniteMagnitude, -.infinity, .nan]
    let list = DisplayList(operations: values.map { .modulateOpacity($0) })
    for (index, value) in values.enumerated() {
      guard case .modulateOpacity(let read) = list[index] else {
        Issue.record("operation \(index) is \(list[index])")
        continue
      }
      #expect(read.bitPattern == value.bitPattern)
    }
  }

  @Test("removing every operation leaves an empty list that takes new ones")
  func removeAll() {
    var list = DisplayList(operations: Self.operations)
    list.removeAll(keepingCapacity: true)
    #expect(list.isEmpty && list == DisplayList())
    list.draw(.drawPath(Self.square, Self.red))
    #expect(list.operations == [.drawPath(Self.square, Self.red)])
  }

  @Test("a raw path starts an implicit contour at the last move point and closes once")
  func rawPathRules() {
    var raw = RawPath()
    raw.line(Vec2(1, 0))  // no contour open: starts one at (0, 0)
    raw.move(Vec2(5, 5))
    raw.cubic(Vec2(6, 5), Vec2(7, 6), Vec2(7, 7))
    raw.close()
    raw.close()  // a second close adds nothing
    raw.line(Vec2(9, 9))  // after a close: starts again at the last move, (5, 5)
    let path = RenderPath(fillRule: .nonZero, raw: raw)
    #expect(
      path.commands == [
        .move(0, 0), .line(1, 0), .move(5, 5), .cubic(6, 5, 7, 6, 7, 7), .close, .move(5, 5),
        .line(9, 9),
      ])
    var visited: [PathCommand] = []
    path.forEachCommand { visited.append($0) }
    #expect(visited == path.commands)
    #expect(path == RenderPath(fillRule: .nonZero, commands: path.commands))
    #expect(path != RenderPath(fillRule: .evenOdd, commands: path.commands))
  }

  /// A frame of `pathCount` path slots whose slot `slot` holds a triangle (taken at
  /// `generation`) and whose paint slot 0 is red.
  static func triangleFrame(pathCount: Int, slot: Int, generation: UInt32) -> RetainedPaths {
    let frame = RetainedPaths()
    frame.reserve(pathCount: pathCount, paintCount: 1)
    var raw = RawPath()
    raw.move(Vec2(0, 0))
    raw.line(Vec2(3, 0))
    raw.line(Vec2(0, 3))
    raw.close()
    frame.takePath(slot, generation: generation, from: raw)
    frame.setPaint(0, red)
    return frame
  }

  @Test("a retained draw reads as the path and paint in its frame's slots")
  func retainedDraws() {
    let frame = Self.triangleFrame(pathCount: 2, slot: 1, generation: 7)
    #expect(frame.pathIsCurrent(1, generation: 7) && !frame.pathIsCurrent(0, generation: 7))
    #expect(frame.pathUpdates == 1)
    var list = DisplayList()
    list.draw(retained: RetainedDraw(frame: frame, path: 1, rule: .clockwise, paint: -1))
    list.draw(retained: RetainedDraw(frame: frame, path: 1, rule: .evenOdd, paint: 0))
    let triangle: [PathCommand] = [.move(0, 0), .line(3, 0), .line(0, 3), .close]
    #expect(
      list.operations == [
        .clipPath(RenderPath(fillRule: .clockwise, commands: triangle)),
        .drawPath(RenderPath(fillRule: .evenOdd, commands: triangle), Self.red),
      ])
    // The list refers to the frame: a copy made for the next draw (which changes the slot)
    // leaves it as it was.
    let next = frame.copy()
    next.beginDraw(pathCount: 2, paintCount: 1)
    #expect(!next.pathIsHandedOut(1))
    next.takePath(1, generation: 8, from: RawPath())
    next.stamp(path: 1, paint: 0)
    #expect(next.pathIsHandedOut(1) && next.paintIsHandedOut(0))
    #expect(list[1] == .drawPath(RenderPath(fillRule: .evenOdd, commands: triangle), Self.red))
    #expect(next.renderPath(1, rule: .nonZero).commands.isEmpty)
  }

  @Test("slots a frame does not have read as an empty path and a blank paint, never a trap")
  func slotsOutOfRange() {
    let frame = Self.triangleFrame(pathCount: 2, slot: 1, generation: 7)
    #expect(!frame.hasSlots(path: -1, paint: 0) && !frame.hasSlots(path: 2, paint: 0))
    #expect(!frame.hasSlots(path: 1, paint: 1) && frame.hasSlots(path: 1, paint: -1))
    #expect(frame.pathGeneration(-3) == 0 && frame.pathGeneration(9) == 0)
    #expect(frame.withPaint(at: 1) { $0.pointee } == nil)
    #expect(frame.withPaint(at: -1) { $0.pointee } == nil)
    #expect(frame.withPaint(at: 0) { $0.pointee } == Self.red)
    let blank = RenderPaint(style: .fill, color: nil)
    #expect(frame.paint(at: 5) == blank && frame.paint(at: -2) == blank)
    #expect(frame.renderPath(-1, rule: .nonZero).commands.isEmpty)
    // A reference to a slot the frame lacks reads as nothing drawn with a blank paint.
    var list = DisplayList()
    list.draw(retained: RetainedDraw(frame: frame, path: 40, rule: .nonZero, paint: 9))
    #expect(list.operations == [.drawPath(RenderPath(fillRule: .nonZero, commands: []), blank)])
    // Growing keeps what the slots hold.
    frame.reserve(pathCount: 300, paintCount: 50)
    #expect(frame.pathIsCurrent(1, generation: 7) && frame.paint(at: 0) == Self.red)
    #expect(frame.hasSlots(path: 299, paint: 49) && frame.pathGeneration(299) == 0)
  }

  /// A list that refers to many retained frames (one per list item) finds each one's index by
  /// identity once it holds more than a few: every reference still reads its own frame's path
  /// and paint, in a seeded random order of frames, before and after the list is emptied and
  /// reused.
  @Test("references into many frames read their own frames", arguments: [1, 2, 3, 4] as [UInt64])
  func manyFrames(seed: UInt64) {
    // Frame k holds, in path slot 0, a line to (k, k + 1), and paints in colour k.
    let frames = (0..<40).map { k -> RetainedPaths in
      let frame = RetainedPaths()
      frame.reserve(pathCount: 1, paintCount: 1)
      var raw = RawPath()
      raw.move(Vec2(0, 0))
      raw.line(Vec2(Float(k), Float(k + 1)))
      frame.takePath(0, generation: 1, from: raw)
      frame.setPaint(0, RenderPaint(style: .fill, color: UInt32(k)))
      return frame
    }
    func expected(_ k: Int) -> DrawOperation {
      .drawPath(
        RenderPath(fillRule: .nonZero, commands: [.move(0, 0), .line(Float(k), Float(k + 1))]),
        RenderPaint(style: .fill, color: UInt32(k)))
    }
    var state = seed &* 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var list = DisplayList()
    for _ in 0..<2 {
      list.removeAll(keepingCapacity: true)
      // Runs of references to one frame, as a walk makes them, the frames in random order.
      var picked: [Int] = []
      for _ in 0..<300 {
        let k = next(frames.count)
        for _ in 0...next(3) {
          list.draw(retained: RetainedDraw(frame: frames[k], path: 0, rule: .nonZero, paint: 0))
          picked.append(k)
        }
      }
      #expect(list.operations == picked.map(expected))
    }
  }
}

@Suite("Draw recordings")
struct DrawRecordingTests {
  /// A frame whose path slot 0 holds a triangle and paint slot 0 red.
  static func frame() -> RetainedPaths {
    DisplayListTests.triangleFrame(pathCount: 1, slot: 0, generation: 1)
  }

  /// Six steps to record: a save, a matrix, a clip to and a draw of `frame`'s path slot 0, an
  /// operation of the list's own and a restore.
  static func drawSample(into list: inout DisplayList, frame: RetainedPaths) {
    list.save()
    list.transform(Transform2D(xx: 2, xy: 0, yx: 0, yy: 2, tx: 1, ty: 0))
    list.draw(retained: RetainedDraw(frame: frame, path: 0, rule: .clockwise, paint: -1))
    list.draw(.drawPath(DisplayListTests.square, DisplayListTests.red))
    list.draw(retained: RetainedDraw(frame: frame, path: 0, rule: .evenOdd, paint: 0))
    list.restore()
  }

  @Test("a recording appended to a list that holds other steps draws what was recorded")
  func appendAfterOtherSteps() {
    let frame = Self.frame()
    // Recorded from the middle of a list: after a step, a matrix and an operation of its own.
    var source = DisplayList()
    source.save()
    source.transform(Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 5, ty: 5))
    source.draw(.drawImage(image: 1, blendMode: .srcOver, opacity: 1))
    let start = source.recordingStart
    Self.drawSample(into: &source, frame: frame)
    var recording = DrawRecording()
    #expect(source.record(since: start, frame: frame, into: &recording))
    #expect(recording.count == 6)
    let recorded = Array(source.operations[3...])
    // Appended after another frame's draw, a matrix and an operation of the target's own.
    let other = Self.frame()
    var target = DisplayList()
    target.transform(Transform2D(xx: 3, xy: 0, yx: 0, yy: 3, tx: 0, ty: 0))
    target.draw(.modulateOpacity(0.5))
    target.draw(.drawImage(image: 2, blendMode: .multiply, opacity: 1))
    target.draw(retained: RetainedDraw(frame: other, path: 0, rule: .nonZero, paint: 0))
    let before = target.operations
    target.append(recording, frame: frame)
    #expect(Array(target.operations[..<before.count]) == before)
    #expect(Array(target.operations[before.count...]) == recorded)
    // Twice, and into an empty list, the same operations again.
    target.append(recording, frame: frame)
    #expect(Array(target.operations[(before.count + recorded.count)...]) == recorded)
    var empty = DisplayList()
    empty.append(recording, frame: frame)
    #expect(empty.operations == recorded)
    // Step by step into another renderer (the protocol's default replay), the same too.
    var recorder = Recorder()
    recorder.replay(recording, frame: frame)
    #expect(recorder.operations == recorded)
  }

  @Test("an empty list shares the recording appended to it; changed or emptied, it is its own")
  func sharedRecording() {
    let frame = Self.frame()
    var source = DisplayList()
    Self.drawSample(into: &source, frame: frame)
    var recording = DrawRecording()
    #expect(source.record(since: DisplayList().recordingStart, frame: frame, into: &recording))
    let recorded = source.operations
    // A list reused frame after frame: emptied (its storage kept), then the recording.
    var list = DisplayList()
    list.draw(.drawImage(image: 3, blendMode: .srcOver, opacity: 1))
    list.removeAll(keepingCapacity: true)
    list.append(recording, frame: frame)
    #expect(list.sharesRecording)
    #expect(list.operations == recorded)
    // Appended to, the list changes its own copy; the recording stays as it was.
    list.transform(Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 9, ty: 9))
    list.append(recording, frame: frame)
    #expect(
      list.operations == recorded + [
        .transform(Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 9, ty: 9))
      ] + recorded)
    var again = DisplayList()
    again.append(recording, frame: frame)
    #expect(again.operations == recorded)
    // Emptied, it takes its own storage back and draws into it.
    list.removeAll(keepingCapacity: true)
    #expect(!list.sharesRecording && list.isEmpty)
    list.save()
    #expect(list.operations == [.save])
    // A list that is not empty appends a copy.
    list.append(recording, frame: frame)
    #expect(!list.sharesRecording)
    #expect(list.operations == [.save] + recorded)
  }

  @Test("steps into another frame are recorded as the operations they stand for, as they are now")
  func foreignFrames() {
    // A nested artboard's steps refer to its own frame: the recording keeps what they drew.
    let frame = Self.frame()
    let nested = Self.frame()
    var list = DisplayList()
    let start = list.recordingStart
    list.save()
    list.draw(retained: RetainedDraw(frame: nested, path: 0, rule: .evenOdd, paint: 0))
    list.draw(retained: RetainedDraw(frame: frame, path: 0, rule: .nonZero, paint: 0))
    list.restore()
    let drawn = list.operations
    var recording = DrawRecording()
    #expect(list.record(since: start, frame: frame, into: &recording))
    #expect(recording.count == 4)
    // The nested frame's slot changes afterwards (its next frame); the recording does not.
    nested.takePath(0, generation: 2, from: RawPath())
    var replayed = DisplayList()
    replayed.append(recording, frame: frame)
    #expect(replayed.operations == drawn)
    #expect(list.operations != drawn)
  }

  @Test("a start past the list's end is not recorded, nor a renderer that is not a list")
  func refusals() {
    let frame = Self.frame()
    var list = DisplayList()
    let start = list.recordingStart
    list.save()
    var recording = DrawRecording()
    var longer = DisplayList()
    longer.save()
    longer.save()
    longer.save()
    let late = longer.recordingStart
    #expect(!list.record(since: late, frame: frame, into: &recording))
    #expect(recording.count == 0)
    // A renderer that is not a list keeps nothing to record from.
    var recorder = Recorder()
    #expect(recorder.beginRecording() == nil)
    #expect(!recorder.record(since: start, frame: frame, into: &recording))
  }
}
