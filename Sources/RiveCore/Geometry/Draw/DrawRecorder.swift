/// Plays a file's default artboard the way the reference draw streams were made and records
/// its display list at chosen frames.
///
/// The driver is the artboard's default state machine, else state machine 0 (possibly the
/// runtime's synthetic one), else linear animation 0. Frame 0 is one advance of 0 s; frame
/// `n` follows `n` advances of 1/60 s.
public struct DrawRecorder: Sendable {
  /// The frames the reference streams record.
  public static let referenceFrames = [0, 30]

  public let file: RuntimeFile
  public let images: DrawImages
  /// The fonts text draws with, or nil with text off (the reference streams were recorded by
  /// a runtime built with text off).
  public var text: TextFonts?

  /// Records `file`'s default artboard.
  ///
  /// - Parameters:
  ///   - file: The file.
  ///   - text: Whether text draws (with the file's embedded fonts, ``TextFonts/init(document:)``);
  ///     off by default, as the reference streams were recorded.
  public init(file: RuntimeFile, text: Bool = false) {
    self.file = file
    images = DrawImages(document: file.document)
    self.text = text ? TextFonts(document: file.document) : nil
  }

  /// What drives the artboard.
  public enum Driver: Sendable, Equatable {
    case stateMachine(index: Int, name: String)
    case animation(index: Int, name: String)
    case none

    /// The reference schema's spelling (`stateMachine:<name>`, `animation:<name>`, `none`).
    public var description: String {
      switch self {
      case .stateMachine(_, let name): return "stateMachine:" + name
      case .animation(_, let name): return "animation:" + name
      case .none: return "none"
      }
    }
  }

  /// The driver of `artboard`.
  public static func driver(for artboard: ArtboardModel) -> Driver {
    if let index = artboard.defaultStateMachineIndex, index < artboard.stateMachines.count {
      return .stateMachine(index: index, name: artboard.stateMachines[index].name)
    }
    if !artboard.stateMachines.isEmpty {
      return .stateMachine(index: 0, name: artboard.stateMachines[0].name)
    }
    if !artboard.animations.isEmpty {
      return .animation(index: 0, name: artboard.animations[0].name)
    }
    return .none
  }

  /// A playing artboard: advance it frame by frame and draw it.
  public struct Player: Sendable {
    public private(set) var artboard: ArtboardInstance
    var machine: StateMachineInstance?
    var animation: AnimationInstance?
    /// The number of frames advanced (frame 0 is the first advance).
    public private(set) var frame = -1
    /// The name of the view model whose default instance is bound, if any.
    public private(set) var boundViewModel: String?
    /// Whether the last advance said more frames are needed (false once the state machine
    /// settled or a one-shot animation ended).
    public private(set) var keepGoing = true

    /// Plays `model` unbound, driven by ``DrawRecorder/driver(for:)``.
    public init(artboard model: ArtboardModel) {
      self.init(artboard: model, driver: DrawRecorder.driver(for: model), file: nil)
    }

    /// Plays `model`, an artboard of `file`, with a copy of its view model's default instance
    /// bound to the artboard and the state machine before the first advance, as the reference
    /// streams were recorded.
    public init(artboard model: ArtboardModel, file: RuntimeFile) {
      self.init(artboard: model, driver: DrawRecorder.driver(for: model), file: file)
    }

    /// Plays `model` driven by `driver` (a driver whose index the artboard does not have
    /// drives nothing); with `file`, the artboard's default view-model instance is bound first
    /// (as ``init(artboard:file:)``), without it the artboard plays unbound.
    public init(artboard model: ArtboardModel, driver: Driver, file: RuntimeFile?) {
      artboard = model.instance()
      switch driver {
      case .stateMachine(let index, _):
        machine = StateMachineInstance(artboard: artboard, index: index)
      case .animation(let index, _):
        animation = AnimationInstance(artboard: model, index: index)
      case .none:
        break
      }
      guard let file else { return }
      if var machine {
        boundViewModel = machine.bindDefaultViewModel(file: file, artboard: &artboard)
        self.machine = machine
      } else {
        boundViewModel = artboard.bindDefaultViewModel(file: file)
      }
    }

    /// Advances one frame (0 s for frame 0, 1/60 s after).
    public mutating func advance() {
      advance(by: frame < 0 ? 0 : TraceRecorder.frameStep)
    }

    /// Advances by `seconds` as one frame.
    public mutating func advance(by seconds: Float) {
      frame += 1
      // Advanced in place through their optionals (binding `take()`'s payload copied the
      // machine every frame).
      if machine != nil {
        keepGoing = machine?.advanceAndApply(seconds, artboard: &artboard) ?? false
      } else if animation != nil {
        keepGoing = animation?.advanceAndApply(seconds, artboard: &artboard) ?? false
      } else {
        keepGoing = artboard.advance(seconds)
      }
    }

    /// Runs `body` on the driving state machine (nil when an animation or nothing drives the
    /// artboard) and the artboard instance, in place: how input scripts are applied
    /// (`InputScript.Event.apply(machine:artboard:)`) and reported events read.
    package mutating func withInstances<Result>(
      _ body: (inout StateMachineInstance?, inout ArtboardInstance) throws(InputScriptError)
        -> Result
    ) throws(InputScriptError) -> Result {
      try body(&machine, &artboard)
    }

    /// Sends a pointer event at (`x`, `y`) in artboard space to the driving state machine;
    /// `.none` when an animation (or nothing) drives the artboard.
    @discardableResult
    public mutating func pointerEvent(
      _ kind: PointerEventKind, x: Float, y: Float, pointer: Int = 0
    ) -> PointerHitResult {
      machine?.pointerEvent(kind, x: x, y: y, pointer: pointer, artboard: &artboard) ?? .none
    }

    /// Advances until `target` is the current frame.
    public mutating func advance(to target: Int) {
      while frame < target { advance() }
    }

    /// Draws the current frame (text with `text`'s fonts; nil leaves text undrawn).
    public mutating func draw(images: DrawImages, text: TextFonts? = nil) -> DisplayList {
      artboard.draw(images: images, text: text)
    }

    /// Draws the current frame into `renderer`.
    public mutating func draw<R: DrawRenderer>(
      into renderer: inout R, images: DrawImages, text: TextFonts? = nil
    ) {
      artboard.draw(into: &renderer, images: images, text: text)
    }
  }

  /// The default artboard's display lists at `frames` (ascending), or nil without an artboard.
  public func displayLists(frames: [Int] = DrawRecorder.referenceFrames) -> [(Int, DisplayList)]? {
    guard let artboard = file.artboards.first else { return nil }
    var player = Player(artboard: artboard, file: file)
    var result: [(Int, DisplayList)] = []
    for frame in frames.sorted() where frame >= 0 {
      player.advance(to: frame)
      result.append((frame, player.draw(images: images, text: text)))
    }
    return result
  }

  /// The draw stream in the reference schema.
  public func stream(fileName: String, frames: [Int] = DrawRecorder.referenceFrames) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("file", .string(fileName)), ("import_result", .string("success")),
    ]
    guard let artboard = file.artboards.first else {
      pairs.append(("artboard", .null))
      return .object(pairs)
    }
    var player = Player(artboard: artboard, file: file)
    var lists: [(Int, DisplayList)] = []
    for frame in frames.sorted() where frame >= 0 {
      player.advance(to: frame)
      lists.append((frame, player.draw(images: images, text: text)))
    }
    pairs.append(("artboard", .string(artboard.name)))
    pairs.append(("width", number(artboard.float(0, Slot.layoutComponentWidth))))
    pairs.append(("height", number(artboard.float(0, Slot.layoutComponentHeight))))
    pairs.append(("driver", .string(DrawRecorder.driver(for: artboard).description)))
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
        .object(lists.map { (String($0.0), .integer(Int64($0.1.operations.count))) })
      ))
    pairs.append(("frames", .object(lists.map { (String($0.0), $0.1.jsonValue) })))
    return .object(pairs)
  }

  private func number(_ value: Float) -> JSONValue {
    value == value.rounded() && abs(value) < 1e15
      ? .integer(Int64(value)) : .number(Double(value))
  }
}
