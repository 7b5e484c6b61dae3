import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Layout files for tests, written with the package's own writer: layout component styles with
/// any of their properties, layout components, layout participants under texts, shapes and
/// images, grid tracks and placements, nested artboard layouts, paints on layouts and
/// foreground layout drawables (see the `RuntimeFixture` extension below), and the named
/// files that each isolate one layout feature (``LayoutFixture/catalog(font:)``).
///
/// Values are written as the editor writes them: every length with its unit (a unit left out
/// is `undefined`, which the runtime reads as no value), a style's `styleId` and a placement's
/// parent as artboard-local indices, and a hugging axis with the style's intrinsically-sized
/// flag set.
public enum LayoutFixture {
  /// A length unit (Yoga's `YGUnit`).
  public enum Unit: UInt64, Sendable {
    case undefined, points, percent, auto
  }

  /// How a layout sizes an axis.
  public enum Scale: UInt64, Sendable {
    case fixed, fill, hug
  }

  /// The main axis (Yoga's `YGFlexDirection`).
  public enum FlexDirection: UInt64, Sendable, CaseIterable {
    case column, columnReverse, row, rowReverse
  }

  /// Flex wrapping (Yoga's `YGWrap`).
  public enum Wrap: UInt64, Sendable, CaseIterable {
    case noWrap, wrap, wrapReverse
  }

  /// The 9-way alignment and the three space-between modes of a layout style.
  public enum Alignment: UInt64, Sendable, CaseIterable {
    case topLeft, topCenter, topRight, centerLeft, center, centerRight, bottomLeft, bottomCenter,
      bottomRight, spaceBetweenStart, spaceBetweenCenter, spaceBetweenEnd
  }

  /// The algorithm a layout lays its children out with.
  public enum LayoutType: UInt64, Sendable, CaseIterable {
    case flex, grid, stack
  }

  /// Grid alignment of items on the inline axis (Yoga's `YGJustify` of this runtime).
  public enum Justify: UInt64, Sendable {
    case flexStart, center, flexEnd, spaceBetween, spaceAround, spaceEvenly, auto, stretch,
      start, end
  }

  /// Yoga's `YGPositionType`.
  public enum PositionType: UInt64, Sendable, CaseIterable {
    case `static`, relative, absolute
  }

  /// Yoga's `YGDisplay` as a style stores it (visibility only).
  public enum Display: UInt64, Sendable {
    case flex, none
  }

  /// The writing direction (Yoga's `YGDirection`).
  public enum Direction: UInt64, Sendable, CaseIterable {
    case inherit, ltr, rtl
  }

  /// How a layout animates between solved boxes.
  public enum AnimationStyle: UInt64, Sendable {
    case none, inherit, custom
  }

  /// The interpolation of a layout animation.
  public enum Interpolation: UInt64, Sendable {
    case hold, linear, cubic, elastic
  }

  /// A length: a value in a unit.
  public struct Length: Sendable, Equatable {
    public var value: Float
    public var unit: Unit

    public init(_ value: Float, _ unit: Unit) {
      self.value = value
      self.unit = unit
    }

    public static func points(_ value: Float) -> Length { Length(value, .points) }
    public static func percent(_ value: Float) -> Length { Length(value, .percent) }
  }

  /// Lengths on the four edges (nil: not written).
  public struct Edges: Sendable, Equatable {
    public var left: Length?
    public var top: Length?
    public var right: Length?
    public var bottom: Length?

    public init(
      left: Length? = nil, top: Length? = nil, right: Length? = nil, bottom: Length? = nil
    ) {
      self.left = left
      self.top = top
      self.right = right
      self.bottom = bottom
    }

    /// The same length on every edge.
    public static func all(_ length: Length) -> Edges {
      Edges(left: length, top: length, right: length, bottom: length)
    }
  }

  /// Corner radii of a layout's background (one for all when linked).
  public struct CornerRadii: Sendable, Equatable {
    public var topLeft: Float
    public var topRight: Float
    public var bottomRight: Float
    public var bottomLeft: Float
    public var linked: Bool

    /// One radius for every corner.
    public init(_ radius: Float) {
      topLeft = radius
      topRight = radius
      bottomRight = radius
      bottomLeft = radius
      linked = true
    }

    /// A radius per corner.
    public init(topLeft: Float, topRight: Float, bottomRight: Float, bottomLeft: Float) {
      self.topLeft = topLeft
      self.topRight = topRight
      self.bottomRight = bottomRight
      self.bottomLeft = bottomLeft
      linked = false
    }
  }

  /// A layout animation: its style, interpolation, time and interpolator (a component id of
  /// the artboard, such as ``RuntimeFixture/cubicEase(x1:y1:x2:y2:)`` returns).
  public struct Animation: Sendable, Equatable {
    public var style: AnimationStyle
    public var interpolation: Interpolation
    public var seconds: Float
    public var interpolator: Int?

    public init(
      style: AnimationStyle = .custom, interpolation: Interpolation = .linear, seconds: Float,
      interpolator: Int? = nil
    ) {
      self.style = style
      self.interpolation = interpolation
      self.seconds = seconds
      self.interpolator = interpolator
    }
  }

  /// What a layout component style (`LayoutComponentStyle`) says; nil properties are not
  /// written (the runtime's defaults: a fixed row, top-left aligned, flex, relative).
  public struct Style: Sendable {
    public var widthScale: Scale?
    public var heightScale: Scale?
    /// The unit of the layout component's own width and height (points unless percent).
    public var widthUnit: Unit?
    public var heightUnit: Unit?
    public var flexDirection: FlexDirection?
    public var wrap: Wrap?
    public var alignment: Alignment?
    public var layoutType: LayoutType?
    public var justifyItems: Justify?
    public var justifySelf: Justify?
    public var gapHorizontal: Length?
    public var gapVertical: Length?
    public var padding = Edges()
    public var margin = Edges()
    public var border = Edges()
    public var position = Edges()
    public var positionType: PositionType?
    public var display: Display?
    public var direction: Direction?
    public var minWidth: Length?
    public var minHeight: Length?
    public var maxWidth: Length?
    public var maxHeight: Length?
    public var cornerRadii: CornerRadii?
    public var animation: Animation?
    public var flexBasis: Length?
    public var aspectRatio: Float?
    /// The intrinsically-sized flag; nil writes it when either axis hugs, as the editor does.
    public var intrinsicallySized: Bool?
    /// Any other properties, written last.
    public var extra: [(UInt16, RiveObjectWriter.Value)] = []

    public init(
      width: Scale? = nil, height: Scale? = nil, direction flexDirection: FlexDirection? = nil,
      alignment: Alignment? = nil, layoutType: LayoutType? = nil
    ) {
      widthScale = width
      heightScale = height
      self.flexDirection = flexDirection
      self.alignment = alignment
      self.layoutType = layoutType
    }

    /// A row (the runtime's default direction, written out).
    public static var row: Style { Style(direction: .row) }
    /// A column.
    public static var column: Style { Style(direction: .column) }

    /// The style's properties in the order the writer writes them.
    public var properties: [(UInt16, RiveObjectWriter.Value)] {
      var out: [(UInt16, RiveObjectWriter.Value)] = []
      func uint(_ key: UInt16, _ value: UInt64?) {
        if let value { out.append((key, .uint(value))) }
      }
      func length(_ key: UInt16, _ unitKey: UInt16, _ value: Length?) {
        guard let value else { return }
        out.append((key, .float(value.value)))
        out.append((unitKey, .uint(value.unit.rawValue)))
      }
      uint(PropertyKey.layoutSizingStyleLayoutWidthScaleType, widthScale?.rawValue)
      uint(PropertyKey.layoutSizingStyleLayoutHeightScaleType, heightScale?.rawValue)
      let hugs = widthScale == .hug || heightScale == .hug
      if let flag = intrinsicallySized ?? (hugs ? true : nil) {
        out.append((PropertyKey.layoutComponentStyleIntrinsicallySizedValue, .bool(flag)))
      }
      uint(PropertyKey.layoutSizingStyleWidthUnitsValue, widthUnit?.rawValue)
      uint(PropertyKey.layoutSizingStyleHeightUnitsValue, heightUnit?.rawValue)
      uint(PropertyKey.layoutComponentStyleFlexDirectionValue, flexDirection?.rawValue)
      uint(PropertyKey.layoutComponentStyleFlexWrapValue, wrap?.rawValue)
      uint(PropertyKey.layoutComponentStyleLayoutAlignmentType, alignment?.rawValue)
      uint(PropertyKey.layoutComponentStyleLayoutTypeValue, layoutType?.rawValue)
      uint(PropertyKey.layoutComponentStyleJustifyItemsValue, justifyItems?.rawValue)
      uint(PropertyKey.layoutSizingStyleJustifySelfValue, justifySelf?.rawValue)
      length(
        PropertyKey.layoutComponentStyleGapHorizontal,
        PropertyKey.layoutComponentStyleGapHorizontalUnitsValue, gapHorizontal)
      length(
        PropertyKey.layoutComponentStyleGapVertical,
        PropertyKey.layoutComponentStyleGapVerticalUnitsValue, gapVertical)
      let edges: [(Edges, (UInt16, UInt16), (UInt16, UInt16), (UInt16, UInt16), (UInt16, UInt16))] =
        [
          (
            padding,
            (
              PropertyKey.layoutComponentStylePaddingLeft,
              PropertyKey.layoutComponentStylePaddingLeftUnitsValue
            ),
            (
              PropertyKey.layoutComponentStylePaddingTop,
              PropertyKey.layoutComponentStylePaddingTopUnitsValue
            ),
            (
              PropertyKey.layoutComponentStylePaddingRight,
              PropertyKey.layoutComponentStylePaddingRightUnitsValue
            ),
            (
              PropertyKey.layoutComponentStylePaddingBottom,
              PropertyKey.layoutComponentStylePaddingBottomUnitsValue
            )
          ),
          (
            margin,
            (
              PropertyKey.layoutComponentStyleMarginLeft,
              PropertyKey.layoutComponentStyleMarginLeftUnitsValue
            ),
            (
              PropertyKey.layoutComponentStyleMarginTop,
              PropertyKey.layoutComponentStyleMarginTopUnitsValue
            ),
            (
              PropertyKey.layoutComponentStyleMarginRight,
              PropertyKey.layoutComponentStyleMarginRightUnitsValue
            ),
            (
              PropertyKey.layoutComponentStyleMarginBottom,
              PropertyKey.layoutComponentStyleMarginBottomUnitsValue
            )
          ),
          (
            border,
            (
              PropertyKey.layoutComponentStyleBorderLeft,
              PropertyKey.layoutComponentStyleBorderLeftUnitsValue
            ),
            (
              PropertyKey.layoutComponentStyleBorderTop,
              PropertyKey.layoutComponentStyleBorderTopUnitsValue
            ),
            (
              PropertyKey.layoutComponentStyleBorderRight,
              PropertyKey.layoutComponentStyleBorderRightUnitsValue
            ),
            (
              PropertyKey.layoutComponentStyleBorderBottom,
              PropertyKey.layoutComponentStyleBorderBottomUnitsValue
            )
          ),
          (
            position,
            (
              PropertyKey.layoutComponentStylePositionLeft,
              PropertyKey.layoutComponentStylePositionLeftUnitsValue
            ),
            (
              PropertyKey.layoutComponentStylePositionTop,
              PropertyKey.layoutComponentStylePositionTopUnitsValue
            ),
            (
              PropertyKey.layoutComponentStylePositionRight,
              PropertyKey.layoutComponentStylePositionRightUnitsValue
            ),
            (
              PropertyKey.layoutComponentStylePositionBottom,
              PropertyKey.layoutComponentStylePositionBottomUnitsValue
            )
          ),
        ]
      for (values, left, top, right, bottom) in edges {
        length(left.0, left.1, values.left)
        length(top.0, top.1, values.top)
        length(right.0, right.1, values.right)
        length(bottom.0, bottom.1, values.bottom)
      }
      uint(PropertyKey.layoutComponentStylePositionTypeValue, positionType?.rawValue)
      uint(PropertyKey.layoutSizingStyleDisplayValue, display?.rawValue)
      uint(PropertyKey.layoutComponentStyleDirectionValue, direction?.rawValue)
      length(
        PropertyKey.layoutSizingStyleMinWidth, PropertyKey.layoutSizingStyleMinWidthUnitsValue,
        minWidth)
      length(
        PropertyKey.layoutSizingStyleMinHeight, PropertyKey.layoutSizingStyleMinHeightUnitsValue,
        minHeight)
      length(
        PropertyKey.layoutSizingStyleMaxWidth, PropertyKey.layoutSizingStyleMaxWidthUnitsValue,
        maxWidth)
      length(
        PropertyKey.layoutSizingStyleMaxHeight, PropertyKey.layoutSizingStyleMaxHeightUnitsValue,
        maxHeight)
      if let radii = cornerRadii {
        out.append((PropertyKey.layoutComponentStyleLinkCornerRadius, .bool(radii.linked)))
        out.append((PropertyKey.layoutComponentStyleCornerRadiusTL, .float(radii.topLeft)))
        if !radii.linked {
          out.append((PropertyKey.layoutComponentStyleCornerRadiusTR, .float(radii.topRight)))
          out.append((PropertyKey.layoutComponentStyleCornerRadiusBR, .float(radii.bottomRight)))
          out.append((PropertyKey.layoutComponentStyleCornerRadiusBL, .float(radii.bottomLeft)))
        }
      }
      if let animation {
        uint(PropertyKey.layoutComponentStyleAnimationStyleType, animation.style.rawValue)
        uint(PropertyKey.layoutComponentStyleInterpolationType, animation.interpolation.rawValue)
        out.append((PropertyKey.layoutComponentStyleInterpolationTime, .float(animation.seconds)))
        if let interpolator = animation.interpolator {
          uint(PropertyKey.layoutComponentStyleInterpolatorId, UInt64(interpolator))
        }
      }
      length(
        PropertyKey.layoutComponentStyleFlexBasis,
        PropertyKey.layoutComponentStyleFlexBasisUnitsValue, flexBasis)
      if let aspectRatio {
        out.append((PropertyKey.layoutComponentStyleAspectRatio, .float(aspectRatio)))
      }
      return out + extra
    }
  }

  /// A layout participant's sizing (`LayoutParticipant`: a text, image or shape laid out by
  /// the layout above it).
  public struct ParticipantStyle: Sendable {
    public var widthScale: Scale
    public var heightScale: Scale
    /// The fixed width and height (used by a fixed axis).
    public var width: Float
    public var height: Float
    public var widthUnit: Unit = .points
    public var heightUnit: Unit = .points
    /// Fill weights.
    public var fractionalWidth: Float?
    public var fractionalHeight: Float?
    public var display: Display?
    public var justifySelf: Justify?
    public var minWidth: Length?
    public var minHeight: Length?
    public var maxWidth: Length?
    public var maxHeight: Length?

    public init(width: Scale, height: Scale, fixedWidth: Float = 0, fixedHeight: Float = 0) {
      widthScale = width
      heightScale = height
      self.width = fixedWidth
      self.height = fixedHeight
    }

    public var properties: [(UInt16, RiveObjectWriter.Value)] {
      var out: [(UInt16, RiveObjectWriter.Value)] = [
        (PropertyKey.layoutSizingStyleLayoutWidthScaleType, .uint(widthScale.rawValue)),
        (PropertyKey.layoutSizingStyleLayoutHeightScaleType, .uint(heightScale.rawValue)),
        (PropertyKey.layoutNodeStyleWidth, .float(width)),
        (PropertyKey.layoutNodeStyleHeight, .float(height)),
        (PropertyKey.layoutSizingStyleWidthUnitsValue, .uint(widthUnit.rawValue)),
        (PropertyKey.layoutSizingStyleHeightUnitsValue, .uint(heightUnit.rawValue)),
      ]
      if let fractionalWidth {
        out.append((PropertyKey.layoutNodeStyleFractionalWidth, .float(fractionalWidth)))
      }
      if let fractionalHeight {
        out.append((PropertyKey.layoutNodeStyleFractionalHeight, .float(fractionalHeight)))
      }
      if let display {
        out.append((PropertyKey.layoutSizingStyleDisplayValue, .uint(display.rawValue)))
      }
      if let justifySelf {
        out.append((PropertyKey.layoutSizingStyleJustifySelfValue, .uint(justifySelf.rawValue)))
      }
      for (key, unitKey, value) in [
        (
          PropertyKey.layoutSizingStyleMinWidth, PropertyKey.layoutSizingStyleMinWidthUnitsValue,
          minWidth
        ),
        (
          PropertyKey.layoutSizingStyleMinHeight,
          PropertyKey.layoutSizingStyleMinHeightUnitsValue, minHeight
        ),
        (
          PropertyKey.layoutSizingStyleMaxWidth, PropertyKey.layoutSizingStyleMaxWidthUnitsValue,
          maxWidth
        ),
        (
          PropertyKey.layoutSizingStyleMaxHeight,
          PropertyKey.layoutSizingStyleMaxHeightUnitsValue, maxHeight
        ),
      ] {
        if let value {
          out.append((key, .float(value.value)))
          out.append((unitKey, .uint(value.unit.rawValue)))
        }
      }
      return out
    }
  }

  /// A grid track's sizing function (auto, points, percent, fr).
  public enum TrackSize: Sendable, Equatable {
    case auto
    case points(Float)
    case percent(Float)
    case fr(Float)

    var typeAndValue: (UInt64, Float) {
      switch self {
      case .auto: (0, 0)
      case .points(let value): (1, value)
      case .percent(let value): (2, value)
      case .fr(let value): (3, value)
      }
    }
  }

  /// Which track list a grid track belongs to.
  public enum TrackList: UInt64, Sendable, CaseIterable {
    case columns, rows, autoColumns, autoRows
  }

  /// How a nested artboard layout sizes its artboard on one axis.
  public enum InstanceSize: Sendable, Equatable {
    /// The instance's own length (points or percent of the host layout).
    case fixed(Length)
    /// The artboard's own size, fixed in points.
    case artboard
    case fill
    case hug
  }

  /// Writes an embedded font asset (asset id `index`) into a file's preamble.
  public static func writeFont(
    _ bytes: [UInt8], index: Int = 0, into writer: inout RiveObjectWriter
  ) {
    writer.object(
      TypeKey.fontAsset,
      [
        (PropertyKey.assetName, .string("font\(index)")),
        (PropertyKey.fileAssetAssetId, .uint(UInt64(index))),
      ])
    writer.object(TypeKey.fileAssetContents, [(PropertyKey.fileAssetContentsBytes, .bytes(bytes))])
  }

  /// Writes an embedded image asset (asset id `index`, its stored size `width` × `height`)
  /// holding `bytes` (a PNG, say) into a file's preamble.
  public static func writeImage(
    _ bytes: [UInt8], width: Float, height: Float, index: Int = 0,
    into writer: inout RiveObjectWriter
  ) {
    writer.object(
      TypeKey.imageAsset,
      [
        (PropertyKey.assetName, .string("image\(index)")),
        (PropertyKey.fileAssetAssetId, .uint(UInt64(index))),
        (PropertyKey.drawableAssetWidth, .float(width)),
        (PropertyKey.drawableAssetHeight, .float(height)),
      ])
    writer.object(TypeKey.fileAssetContents, [(PropertyKey.fileAssetContentsBytes, .bytes(bytes))])
  }

  /// How an image fits the size its layout gives it (the runtime's `Fit`).
  public enum ImageFit: UInt64, Sendable {
    case fill, contain, cover, fitWidth, fitHeight, none, scaleDown
  }

  /// Writes view model 0 with number properties (in order) and one instance (its first,
  /// which a file's default binding uses) holding `values`.
  public static func writeNumberViewModel(
    name: String = "Model", properties: [(name: String, value: Float)],
    into writer: inout RiveObjectWriter
  ) {
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string(name))])
    for property in properties {
      writer.object(
        TypeKey.viewModelPropertyNumber,
        [(PropertyKey.viewModelComponentName, .string(property.name))])
    }
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
        (PropertyKey.componentName, .string("Instance")),
      ])
    for (index, property) in properties.enumerated() {
      writer.object(
        TypeKey.viewModelInstanceNumber,
        [
          (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(UInt64(index))),
          (PropertyKey.viewModelInstanceNumberPropertyValue, .float(property.value)),
        ])
    }
  }

  /// A signed property (an `int` field such as a grid placement's cell) as the file stores it:
  /// zigzag-encoded.
  static func zigzag(_ value: Int) -> UInt64 {
    let wide = Int64(value)
    return UInt64(bitPattern: (wide << 1) ^ (wide >> 63))
  }
}

/// Layout components and the objects around them.
extension RuntimeFixture {
  /// Starts a file whose first artboard (`width` × `height`) is laid out with `style` (its
  /// style is component 1, so the artboard's first own component is 2).
  ///
  /// - Parameters:
  ///   - width: The artboard's width.
  ///   - height: Its height.
  ///   - style: The artboard's layout style.
  ///   - clip: Whether the artboard clips its content.
  ///   - viewModel: The index of the view model the artboard is bound to, if any.
  ///   - defaultStateMachine: The index of its default state machine, if any.
  ///   - preamble: Objects written before the artboard (fonts, view models).
  public init(
    layoutWidth width: Float, height: Float, style: LayoutFixture.Style, clip: Bool = false,
    viewModel: Int? = nil, defaultStateMachine: Int? = nil,
    preamble: (inout RiveObjectWriter) -> Void = { _ in }
  ) {
    self.init(
      artboardWidth: width, artboardHeight: height, viewModel: viewModel,
      defaultStateMachine: defaultStateMachine,
      artboardProperties: [
        (PropertyKey.layoutComponentStyleId, .uint(1)),
        (PropertyKey.layoutComponentClip, .bool(clip)),
      ], preamble: preamble)
    component(TypeKey.layoutComponentStyle, parent: 0, style.properties)
  }

  /// Starts another artboard laid out with `style` (its style is component 1).
  public mutating func layoutArtboard(
    name: String, width: Float, height: Float, style: LayoutFixture.Style, clip: Bool = false,
    viewModel: Int? = nil
  ) {
    artboard(
      name: name, width: width, height: height, viewModel: viewModel,
      properties: [
        (PropertyKey.layoutComponentStyleId, .uint(1)),
        (PropertyKey.layoutComponentClip, .bool(clip)),
      ])
    component(TypeKey.layoutComponentStyle, parent: 0, style.properties)
  }

  /// Adds a layout component (`width` × `height`, the lengths its style's units say) with its
  /// style (written right after it, so the style is the returned id + 1); returns its id.
  ///
  /// - Parameters:
  ///   - name: Its name (what ``ArtboardInstance/layoutFrames`` reports).
  ///   - parent: The layout (or group) it sits in.
  ///   - width: Its width (the fixed size; ignored by fill and hug).
  ///   - height: Its height.
  ///   - style: Its style.
  ///   - clip: Whether it clips its content to its background.
  ///   - fractionalWidth: Its fill weight along a row.
  ///   - fractionalHeight: Its fill weight along a column.
  ///   - binds: Data binds of its own properties (key, view-model path), written right after
  ///     it.
  /// - Returns: The layout component's id.
  @discardableResult
  public mutating func layout(
    _ name: String, parent: Int = 0, width: Float = 0, height: Float = 0,
    style: LayoutFixture.Style = LayoutFixture.Style(), clip: Bool = false,
    fractionalWidth: Float? = nil, fractionalHeight: Float? = nil,
    binds: [(key: UInt16, path: [UInt32])] = []
  ) -> Int {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.componentName, .string(name)),
      (PropertyKey.layoutComponentWidth, .float(width)),
      (PropertyKey.layoutComponentHeight, .float(height)),
      (PropertyKey.layoutComponentStyleId, .uint(UInt64(nextID + 1))),
      (PropertyKey.layoutComponentClip, .bool(clip)),
    ]
    if let fractionalWidth {
      properties.append((PropertyKey.layoutComponentFractionalWidth, .float(fractionalWidth)))
    }
    if let fractionalHeight {
      properties.append((PropertyKey.layoutComponentFractionalHeight, .float(fractionalHeight)))
    }
    let id = component(TypeKey.layoutComponent, parent: parent, properties)
    for bind in binds { self.bind(bind.key, to: bind.path) }
    component(TypeKey.layoutComponentStyle, parent: id, style.properties)
    return id
  }

  /// Adds a shape with a solid fill and a `width` × `height` rectangle whose origin is its
  /// top-left corner (so inside a layout the rectangle takes the layout's box); returns the
  /// shape's and the rectangle's ids.
  @discardableResult
  public mutating func rectangle(
    parent: Int, width: Float, height: Float, color: UInt32, x: Float = 0, y: Float = 0,
    originX: Float = 0, originY: Float = 0, name: String = "", drawableFlags: UInt64 = 0
  ) -> (shape: Int, path: Int) {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.componentName, .string(name)), (PropertyKey.nodeX, .float(x)),
      (PropertyKey.nodeY, .float(y)),
    ]
    if drawableFlags != 0 {
      properties.append((PropertyKey.drawableDrawableFlags, .uint(drawableFlags)))
    }
    let shape = component(TypeKey.shape, parent: parent, properties)
    fill(shape, color: color)
    let path = parametric(
      TypeKey.rectangle, parent: shape, width: width, height: height, originX: originX,
      originY: originY)
    return (shape, path)
  }

  /// Adds a group (a plain node) at (`x`, `y`); a group inside a layout keeps its content out
  /// of the layout's content sizing.
  @discardableResult
  public mutating func group(parent: Int, x: Float = 0, y: Float = 0) -> Int {
    component(
      TypeKey.node, parent: parent,
      [(PropertyKey.nodeX, .float(x)), (PropertyKey.nodeY, .float(y))])
  }

  /// Adds a foreground layout drawable to `layout` (it paints the layout's background path
  /// above the layout's children) with a stroke of `thickness` and `color`; returns its id.
  @discardableResult
  public mutating func foreground(layout: Int, strokeColor: UInt32, thickness: Float = 2)
    -> Int
  {
    let drawable = component(TypeKey.foregroundLayoutDrawable, parent: layout)
    stroke(drawable, thickness: thickness, color: strokeColor)
    return drawable
  }

  /// Adds a layout participant to `host` (a text, image or shape): the layout above the host
  /// lays it out with `style`; returns the participant's id.
  @discardableResult
  public mutating func participant(host: Int, style: LayoutFixture.ParticipantStyle) -> Int {
    component(TypeKey.layoutParticipant, parent: host, style.properties)
  }

  /// Adds a grid track to `layout`'s `list`: a size, or minmax(size, max) when `max` is
  /// given; returns its id.
  @discardableResult
  public mutating func gridTrack(
    layout: Int, _ list: LayoutFixture.TrackList, _ size: LayoutFixture.TrackSize,
    max: LayoutFixture.TrackSize? = nil
  ) -> Int {
    let (type, value) = size.typeAndValue
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.gridTrackCollection, .uint(list.rawValue)),
      (PropertyKey.gridTrackTrackType, .uint(type)),
      (PropertyKey.gridTrackTrackValue, .float(value)),
    ]
    if let max {
      let (maxType, maxValue) = max.typeAndValue
      properties.append((PropertyKey.gridTrackTrackMaxType, .uint(maxType + 1)))
      properties.append((PropertyKey.gridTrackTrackMaxValue, .float(maxValue)))
    }
    return component(TypeKey.gridTrack, parent: layout, properties)
  }

  /// Places grid item `item` (a layout component, or a participant's host) at a cell (1 is
  /// the first; negative counts back from the last; 0 is auto) spanning `columnSpan` ×
  /// `rowSpan` cells; returns the placement's id.
  @discardableResult
  public mutating func placement(
    item: Int, column: Int = 0, row: Int = 0, columnSpan: Int = 1, rowSpan: Int = 1
  ) -> Int {
    component(
      TypeKey.gridItemPlacement, parent: item,
      [
        (PropertyKey.gridItemPlacementGridColumn, .uint(LayoutFixture.zigzag(column))),
        (PropertyKey.gridItemPlacementGridRow, .uint(LayoutFixture.zigzag(row))),
        (PropertyKey.gridItemPlacementGridColumnSpan, .uint(UInt64(max(1, columnSpan)))),
        (PropertyKey.gridItemPlacementGridRowSpan, .uint(UInt64(max(1, rowSpan)))),
      ])
  }

  /// Adds a nested artboard layout of artboard `artboard` (its index in the file) sized per
  /// axis as `width` and `height` say; returns its id.
  @discardableResult
  public mutating func nestedLayout(
    parent: Int, artboard: Int, width: LayoutFixture.InstanceSize,
    height: LayoutFixture.InstanceSize, name: String = ""
  ) -> Int {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.componentName, .string(name)),
      (PropertyKey.nestedArtboardArtboardId, .uint(UInt64(artboard))),
    ]
    func axis(
      _ size: LayoutFixture.InstanceSize, value: UInt16, units: UInt16, scale: UInt16
    ) {
      switch size {
      case .fixed(let length):
        properties += [
          (value, .float(length.value)), (units, .uint(length.unit.rawValue)), (scale, .uint(0)),
        ]
      case .artboard: properties.append((scale, .uint(0)))
      case .fill: properties.append((scale, .uint(1)))
      case .hug: properties.append((scale, .uint(2)))
      }
    }
    axis(
      width, value: PropertyKey.nestedArtboardLayoutInstanceWidth,
      units: PropertyKey.nestedArtboardLayoutInstanceWidthUnitsValue,
      scale: PropertyKey.nestedArtboardLayoutInstanceWidthScaleType)
    axis(
      height, value: PropertyKey.nestedArtboardLayoutInstanceHeight,
      units: PropertyKey.nestedArtboardLayoutInstanceHeightUnitsValue,
      scale: PropertyKey.nestedArtboardLayoutInstanceHeightScaleType)
    return component(TypeKey.nestedArtboardLayout, parent: parent, properties)
  }

  /// Adds an image of asset `asset` (the index of the file's image asset), fitted by `fit`
  /// and aligned by (`alignmentX`, `alignmentY`) (−1 … 1) into the size a layout gives it;
  /// returns its id.
  @discardableResult
  public mutating func image(
    parent: Int, asset: Int = 0, fit: LayoutFixture.ImageFit = .fill, alignmentX: Float = 0,
    alignmentY: Float = 0, name: String = ""
  ) -> Int {
    component(
      TypeKey.image, parent: parent,
      [
        (PropertyKey.componentName, .string(name)),
        (PropertyKey.imageAssetId, .uint(UInt64(asset))),
        (PropertyKey.imageFit, .uint(fit.rawValue)),
        (PropertyKey.imageAlignmentX, .float(alignmentX)),
        (PropertyKey.imageAlignmentY, .float(alignmentY)),
      ])
  }

  /// Adds a text (its style on font asset `font`, a solid fill, one run of `string` named
  /// `runName`); returns the text's id. `properties` are the text's own (sizing, width, origin …).
  @discardableResult
  public mutating func text(
    _ string: String, parent: Int, font: Int = 0, fontSize: Float = 20,
    color: UInt32 = 0xFF00_0000, name: String = "", runName: String = "",
    properties: [(UInt16, RiveObjectWriter.Value)] = []
  ) -> Int {
    let text = component(
      TypeKey.text, parent: parent, [(PropertyKey.componentName, .string(name))] + properties)
    let style = component(
      TypeKey.textStylePaint, parent: text,
      [
        (PropertyKey.textStyleFontAssetId, .uint(UInt64(font))),
        (PropertyKey.textStyleFontSize, .float(fontSize)),
      ])
    let paint = component(TypeKey.fill, parent: style)
    component(
      TypeKey.solidColor, parent: paint, [(PropertyKey.solidColorColorValue, .color(color))])
    component(
      TypeKey.textValueRun, parent: text,
      (runName.isEmpty ? [] : [(PropertyKey.componentName, .string(runName))]) + [
        (PropertyKey.textValueRunStyleId, .uint(UInt64(style))),
        (PropertyKey.textValueRunText, .string(string)),
      ])
    return text
  }
}
