import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Scroll files for tests, written with the package's own writer: a 200 × 200 artboard whose
/// viewport (a 200 × 200 layout) holds a column of items, each 200 × 100 with a rectangle of its
/// own colour, scrolled vertically by a scroll constraint on the column. With `listeners`, state
/// machine `Machine` (the artboard's default) has number input `tapped` (0), and a press on item
/// `i`'s rectangle sets it to `i + 1`.
public enum ScrollFixture {
  /// The physics object the scroll uses.
  public enum Physics: Sendable {
    /// None: a drag moves the offset straight and clamps it.
    case none
    case clamped
    case elastic(friction: Float, speedMultiplier: Float, elasticFactor: Float)

    /// The editor's default elastic physics.
    public static let elastic = Physics.elastic(
      friction: 8, speedMultiplier: 1, elasticFactor: 0.66)
  }

  /// The item size along the scroll.
  public static let itemHeight: Float = 100
  /// The viewport's size.
  public static let viewportSize: Float = 200

  /// The colour of item `index`.
  public static func color(_ index: Int) -> UInt32 {
    0xFF00_0000 | UInt32(truncatingIfNeeded: (index &* 0x3D_1F27) & 0xFF_FFFF)
  }

  /// The colour of item `index` as red, green and blue bytes (what a frame shows inside it).
  public static func rgb(_ index: Int) -> [UInt8] {
    let argb = color(index)
    return [
      UInt8(truncatingIfNeeded: argb >> 16), UInt8(truncatingIfNeeded: argb >> 8),
      UInt8(truncatingIfNeeded: argb),
    ]
  }

  /// The stored vertical offset of scroll constraint `scroll` in `artboard` (what the content
  /// is moved by; nil when `scroll` is not a scroll constraint).
  public static func offsetY(in artboard: ArtboardInstance, scroll: Int) -> Float? {
    guard
      case .number(let value) = artboard.value(
        of: scroll, property: PropertyKey.scrollConstraintScrollOffsetY)
    else { return nil }
    return value
  }

  /// The index of the item drawn at `y` (artboard space) when the content is scrolled by
  /// `offsetY` (nil outside the list).
  public static func item(atY y: Float, offsetY: Float, count: Int) -> Int? {
    let position = (y - offsetY) / itemHeight
    guard position >= 0, position < Float(count) else { return nil }
    return Int(position)
  }

  /// The ids of the objects a test looks at.
  public struct Ids: Sendable {
    public var viewport: Int
    public var content: Int
    public var items: [Int]
    /// The shapes of the items' rectangles (the listeners' targets).
    public var shapes: [Int]
    public var scroll: Int
    /// The scroll bar's track, thumb and constraint (-1 without a scroll bar).
    public var track = -1
    public var thumb = -1
    public var bar = -1
  }

  /// A vertical scroll bar at the viewport's right edge: a track ``trackWidth`` wide and as
  /// high as the viewport, placed absolutely, with `padding` above and below its inside; a
  /// thumb in it, ``trackWidth`` wide and `thumbLength` high (what auto size replaces), that
  /// holds a rectangle; the scroll bar constraint on the thumb follows the list's scroll.
  public struct ScrollBar: Sendable {
    public var autoSize: Bool
    public var padding: Float
    public var thumbLength: Float

    public init(autoSize: Bool = true, padding: Float = 10, thumbLength: Float = 40) {
      self.autoSize = autoSize
      self.padding = padding
      self.thumbLength = thumbLength
    }
  }

  /// A scroll bar's track width.
  public static let trackWidth: Float = 10

  /// A vertical list of `count` items.
  ///
  /// - Parameters:
  ///   - count: How many items.
  ///   - physics: The scroll's physics.
  ///   - offsetY: The scroll's stored offset.
  ///   - snap: Whether a released drag snaps to items.
  ///   - threshold: How far a drag moves before it scrolls.
  ///   - dragMultiplier: How much the content moves per point dragged.
  ///   - infinite: Whether the scroll wraps around.
  ///   - viewportHeight: The viewport's height (`viewportSize` unless given).
  ///   - listeners: Whether state machine `Machine` (the default) with input `tapped` and a
  ///     press listener on each item is written.
  ///   - scrollBar: A scroll bar following the scroll (see ``ScrollBar``), or none.
  ///   - opaqueItems: Whether the items' rectangles are opaque hit targets (with
  ///     `listeners`, a press on one does not reach the viewport below it).
  /// - Returns: The file and the ids of its viewport, content, items and scroll constraint
  ///   (and scroll bar).
  public static func list(
    count: Int = 10, physics: Physics = .elastic, offsetY: Float = 0, snap: Bool = false,
    threshold: Float = 0, dragMultiplier: Float = 1, infinite: Bool = false,
    viewportHeight: Float = viewportSize, listeners: Bool = false, scrollBar: ScrollBar? = nil,
    opaqueItems: Bool = false
  ) -> (data: Data, ids: Ids) {
    func fixed(_ direction: LayoutFixture.FlexDirection) -> LayoutFixture.Style {
      var style = LayoutFixture.Style(width: .fixed, height: .fixed, direction: direction)
      style.widthUnit = .points
      style.heightUnit = .points
      return style
    }
    var file = RuntimeFixture(
      layoutWidth: viewportSize, height: viewportSize, style: fixed(.column),
      defaultStateMachine: listeners ? 0 : nil
    ) { writer in
      switch physics {
      case .none: break
      case .clamped: writer.object(TypeKey.clampedScrollPhysics)
      case .elastic(let friction, let multiplier, let factor):
        writer.object(
          TypeKey.elasticScrollPhysics,
          [
            (PropertyKey.elasticScrollPhysicsFriction, .float(friction)),
            (PropertyKey.elasticScrollPhysicsSpeedMultiplier, .float(multiplier)),
            (PropertyKey.elasticScrollPhysicsElasticFactor, .float(factor)),
          ])
      }
    }
    let viewport = file.layout(
      "viewport", parent: 0, width: viewportSize, height: viewportHeight, style: fixed(.column),
      clip: true)
    var columnStyle = LayoutFixture.Style(width: .fixed, height: .hug, direction: .column)
    columnStyle.widthUnit = .points
    let content = file.layout("content", parent: viewport, width: viewportSize, style: columnStyle)
    var items: [Int] = []
    var shapes: [Int] = []
    for index in 0..<count {
      let item = file.layout(
        "item \(index)", parent: content, width: viewportSize, height: itemHeight,
        style: fixed(.column))
      // Drawable flag bit 3: an opaque hit target (hides what is below it from a press).
      let rectangle = file.rectangle(
        parent: item, width: viewportSize, height: itemHeight, color: color(index),
        drawableFlags: opaqueItems ? 1 << 3 : 0)
      items.append(item)
      shapes.append(rectangle.shape)
    }
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.constraintStrength, .float(1)),
      (PropertyKey.draggableConstraintDirectionValue, .uint(1)),
      (PropertyKey.scrollConstraintScrollOffsetY, .float(offsetY)),
      (PropertyKey.scrollConstraintSnap, .bool(snap)),
      (PropertyKey.scrollConstraintInteractive, .bool(true)),
      (PropertyKey.scrollConstraintThreshold, .float(threshold)),
      (PropertyKey.scrollConstraintDragMultiplier, .float(dragMultiplier)),
      (PropertyKey.scrollConstraintInfinite, .bool(infinite)),
    ]
    if case .none = physics {
      properties.append((PropertyKey.scrollConstraintPhysicsId, .uint(UInt64(UInt32.max))))
    } else {
      properties.append((PropertyKey.scrollConstraintPhysicsId, .uint(0)))
    }
    let scroll = file.component(TypeKey.scrollConstraint, parent: content, properties)
    var bar: (track: Int, thumb: Int, bar: Int)?
    if let scrollBar {
      var trackStyle = fixed(.column)
      trackStyle.positionType = .absolute
      trackStyle.position = LayoutFixture.Edges(top: .points(0), right: .points(0))
      trackStyle.padding = LayoutFixture.Edges(
        top: .points(scrollBar.padding), bottom: .points(scrollBar.padding))
      let track = file.layout(
        "track", parent: viewport, width: trackWidth, height: viewportHeight, style: trackStyle)
      let thumb = file.layout(
        "thumb", parent: track, width: trackWidth, height: scrollBar.thumbLength,
        style: fixed(.column))
      file.rectangle(
        parent: thumb, width: trackWidth, height: scrollBar.thumbLength, color: 0xFF80_8080)
      let constraint = file.component(
        TypeKey.scrollBarConstraint, parent: thumb,
        [
          (PropertyKey.constraintStrength, .float(1)),
          (PropertyKey.draggableConstraintDirectionValue, .uint(1)),
          (PropertyKey.scrollBarConstraintScrollConstraintId, .uint(UInt64(scroll))),
          (PropertyKey.scrollBarConstraintAutoSize, .bool(scrollBar.autoSize)),
        ])
      bar = (track, thumb, constraint)
    }
    if listeners {
      MachineWriter.write(
        into: &file, inputs: [.number("tapped", 0)], layers: [[.entry([]), .any([]), .exit]])
      for (index, shape) in shapes.enumerated() {
        file.listener(
          target: shape, type: 2, actions: [.setNumber(input: 0, value: Float(index + 1))])
      }
    }
    var ids = Ids(
      viewport: viewport, content: content, items: items, shapes: shapes, scroll: scroll)
    if let bar {
      ids.track = bar.track
      ids.thumb = bar.thumb
      ids.bar = bar.bar
    }
    return (file.data, ids)
  }

  /// The width item `index` of a ``virtualizedList(count:buffer:offsetY:itemMachine:itemClick:infinite:rootDrag:)`` draws (its bound
  /// `v`).
  public static func virtualItemWidth(_ index: Int) -> Float { 100 + Float(index % 100) }

  /// The height an item's rectangle is animated to in state `shrunk` of a
  /// ``virtualizedList(count:buffer:offsetY:itemMachine:itemClick:infinite:rootDrag:)`` with item machines.
  public static let shrunkHeight: Float = 40

  /// The value a click on an item sets its machine's input `n` to (see
  /// ``virtualizedList(count:buffer:offsetY:itemMachine:itemClick:infinite:rootDrag:)``).
  public static let clickedValue: Float = 7

  /// The ids of a virtualized list's objects.
  public struct VirtualIds: Sendable {
    public var content: Int
    public var list: Int
    public var scroll: Int
  }

  /// A virtualized vertical list of `count` items: view model `Item` (number `v`) with one
  /// instance per item (`v` = ``virtualItemWidth(_:)``), view model `Main` with list `items`
  /// holding them, artboard `Main` (200 × 200, bound to `Main`) whose viewport (a 200 × 200
  /// layout) holds the content column and, in it, an artboard list bound to `items` under a
  /// virtualizing scroll constraint with `buffer` items of buffer, no physics; artboard `Item`
  /// (200 × 100, laid out at that fixed size, bound to `Item`) draws a rectangle `v` wide and
  /// 100 high at its top-left.
  ///
  /// - Parameters:
  ///   - count: How many items.
  ///   - buffer: The scroll's buffer (items realized beyond each side of the viewport).
  ///   - offsetY: The scroll's stored offset.
  ///   - itemMachine: Whether artboard `Item` has a state machine (its default): number input
  ///     `n` (authored 5) and one layer that enters state `idle` (an animation keying the
  ///     rectangle's shape at x 0) and, 0.5 s later by exit time, `shrunk` (an animation
  ///     keying the rectangle's height to ``shrunkHeight``; the authored height is
  ///     ``itemHeight``); with `itemClick`, a click on the item's rectangle sets `n` to
  ///     ``clickedValue``.
  ///   - itemClick: Whether the item machine has that click listener (only with
  ///     `itemMachine`).
  ///   - infinite: Whether the scroll is infinite (the content repeats).
  ///   - rootDrag: Whether artboard `Main` has a state machine (its default) with number input
  ///     `dragged` (0) and a drag listener on the viewport that sets it to 1; the scroll is
  ///     then not interactive, so a drag moves nothing.
  /// - Returns: The file and the ids of its content, list and scroll constraint.
  public static func virtualizedList(
    count: Int, buffer: Int = 1, offsetY: Float = 0, itemMachine: Bool = false,
    itemClick: Bool = false, infinite: Bool = false, rootDrag: Bool = false
  ) -> (data: Data, ids: VirtualIds) {
    func fixed(_ direction: LayoutFixture.FlexDirection) -> LayoutFixture.Style {
      var style = LayoutFixture.Style(width: .fixed, height: .fixed, direction: direction)
      style.widthUnit = .points
      style.heightUnit = .points
      return style
    }
    var file = RuntimeFixture(
      layoutWidth: viewportSize, height: viewportSize, style: fixed(.column), viewModel: 1,
      defaultStateMachine: rootDrag ? 0 : nil
    ) { writer in
      writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Item"))])
      writer.object(
        TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string("v"))])
      for index in 0..<count {
        writer.object(
          TypeKey.viewModelInstance,
          [
            (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
            (PropertyKey.componentName, .string("item \(index)")),
          ])
        writer.object(
          TypeKey.viewModelInstanceNumber,
          [
            (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
            (PropertyKey.viewModelInstanceNumberPropertyValue, .float(virtualItemWidth(index))),
          ])
      }
      writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
      writer.object(
        TypeKey.viewModelPropertyList, [(PropertyKey.viewModelComponentName, .string("items"))])
      writer.object(
        TypeKey.viewModelInstance,
        [
          (PropertyKey.viewModelInstanceViewModelId, .uint(1)),
          (PropertyKey.componentName, .string("Main")),
        ])
      writer.object(
        TypeKey.viewModelInstanceList,
        [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0))])
      for index in 0..<count {
        writer.object(
          TypeKey.viewModelInstanceListItem,
          [
            (PropertyKey.viewModelInstanceListItemViewModelId, .uint(0)),
            (PropertyKey.viewModelInstanceListItemViewModelInstanceId, .uint(UInt64(index))),
          ])
      }
    }
    let viewport = file.layout(
      "viewport", parent: 0, width: viewportSize, height: viewportSize, style: fixed(.column),
      clip: true)
    var columnStyle = LayoutFixture.Style(width: .fixed, height: .hug, direction: .column)
    columnStyle.widthUnit = .points
    let content = file.layout("content", parent: viewport, width: viewportSize, style: columnStyle)
    let list = file.component(TypeKey.artboardComponentList, parent: content)
    file.bind(PropertyKey.artboardComponentListListSource, to: [1, 0])
    let scroll = file.component(
      TypeKey.scrollConstraint, parent: content,
      [
        (PropertyKey.constraintStrength, .float(1)),
        (PropertyKey.draggableConstraintDirectionValue, .uint(1)),
        (PropertyKey.scrollConstraintScrollOffsetY, .float(offsetY)),
        (PropertyKey.scrollConstraintInteractive, .bool(!rootDrag)),
        (PropertyKey.scrollConstraintVirtualize, .bool(true)),
        (PropertyKey.scrollConstraintVirtualizeBuffer, .uint(UInt64(buffer))),
        (PropertyKey.scrollConstraintInfinite, .bool(infinite)),
        (PropertyKey.scrollConstraintPhysicsId, .uint(UInt64(UInt32.max))),
      ])
    if rootDrag {
      MachineWriter.write(
        into: &file, inputs: [.number("dragged", 0)], layers: [[.entry([]), .any([]), .exit]])
      file.listener(target: viewport, type: 12, actions: [.setNumber(input: 0, value: 1)])
    }
    // Laid out as the editor makes artboards: a style of its own (fixed, its size).
    file.artboard(
      name: "Item", width: viewportSize, height: itemHeight, viewModel: 0,
      defaultStateMachine: itemMachine ? 0 : nil,
      properties: [(PropertyKey.layoutComponentStyleId, .uint(1))])
    file.component(TypeKey.layoutComponentStyle, parent: 0, fixed(.column).properties)
    let rectangle = file.rectangle(parent: 0, width: 100, height: itemHeight, color: 0xFF20_60C0)
    file.bind(PropertyKey.parametricPathWidth, to: [0, 0])
    if itemMachine {
      file.animation(
        name: "idle", duration: 30,
        keys: [(rectangle.shape, PropertyKey.nodeX, [(0, 0, 0, nil)])])
      file.animation(
        name: "shrunk", duration: 30,
        keys: [(rectangle.path, PropertyKey.parametricPathHeight, [(0, shrunkHeight, 0, nil)])])
      MachineWriter.write(
        into: &file, inputs: [.number("n", 5)],
        layers: [
          [
            .entry([.init(to: 3)]), .any([]), .exit,
            .animation(0, [.init(to: 4, flags: 4, exitTime: 500)]), .animation(1, []),
          ]
        ])
      if itemClick {
        file.listener(
          target: rectangle.shape, type: 6, actions: [.setNumber(input: 0, value: clickedValue)])
      }
    }
    return (file.data, VirtualIds(content: content, list: list, scroll: scroll))
  }
}
