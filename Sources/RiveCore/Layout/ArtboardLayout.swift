import RiveLayout

/// A laid-out box: where a layout put a component in its parent layout, and its size.
struct LayoutBox: Hashable, Sendable {
  var left: Float = 0
  var top: Float = 0
  var width: Float = 0
  var height: Float = 0

  static let zero = LayoutBox()

  /// The box `f` of the way from `self` to `to` (the runtime's `LayoutAnimationData`
  /// interpolation).
  func interpolated(to: LayoutBox, _ f: Float) -> LayoutBox {
    let fi = 1 - f
    return LayoutBox(
      left: left * fi + to.left * f, top: top * fi + to.top * f,
      width: width * fi + to.width * f, height: height * fi + to.height * f)
  }
}

/// An animation between two solved boxes (the runtime's `LayoutAnimationData`).
struct LayoutTrack: Sendable {
  var from = LayoutBox.zero
  var to = LayoutBox.zero
  var elapsed: Float = 0
}

/// How a layout sizes an axis (the runtime's `LayoutScaleType`).
enum LayoutScale: UInt8, Sendable {
  case fixed, fill, hug
}

/// Flags of a layout item (the runtime's `LayoutComponentFlags` this package needs).
enum LayoutItemFlag {
  static let forceUpdateBounds: UInt16 = 1 << 0
  static let justAddedToHost: UInt16 = 1 << 1
  static let isSmoothing: UInt16 = 1 << 2
  static let clipSaved: UInt16 = 1 << 3
  static let positionLeftChanged: UInt16 = 1 << 4
  static let positionTopChanged: UInt16 = 1 << 5
  static let widthIntrinsicOverride: UInt16 = 1 << 6
  static let heightIntrinsicOverride: UInt16 = 1 << 7
  static let parentIsRow: UInt16 = 1 << 8
  static let parentIsStack: UInt16 = 1 << 9
  static let dirty: UInt16 = 1 << 10
  static let hasSolved: UInt16 = 1 << 11
  static let animating: UInt16 = 1 << 12
}

/// The size a layout gave a content component (text, image) through `controlSize`.
struct ControlledSize: Sendable, Equatable {
  var width: Float = .nan
  var height: Float = .nan
  /// `UInt8.max` until a layout controls the size.
  var widthScale: UInt8 = .max
  var heightScale: UInt8 = .max
  var direction: LayoutDirection = .inherit
}

/// One laid-out item's state: its node, where it is, and how it animates.
struct LayoutItemState: Sendable {
  var node = LayoutNodeID(index: -1)
  /// The current box (a layout component's `m_layout`; a participant's resolved slot).
  var box = LayoutBox.zero
  /// The solved padding (left, top, right, bottom as left, top, width, height).
  var padding = LayoutBox.zero
  var flags: UInt16 = 0
  /// Layout animation tracks: A, and B while smoothing towards a new target.
  var trackA = LayoutTrack()
  var trackB = LayoutTrack()
  /// What a layout inherits from the layout above it: interpolation type, interpolator (nil
  /// none), time, and writing direction.
  var inheritedInterpolation: UInt8 = 0
  var inheritedInterpolator: LayoutCurve?
  var inheritedTime: Float = 0
  var inheritedDirection = LayoutDirection.inherit
  /// A participant's animation settings, from the layout above it (it has none of its own).
  var participantInterpolation: UInt8 = 0
  var participantInterpolator: LayoutCurve?
  var participantTime: Float = 0
  /// A shape participant's scale to its slot.
  var hostScale = Vec2(1, 1)
}

/// An artboard instance's layout: its items' nodes in a layout tree (its own, or its host's
/// when a nested artboard layout or a list hosts it), their solved boxes and layout animation.
/// Empty and off (``isOn`` false) until layout is solved.
struct ArtboardLayout: Sendable {
  /// Whether layout is solved in this instance.
  var isOn = false
  /// The tree this artboard solves (empty while another artboard's tree holds its nodes).
  var tree = LayoutTree()
  /// Whether this artboard solves its own tree (false while a host lays it out: the
  /// runtime's `m_updatesOwnLayout`).
  var updatesOwnLayout = true
  /// Each item's state, by item index (item 0 is the artboard).
  var items: [LayoutItemState] = []
  /// The item of each node index (-1 for nodes of other artboards), for measuring.
  var itemOfNode: [Int32] = []
  /// Items whose style changed since the last sync (the runtime's dirty layout set), in the
  /// order they were marked.
  var dirtyItems: [Int32] = []
  /// Tree changes waiting for the tree's owner (this artboard at its next sync, or its host):
  /// nodes to mark dirty, and new children lists.
  var pendingDirty: [LayoutNodeID] = []
  /// Texts laid out again in this update (their storage kept): once the update's components
  /// are done they mark the layouts above them for the next update pass.
  var laidOutTexts: [Int32] = []
  var pendingChildren: [(LayoutNodeID, [LayoutNodeID])] = []
  /// Overrides a host sets on this artboard's root (a nested artboard layout's instance size).
  var widthOverride: Float = .nan
  var heightOverride: Float = .nan
  var widthUnitOverride: Int8 = -1
  var heightUnitOverride: Int8 = -1
  /// A size forced on the root (a list's item size, `Fit.layout`).
  /// Sizes forced on layout components other than the artboard (by item; NaN where not
  /// forced): a scroll bar's auto-sized thumb.
  var forcedSizes: [Int: (width: Float, height: Float)] = [:]
  /// A forced size changed in this update (the layout is solved again before it ends).
  var forcedSizeChanged = false
  var forcedWidth: Float = .nan
  var forcedHeight: Float = .nan
  /// Sizes layouts gave content components, by object id (empty until one is given).
  var controlled: [ControlledSize] = []
  /// The size of each image asset's image (by asset index), for images in layouts.
  var imageSizes: [Int: (Float, Float)] = [:]
  /// How images in layouts are fitted into their sizes, by image component.
  var imageFits: [Int: ImageLayoutFit] = [:]
  /// How many artboards this instance hosted at the last sync.
  var hostedCount = 0
  /// Hosted item artboards a virtualizing scroll took from this instance's lists since the
  /// last sync of hosted layouts, and whether it gave any item an artboard then. An item that
  /// leaves the window keeps its node among its layout's children (the runtime pools the
  /// artboard and syncs a layout's children only when an item is added), so the layout still
  /// makes room for it until an item enters.
  var virtualItemsLeft = 0
  var virtualItemEntered = false
  /// How many layout passes have run (for tests and benchmarks).
  var solveCount = 0

  init() {}

  init(itemCount: Int) {
    isOn = true
    items = [LayoutItemState](repeating: LayoutItemState(), count: itemCount)
  }

  /// Gives each item a new node of `tree`.
  mutating func makeNodes(in tree: inout LayoutTree) {
    itemOfNode.removeAll(keepingCapacity: true)
    for item in items.indices {
      let node = tree.makeNode()
      items[item].node = node
      let index = Int(node.index)
      guard index >= 0 else { continue }
      if index >= itemOfNode.count {
        itemOfNode.append(contentsOf: repeatElement(-1, count: index + 1 - itemOfNode.count))
      }
      itemOfNode[index] = Int32(item)
    }
  }

  /// The item whose node is `node`, if it is this artboard's.
  @inline(__always)
  func item(ofNode node: LayoutNodeID) -> Int? {
    let index = Int(node.index)
    guard index >= 0, index < itemOfNode.count else { return nil }
    let item = Int(itemOfNode[index])
    return item >= 0 && item < items.count && items[item].node == node ? item : nil
  }

  @inline(__always)
  func has(_ item: Int, _ flag: UInt16) -> Bool { items[item].flags & flag != 0 }

  @inline(__always)
  mutating func set(_ item: Int, _ flag: UInt16, _ on: Bool) {
    if on { items[item].flags |= flag } else { items[item].flags &= ~flag }
  }
}
