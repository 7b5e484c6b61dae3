import RiveCore
import RiveLayout

/// Layout trees of played files in the layout case format the Yoga driver reads
/// (`layout-diff`'s ``GeneratedCase``): every style field that differs from Yoga's default,
/// and each measured node as its unconstrained size.
enum LayoutCaseEncoding {
  /// The case of an instance's tree: the nodes under the root, in child order. A node with a
  /// measure function is a measured leaf (RiveLayout and Yoga lay such a node out as a leaf
  /// whatever children it lists); the `flex` shorthand, which the runtime never sets and the
  /// format has no key for, makes the tree unencodable (nil).
  static func generatedCase(_ snapshot: LayoutTreeSnapshot) -> GeneratedCase? {
    var unencodable = false
    var visits = 0
    func node(_ id: LayoutNodeID, depth: Int) -> GeneratedCase.Node {
      visits += 1
      let style = snapshot.tree.style(of: id)
      if style.flex != nil { unencodable = true }
      let measure = snapshot.measured[id].map { ($0.width, $0.height) }
      let children =
        measure != nil || depth > 256 || visits > snapshot.tree.nodeCount
        ? [] : snapshot.tree.children(of: id).map { node($0, depth: depth + 1) }
      return GeneratedCase.Node(
        style: style, styleJSON: styleJSON(style), children: children, measure: measure)
    }
    let root = node(snapshot.root, depth: 0)
    guard !unencodable else { return nil }
    return GeneratedCase(
      width: snapshot.availableWidth.isNaN ? nil : snapshot.availableWidth,
      height: snapshot.availableHeight.isNaN ? nil : snapshot.availableHeight,
      direction: .inherit, root: root)
  }

  /// The style's keys and JSON values, those at Yoga's defaults left out.
  static func styleJSON(_ style: LayoutStyle) -> [(String, String)] {
    let defaults = LayoutStyle()
    var json: [(String, String)] = []
    func put(_ key: String, _ value: String) { json.append((key, value)) }
    if style.flexDirection != defaults.flexDirection {
      put("flexDirection", quoted(name(style.flexDirection)))
    }
    if style.justifyContent != defaults.justifyContent {
      put("justifyContent", quoted(name(style.justifyContent)))
    }
    if style.justifyItems != defaults.justifyItems {
      put("justifyItems", quoted(name(style.justifyItems)))
    }
    if style.justifySelf != defaults.justifySelf {
      put("justifySelf", quoted(name(style.justifySelf)))
    }
    if style.alignItems != defaults.alignItems { put("alignItems", quoted(name(style.alignItems))) }
    if style.alignSelf != defaults.alignSelf { put("alignSelf", quoted(name(style.alignSelf))) }
    if style.alignContent != defaults.alignContent {
      put("alignContent", quoted(name(style.alignContent)))
    }
    if style.flexWrap != defaults.flexWrap {
      put("flexWrap", quoted(["nowrap", "wrap", "wrap-reverse"][Int(style.flexWrap.rawValue)]))
    }
    if style.positionType != defaults.positionType {
      put(
        "positionType",
        quoted(["static", "relative", "absolute"][Int(style.positionType.rawValue)]))
    }
    if style.display != defaults.display {
      put("display", quoted(["flex", "none", "grid"][Int(style.display.rawValue)]))
    }
    if style.direction != defaults.direction {
      put("direction", quoted(["inherit", "ltr", "rtl"][Int(style.direction.rawValue)]))
    }
    if style.overflow != defaults.overflow {
      put("overflow", quoted(["visible", "hidden", "scroll"][Int(style.overflow.rawValue)]))
    }
    if let grow = style.flexGrow, !grow.isNaN { put("flexGrow", jsonNumber(grow)) }
    if let shrink = style.flexShrink, !shrink.isNaN { put("flexShrink", jsonNumber(shrink)) }
    if let ratio = style.aspectRatio, !ratio.isNaN { put("aspectRatio", jsonNumber(ratio)) }
    let lengths: [(String, LayoutLength, LayoutLength)] = [
      ("flexBasis", style.flexBasis, defaults.flexBasis),
      ("width", style.dimensions.width, defaults.dimensions.width),
      ("height", style.dimensions.height, defaults.dimensions.height),
      ("minWidth", style.minDimensions.width, defaults.minDimensions.width),
      ("minHeight", style.minDimensions.height, defaults.minDimensions.height),
      ("maxWidth", style.maxDimensions.width, defaults.maxDimensions.width),
      ("maxHeight", style.maxDimensions.height, defaults.maxDimensions.height),
    ]
    for (key, value, initial) in lengths where value != initial { put(key, length(value)) }
    let edgeSets: [(String, EdgeValues, Bool)] = [
      ("margin", style.margin, false), ("padding", style.padding, false),
      ("position", style.position, false), ("border", style.border, true),
    ]
    for (key, edges, pointsOnly) in edgeSets where edges != EdgeValues() {
      var parts: [String] = []
      for edge in Edge.allCases where edges[edge].unit != .undefined {
        let value = edges[edge]
        // Yoga reads only a border's value, whatever its unit.
        let text = pointsOnly ? jsonNumber(value.value.isNaN ? 0 : value.value) : length(value)
        parts.append("\"\(edgeName(edge))\": \(text)")
      }
      put(key, "{" + parts.joined(separator: ", ") + "}")
    }
    var gaps: [String] = []
    for (key, value) in [
      ("column", style.gap.column), ("row", style.gap.row), ("all", style.gap.all),
    ]
    where value.unit != .undefined {
      gaps.append("\"\(key)\": \(length(value))")
    }
    if !gaps.isEmpty { put("gap", "{" + gaps.joined(separator: ", ") + "}") }
    let trackLists: [(String, [GridTrackSize])] = [
      ("gridTemplateColumns", style.gridTemplateColumns),
      ("gridTemplateRows", style.gridTemplateRows), ("gridAutoColumns", style.gridAutoColumns),
      ("gridAutoRows", style.gridAutoRows),
    ]
    for (key, tracks) in trackLists where !tracks.isEmpty {
      put(key, "[" + tracks.map { quoted(track($0)) }.joined(separator: ", ") + "]")
    }
    let lines: [(String, GridLine)] = [
      ("gridColumnStart", style.gridColumnStart), ("gridColumnEnd", style.gridColumnEnd),
      ("gridRowStart", style.gridRowStart), ("gridRowEnd", style.gridRowEnd),
    ]
    for (key, line) in lines where line != .auto {
      switch line.kind {
      case .auto: break
      case .line: put(key, String(line.value))
      case .span: put(key, quoted("span \(line.value)"))
      }
    }
    return json
  }

  static func quoted(_ text: String) -> String { "\"" + text + "\"" }

  /// A length as the format writes it: points as a number, `"N%"`, `"auto"`, `"undefined"`.
  static func length(_ value: LayoutLength) -> String {
    switch value.unit {
    case .undefined: return quoted("undefined")
    case .auto: return quoted("auto")
    case .point: return value.value.isFinite ? jsonNumber(value.value) : quoted("undefined")
    case .percent:
      return value.value.isFinite ? quoted(jsonNumber(value.value) + "%") : quoted("undefined")
    }
  }

  static func breadth(_ value: GridTrackSize.Breadth) -> String {
    switch value {
    case .points(let v): return jsonNumber(v)
    case .percent(let v): return jsonNumber(v) + "%"
    case .fr(let v): return jsonNumber(v) + "fr"
    case .auto: return "auto"
    }
  }

  /// A track as the format writes it: the plain forms where the driver's factories make the
  /// same track (`N`, `N%`, `auto`, and `Nfr` for an automatic minimum), `minmax(A,B)` else.
  static func track(_ track: GridTrackSize) -> String {
    if case .auto = track.min, case .fr = track.max { return breadth(track.max) }
    if track.min == track.max {
      if case .fr = track.min {} else { return breadth(track.min) }
    }
    return "minmax(\(breadth(track.min)),\(breadth(track.max)))"
  }

  static func edgeName(_ edge: Edge) -> String {
    switch edge {
    case .left: return "left"
    case .top: return "top"
    case .right: return "right"
    case .bottom: return "bottom"
    case .start: return "start"
    case .end: return "end"
    case .horizontal: return "horizontal"
    case .vertical: return "vertical"
    case .all: return "all"
    }
  }

  static func name(_ value: FlexDirection) -> String {
    ["column", "column-reverse", "row", "row-reverse"][Int(value.rawValue)]
  }

  static func name(_ value: Justify) -> String {
    [
      "flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly", "auto",
      "stretch", "start", "end",
    ][Int(value.rawValue)]
  }

  static func name(_ value: Align) -> String {
    [
      "auto", "flex-start", "center", "flex-end", "stretch", "baseline", "space-between",
      "space-around", "start", "end", "space-evenly",
    ][Int(value.rawValue)]
  }
}
