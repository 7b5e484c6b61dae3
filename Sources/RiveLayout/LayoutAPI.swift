// Interim: the solver's interface, so the runtime integration builds while the solver is
// written. Every box is zero until the solver replaces this file.

public struct LayoutLength: Hashable, Sendable {
  public enum Unit: UInt8, Sendable {
    case undefined = 0
    case point = 1
    case percent = 2
    case auto = 3
  }
  public var value: Float
  public var unit: Unit
  public init(value: Float, unit: Unit) {
    self.value = value
    self.unit = unit
  }
  public static let undefined = LayoutLength(value: .nan, unit: .undefined)
  public static let auto = LayoutLength(value: .nan, unit: .auto)
  public static func points(_ value: Float) -> Self { .init(value: value, unit: .point) }
  public static func percent(_ value: Float) -> Self { .init(value: value, unit: .percent) }
}

public enum FlexDirection: UInt8, Sendable { case column, columnReverse, row, rowReverse }
public enum Justify: UInt8, Sendable {
  case flexStart, center, flexEnd, spaceBetween, spaceAround, spaceEvenly, auto, stretch, start, end
}
public enum Align: UInt8, Sendable {
  case auto, flexStart, center, flexEnd, stretch, baseline, spaceBetween, spaceAround, start, end,
    spaceEvenly
}
public enum FlexWrap: UInt8, Sendable { case noWrap, wrap, wrapReverse }
public enum PositionType: UInt8, Sendable { case `static`, relative, absolute }
public enum Display: UInt8, Sendable { case flex, none, grid }
public enum LayoutDirection: UInt8, Sendable { case inherit, ltr, rtl }
public enum Overflow: UInt8, Sendable { case visible, hidden, scroll }
public enum MeasureMode: UInt8, Sendable { case undefined, exactly, atMost }
public enum Edge: Sendable { case left, top, right, bottom, start, end, horizontal, vertical, all }

public struct GridTrackSize: Hashable, Sendable {
  public enum Breadth: Hashable, Sendable {
    case points(Float)
    case percent(Float)
    case fr(Float)
    case auto
  }
  public var min: Breadth
  public var max: Breadth
  public init(min: Breadth, max: Breadth) {
    self.min = min
    self.max = max
  }
}

public enum GridLine: Hashable, Sendable {
  case auto
  case line(Int)
  case span(Int)
}

public struct LayoutStyle: Hashable, Sendable {
  public var direction = LayoutDirection.inherit
  public var flexDirection = FlexDirection.column
  public var justifyContent = Justify.flexStart
  public var alignContent = Align.flexStart
  public var alignItems = Align.stretch
  public var alignSelf = Align.auto
  public var justifyItems = Justify.stretch
  public var justifySelf = Justify.auto
  public var positionType = PositionType.relative
  public var flexWrap = FlexWrap.noWrap
  public var overflow = Overflow.visible
  public var display = Display.flex
  public var flex: Float?
  public var flexGrow: Float?
  public var flexShrink: Float?
  public var flexBasis = LayoutLength.auto
  public var margin = [LayoutLength](repeating: .undefined, count: 9)
  public var position = [LayoutLength](repeating: .undefined, count: 9)
  public var padding = [LayoutLength](repeating: .undefined, count: 9)
  public var border = [LayoutLength](repeating: .undefined, count: 9)
  public var gap = [LayoutLength](repeating: .undefined, count: 3)
  public var width = LayoutLength.auto
  public var height = LayoutLength.auto
  public var minWidth = LayoutLength.undefined
  public var minHeight = LayoutLength.undefined
  public var maxWidth = LayoutLength.undefined
  public var maxHeight = LayoutLength.undefined
  public var aspectRatio: Float?
  public var gridTemplateColumns: [GridTrackSize] = []
  public var gridTemplateRows: [GridTrackSize] = []
  public var gridAutoColumns: [GridTrackSize] = []
  public var gridAutoRows: [GridTrackSize] = []
  public var gridColumnStart = GridLine.auto
  public var gridColumnEnd = GridLine.auto
  public var gridRowStart = GridLine.auto
  public var gridRowEnd = GridLine.auto
  public init() {}
}

public struct LayoutNodeID: Hashable, Sendable {
  public let index: Int32
  public init(index: Int32) { self.index = index }
}

public struct ComputedLayout: Sendable {
  public var left: Float = 0
  public var top: Float = 0
  public var width: Float = 0
  public var height: Float = 0
  public var padding: (left: Float, top: Float, right: Float, bottom: Float) = (0, 0, 0, 0)
  public init() {}
}

public protocol LayoutMeasurer {
  mutating func measure(
    _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
    heightMode: MeasureMode
  ) -> (width: Float, height: Float)
}

public struct LayoutTree: Sendable {
  struct Node: Sendable {
    var style = LayoutStyle()
    var children: [LayoutNodeID] = []
    var parent: Int32 = -1
    var hasMeasure = false
    var hasNewLayout = true
    var layout = ComputedLayout()
  }
  var nodes: [Node] = []
  public init() {}
  public var nodeCount: Int { nodes.count }
  public mutating func makeNode(style: LayoutStyle = LayoutStyle()) -> LayoutNodeID {
    nodes.append(Node(style: style))
    return LayoutNodeID(index: Int32(nodes.count - 1))
  }
  public mutating func setStyle(_ style: LayoutStyle, of node: LayoutNodeID) {
    nodes[Int(node.index)].style = style
  }
  public func style(of node: LayoutNodeID) -> LayoutStyle { nodes[Int(node.index)].style }
  public mutating func setHasMeasure(_ flag: Bool, for node: LayoutNodeID) {
    nodes[Int(node.index)].hasMeasure = flag
  }
  public mutating func setChildren(_ children: [LayoutNodeID], of node: LayoutNodeID) {
    nodes[Int(node.index)].children = children
  }
  public mutating func markDirty(_ node: LayoutNodeID) {}
  public mutating func calculateLayout<M: LayoutMeasurer>(
    root: LayoutNodeID, availableWidth: Float, availableHeight: Float,
    direction: LayoutDirection, measurer: inout M
  ) {
    for index in nodes.indices { nodes[index].hasNewLayout = true }
  }
  public func layout(of node: LayoutNodeID) -> ComputedLayout { nodes[Int(node.index)].layout }
  public func hasNewLayout(_ node: LayoutNodeID) -> Bool { nodes[Int(node.index)].hasNewLayout }
  public mutating func clearNewLayout(_ node: LayoutNodeID) {
    nodes[Int(node.index)].hasNewLayout = false
  }
}
