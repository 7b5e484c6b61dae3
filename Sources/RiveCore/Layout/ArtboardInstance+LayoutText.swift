@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// Text in layouts: measured as a hugging leaf, sized by the layout that holds it.
extension ArtboardInstance {
  /// The sizing a text lays out with once a layout controls its size (the runtime's
  /// `effectiveSizing`): a participant maps its per-axis scale types onto the closest box
  /// behaviour; text a layout sizes as content keeps its own sizing while either axis hugs.
  func effectiveTextSizing(
    _ c: Int, authored: TextLayoutProperties.Sizing, controlled: ControlledSize
  ) -> TextLayoutProperties.Sizing {
    let fixed = LayoutScale.fixed.rawValue
    let fill = LayoutScale.fill.rawValue
    let hug = LayoutScale.hug.rawValue
    if let item = model.layout.item(of: c), model.layout.items[item].participant >= 0 {
      let widthBox = controlled.widthScale == fixed || controlled.widthScale == fill
      let heightBox = controlled.heightScale == fixed || controlled.heightScale == fill
      if !widthBox && !heightBox { return authored }
      return widthBox && !heightBox ? .autoHeight : .fixed
    }
    if controlled.widthScale == .max || controlled.widthScale == hug
      || controlled.heightScale == hug
    {
      return authored
    }
    return .fixed
  }

  /// The size text `c` wants within `maxWidth` × `maxHeight` (the runtime's `Text::measure`):
  /// its lines broken at the narrower of the limit and its own width (when it has one), the
  /// widest line and the lines' height, trimmed as drawn; (0, 0) when text is not laid out.
  mutating func measureTextForLayout(_ c: Int, maxWidth: Float, maxHeight: Float) -> (
    width: Float, height: Float
  ) {
    guard let fonts = textCache.layoutFonts else { return (0, 0) }
    let g = geometryModel
    let styles = textStyles(c, model: g)
    var runs: [TextRunInput] = []
    appendRunInputs(c, styles: styles, fonts: fonts, model: g, into: &runs)
    let (scalars, styled) = TextLayout.styled(runs, scale: 1)
    guard !styled.isEmpty else { return (0, 0) }
    let properties = textProperties(c)
    let authored =
      TextLayoutProperties.Sizing(rawValue: uint(c, Slot.textSizingValue)) ?? .autoWidth
    let ownWidth = float(c, Slot.textWidth)
    let ownHeight = float(c, Slot.textHeight)
    let shape = TextShaper.shape(scalars, runs: styled, fallbacks: fonts.fallbacks)
    let effective = properties.sizing
    let measuringWidth =
      effective == .autoHeight || effective == .fixed ? ownWidth : Float.greatestFiniteMagnitude
    let wraps =
      maxWidth == Float.greatestFiniteMagnitude && effective != .autoHeight
      ? false : properties.wraps
    let lines = LineBreaker.breakLines(
      shape, width: min(maxWidth, measuringWidth), align: properties.align, wraps: wraps)
    var y: Float = 0
    var computedHeight: Float = 0
    var minY: Float = 0
    var widest: Float = 0
    if properties.originIsBaseline, let first = lines.first?.first {
      y -= first.baseline
      minY = y
    }
    let wantEllipsis = properties.overflow == .ellipsis && authored == .fixed
    var ellipsisLine = -1
    measuring: for (p, paragraphLines) in lines.enumerated() where p < shape.count {
      for line in paragraphLines {
        widest = max(widest, line.width(in: shape[p].runs))
        if wantEllipsis && y + line.bottom > maxHeight {
          if ellipsisLine == -1 { computedHeight = y + line.bottom }
          break measuring
        }
        ellipsisLine += 1
        computedHeight = y + line.bottom
      }
      if let last = paragraphLines.last { y += last.bottom }
      y += properties.paragraphSpacing
    }
    let (topTrim, bottomTrim) = TextLayout.verticalTrim(
      shape: shape, lines: lines, properties: properties)
    let bounds: (Float, Float)
    switch authored {
    case .autoWidth: bounds = (widest, cppMax(minY, computedHeight - topTrim - bottomTrim))
    case .autoHeight: bounds = (ownWidth, cppMax(minY, computedHeight - topTrim - bottomTrim))
    case .fixed: bounds = (ownWidth, minY + ownHeight)
    }
    return (min(maxWidth, bounds.0), min(maxHeight, bounds.1))
  }
}
