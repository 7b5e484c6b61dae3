@_spi(RiveFormatInternals) import RiveFormat

/// A steady frame drawn again from a recording.
///
/// Everything a frame draws from changes through a few funnels — a property set
/// (`changed(_:key:)`), a component gaining dirt (`componentDirtied`), an update pass with work,
/// a layout pass with work, layout switched on or off — and each counts
/// ``ArtboardInstance/drawInputs`` up. A draw at the count of the last walked frame draws what
/// that frame drew: the first such draw walks and records the steps it appended
/// (``DrawRenderer/record(since:frame:into:)``), the next ones append the recording
/// (``DrawRenderer/replay(_:frame:)``) instead of walking the artboard again. The references
/// in a recording point into the instance's retained frame, whose paths and paints are those
/// the walk would hand out.
///
/// Only frames that draw from nothing else are recorded: the root artboard (not a nested or
/// list item's, whose host changes its opacity and place), without nested artboards, artboard
/// lists, text or images (those draw from other instances, fonts and decoded images).
/// `FrameReplayTests` draws every corpus file frame by frame, played with pointer input, both
/// ways and compares the lists.
struct FrameReplay: Sendable {
  /// Whether the model's drawables allow a recording (nil until first asked).
  var modelAllows: Bool?
  /// ``ArtboardInstance/drawInputs`` when the last frame was walked (valid with `hasWalked`).
  var walkedInputs: UInt32 = 0
  var hasWalked = false
  /// Whether ``recording`` holds the frame drawn at `walkedInputs`.
  var hasRecording = false
  var recording = DrawRecording()
  /// False draws every frame by walking it (tests compare the two ways).
  var isEnabled = true
  /// Frames drawn from the recording (tests and `rive-bench` read it).
  var replays = 0
}

extension ArtboardInstance {
  /// Frames this instance drew from its recording rather than by walking (a steady frame that
  /// changed nothing since the last one is drawn again that way).
  public var replayedFrames: Int { frameReplay.replays }

  /// Whether frames are drawn again from a recording while nothing changed (on by default;
  /// off, every frame is walked).
  public var replaysSteadyFrames: Bool {
    get { frameReplay.isEnabled }
    set {
      frameReplay.isEnabled = newValue
      frameReplay.hasRecording = false
      frameReplay.hasWalked = false
    }
  }

  /// Whether this instance's frames may be recorded: see ``FrameReplay``.
  mutating func frameMayBeRecorded() -> Bool {
    guard frameReplay.isEnabled, nestingDepth == 0, !isListItem, nested.isEmpty,
      componentLists.isEmpty
    else { return false }
    if let allows = frameReplay.modelAllows { return allows }
    let g = geometryModel
    var allows = true
    for item in geometry.drawOrder {
      guard case .drawable(let id) = item else { continue }
      let c = Int(id)
      switch g.kinds[c] {
      case .image, .nestedArtboard:
        allows = false
      default:
        if model.types[c] == UInt16(TypeKey.artboardComponentList) || isText(c) {
          allows = false
        }
      }
      if !allows { break }
    }
    frameReplay.modelAllows = allows
    return allows
  }
}
