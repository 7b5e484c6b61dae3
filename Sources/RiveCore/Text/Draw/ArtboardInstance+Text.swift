@_spi(RiveFormatInternals) import RiveFormat

/// A glyph as text layout placed it: its id in its font, where its origin sits (x, baseline,
/// in the text's box) and its advance, and which value run and line it belongs to.
public struct TextGlyphPlacement: Sendable, Hashable {
  public var glyph: UInt32
  public var x: Float
  public var baseline: Float
  public var advance: Float
  /// The index of its value run among the text's runs.
  public var run: Int
  /// The index of its line (counting every paragraph's lines).
  public var line: Int
}

extension ArtboardInstance {
  /// Whether component `c` is a text component.
  func isText(_ c: Int) -> Bool { UInt32(model.types[c]) == TypeKey.text }

  /// The text's world transform and render opacity at draw time: its parent's world
  /// transform and opacity with its own transform and opacity, then its constraints: as the
  /// update pass placed it when text is laid out there, else worked out here and not kept
  /// (with text off the update pass leaves text alone).
  mutating func textPlacement(_ c: Int, model g: GeometryModel) -> (
    world: Transform2D, opacity: Float
  ) {
    // Text laid out in the update pass was placed there, constraints and all.
    if textCache.layoutFonts != nil {
      return (geometry.worldTransforms[c], geometry.renderOpacities[c])
    }
    let parent = Int(g.parentTransforms[c])
    let parentWorld = parent >= 0 ? geometry.worldTransforms[parent] : .identity
    var opacity = float(c, Slot.worldTransformComponentOpacity)
    if parent >= 0 { opacity *= childOpacity(parent, model: g) }
    let local = localTransform(c, model: g)
    var world = parentWorld * local
    // IK moves bones, never a text: it is left out.
    let constraints = g.constraints[c]
    if !constraints.isEmpty && !constraints.contains(where: { g.kinds[Int($0)] == .ikConstraint }) {
      let kept = (geometry.transforms[c], geometry.worldTransforms[c])
      geometry.transforms[c] = local
      geometry.worldTransforms[c] = world
      applyConstraints(c, model: g)
      world = geometry.worldTransforms[c]
      (geometry.transforms[c], geometry.worldTransforms[c]) = kept
    }
    return (world, opacity)
  }

  /// Lays text out with `fonts` in every update pass from now on (in this instance, its
  /// nested artboards and list items, and those made later), as the runtime built with text
  /// lays it out while updating: a
  /// transform constraint aimed at a text then reads the text's box, a bind to source reads
  /// its computed width and height, and the text's world transform is worked out with the
  /// others. nil goes back to laying text out only when it is drawn (the text-off update the
  /// reference streams were recorded with).
  ///
  /// - Parameter fonts: The fonts to lay text out with, or nil.
  package mutating func measureText(with fonts: TextFonts?) {
    let wasMeasuring = textCache.layoutFonts != nil
    textCache.layoutFonts = fonts
    drawInputs &+= 1
    for index in nested.indices { nested[index].mount.withValue { $0.measureText(with: fonts) } }
    for list in componentLists.indices {
      for item in componentLists[list].artboardItems
      where componentLists[list].items[item].hasArtboard {
        componentLists[list].items[item].withArtboard { $0.measureText(with: fonts) }
      }
    }
    guard fonts != nil || wasMeasuring else { return }
    // Updates skipped text until now (or place it from here on): its transform, world
    // transform and render opacity are worked out again.
    for c in textComponents() {
      markTransformDirty(c)
      addDirt(c, Dirt.renderOpacity, recurse: true)
    }
  }

  /// The text components of the artboard (listed once).
  mutating func textComponents() -> [Int] {
    if let ids = textCache.textIDs { return ids }
    let ids = (0..<model.types.count).filter { isText($0) }
    textCache.textIDs = ids
    return ids
  }

  /// Lays out every text with the update-pass fonts; a text whose layout changed dirties its
  /// world transform, so what is constrained to its box follows.
  mutating func layOutTextForUpdate() {
    guard let fonts = textCache.layoutFonts else { return }
    let g = geometryModel
    for c in textComponents() {
      let made = textCache.layoutsMade
      var box = textCache.take(c, componentCount: model.types.count)
      box.withValue {
        $0.heldForDraw = false
        prepareText(c, &$0, fonts: fonts, model: g)
      }
      textCache.put(box, for: c)
      if textCache.layoutsMade != made {
        markWorldTransformDirty(c)
        // A text laid out again marks the layouts above it once the update is done.
        if layout.isOn { layout.laidOutTexts.append(Int32(c)) }
      }
    }
  }

  /// Keeps the text that holds run `run` drawing as it is laid out now, until the next
  /// update: called before a run's text is set from outside an update (a script, a text-run
  /// call), as the runtime draws each text from its last update and shows a new run text
  /// from the next advance. Only when text is laid out in the update pass (else text is laid
  /// out when drawn).
  ///
  /// - Parameter run: The run's object id.
  mutating func holdTextForDraw(ofRun run: Int) {
    guard let fonts = textCache.layoutFonts, run >= 0, run < model.types.count else { return }
    let text = Int(model.parents[run])
    guard text > 0, text < model.types.count, isText(text) else { return }
    let g = geometryModel
    var box = textCache.take(text, componentCount: model.types.count)
    box.withValue { entry in
      if !entry.heldForDraw { prepareText(text, &entry, fonts: fonts, model: g) }
      entry.heldForDraw = true
    }
    textCache.put(box, for: text)
  }

  /// A text's box in its own space, placed by its origin (the runtime's `Text::localBounds`),
  /// when text is laid out in the update pass; nil otherwise (a text laid out only for
  /// drawing has no size for the update, as with text off).
  func textLocalBounds(_ c: Int) -> (minX: Float, minY: Float, width: Float, height: Float)? {
    guard textCache.layoutFonts != nil, let bounds = textCache.layoutBounds(c) else {
      return nil
    }
    let width = bounds.maxX - bounds.minX
    let height = bounds.maxY - bounds.minY
    return (
      bounds.minX - width * float(c, Slot.textOriginX),
      bounds.minY - height * float(c, Slot.textOriginY), width, height
    )
  }

  /// The text's layout properties as stored.
  func textProperties(_ c: Int) -> TextLayoutProperties {
    var properties = TextLayoutProperties()
    properties.align = TextAlignment(rawValue: uint(c, Slot.textAlignValue)) ?? .left
    let authored =
      TextLayoutProperties.Sizing(rawValue: uint(c, Slot.textSizingValue)) ?? .autoWidth
    properties.sizing = authored
    properties.overflow =
      TextLayoutProperties.Overflow(rawValue: uint(c, Slot.textOverflowValue)) ?? .visible
    properties.width = float(c, Slot.textWidth)
    properties.height = float(c, Slot.textHeight)
    if let controlled = controlledSize(of: c) {
      // A layout controls the box: its size, and the sizing its scale types imply.
      properties.sizing = effectiveTextSizing(c, authored: authored, controlled: controlled)
      if !controlled.width.isNaN { properties.width = controlled.width }
      if !controlled.height.isNaN { properties.height = controlled.height }
      properties.layoutWidth = controlled.width.isNaN ? nil : controlled.width
      properties.layoutHeight = controlled.height.isNaN ? nil : controlled.height
    }
    properties.originX = float(c, Slot.textOriginX)
    properties.originY = float(c, Slot.textOriginY)
    properties.paragraphSpacing = float(c, Slot.textParagraphSpacing)
    properties.originIsBaseline = uint(c, Slot.textOriginValue) == 1
    properties.wraps = uint(c, Slot.textWrapValue) != 1
    properties.verticalAlign =
      TextLayoutProperties.VerticalAlignment(rawValue: uint(c, Slot.textVerticalAlignValue))
      ?? .top
    properties.fitFromBaseline = bool(c, Slot.textFitFromBaseline)
    let parent = Int(model.parents[c])
    properties.parentIsLayout =
      parent > 0 && model.isA(parent, TypeKey.layoutComponent)
      && UInt32(model.types[parent]) != TypeKey.artboard
    // The packed value: the top edge in the low byte, the bottom edge in the next.
    let trim = uint(c, Slot.textVerticalTrimValue)
    properties.trimTop = trim & 0xFF
    properties.trimBottom = (trim >> 8) & 0xFF
    return properties
  }

  /// The string of a text value run.
  func runString(_ run: Int) -> String {
    let index = Int(uint(run, Slot.textValueRunText))
    return index < strings.count ? strings[index] : ""
  }

  /// The font a style draws with: its font asset's, made at the style's axis and feature
  /// values when it has any (made once per change of those values).
  mutating func styleFont(_ style: Int, fonts: TextFonts, model g: GeometryModel) -> TextFont? {
    guard let base = fonts.font(forAsset: Int(uint(style, Slot.textStyleFontAssetId))) else {
      return nil
    }
    // The variant made last time, when the values have not changed (checked without
    // building anything: a steady frame allocates nothing here).
    if let variant = textCache.variants[style], variant.base == ObjectIdentifier(base),
      variantKeyMatches(style, variant.key, model: g)
    {
      return variant.font
    }
    var axes: [(tag: UInt32, value: Float)] = []
    var features: [(tag: UInt32, value: UInt32)] = []
    for child in g.children[style] {
      let k = Int(child)
      switch UInt32(model.types[k]) {
      case TypeKey.textStyleAxis:
        axes.append((uint(k, Slot.textStyleAxisTag), float(k, Slot.textStyleAxisAxisValue)))
      case TypeKey.textStyleFeature:
        features.append(
          (uint(k, Slot.textStyleFeatureTag), uint(k, Slot.textStyleFeatureFeatureValue)))
      default:
        break
      }
    }
    if axes.isEmpty && features.isEmpty { return base }
    var key: [Float] = []
    for axis in axes { key += [Float(bitPattern: axis.tag), axis.value] }
    for feature in features {
      key += [Float(bitPattern: feature.tag), Float(bitPattern: feature.value)]
    }
    let font = base.withOptions(axes: axes, features: features)
    textCache.variants[style] = (ObjectIdentifier(base), key, font)
    return font
  }

  /// Calls `body` with every slot value of text `c`'s modifier groups and what they hold
  /// (ranges, their interpolators, modifiers), in order; returns false, stopping, at a
  /// follow-path modifier or when `body` does.
  private func forEachModifierValue(
    _ c: Int, model g: GeometryModel, _ body: (UInt32) -> Bool
  ) -> Bool {
    func visit(_ k: Int, depth: Int) -> Bool {
      if UInt32(model.types[k]) == TypeKey.textFollowPathModifier { return false }
      let base = model.slotBases[k]
      for offset in 0..<TypeTable.shared.slotCount(model.types[k]) where !body(slots[base + offset])
      {
        return false
      }
      guard depth < 2 else { return true }
      for child in g.children[k] where !visit(Int(child), depth: depth + 1) { return false }
      return true
    }
    for child in g.children[c]
    where UInt32(model.types[Int(child)]) == TypeKey.textModifierGroup {
      if !visit(Int(child), depth: 0) { return false }
    }
    return true
  }

  /// Whether text `c`'s modifier values are `recorded` (never when a modifier follows a path).
  private func modifierValuesMatch(_ c: Int, _ recorded: [UInt32], model g: GeometryModel)
    -> Bool
  {
    var index = 0
    let matches = forEachModifierValue(c, model: g) { value in
      guard index < recorded.count, recorded[index] == value else { return false }
      index += 1
      return true
    }
    return matches && index == recorded.count
  }

  /// Records text `c`'s modifier values (see ``modifierValuesMatch(_:_:model:)``).
  private func recordModifierValues(
    _ c: Int, into recorded: inout [UInt32], model g: GeometryModel
  ) {
    recorded.removeAll(keepingCapacity: true)
    _ = forEachModifierValue(c, model: g) { value in
      recorded.append(value)
      return true
    }
  }

  /// Whether a style's axis and feature values are `key` (axes, then features, each as its
  /// tag's bits and its value).
  private func variantKeyMatches(_ style: Int, _ key: [Float], model g: GeometryModel) -> Bool {
    var index = 0
    for pass in 0..<2 {
      for child in g.children[style] {
        let k = Int(child)
        let type = UInt32(model.types[k])
        let pair: (Float, Float)
        if pass == 0 && type == TypeKey.textStyleAxis {
          pair = (
            Float(bitPattern: uint(k, Slot.textStyleAxisTag)),
            float(k, Slot.textStyleAxisAxisValue)
          )
        } else if pass == 1 && type == TypeKey.textStyleFeature {
          pair = (
            Float(bitPattern: uint(k, Slot.textStyleFeatureTag)),
            Float(bitPattern: uint(k, Slot.textStyleFeatureFeatureValue))
          )
        } else {
          continue
        }
        guard index + 1 < key.count, key[index].bitPattern == pair.0.bitPattern,
          key[index + 1].bitPattern == pair.1.bitPattern
        else { return false }
        index += 2
      }
    }
    return index == key.count
  }

  /// The text's styles (its text style paints, in child order).
  func textStyles(_ c: Int, model g: GeometryModel) -> [Int] {
    var styles: [Int] = []
    for child in g.children[c] where UInt32(model.types[Int(child)]) == TypeKey.textStylePaint {
      styles.append(Int(child))
    }
    return styles
  }

  /// Draws text component `c` as the runtime's `Text::draw` does: a clip for clipped
  /// overflow, then each style that has glyphs, in the order its first glyph appears, with
  /// each of its fills and strokes (opaque glyphs first, then each modifier opacity).
  mutating func drawText<R: DrawRenderer>(
    _ c: Int, needsSave: Bool, fonts: TextFonts, model g: GeometryModel, into renderer: inout R
  ) {
    var box = textCache.take(c, componentCount: model.types.count)
    box.withValue {
      drawText(c, &$0, needsSave: needsSave, fonts: fonts, model: g, into: &renderer)
    }
    textCache.put(box, for: c)
  }

  /// ``drawText(_:needsSave:fonts:model:into:)`` on the text's cache entry, where it lives.
  private mutating func drawText<R: DrawRenderer>(
    _ c: Int, _ entry: inout TextDrawCache.Entry, needsSave: Bool, fonts: TextFonts,
    model g: GeometryModel, into renderer: inout R
  ) {
    if !isHeld(entry, fonts: fonts) { prepareText(c, &entry, fonts: fonts, model: g) }
    let styles = entry.styleIDs
    let placement = textPlacement(c, model: g)
    // Glyph paths are built again when the layout or a modifier value changed (or a
    // modifier follows a path, whose target can move).
    if !entry.pathsAreBuilt || !modifierValuesMatch(c, entry.modifierValues, model: g) {
      let modifiers = TextModifiers(text: c, world: placement.world, instance: self, model: g)
      textCache.pathBuilds += 1
      buildStylePaths(
        &entry, modifiers: modifiers,
        keepsWholePath: styles.map {
          styleHasInnerFeather($0, model: g) || styleHasEffects($0, model: g)
        })
      entry.pathsAreBuilt = true
      recordModifierValues(c, into: &entry.modifierValues, model: g)
    }
    buildBackgrounds(&entry, styles: styles, model: g)
    emitText(
      c, entry: entry, styles: styles, placement: placement, needsSave: needsSave, model: g,
      into: &renderer)
  }

  /// How many text layouts this instance made and how many times it built glyph paths (for
  /// checking that unchanged text is not shaped or built again).
  package var textWork: (layouts: Int, pathBuilds: Int) {
    (textCache.layoutsMade, textCache.pathBuilds)
  }

  /// The glyphs of text component `id` as its layout places them with `fonts`, in drawing
  /// order (positions in the text's box, before its box transform and modifiers); empty for
  /// an object that is not text.
  ///
  /// - Parameters:
  ///   - id: The text component's object id.
  ///   - fonts: The fonts to shape with.
  /// - Returns: The placed glyphs.
  public mutating func textGlyphs(ofText id: Int, fonts: TextFonts) -> [TextGlyphPlacement] {
    guard id > 0, id < model.types.count, isText(id) else { return [] }
    let g = geometryModel
    var box = textCache.take(id, componentCount: model.types.count)
    let placements =
      box.withValue { entry -> [TextGlyphPlacement] in
        if !isHeld(entry, fonts: fonts) { prepareText(id, &entry, fonts: fonts, model: g) }
        return entry.layout.glyphs.map {
          TextGlyphPlacement(
            glyph: $0.glyph, x: $0.x + $0.offset.x, baseline: $0.baseline + $0.offset.y,
            advance: $0.advance, run: $0.run, line: $0.line)
        }
      } ?? []
    textCache.put(box, for: id)
    return placements
  }

  /// Whether `entry` keeps its layout until the next update (``holdTextForDraw(ofRun:)``)
  /// for a draw with `fonts` (other fonts, or text no longer laid out in updates, lay it out
  /// again).
  private func isHeld(_ entry: borrowing TextDrawCache.Entry, fonts: TextFonts) -> Bool {
    entry.heldForDraw && entry.isPrepared && textCache.layoutFonts != nil
      && sameFonts(entry, styles: entry.styleIDs, fonts: fonts)
  }

  /// Brings text `c`'s cache entry (taken out of the cache by the caller, who puts it back)
  /// up to date: its styles listed and its layout made from the text as it stands.
  private mutating func prepareText(
    _ c: Int, _ entry: inout TextDrawCache.Entry, fonts: TextFonts, model g: GeometryModel
  ) {
    if textCache.inputFlags.isEmpty { markTextInputs(model: g) }
    // The styles are fixed by the model: listed once per text.
    if entry.styleIDs.isEmpty { entry.styleIDs = textStyles(c, model: g) }
    let styles = entry.styleIDs
    // Nothing the layout is made from has changed: no component of a text has, and every
    // style has the same font and the fallbacks are the same.
    if entry.isPrepared && entry.inputVersion == textCache.inputVersion
      && sameFonts(entry, styles: styles, fonts: fonts)
    {
      return
    }
    // The runs as they stand, into the entry's scratch buffer (taken out, so that it is
    // uniquely held and keeps its storage: no allocation once grown).
    var runs: [TextRunInput] = []
    swap(&runs, &entry.scratch)
    appendRunInputs(c, styles: styles, fonts: fonts, model: g, into: &runs)
    let properties = textProperties(c)
    let fallbacksChanged =
      entry.fallbacks.count != fonts.fallbacks.count
      || zip(entry.fallbacks, fonts.fallbacks).contains { $0 != ObjectIdentifier($1) }
    if entry.varies == nil {
      entry.varies = TextModifiers.textVaries(c, instance: self, model: g)
    }
    let varies = entry.varies == true
    let variationsChanged = varies && !modifierValuesMatch(c, entry.shapeModifierValues, model: g)
    if runs != entry.runs || properties != entry.properties || fallbacksChanged
      || variationsChanged
    {
      let layout = TextLayout(runs: runs, properties: properties, fallbacks: fonts.fallbacks)
      if varies {
        // Shaped again with the covered stretches in their varied fonts; the ranges keep the
        // coverage found in the first layout.
        let modifiers = TextModifiers(text: c, world: nil, instance: self, model: g)
        let varied = modifiers.varied(runs, coverage: modifiers.coverage(layout: layout))
        entry.layout = TextLayout(runs: varied, properties: properties, fallbacks: fonts.fallbacks)
        entry.coverageLayout = layout
        recordModifierValues(c, into: &entry.shapeModifierValues, model: g)
      } else {
        entry.layout = layout
        entry.coverageLayout = nil
      }
      textCache.layoutsMade += 1
      swap(&entry.runs, &runs)
      entry.properties = properties
      entry.fallbacks = fonts.fallbacks.map { ObjectIdentifier($0) }
      entry.pathsAreBuilt = false
      entry.backgroundsAreBuilt = false
    }
    entry.scratch = runs
    entry.isPrepared = true
    entry.inputVersion = textCache.inputVersion
    entry.styleFonts.removeAll(keepingCapacity: true)
    for style in styles { entry.styleFonts.append(baseFont(of: style, in: fonts)) }
  }

  /// Text `c`'s value runs as layout reads them (their strings, styles and fonts), into
  /// `runs` (emptied first).
  mutating func appendRunInputs(
    _ c: Int, styles: [Int], fonts: TextFonts, model g: GeometryModel,
    into runs: inout [TextRunInput]
  ) {
    runs.removeAll(keepingCapacity: true)
    for child in g.children[c] where UInt32(model.types[Int(child)]) == TypeKey.textValueRun {
      let run = Int(child)
      let styleID = runStyle(run)
      let style = styles.firstIndex(of: styleID) ?? -1
      var input = TextRunInput(
        text: runString(run), style: style, font: nil, fontSize: 0, lineHeight: -1,
        letterSpacing: 0)
      if style >= 0 {
        input.font = styleFont(styleID, fonts: fonts, model: g)
        input.fontSize = float(styleID, Slot.textStyleFontSize)
        input.lineHeight = float(styleID, Slot.textStyleLineHeight)
        input.letterSpacing = float(styleID, Slot.textStyleLetterSpacing)
      }
      runs.append(input)
    }
  }

  /// The identity of the font style `style` draws with before its axes and features.
  private func baseFont(of style: Int, in fonts: TextFonts) -> ObjectIdentifier? {
    fonts.font(forAsset: Int(uint(style, Slot.textStyleFontAssetId))).map(ObjectIdentifier.init)
  }

  /// Whether `entry` was prepared with the fonts `fonts` gives its styles and fallbacks.
  private func sameFonts(
    _ entry: borrowing TextDrawCache.Entry, styles: [Int], fonts: TextFonts
  ) -> Bool {
    guard entry.styleFonts.count == styles.count,
      entry.fallbacks.count == fonts.fallbacks.count
    else { return false }
    for (index, style) in styles.enumerated()
    where entry.styleFonts[index] != baseFont(of: style, in: fonts) {
      return false
    }
    for (index, fallback) in fonts.fallbacks.enumerated()
    where entry.fallbacks[index] != ObjectIdentifier(fallback) {
      return false
    }
    return true
  }

  /// Marks the texts and everything they hold as layout inputs (see
  /// ``TextDrawCache/inputFlags``).
  private mutating func markTextInputs(model g: GeometryModel) {
    var flags = [Bool](repeating: false, count: model.types.count)
    var stack = textComponents()
    while let k = stack.popLast() {
      guard k >= 0, k < flags.count, !flags[k] else { continue }
      flags[k] = true
      for child in g.children[k] { stack.append(Int(child)) }
    }
    textCache.inputFlags = flags
  }

  /// Counts a change of a text or of something it holds, so that its layout is checked again
  /// before it is next drawn; the text's own place and opacity do not count.
  mutating func noteTextInputChange(_ id: Int, key: UInt16) {
    guard id >= 0, id < textCache.inputFlags.count, textCache.inputFlags[id] else { return }
    if isText(id) {
      switch key {
      case PropertyKey.nodeX, PropertyKey.nodeY, PropertyKey.transformComponentRotation,
        PropertyKey.transformComponentScaleX, PropertyKey.transformComponentScaleY,
        PropertyKey.worldTransformComponentOpacity:
        return
      default:
        break
      }
    }
    textCache.inputVersion &+= 1
    if layout.isOn {
      // The text measures again in the layouts above it.
      var text = id
      var steps = 0
      while text >= 0, !isText(text), steps < model.types.count {
        text = Int(model.parents[text])
        steps += 1
      }
      if text >= 0, isText(text) { textSentToLayout(text) }
    }
  }

  /// Adds each glyph's outline, placed (and moved by the modifiers), to its style's path of
  /// its opacity, drawn clockwise.
  private func buildStylePaths(
    _ entry: inout TextDrawCache.Entry, modifiers: TextModifiers, keepsWholePath: [Bool]
  ) {
    var styles = entry.styles
    for key in entry.wholePaths.keys { entry.wholePaths[key]?.rewind() }
    // Buckets keep their storage between builds; those no glyph uses this time go.
    var bucketUsed: [[Bool]] = []
    for s in styles.indices {
      for b in styles[s].buckets.indices { styles[s].buckets[b].path.rewind() }
      bucketUsed.append([Bool](repeating: false, count: styles[s].buckets.count))
    }
    var used = [Bool](repeating: false, count: styles.count)
    var order: [Int] = []
    let layout = entry.layout
    // Coverage is found in the layout before variations, as the runtime finds it.
    let coverage = modifiers.coverage(layout: entry.coverageLayout ?? layout)
    for glyph in layout.glyphs {
      let style = entry.runs[glyph.run].style
      guard style >= 0 else { continue }
      let centerX = glyph.advance / 2
      // Font-size glyph centred on its advance, moved by the modifiers, then put in place.
      var placement = Transform2D(
        xx: glyph.size, xy: 0, yx: 0, yy: glyph.size, tx: -centerX, ty: 0)
      var opacity: Float = 1
      modifiers.apply(
        glyph: glyph, coverage: coverage, centerX: centerX, transform: &placement,
        opacity: &opacity)
      placement =
        Transform2D.translation(
          glyph.x + centerX + glyph.offset.x, glyph.baseline + glyph.offset.y) * placement
      let slot: Int
      if let existing = styles.firstIndex(where: { $0.style == style }) {
        slot = existing
      } else {
        styles.append((style, []))
        used.append(false)
        bucketUsed.append([])
        slot = styles.count - 1
      }
      if !used[slot] {
        used[slot] = true
        order.append(slot)
      }
      guard opacity > 0 else { continue }
      let outline = glyph.font.outline(glyph.glyph)
      let bucket: Int
      if let existing = styles[slot].buckets.firstIndex(where: { $0.opacity == opacity }) {
        bucket = existing
      } else {
        // Kept in ascending opacity (the runtime's map order).
        bucket =
          styles[slot].buckets.firstIndex { $0.opacity > opacity } ?? styles[slot].buckets.count
        styles[slot].buckets.insert((opacity, RawPath()), at: bucket)
        bucketUsed[slot].insert(false, at: bucket)
      }
      bucketUsed[slot][bucket] = true
      let backwards = outline.coarseArea(mappedBy: placement) < 0
      if backwards {
        styles[slot].buckets[bucket].path.addPathBackwards(outline, transform: placement)
      } else {
        styles[slot].buckets[bucket].path.addPath(outline, transform: placement)
      }
      if style < keepsWholePath.count, keepsWholePath[style] {
        if backwards {
          entry.wholePaths[style, default: RawPath()].addPathBackwards(
            outline, transform: placement)
        } else {
          entry.wholePaths[style, default: RawPath()].addPath(outline, transform: placement)
        }
      }
    }
    // Styles that drew nothing this time go; the others keep their storage, in first-use
    // order.
    var ordered: [(style: Int, buckets: [(opacity: Float, path: RawPath)])] = []
    ordered.reserveCapacity(order.count)
    for slot in order {
      var style = styles[slot]
      var kept: [(opacity: Float, path: RawPath)] = []
      for (b, bucket) in style.buckets.enumerated() where bucketUsed[slot][b] {
        kept.append(bucket)
      }
      style.buckets = kept
      ordered.append(style)
    }
    entry.styles = ordered
  }

  /// Whether one of a style's fills has an inner feather (its glyphs are then also kept as
  /// one path, which the feather is cut from).
  func styleHasInnerFeather(_ style: Int, model g: GeometryModel) -> Bool {
    g.children[style].contains {
      let feather = Int(g.paintFeathers[Int($0)])
      return g.kinds[Int($0)].isShapePaint && feather >= 0 && featherIsInner(feather)
    }
  }

  /// Whether a fill or stroke of a style has path effects (they run on all its glyphs).
  func styleHasEffects(_ style: Int, model g: GeometryModel) -> Bool {
    g.children[style].contains {
      g.kinds[Int($0)].isShapePaint && !g.paintEffects[Int($0)].isEmpty
    }
  }

  /// A style's background: the last text style background among its children.
  func styleBackground(_ style: Int, model g: GeometryModel) -> Int? {
    g.children[style].last { UInt32(model.types[Int($0)]) == TypeKey.textStyleBackground }
      .map(Int.init)
  }

  /// Brings each style background's outline up to date: the boxes of the style's glyphs
  /// (advance wide, line high, in drawing order) joined into one shape with rounded corners.
  /// Made again only when the layout or a corner radius changes.
  private func buildBackgrounds(
    _ entry: inout TextDrawCache.Entry, styles: [Int], model g: GeometryModel
  ) {
    var wanted: [(style: Int, radius: Float)] = []
    for (index, style) in styles.enumerated() {
      guard let background = styleBackground(style, model: g) else { continue }
      wanted.append((index, float(background, Slot.textStyleBackgroundCornerRadius)))
    }
    if entry.backgroundsAreBuilt
      && wanted.elementsEqual(
        entry.backgrounds, by: { $0.style == $1.style && $0.radius == $1.radius })
    {
      return
    }
    var unions = [RectangleUnion](repeating: RectangleUnion(), count: styles.count)
    if !wanted.isEmpty {
      for glyph in entry.layout.glyphs {
        let style = entry.runs[glyph.run].style
        guard style >= 0, style < unions.count else { continue }
        unions[style].add(
          RectangleUnion.Rect(
            minX: glyph.x, minY: glyph.lineTop, maxX: glyph.x + glyph.advance,
            maxY: glyph.lineBottom))
      }
    }
    entry.backgrounds = wanted.map {
      ($0.style, $0.radius, unions[$0.style].path(cornerRadius: $0.radius))
    }
    entry.backgroundsAreBuilt = true
  }

  private mutating func emitText<R: DrawRenderer>(
    _ c: Int, entry: borrowing TextDrawCache.Entry, styles: [Int],
    placement: (world: Transform2D, opacity: Float), needsSave: Bool, model g: GeometryModel,
    into renderer: inout R
  ) {
    let (world, opacity) = placement
    let shapeWorld = world * entry.layout.transform
    if needsSave { renderer.save() }
    if let clip = entry.layout.clip {
      var path = RawPath()
      path.addRect(left: clip.left, top: clip.top, right: clip.right, bottom: clip.bottom)
      var placed = RawPath()
      placed.addPath(path, transform: shapeWorld)
      renderer.draw(.clipPath(RenderPath(fillRule: .clockwise, raw: placed)))
    }
    let blend =
      BlendMode(rawValue: UInt8(truncatingIfNeeded: uint(c, Slot.drawableBlendModeValue)))
      ?? .srcOver
    // Backgrounds first, behind every glyph, in style order.
    for background in entry.backgrounds where !background.path.isEmpty {
      guard let object = styleBackground(styles[background.style], model: g) else { continue }
      for child in g.children[object] {
        let paint = Int(child)
        guard g.kinds[paint].isShapePaint, paintIsVisible(paint, model: g),
          let renderPaint = textPaint(paint, opacity: opacity, blend: blend, model: g),
          textPaintIsVisible(renderPaint)
        else { continue }
        let path = effectPath(of: paint, source: background.path, model: g) ?? background.path
        let feather = textFeather(paint, shape: path, shapeTransform: shapeWorld, model: g)
        drawTextPath(
          path, paint: renderPaint, transform: shapeWorld, feather: feather, into: &renderer)
      }
    }
    for style in entry.styles {
      let styleID = styles[style.style]
      for child in g.children[styleID] {
        let paint = Int(child)
        guard g.kinds[paint].isShapePaint, paintIsVisible(paint, model: g) else { continue }
        // The paint's colour must be visible at the text's opacity (the runtime's
        // `shouldDraw`); modifier opacities then only modulate it.
        guard let renderPaint = textPaint(paint, opacity: opacity, blend: blend, model: g),
          textPaintIsVisible(renderPaint)
        else { continue }
        // A paint with effects draws the effects run on all of the style's glyphs, for
        // every opacity (the runtime's paint draws its last effect path in place of each).
        let effect = effectPath(
          of: paint, source: entry.wholePaths[style.style] ?? RawPath(), model: g)
        let feather = textFeather(
          paint, shape: effect ?? entry.wholePaths[style.style], shapeTransform: shapeWorld,
          model: g)
        if let opaque = style.buckets.first(where: { $0.opacity == 1 }) {
          drawTextPath(
            effect ?? opaque.path, paint: renderPaint, transform: shapeWorld, feather: feather,
            into: &renderer)
        }
        for bucket in style.buckets where bucket.opacity != 1 {
          guard
            let renderPaint = textPaint(
              paint, opacity: opacity * bucket.opacity, blend: blend, model: g)
          else { continue }
          drawTextPath(
            effect ?? bucket.path, paint: renderPaint, transform: shapeWorld, feather: feather,
            into: &renderer)
        }
      }
    }
    if needsSave { renderer.restore() }
  }

  /// How a fill or stroke of text is feathered: not at all (or without an offset), by an
  /// outer feather's offset (in world or local space), or by an inner feather's path, cut
  /// from `shape`.
  private func textFeather(
    _ paint: Int, shape: RawPath?, shapeTransform: Transform2D, model g: GeometryModel
  ) -> TextFeather {
    let feather = Int(g.paintFeathers[paint])
    guard feather >= 0 else { return .none }
    if featherIsInner(feather) {
      var path = RawPath()
      Self.innerFeatherPath(
        of: shape ?? RawPath(), cut: innerFeatherCut(feather, shapeTransform: shapeTransform),
        into: &path)
      return .inner(path)
    }
    let x = float(feather, Slot.featherOffsetX)
    let y = float(feather, Slot.featherOffsetY)
    guard x != 0 || y != 0 else { return .none }
    return .offset(x: x, y: y, inWorld: uint(feather, Slot.featherSpaceValue) == 0)
  }

  /// One fill or stroke of a style or background, as `ShapePaint::draw` draws a local path:
  /// a world-space feather offset first, the text's transform, then a local feather offset
  /// and the path, or for an inner feather a clip to the path and the feather's path.
  private func drawTextPath<R: DrawRenderer>(
    _ path: RawPath, paint: RenderPaint, transform: Transform2D, feather: TextFeather,
    into renderer: inout R
  ) {
    renderer.save()
    if case .offset(let x, let y, true) = feather {
      renderer.transform(.translation(x, y))
    }
    renderer.transform(transform)
    switch feather {
    case .offset(let x, let y, false):
      renderer.transform(.translation(x, y))
    case .inner(let inner):
      renderer.draw(.clipPath(RenderPath(fillRule: .clockwise, raw: path)))
      renderer.draw(.drawPath(RenderPath(fillRule: .clockwise, raw: inner), paint))
      renderer.restore()
      return
    case .none, .offset:
      break
    }
    renderer.draw(.drawPath(RenderPath(fillRule: .clockwise, raw: path), paint))
    renderer.restore()
  }

  /// A text style's fill or stroke as a renderer paint, its colours modulated by `opacity`;
  /// nil when its colour is invisible.
  func textPaint(_ paint: Int, opacity: Float, blend: BlendMode, model g: GeometryModel)
    -> RenderPaint?
  {
    let mutator = Int(g.paintMutators[paint])
    guard mutator >= 0 else { return nil }
    var result = RenderPaint(style: g.kinds[paint] == .stroke ? .stroke : .fill, color: nil)
    // A paint's own blend mode, unless it inherits (127) the text's.
    let own = uint(paint, Slot.shapePaintBlendModeValue)
    result.blendMode =
      own == 127 ? blend : BlendMode(rawValue: UInt8(truncatingIfNeeded: own)) ?? blend
    let feather = Int(g.paintFeathers[paint])
    if feather >= 0 { result.feather = float(feather, Slot.featherStrength) }
    if g.kinds[paint] == .stroke {
      result.thickness = float(paint, Slot.strokeThickness)
      result.cap = strokeCap(uint(paint, Slot.strokeCap))
      result.join = strokeJoin(uint(paint, Slot.strokeJoin))
    }
    switch g.kinds[mutator] {
    case .solidColor:
      result.color = colorModulateOpacity(uint(mutator, Slot.solidColorColorValue), opacity)
    case .linearGradient, .radialGradient:
      let gradientOpacity = float(mutator, Slot.linearGradientOpacity) * opacity
      var stops: [(position: Float, color: UInt32)] = []
      for stop in g.gradientStops[mutator] {
        let s = Int(stop)
        stops.append((float(s, Slot.gradientStopPosition), uint(s, Slot.gradientStopColorValue)))
      }
      stops.sort { $0.position < $1.position }
      let colors = stops.map { colorModulateOpacity($0.color, gradientOpacity) }
      let positions = stops.map { max(0, min($0.position, 1)) }
      let start = Vec2(
        float(mutator, Slot.linearGradientStartX), float(mutator, Slot.linearGradientStartY))
      let end = Vec2(
        float(mutator, Slot.linearGradientEndX), float(mutator, Slot.linearGradientEndY))
      if g.kinds[mutator] == .radialGradient {
        result.shader = .radial(
          centerX: start.x, centerY: start.y, radius: Vec2.distance(start, end), colors: colors,
          stops: positions)
      } else {
        result.shader = .linear(
          startX: start.x, startY: start.y, endX: end.x, endY: end.y, colors: colors,
          stops: positions)
      }
    default:
      return nil
    }
    return result
  }
}

/// How a fill or stroke of text is feathered (see `textFeather`).
private enum TextFeather {
  case none
  case offset(x: Float, y: Float, inWorld: Bool)
  case inner(RawPath)
}

/// Whether a paint has a colour that shows (a solid colour or a gradient stop with alpha).
private func textPaintIsVisible(_ paint: RenderPaint) -> Bool {
  if let color = paint.color { return color >> 24 != 0 }
  switch paint.shader {
  case .linear(_, _, _, _, let colors, _), .radial(_, _, _, let colors, _):
    return colors.contains { $0 >> 24 != 0 }
  case nil:
    return false
  }
}

extension RawPath {
  /// The tolerance, in the space the area is measured in, that decides how finely a cubic is
  /// cut into chords for ``coarseArea(mappedBy:)`` (the runtime's, 8 units).
  static let coarseAreaTolerance: Float = 8

  /// A coarse signed area of the path mapped through `transform` (positive for clockwise
  /// contours, y down): the sign the runtime uses to decide whether a glyph is added forwards
  /// or backwards to a clockwise path. Measured where the runtime measures it, in the mapped
  /// space: lines as they are, every contour closed, and each cubic cut into as many chords
  /// as Wang's formula asks for at ``coarseAreaTolerance`` (at most 64, none for a cubic
  /// that is nearly straight). A glyph whose contours nearly cancel can change sign with the
  /// count: eight chords a cubic, which this measured before, turned such glyphs the other
  /// way from the runtime's.
  func coarseArea(mappedBy transform: Transform2D) -> Float {
    var area: Float = 0
    var contourStart = Vec2.zero
    var last = Vec2.zero
    var index = 0
    func cross(_ a: Vec2, _ b: Vec2) -> Float { a.x * b.y - a.y * b.x }
    // Wang's formula for a cubic at precision 1/tolerance, raised to the 4th power:
    // max |p0 - 2 p1 + p2|², |p1 - 2 p2 + p3|² times (3² · 2² / 64) / tolerance².
    let lengthTerm: Float = (9 * 4 / 64) / (Self.coarseAreaTolerance * Self.coarseAreaTolerance)
    for verb in verbs {
      switch verb {
      case .move:
        area += cross(last, contourStart)
        contourStart = transform.mapPathPoint(points[index])
        last = contourStart
      case .line:
        let point = transform.mapPathPoint(points[index])
        area += cross(last, point)
        last = point
      case .cubic:
        let p0 = last
        let p1 = transform.mapPathPoint(points[index])
        let p2 = transform.mapPathPoint(points[index + 1])
        let p3 = transform.mapPathPoint(points[index + 2])
        let v0 = Vec2(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        let v1 = Vec2(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
        let pow4 = max(v0.x * v0.x + v0.y * v0.y, v1.x * v1.x + v1.y * v1.y) * lengthTerm
        let chords = (pow4.squareRoot().squareRoot()).rounded(.up)
        if chords > 1 {
          let count = min(chords, 64)
          // At^3 + 3Bt^2 + 3Ct + p0, stepping t by 1/count as the runtime steps it (two at a
          // time, from 1/count and 2/count).
          let c = Vec2(p1.x - p0.x, p1.y - p0.y)
          let d = Vec2(p2.x - p1.x, p2.y - p1.y)
          let e = Vec2(p3.x - p0.x, p3.y - p0.y)
          let b = Vec2(d.x - c.x, d.y - c.y)
          let a = Vec2(-3 * d.x + e.x, -3 * d.y + e.y)
          func at(_ t: Float) -> Vec2 {
            Vec2(
              ((a.x * t + 3 * b.x) * t + 3 * c.x) * t + p0.x,
              ((a.y * t + 3 * b.y) * t + 3 * c.y) * t + p0.y)
          }
          var low = 1 / count
          var high = 2 * (1 / count)
          let step = high
          while low < 1 {
            let lowPoint = at(low)
            area += cross(last, lowPoint)
            last = lowPoint
            let highPoint = at(high)
            area += cross(last, highPoint)
            last = highPoint
            low += step
            high += step
          }
        }
        area += cross(last, p3)
        last = p3
      case .close:
        break
      }
      index += verb.pointCount
    }
    area += cross(last, contourStart)
    return area * 0.5
  }
}
