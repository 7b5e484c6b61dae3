import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Plays a file's default artboard the way the reference draw streams were made and records
/// its display list at chosen frames.
///
/// It plays on ``ArtboardPlayback`` with the artboard's default driver
/// (``ArtboardPlayback/Driver/default(for:)``). Frame 0 is one advance of 0 s; frame `n`
/// follows `n` advances of ``ArtboardPlayback/frameStep``.
public struct DrawRecorder: Sendable {
  /// The frames the reference streams record.
  public static let referenceFrames = [0, 30]

  public let file: RuntimeFile
  public let images: DrawImages
  /// The fonts text draws with (and is laid out with in every update), or nil with text off
  /// (the reference streams were recorded by a runtime built with text off).
  public var text: TextFonts?
  /// Whether layout is solved (the runtime built with layout), off as the reference streams
  /// without layout were recorded.
  public var layout = false

  /// Records `file`'s default artboard.
  ///
  /// - Parameters:
  ///   - file: The file.
  ///   - text: Whether text draws (with the file's embedded fonts, ``TextFonts/init(document:)``);
  ///     off by default, as the reference streams were recorded.
  ///   - layout: Whether layout is solved; off by default, as the reference streams were
  ///     recorded (the full references in `reference/full` had text and layout on).
  public init(file: RuntimeFile, text: Bool = false, layout: Bool = false) {
    self.file = file
    images = DrawImages(document: file.document)
    self.text = text ? TextFonts(document: file.document) : nil
    self.layout = layout
  }

  /// The default artboard's display lists at `frames` (ascending), or nil without an artboard.
  public func displayLists(frames: [Int] = DrawRecorder.referenceFrames) -> [(Int, DisplayList)]? {
    guard let artboard = file.artboards.first else { return nil }
    var player = ArtboardPlayback(artboard: artboard, file: file)
    prepare(&player)
    var result: [(Int, DisplayList)] = []
    for frame in frames.sorted() where frame >= 0 {
      player.advance(to: frame)
      result.append((frame, player.draw(images: images, text: text)))
    }
    return result
  }

  /// The default artboard's laid-out components at `frame` (empty without layout or an
  /// artboard).
  public func layoutFrames(at frame: Int) -> [LayoutFrame] {
    guard layout, let artboard = file.artboards.first else { return [] }
    var player = ArtboardPlayback(artboard: artboard, file: file)
    if let text { player.measureText(with: text) }
    player.solveLayout(true)
    player.setLayoutImages(images)
    player.advance(to: frame)
    return player.artboard.layoutFrames
  }

  /// The draw stream in the reference schema.
  public func stream(fileName: String, frames: [Int] = DrawRecorder.referenceFrames) -> JSONValue {
    guard let artboard = file.artboards.first else {
      return .object([
        ("file", .string(fileName)), ("import_result", .string("success")), ("artboard", .null),
      ])
    }
    var player = ArtboardPlayback(artboard: artboard, file: file)
    prepare(&player)
    var lists: [(Int, DisplayList)] = []
    for frame in frames.sorted() where frame >= 0 {
      player.advance(to: frame)
      lists.append((frame, player.draw(images: images, text: text)))
    }
    return stream(fileName: fileName, artboard: artboard, player: player, lists: lists)
  }

  /// The draw stream in the reference schema of the default artboard played with `script`
  /// (its settings pick the state machine and the binding; its events are applied on the way,
  /// as `rive-assets render --script` plays them).
  ///
  /// - Throws: `ArtboardFrameError` for a setting the artboard cannot take or an event that
  ///   cannot be applied (naming the event).
  public func stream(
    fileName: String, frames: [Int] = DrawRecorder.referenceFrames, script: InputScript
  ) throws(ArtboardFrameError) -> JSONValue {
    guard let artboard = file.artboards.first else {
      return stream(fileName: fileName, frames: frames)
    }
    var player = try ArtboardPlayback(file: file, settings: script.settings)
    prepare(&player)
    var clock = ScriptClock(script: script)
    var lists: [(Int, DisplayList)] = []
    for frame in frames.sorted() where frame >= 0 {
      try player.play(to: Double(frame) * ArtboardPlayback.frameSeconds, following: &clock)
      lists.append((frame, player.draw(images: images, text: text)))
    }
    return stream(fileName: fileName, artboard: artboard, player: player, lists: lists)
  }

  /// Gives `player` the recorder's text fonts and layout.
  private func prepare(_ player: inout ArtboardPlayback) {
    if let text { player.measureText(with: text) }
    if layout {
      player.solveLayout(true)
      player.setLayoutImages(images)
    }
  }

  private func stream(
    fileName: String, artboard: ArtboardModel, player: ArtboardPlayback,
    lists: [(Int, DisplayList)]
  ) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("file", .string(fileName)), ("import_result", .string("success")),
    ]
    pairs.append(("artboard", .string(artboard.name)))
    pairs.append(("width", number(artboard.float(0, Slot.layoutComponentWidth))))
    pairs.append(("height", number(artboard.float(0, Slot.layoutComponentHeight))))
    pairs.append(("driver", .string(ArtboardPlayback.Driver.default(for: artboard).description)))
    pairs.append(
      ("default_state_machine_index", .integer(Int64(artboard.defaultStateMachineIndex ?? -1))))
    pairs.append(("bound_view_model", player.boundViewModel.map { .string($0) } ?? .null))
    pairs.append(
      (
        "images",
        .array(
          images.images.map { image in
            .object([
              ("id", .integer(Int64(image.id))), ("format", .string(image.format)),
              ("width", .integer(Int64(image.width))), ("height", .integer(Int64(image.height))),
              ("bytes", .integer(Int64(image.bytes))),
            ])
          })
      ))
    pairs.append(
      (
        "op_counts",
        .object(lists.map { (String($0.0), .integer(Int64($0.1.count))) })
      ))
    pairs.append(("frames", .object(lists.map { (String($0.0), $0.1.jsonValue) })))
    return .object(pairs)
  }

  private func number(_ value: Float) -> JSONValue {
    value == value.rounded() && abs(value) < 1e15
      ? .integer(Int64(value)) : .number(Double(value))
  }
}
