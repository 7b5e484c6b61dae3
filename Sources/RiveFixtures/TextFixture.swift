import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Builds a `.riv` file with one text component for the text tests: embedded fonts (bytes the
/// test reads at run time), text styles with fills and strokes, value runs, the text's own
/// properties and modifier groups.
public struct TextFixture: Sendable {
  /// A text style (a `TextStylePaint`).
  public struct Style: Sendable {
    public var fontAsset: Int
    public var fontSize: Float
    public var lineHeight: Float
    public var letterSpacing: Float
    /// The fill colour, nil for no fill.
    public var fill: UInt32?
    /// A stroke (thickness and colour), nil for none.
    public var stroke: (thickness: Float, color: UInt32)?
    /// Variation-axis values (tag, value).
    public var axes: [(tag: String, value: Float)]
    /// Feature values (tag, value).
    public var features: [(tag: String, value: UInt32)]
    /// A feather on the fill (strength, and whether it is inner), nil for none.
    public var fillFeather: (strength: Float, inner: Bool)?
    /// A background behind the style's glyphs, nil for none.
    public var background: Background?
    /// A trim path on the style's fill (start, end, offset as fractions; mode 1 sequential,
    /// 2 synchronised), nil for none.
    public var fillTrim: (start: Float, end: Float, offset: Float, mode: UInt32)?
    /// A dash path on the style's stroke: dash lengths (alternately drawn and skipped), nil
    /// for none.
    public var strokeDashes: [Float]?

    public init(
      fontAsset: Int = 0, fontSize: Float = 24, lineHeight: Float = -1, letterSpacing: Float = 0,
      fill: UInt32? = 0xFF00_0000, stroke: (thickness: Float, color: UInt32)? = nil,
      axes: [(tag: String, value: Float)] = [], features: [(tag: String, value: UInt32)] = [],
      fillFeather: (strength: Float, inner: Bool)? = nil, background: Background? = nil
    ) {
      self.fontAsset = fontAsset
      self.fontSize = fontSize
      self.lineHeight = lineHeight
      self.letterSpacing = letterSpacing
      self.fill = fill
      self.stroke = stroke
      self.axes = axes
      self.features = features
      self.fillFeather = fillFeather
      self.background = background
    }
  }

  /// A text style background (`TextStyleBackground`) with one solid fill.
  public struct Background: Sendable {
    public var cornerRadius: Float
    public var fill: UInt32
    /// A feather on the fill (strength, and whether it is inner), nil for none.
    public var feather: (strength: Float, inner: Bool)?

    public init(
      cornerRadius: Float = 0, fill: UInt32 = 0xFF00_FF00,
      feather: (strength: Float, inner: Bool)? = nil
    ) {
      self.cornerRadius = cornerRadius
      self.fill = fill
      self.feather = feather
    }
  }

  /// A text value run: its text and the index of its style.
  public struct Run: Sendable {
    public var text: String
    public var style: Int
    public var name: String

    public init(_ text: String, style: Int = 0, name: String = "") {
      self.text = text
      self.style = style
      self.name = name
    }
  }

  /// A follow-path modifier's properties (`TextFollowPathModifier`).
  public struct FollowPath: Sendable {
    public var radial = false
    public var orient = true
    public var start: Float = 0
    public var end: Float = 1
    public var strength: Float = 1
    public var offset: Float = 0

    public init() {}
  }

  /// A modifier group with one range (in characters unless `units` says otherwise).
  public struct Modifier: Sendable {
    public var opacity: Float = 1
    public var x: Float = 0
    public var y: Float = 0
    public var rotation: Float = 0
    public var scaleX: Float = 1
    public var scaleY: Float = 1
    public var originX: Float = 0
    public var originY: Float = 0
    /// What the group modifies: origin 1, translation 4, rotation 8, scale 16, opacity 32,
    /// inverted opacity 64 (the runtime's `TextModifierFlags`).
    public var flags: UInt32
    public var rangeFrom: Float = 0
    public var rangeTo: Float = 1
    public var falloffFrom: Float = 0
    public var falloffTo: Float = 1
    public var strength: Float = 1
    /// Range units (0 characters, 1 characters without spaces, 2 words, 3 lines).
    public var units: UInt32 = 0
    /// Range type (0 percentage, 1 unit index).
    public var type: UInt32 = 0
    /// Range mode (0 add, 1 subtract, 2 multiply, 3 min, 4 max, 5 difference).
    public var mode: UInt32 = 0
    /// A follow-path modifier in the group, along the fixture's ``TextFixture/pathTarget``.
    public var followPath: FollowPath?
    /// A cubic easing of the range's falloffs (x1, y1, x2, y2), nil for linear.
    public var ease: (x1: Float, y1: Float, x2: Float, y2: Float)?
    public var offset: Float = 0
    public var clamp = false
    /// Variation modifiers of the group: axis tags (`wght` …) and the values they move to.
    public var variations: [(tag: String, value: Float)] = []

    public init(flags: UInt32) { self.flags = flags }
  }

  public var fonts: [[UInt8]]
  public var styles: [Style]
  public var runs: [Run]
  /// The text component's properties (alignment, sizing, overflow, width, height, origin …).
  public var properties: [(UInt16, RiveObjectWriter.Value)]
  public var modifiers: [Modifier] = []
  /// A shape with one path of straight vertices (in the artboard's space) that follow-path
  /// modifiers follow, nil for none.
  public var pathTarget: (points: [(x: Float, y: Float)], closed: Bool)?
  /// Where a node sits that a translation constraint on the text copies the position of
  /// (with the constraint's defaults: world to world, all of it), nil for no constraint.
  public var translationConstraintTarget: (x: Float, y: Float)?
  /// A node placed on the text's box by a transform constraint aimed at the text, at this
  /// point of the box (0…1 across and down), nil for none. Written last: the node is the
  /// artboard's last object but one (the constraint is the last).
  public var nodeOnTextBox: (originX: Float, originY: Float)?
  /// An animation ("Styles") keying runs' styles at frame 0: per key the run's index and the
  /// style's index in ``styles``, or nil for a keyframe whose value is left out (the missing
  /// id, which names no style).
  public var styleKeys: [(run: Int, style: Int?)] = []
  /// An animation ("Strength") keying the first modifier's range strength, linearly between
  /// the given frames (60 a second); empty for none.
  public var rangeStrengthKeys: [(frame: UInt32, value: Float)] = []
  /// An animation ("Texts", the file's first when no style or strength animation is
  /// written) keying runs' texts: per run keyed its index and its keyframes, each a frame (60
  /// a second) and the text from that frame on; empty for none.
  public var textKeys: [(run: Int, frames: [(frame: UInt32, text: String)])] = []
  /// Pointer listeners on value runs (by index in ``runs``) of a state machine ("Listeners"):
  /// each sets its own boolean input (`hit 0`, `hit 1`, … in this order, false by default) to
  /// true on its pointer event `type` (enter 0, exit 1, down 2, up 3, move 4). Empty for no
  /// machine.
  public var runListeners: [(run: Int, type: UInt32)] = []
  public var artboardWidth: Float = 400
  public var artboardHeight: Float = 300
  /// When set, the first artboard only hosts a nested artboard at this position, and the
  /// text is in the second artboard (where it is still component ``textID``).
  public var nestedAt: (x: Float, y: Float)?
  /// The nested artboard's name (with ``nestedAt``; empty writes none).
  public var nestedName = ""

  public init(
    fonts: [[UInt8]], styles: [Style] = [Style()], runs: [Run],
    properties: [(UInt16, RiveObjectWriter.Value)] = []
  ) {
    self.fonts = fonts
    self.styles = styles
    self.runs = runs
    self.properties = properties
  }

  /// The text component's id in the artboard.
  public static let textID = 1

  /// The file's bytes.
  public var data: Data {
    var fixture = RuntimeFixture(artboardWidth: artboardWidth, artboardHeight: artboardHeight) {
      writer in
      for (index, font) in fonts.enumerated() {
        writer.object(
          TypeKey.fontAsset,
          [
            (PropertyKey.assetName, .string("font\(index)")),
            (PropertyKey.fileAssetAssetId, .uint(UInt64(index))),
          ])
        writer.object(
          TypeKey.fileAssetContents, [(PropertyKey.fileAssetContentsBytes, .bytes(font))])
      }
    }
    if let nestedAt {
      fixture.component(
        TypeKey.nestedArtboard, parent: 0,
        (nestedName.isEmpty ? [] : [(PropertyKey.componentName, .string(nestedName))]) + [
          (PropertyKey.nodeX, .float(nestedAt.x)), (PropertyKey.nodeY, .float(nestedAt.y)),
          (PropertyKey.nestedArtboardArtboardId, .uint(1)),
        ])
      fixture.artboard(name: "Text", width: artboardWidth, height: artboardHeight)
    }
    let text = fixture.component(TypeKey.text, parent: 0, properties)
    var styleIDs: [Int] = []
    for style in styles {
      let id = fixture.component(
        TypeKey.textStylePaint, parent: text,
        [
          (PropertyKey.textStyleFontAssetId, .uint(UInt64(style.fontAsset))),
          (PropertyKey.textStyleFontSize, .float(style.fontSize)),
          (PropertyKey.textStyleLineHeight, .float(style.lineHeight)),
          (PropertyKey.textStyleLetterSpacing, .float(style.letterSpacing)),
        ])
      styleIDs.append(id)
      for axis in style.axes {
        fixture.component(
          TypeKey.textStyleAxis, parent: id,
          [
            (PropertyKey.textStyleAxisTag, .uint(UInt64(Self.tag(axis.tag)))),
            (PropertyKey.textStyleAxisAxisValue, .float(axis.value)),
          ])
      }
      for feature in style.features {
        fixture.component(
          TypeKey.textStyleFeature, parent: id,
          [
            (PropertyKey.textStyleFeatureTag, .uint(UInt64(Self.tag(feature.tag)))),
            (PropertyKey.textStyleFeatureFeatureValue, .uint(UInt64(feature.value))),
          ])
      }
      if let fill = style.fill {
        let paint = fixture.component(TypeKey.fill, parent: id)
        fixture.component(
          TypeKey.solidColor, parent: paint, [(PropertyKey.solidColorColorValue, .color(fill))])
        if let feather = style.fillFeather {
          Self.feather(feather, parent: paint, in: &fixture)
        }
        if let trim = style.fillTrim {
          fixture.component(
            TypeKey.trimPath, parent: paint,
            [
              (PropertyKey.trimPathStart, .float(trim.start)),
              (PropertyKey.trimPathEnd, .float(trim.end)),
              (PropertyKey.trimPathOffset, .float(trim.offset)),
              (PropertyKey.trimPathModeValue, .uint(UInt64(trim.mode))),
            ])
        }
      }
      if let background = style.background {
        let object = fixture.component(
          TypeKey.textStyleBackground, parent: id,
          [(PropertyKey.textStyleBackgroundCornerRadius, .float(background.cornerRadius))])
        let paint = fixture.component(TypeKey.fill, parent: object)
        fixture.component(
          TypeKey.solidColor, parent: paint,
          [(PropertyKey.solidColorColorValue, .color(background.fill))])
        if let feather = background.feather {
          Self.feather(feather, parent: paint, in: &fixture)
        }
      }
      if let stroke = style.stroke {
        let paint = fixture.component(
          TypeKey.stroke, parent: id, [(PropertyKey.strokeThickness, .float(stroke.thickness))])
        fixture.component(
          TypeKey.solidColor, parent: paint,
          [(PropertyKey.solidColorColorValue, .color(stroke.color))])
        if let dashes = style.strokeDashes {
          let effect = fixture.component(TypeKey.dashPath, parent: paint)
          for length in dashes {
            fixture.component(
              TypeKey.dash, parent: effect, [(PropertyKey.dashLength, .float(length))])
          }
        }
      }
    }
    var runIDs: [Int] = []
    for run in runs {
      runIDs.append(
        fixture.component(
          TypeKey.textValueRun, parent: text,
          [
            (PropertyKey.componentName, .string(run.name)),
            (PropertyKey.textValueRunStyleId, .uint(UInt64(styleIDs[run.style]))),
            (PropertyKey.textValueRunText, .string(run.text)),
          ]))
    }
    var targetID = -1
    if let pathTarget {
      targetID = fixture.component(TypeKey.shape, parent: 0)
      let path = fixture.component(
        TypeKey.pointsPath, parent: targetID,
        [(PropertyKey.pointsCommonPathIsClosed, .bool(pathTarget.closed))])
      for point in pathTarget.points {
        fixture.component(
          TypeKey.straightVertex, parent: path,
          [(PropertyKey.vertexX, .float(point.x)), (PropertyKey.vertexY, .float(point.y))])
      }
    }
    var rangeIDs: [Int] = []
    for modifier in modifiers {
      let group = fixture.component(
        TypeKey.textModifierGroup, parent: text,
        [
          (PropertyKey.textModifierGroupModifierFlags, .uint(UInt64(modifier.flags))),
          (PropertyKey.textModifierGroupOpacity, .float(modifier.opacity)),
          (PropertyKey.textModifierGroupX, .float(modifier.x)),
          (PropertyKey.textModifierGroupY, .float(modifier.y)),
          (PropertyKey.textModifierGroupRotation, .float(modifier.rotation)),
          (PropertyKey.textModifierGroupScaleX, .float(modifier.scaleX)),
          (PropertyKey.textModifierGroupScaleY, .float(modifier.scaleY)),
          (PropertyKey.textModifierGroupOriginX, .float(modifier.originX)),
          (PropertyKey.textModifierGroupOriginY, .float(modifier.originY)),
        ])
      let range = fixture.component(
        TypeKey.textModifierRange, parent: group,
        [
          (PropertyKey.textModifierRangeModifyFrom, .float(modifier.rangeFrom)),
          (PropertyKey.textModifierRangeModifyTo, .float(modifier.rangeTo)),
          (PropertyKey.textModifierRangeFalloffFrom, .float(modifier.falloffFrom)),
          (PropertyKey.textModifierRangeFalloffTo, .float(modifier.falloffTo)),
          (PropertyKey.textModifierRangeStrength, .float(modifier.strength)),
          (PropertyKey.textModifierRangeUnitsValue, .uint(UInt64(modifier.units))),
          (PropertyKey.textModifierRangeTypeValue, .uint(UInt64(modifier.type))),
          (PropertyKey.textModifierRangeModeValue, .uint(UInt64(modifier.mode))),
          (PropertyKey.textModifierRangeOffset, .float(modifier.offset)),
          (PropertyKey.textModifierRangeClamp, .bool(modifier.clamp)),
        ])
      rangeIDs.append(range)
      if let ease = modifier.ease {
        fixture.component(
          TypeKey.cubicInterpolatorComponent, parent: range,
          [
            (PropertyKey.cubicInterpolatorComponentX1, .float(ease.x1)),
            (PropertyKey.cubicInterpolatorComponentY1, .float(ease.y1)),
            (PropertyKey.cubicInterpolatorComponentX2, .float(ease.x2)),
            (PropertyKey.cubicInterpolatorComponentY2, .float(ease.y2)),
          ])
      }
      for variation in modifier.variations {
        fixture.component(
          TypeKey.textVariationModifier, parent: group,
          [
            (PropertyKey.textVariationModifierAxisTag, .uint(UInt64(Self.tag(variation.tag)))),
            (PropertyKey.textVariationModifierAxisValue, .float(variation.value)),
          ])
      }
      if let followPath = modifier.followPath {
        fixture.component(
          TypeKey.textFollowPathModifier, parent: group,
          [
            (PropertyKey.textTargetModifierTargetId, .uint(UInt64(max(0, targetID)))),
            (PropertyKey.textFollowPathModifierRadial, .bool(followPath.radial)),
            (PropertyKey.textFollowPathModifierOrient, .bool(followPath.orient)),
            (PropertyKey.textFollowPathModifierStart, .float(followPath.start)),
            (PropertyKey.textFollowPathModifierEnd, .float(followPath.end)),
            (PropertyKey.textFollowPathModifierStrength, .float(followPath.strength)),
            (PropertyKey.textFollowPathModifierOffset, .float(followPath.offset)),
          ])
      }
    }
    if let target = translationConstraintTarget {
      let node = fixture.component(
        TypeKey.node, parent: 0,
        [(PropertyKey.nodeX, .float(target.x)), (PropertyKey.nodeY, .float(target.y))])
      fixture.component(
        TypeKey.translationConstraint, parent: text,
        [(PropertyKey.targetedConstraintTargetId, .uint(UInt64(node)))])
    }
    if let origin = nodeOnTextBox {
      let node = fixture.component(TypeKey.node, parent: 0)
      fixture.component(
        TypeKey.transformConstraint, parent: node,
        [
          (PropertyKey.targetedConstraintTargetId, .uint(UInt64(text))),
          (PropertyKey.transformConstraintOriginX, .float(origin.originX)),
          (PropertyKey.transformConstraintOriginY, .float(origin.originY)),
        ])
    }
    if !rangeStrengthKeys.isEmpty, let range = rangeIDs.first {
      fixture.animation(
        name: "Strength",
        keys: [
          (
            object: range, property: PropertyKey.textModifierRangeStrength,
            frames: rangeStrengthKeys.map {
              (frame: $0.frame, value: $0.value, interpolation: 1, interpolator: nil)
            }
          )
        ])
    }
    if !styleKeys.isEmpty {
      fixture.idAnimation(
        name: "Styles",
        keys: styleKeys.map { key in
          (
            object: runIDs[key.run], property: PropertyKey.textValueRunStyleId,
            frames: [(frame: 0, value: key.style.map { UInt32(styleIDs[$0]) } ?? UInt32.max)]
          )
        })
    }
    if !textKeys.isEmpty {
      fixture.stringAnimation(
        name: "Texts",
        keys: textKeys.map { key in
          (
            object: runIDs[key.run], property: PropertyKey.textValueRunText,
            frames: key.frames.map { (frame: $0.frame, value: $0.text) }
          )
        })
    }
    if !runListeners.isEmpty {
      MachineWriter.write(
        into: &fixture, name: "Listeners",
        inputs: runListeners.indices.map { .bool("hit \($0)", false) },
        layers: [[.entry([]), .any([]), .exit]])
      for (index, listener) in runListeners.enumerated() {
        fixture.listener(
          target: runIDs[listener.run], type: listener.type,
          actions: [.setBool(input: index, value: 1)])
      }
    }
    return fixture.data
  }

  private static func feather(
    _ feather: (strength: Float, inner: Bool), parent: Int, in fixture: inout RuntimeFixture
  ) {
    fixture.component(
      TypeKey.feather, parent: parent,
      [
        (PropertyKey.featherStrength, .float(feather.strength)),
        (PropertyKey.featherInner, .bool(feather.inner)),
      ])
  }

  /// The parsed file.
  public func file() throws -> RuntimeFile { try RuntimeFile(data: data) }

  /// A four-character OpenType tag as its number.
  public static func tag(_ text: String) -> UInt32 {
    text.utf8.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
  }
}
