import Foundation
import RiveLayout

/// A layout case in the shared JSON format (scripts/layout-conformance/README.md): a tree of
/// styled nodes, the space it is laid out in, and, in fixtures, the expected boxes.
struct LayoutCase {
  var name: String
  var width: Float
  var height: Float
  var direction: LayoutDirection
  var root: CaseNode
  var expected: CaseBox?
}

/// A node of a case: a style, children, and an optional fixed-size measure function.
struct CaseNode {
  var style: LayoutStyle
  var children: [CaseNode]
  var measure: (width: Float, height: Float)?
}

/// A box of a case's expectation (or of a computed layout), with the boxes of the children.
struct CaseBox {
  var left: Float
  var top: Float
  var width: Float
  var height: Float
  var children: [CaseBox]
}

/// Why a case could not be read.
struct CaseFormatError: Error, CustomStringConvertible {
  var description: String
}

/// Measures as the format says: the fixed size when unconstrained, clamped to the space at
/// most, the space exactly.
struct FixedSizeMeasurer: LayoutMeasurer {
  var sizes: [LayoutNodeID: (width: Float, height: Float)] = [:]

  mutating func measure(
    _ node: LayoutNodeID, width: Float, widthMode: MeasureMode, height: Float,
    heightMode: MeasureMode
  ) -> (width: Float, height: Float) {
    guard let size = sizes[node] else { return (0, 0) }
    func resolve(_ natural: Float, _ space: Float, _ mode: MeasureMode) -> Float {
      switch mode {
      case .undefined: return natural
      case .atMost: return min(natural, space)
      case .exactly: return space
      }
    }
    return (resolve(size.width, width, widthMode), resolve(size.height, height, heightMode))
  }
}

/// A case built into a tree: the tree, its root, and every node in pre-order.
struct BuiltCase {
  var tree: LayoutTree
  var root: LayoutNodeID
  var measurer: FixedSizeMeasurer

  init(_ layoutCase: LayoutCase) {
    tree = LayoutTree()
    measurer = FixedSizeMeasurer()
    var tree = LayoutTree()
    var measurer = FixedSizeMeasurer()
    func build(_ node: CaseNode) -> LayoutNodeID {
      let id = tree.makeNode(style: node.style)
      if let size = node.measure {
        tree.setHasMeasure(true, for: id)
        measurer.sizes[id] = size
      }
      let children = node.children.map(build)
      tree.setChildren(children, of: id)
      return id
    }
    root = build(layoutCase.root)
    self.tree = tree
    self.measurer = measurer
  }

  mutating func calculate(_ layoutCase: LayoutCase) {
    tree.calculateLayout(
      root: root, availableWidth: layoutCase.width, availableHeight: layoutCase.height,
      direction: layoutCase.direction, measurer: &measurer)
  }

  func box(_ id: LayoutNodeID) -> CaseBox {
    let layout = tree.layout(of: id)
    return CaseBox(
      left: layout.left, top: layout.top, width: layout.width, height: layout.height,
      children: tree.children(of: id).map(box))
  }
}

// MARK: Reading

enum CaseReader {
  static func cases(fromFile data: Data) throws -> [LayoutCase] {
    let object = try JSONSerialization.jsonObject(with: data)
    guard let file = object as? [String: Any], let list = file["cases"] as? [Any] else {
      throw CaseFormatError(description: "no \"cases\" array")
    }
    return try list.map { try readCase($0) }
  }

  static func readCase(_ object: Any) throws -> LayoutCase {
    guard let dict = object as? [String: Any] else { throw CaseFormatError(description: "case") }
    let name = dict["name"] as? String ?? "?"
    let root = try readNode(dict["root"] as Any, path: name)
    let expected = try dict["expected"].map { try readBox($0) }
    return LayoutCase(
      name: name, width: number(dict["width"]) ?? .nan, height: number(dict["height"]) ?? .nan,
      direction: try direction(dict["direction"] as? String ?? "ltr"), root: root,
      expected: expected)
  }

  static func number(_ value: Any?) -> Float? {
    if let n = value as? NSNumber, !(value is NSNull) { return n.floatValue }
    return nil
  }

  static func direction(_ text: String) throws -> LayoutDirection {
    switch text {
    case "ltr": return .ltr
    case "rtl": return .rtl
    case "inherit": return .inherit
    default: throw CaseFormatError(description: "direction \(text)")
    }
  }

  static func readBox(_ object: Any) throws -> CaseBox {
    guard let dict = object as? [String: Any], let left = number(dict["left"]),
      let top = number(dict["top"]), let width = number(dict["width"]),
      let height = number(dict["height"])
    else { throw CaseFormatError(description: "box") }
    let children = try (dict["children"] as? [Any] ?? []).map { try readBox($0) }
    return CaseBox(left: left, top: top, width: width, height: height, children: children)
  }

  static func readNode(_ object: Any, path: String) throws -> CaseNode {
    guard let dict = object as? [String: Any] else {
      throw CaseFormatError(description: "\(path): node is not an object")
    }
    let style = try readStyle(dict["style"] as? [String: Any] ?? [:], path: path)
    let children = try (dict["children"] as? [Any] ?? []).enumerated().map {
      try readNode($0.element, path: "\(path)/\($0.offset)")
    }
    var measure: (Float, Float)?
    if let m = dict["measure"] as? [String: Any], let w = number(m["width"]),
      let h = number(m["height"])
    {
      measure = (w, h)
    }
    return CaseNode(style: style, children: children, measure: measure)
  }

  static func value(_ object: Any?, path: String) throws -> LayoutLength {
    if let text = object as? String {
      if text == "auto" { return .auto }
      if text == "undefined" { return .undefined }
      if text.hasSuffix("%"), let v = Float(text.dropLast()) { return .percent(v) }
      if let v = Float(text) { return .points(v) }
      throw CaseFormatError(description: "\(path): value \(text)")
    }
    if let v = number(object) { return .points(v) }
    throw CaseFormatError(description: "\(path): value")
  }

  static func edges(_ object: Any?, path: String) throws -> EdgeValues {
    var result = EdgeValues()
    guard let dict = object as? [String: Any] else { return result }
    let names: [String: Edge] = [
      "left": .left, "top": .top, "right": .right, "bottom": .bottom, "start": .start,
      "end": .end, "horizontal": .horizontal, "vertical": .vertical, "all": .all,
    ]
    for (key, raw) in dict {
      guard let edge = names[key] else {
        throw CaseFormatError(description: "\(path): edge \(key)")
      }
      result[edge] = try value(raw, path: path)
    }
    return result
  }

  static func breadth(_ text: String, path: String) throws -> GridTrackSize.Breadth {
    let t = text.trimmingCharacters(in: .whitespaces)
    if t == "auto" { return .auto }
    if t.hasSuffix("fr"), let v = Float(t.dropLast(2)) { return .fr(v) }
    if t.hasSuffix("%"), let v = Float(t.dropLast()) { return .percent(v) }
    if let v = Float(t) { return .points(v) }
    throw CaseFormatError(description: "\(path): track \(text)")
  }

  static func tracks(_ object: Any?, path: String) throws -> [GridTrackSize] {
    guard let list = object as? [Any] else { return [] }
    return try list.map { raw in
      guard let text = raw as? String else { throw CaseFormatError(description: "\(path): track") }
      if text.hasPrefix("minmax("), text.hasSuffix(")") {
        let inner = text.dropFirst(7).dropLast()
        let parts = inner.split(separator: ",", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw CaseFormatError(description: "\(path): \(text)") }
        return GridTrackSize(
          min: try breadth(parts[0], path: path), max: try breadth(parts[1], path: path))
      }
      switch try breadth(text, path: path) {
      case .auto: return .auto
      case .points(let v): return .points(v)
      case .percent(let v): return .percent(v)
      case .fr(let v): return .fr(v)
      }
    }
  }

  static func line(_ object: Any?, path: String) throws -> GridLine {
    if object == nil { return .auto }
    if let text = object as? String {
      if text == "auto" { return .auto }
      if text.hasPrefix("span "), let n = Int(text.dropFirst(5)) { return .span(n) }
      if let n = Int(text) { return .line(n) }
      throw CaseFormatError(description: "\(path): line \(text)")
    }
    if let n = object as? NSNumber { return .line(n.intValue) }
    throw CaseFormatError(description: "\(path): line")
  }

  static func enumValue<T>(_ object: Any?, _ table: [String: T], path: String, key: String) throws
    -> T?
  {
    guard let text = object as? String else { return nil }
    guard let v = table[text] else {
      throw CaseFormatError(description: "\(path): \(key) \(text)")
    }
    return v
  }

  static let justifyNames: [String: Justify] = [
    "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd,
    "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly,
    "start": .start, "end": .end, "stretch": .stretch, "auto": .auto,
  ]
  static let alignNames: [String: Align] = [
    "auto": .auto, "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd,
    "stretch": .stretch, "baseline": .baseline, "space-between": .spaceBetween,
    "space-around": .spaceAround, "space-evenly": .spaceEvenly, "start": .start, "end": .end,
  ]

  static func readStyle(_ d: [String: Any], path: String) throws -> LayoutStyle {
    var s = LayoutStyle()
    if let v = try enumValue(
      d["flexDirection"],
      [
        "column": FlexDirection.column, "column-reverse": .columnReverse, "row": .row,
        "row-reverse": .rowReverse,
      ], path: path, key: "flexDirection")
    {
      s.flexDirection = v
    }
    if let v = try enumValue(d["justifyContent"], justifyNames, path: path, key: "justifyContent") {
      s.justifyContent = v
    }
    if let v = try enumValue(d["justifyItems"], justifyNames, path: path, key: "justifyItems") {
      s.justifyItems = v
    }
    if let v = try enumValue(d["justifySelf"], justifyNames, path: path, key: "justifySelf") {
      s.justifySelf = v
    }
    if let v = try enumValue(d["alignItems"], alignNames, path: path, key: "alignItems") {
      s.alignItems = v
    }
    if let v = try enumValue(d["alignSelf"], alignNames, path: path, key: "alignSelf") {
      s.alignSelf = v
    }
    if let v = try enumValue(d["alignContent"], alignNames, path: path, key: "alignContent") {
      s.alignContent = v
    }
    if let v = try enumValue(
      d["flexWrap"], ["nowrap": FlexWrap.noWrap, "wrap": .wrap, "wrap-reverse": .wrapReverse],
      path: path, key: "flexWrap")
    {
      s.flexWrap = v
    }
    if let v = try enumValue(
      d["positionType"],
      ["static": PositionType.static, "relative": .relative, "absolute": .absolute], path: path,
      key: "positionType")
    {
      s.positionType = v
    }
    if let v = try enumValue(
      d["display"], ["flex": Display.flex, "none": .none, "grid": .grid], path: path,
      key: "display")
    {
      s.display = v
    }
    if let v = try enumValue(
      d["direction"], ["inherit": LayoutDirection.inherit, "ltr": .ltr, "rtl": .rtl], path: path,
      key: "direction")
    {
      s.direction = v
    }
    if let v = try enumValue(
      d["overflow"], ["visible": Overflow.visible, "hidden": .hidden, "scroll": .scroll],
      path: path, key: "overflow")
    {
      s.overflow = v
    }
    s.flexGrow = number(d["flexGrow"])
    s.flexShrink = number(d["flexShrink"])
    s.aspectRatio = number(d["aspectRatio"])
    if d["flexBasis"] != nil { s.flexBasis = try value(d["flexBasis"], path: path) }
    if d["width"] != nil { s.dimensions.width = try value(d["width"], path: path) }
    if d["height"] != nil { s.dimensions.height = try value(d["height"], path: path) }
    if d["minWidth"] != nil { s.minDimensions.width = try value(d["minWidth"], path: path) }
    if d["minHeight"] != nil { s.minDimensions.height = try value(d["minHeight"], path: path) }
    if d["maxWidth"] != nil { s.maxDimensions.width = try value(d["maxWidth"], path: path) }
    if d["maxHeight"] != nil { s.maxDimensions.height = try value(d["maxHeight"], path: path) }
    s.margin = try edges(d["margin"], path: path)
    s.padding = try edges(d["padding"], path: path)
    s.border = try edges(d["border"], path: path)
    s.position = try edges(d["position"], path: path)
    if let gap = d["gap"] as? [String: Any] {
      for (key, raw) in gap {
        let v = try value(raw, path: path)
        switch key {
        case "column": s.gap.column = v
        case "row": s.gap.row = v
        case "all": s.gap.all = v
        default: throw CaseFormatError(description: "\(path): gap \(key)")
        }
      }
    }
    s.gridTemplateColumns = try tracks(d["gridTemplateColumns"], path: path)
    s.gridTemplateRows = try tracks(d["gridTemplateRows"], path: path)
    s.gridAutoColumns = try tracks(d["gridAutoColumns"], path: path)
    s.gridAutoRows = try tracks(d["gridAutoRows"], path: path)
    s.gridColumnStart = try line(d["gridColumnStart"], path: path)
    s.gridColumnEnd = try line(d["gridColumnEnd"], path: path)
    s.gridRowStart = try line(d["gridRowStart"], path: path)
    s.gridRowEnd = try line(d["gridRowEnd"], path: path)
    return s
  }
}

// MARK: Comparing

/// Compares computed boxes with expected ones within `tolerance`; returns one line per
/// mismatching value, naming the node by its child-index path (`root/0/2`).
func compareBoxes(_ actual: CaseBox, _ expected: CaseBox, tolerance: Float, path: String = "root")
  -> [String]
{
  var problems: [String] = []
  let fields: [(String, Float, Float)] = [
    ("left", actual.left, expected.left), ("top", actual.top, expected.top),
    ("width", actual.width, expected.width), ("height", actual.height, expected.height),
  ]
  for (name, a, e) in fields {
    let same = (a.isNaN && e.isNaN) || abs(a - e) <= tolerance
    if !same { problems.append("\(path) \(name): got \(a), expected \(e)") }
  }
  if actual.children.count != expected.children.count {
    problems.append(
      "\(path): \(actual.children.count) children, expected \(expected.children.count)")
    return problems
  }
  for (i, pair) in zip(actual.children, expected.children).enumerated() {
    problems += compareBoxes(pair.0, pair.1, tolerance: tolerance, path: "\(path)/\(i)")
  }
  return problems
}
