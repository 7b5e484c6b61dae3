import RiveFormat

/// A steady frame drawn again from a recording.
///
/// Everything a frame draws from changes through a few funnels — a property set
/// (`changed(_:key:)`), a component gaining dirt (`componentDirtied`), an update pass with work,
/// a layout pass with work, layout switched on or off — and each counts
/// ``ArtboardInstance/drawInputs`` up. A draw at the count of the last walked frame draws what
/// that frame drew: the first such draw walks and records the steps it appended
/// (``DrawRenderer/record(since:frame:into:)``), the next ones append the recording
/// (``DrawRenderer/replay(_:frame:)``) instead of walking the artboard again. An instance
/// whose last recording was drawn again records a changed frame as it walks it (its frames
/// hold for a while, or change at a lower rate than they are drawn), so a frame that holds
/// replays at its first repeat; one whose recordings go unused records only repeats. The references
/// in a recording point into the instance's retained frame, whose paths and paints are those
/// the walk would hand out.
///
/// Only frames that draw from nothing else are recorded: frames without virtualized lists
/// (their items come and go with the scroll as they are drawn). Nested artboards and list
/// items count: the frame's stamp (``ArtboardInstance/drawStamp()``) adds their counts to the
/// root's (a list's items hand theirs to the root's count when the list changes, and a new
/// draw order counts too), and what they draw from their own retained frames is recorded as
/// operations of the recording's own. A nested artboard or list item keeps a recording of its
/// own too: its host draws its place around it (a transform of the host's), and its host's
/// opacity reaches it as dirt, which its stamp counts; so a host that changed walks, and the
/// steady artboards it draws append their recordings. Text
/// draws from the fonts it is given:
/// its frames are recorded with a key of those fonts (their identities and revision), and
/// replayed only with the same fonts; images draw from the images given, and their frames are
/// replayed only with equal images.
/// `FrameReplayTests` draws every corpus file frame by frame, played with pointer input, both
/// ways and compares the lists.
struct FrameReplay: Sendable {
  /// Whether the model's drawables were looked at (when first asked), and whether some of
  /// them are text or images.
  var modelIsScanned = false
  var modelHasText = false
  var modelHasImages = false
  /// The images the last walked frame drew with (kept only when the model has images).
  var walkedImages = DrawImages()
  /// The key of the fonts the last walked frame drew its text with (0: none).
  var walkedFonts: UInt64 = 0
  /// ``ArtboardInstance/drawStamp()`` when the last frame was walked (valid with `hasWalked`).
  var walkedInputs: UInt64 = 0
  var hasWalked = false
  /// Whether ``recording`` holds the frame drawn at `walkedInputs`.
  var hasRecording = false
  var recording = DrawRecording()
  /// Whether the last recording was drawn again (a frame that changed is then recorded as it
  /// is walked, rather than at its first repeat).
  var recordingWasReplayed = false
  /// False draws every frame by walking it (tests compare the two ways).
  var isEnabled = true
  /// Frames drawn from the recording (tests and `rive-bench` read it).
  var replays = 0
  /// Recordings made (tests read it).
  var recordings = 0
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

  /// Takes its host's setting of ``replaysSteadyFrames`` (a nested artboard or list item about
  /// to be drawn): a host that walks every frame has its artboards walk theirs.
  @inline(__always)
  mutating func inheritReplay(_ enabled: Bool) {
    if frameReplay.isEnabled != enabled { replaysSteadyFrames = enabled }
  }

  /// Draws the frame from its recording when nothing it draws from changed since it was
  /// recorded (the same fonts for its text, equal images for its images); false, and nothing
  /// drawn, otherwise. The recording refers to the retained frame without changing it, so the
  /// frame may stay shared with lists drawn before.
  mutating func drawRecordedFrame<R: DrawRenderer>(
    into renderer: inout R, images: DrawImages, text: TextFonts?
  ) -> Bool {
    guard frameReplay.hasRecording, geometry.isReady, frameMayBeRecorded() else { return false }
    return replayRecording(stamp: drawStamp(), into: &renderer, images: images, text: text)
  }

  /// ``drawRecordedFrame(into:images:text:)`` for a frame that may be recorded, its stamp
  /// already counted (the walk asks with the stamp it records under).
  mutating func replayRecording<R: DrawRenderer>(
    stamp: UInt64, into renderer: inout R, images: DrawImages, text: TextFonts?
  ) -> Bool {
    guard frameReplay.hasRecording, frameReplay.walkedInputs == stamp else { return false }
    if frameReplay.modelHasText, frameReplay.walkedFonts != FrameReplay.key(of: text) {
      return false
    }
    if frameReplay.modelHasImages, frameReplay.walkedImages != images { return false }
    if childOpacity(0, model: geometryModel) == 0 { return false }
    renderer.replay(frameReplay.recording, frame: geometry.retained)
    frameReplay.replays += 1
    frameReplay.recordingWasReplayed = true
    return true
  }

  /// What a frame of this instance draws from, counted: its own ``drawInputs`` plus its nested
  /// artboards' and list items' stamps. Each only goes up (a nested instance that goes away
  /// hands its stamp to the host's count: see ``retireNestedStamp(_:)``; so do a list's items
  /// when the list changes: ``retireListStamps(_:)``), so an equal stamp means nothing changed.
  ///
  /// (Visited with `withValue`, in place: a borrowed read of an instance in a recursive call
  /// copied it whole.)
  mutating func drawStamp() -> UInt64 {
    var stamp = drawInputs
    for index in nested.indices {
      stamp &+= nested[index].mount.withValue { $0.drawStamp() } ?? 0
    }
    for list in componentLists.indices {
      stamp &+= listStamp(list)
    }
    return stamp
  }

  /// The sum of list `list`'s item artboards' stamps (an item that hosts no artboards of its
  /// own is its own count: no call for each).
  private mutating func listStamp(_ list: Int) -> UInt64 {
    var stamp: UInt64 = 0
    for item in componentLists[list].items.indices {
      stamp &+=
        componentLists[list].items[item].withArtboard {
          $0.nested.isEmpty && $0.componentLists.isEmpty ? $0.drawInputs : $0.drawStamp()
        } ?? 0
    }
    return stamp
  }

  /// List `list`'s items are about to change: their stamps move into this instance's count (as
  /// ``retireNestedStamp(_:)`` does for a nested artboard), so that the frame's stamp does not
  /// go back to a value an earlier frame had.
  mutating func retireListStamps(_ list: Int) {
    guard list >= 0, list < componentLists.count else { return }
    drawInputs &+= listStamp(list) &+ 1
  }

  /// Nested artboard `index`'s instance is about to be replaced or dropped: its stamp moves
  /// into this instance's count, so that the frame's stamp does not go back to a value an
  /// earlier frame had.
  mutating func retireNestedStamp(_ index: Int) {
    guard index >= 0, index < nested.count else { return }
    drawInputs &+= (nested[index].mount.withValue { $0.drawStamp() } ?? 0) &+ 1
  }

  /// Whether this instance, a nested artboard or a list item (at any depth) draws a virtualized
  /// list, whose items come and go with its scroll as it draws (they are not counted in the
  /// stamp).
  ///
  /// (Visited with `withValue`, in place: a borrowed read of an instance in a recursive call
  /// copied it whole, its arrays retained.)
  private mutating func drawsVirtualizedLists() -> Bool {
    if drawsOwnVirtualizedList() { return true }
    for list in componentLists.indices {
      for item in componentLists[list].items.indices {
        let virtualized = componentLists[list].items[item].withArtboard {
          $0.drawsVirtualizedLists()
        }
        if virtualized == true { return true }
      }
    }
    for index in nested.indices {
      if nested[index].mount.withValue({ $0.drawsVirtualizedLists() }) == true { return true }
    }
    return false
  }

  /// Whether one of this instance's own lists (not its items' or nested artboards') is
  /// virtualized.
  ///
  /// (`mutating` though it changes nothing: called on a borrowed instance in the recursive
  /// walk, the instance was copied whole.)
  mutating func drawsOwnVirtualizedList() -> Bool {
    guard !componentLists.isEmpty else { return false }
    for list in componentLists.indices
    where componentLists[list].isVirtualized
      || virtualizingScroll(ofList: componentLists[list].componentID) != nil
    {
      return true
    }
    return false
  }

  /// Whether this instance's frames may be recorded: see ``FrameReplay``.
  mutating func frameMayBeRecorded() -> Bool {
    guard frameReplay.isEnabled, nestingDepth == 0, !isListItem else { return false }
    scanForReplay()
    return !hostsVirtualizedLists()
  }

  /// Whether this instance hosts a virtualized list anywhere in its tree (its frames are then
  /// not recorded).
  mutating func hostsVirtualizedLists() -> Bool {
    (!nested.isEmpty || !componentLists.isEmpty) && drawsVirtualizedLists()
  }

  /// Notes once what this instance's frames draw text and images from (see ``FrameReplay``).
  mutating func scanForReplay() {
    if !nested.isEmpty || !componentLists.isEmpty {
      // Nested artboards and list items draw text and images of their own with the fonts and
      // images given.
      frameReplay.modelHasText = true
      frameReplay.modelHasImages = true
    }
    if frameReplay.modelIsScanned { return }
    let g = geometryModel
    for item in geometry.drawOrder {
      guard case .drawable(let id) = item else { continue }
      let c = Int(id)
      switch g.kinds[c] {
      case .image:
        frameReplay.modelHasImages = true
      case .nestedArtboard:
        break
      default:
        if isText(c) { frameReplay.modelHasText = true }
      }
    }
    frameReplay.modelIsScanned = true
  }
}

extension FrameReplay {
  /// A key of the fonts text draws with: the same fonts (the same font objects under the same
  /// asset indices, the same fallbacks in order, the same revision) give the same key, other
  /// fonts another one. 0 for none.
  static func key(of fonts: TextFonts?) -> UInt64 {
    guard let fonts else { return 0 }
    // Each asset's font mixed with its index, summed (the dictionary's order is not fixed);
    // then the fallbacks in order.
    var key = mix(UInt64(truncatingIfNeeded: fonts.revision) &+ 0x9E37_79B9_7F4A_7C15)
    for (index, font) in fonts.fonts {
      key &+= mix(
        UInt64(truncatingIfNeeded: index) &* 0xBF58_476D_1CE4_E5B9
          ^ UInt64(UInt(bitPattern: ObjectIdentifier(font).hashValue)))
    }
    for font in fonts.fallbacks {
      key = mix(key ^ UInt64(UInt(bitPattern: ObjectIdentifier(font).hashValue)))
    }
    return key == 0 ? 1 : key
  }

  /// SplitMix64's finaliser.
  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
