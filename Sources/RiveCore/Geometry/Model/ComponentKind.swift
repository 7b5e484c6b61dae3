import RiveFormat

/// What a component does in the update cycle and when drawing, decided once per object from
/// its type.
enum ComponentKind: UInt8, Sendable {
  /// Stored values only: nothing to update or draw.
  case inert
  case artboard
  /// A transform component with nothing more to it (nodes, solos, groups, text, nested
  /// artboards and other drawables this runtime does not draw).
  case transform
  /// A layout component other than the artboard (layout is not computed: it keeps its stored
  /// position, and draws nothing).
  case layout
  case bone
  case rootBone
  case shape
  case pointsPath
  case rectangle
  case ellipse
  case triangle
  case polygon
  case star
  case image
  /// A shape's path composer (not an object of the file: the runtime makes one per shape).
  case composer
  case fill
  case stroke
  case solidColor
  case linearGradient
  case radialGradient
  case gradientStop
  case clippingShape
  case skin
  case trimPath
  case dashPath
  /// A scripted path effect: with scripting off (as in the reference runtime) its path is
  /// never written, so a paint that runs it draws an empty path from there on.
  case scriptedPathEffect
  case feather
  case ikConstraint
  case distanceConstraint
  case transformConstraint
  case translationConstraint
  case rotationConstraint
  case scaleConstraint
  case followPathConstraint
  /// A constraint this runtime does not apply (scrolling, layout-only ones).
  case otherConstraint
  case drawRules
  case drawTarget
  case solo
  case vertex
  case mesh
  /// A nested artboard (drawn through its nested instance).
  case nestedArtboard

  /// Whether the component has a transform (a `TransformComponent`).
  var isTransform: Bool {
    switch self {
    case .artboard, .transform, .layout, .bone, .rootBone, .shape, .pointsPath, .rectangle,
      .ellipse, .triangle, .polygon, .star, .image, .solo, .nestedArtboard:
      return true
    default:
      return false
    }
  }

  /// Whether the component is a path.
  var isPath: Bool {
    switch self {
    case .pointsPath, .rectangle, .ellipse, .triangle, .polygon, .star: return true
    default: return false
    }
  }

  /// Whether the component is a parametric path (rectangle, ellipse, triangle, polygon, star).
  var isParametric: Bool {
    switch self {
    case .rectangle, .ellipse, .triangle, .polygon, .star: return true
    default: return false
    }
  }

  var isShapePaint: Bool { self == .fill || self == .stroke }

  var isMutator: Bool {
    self == .solidColor || self == .linearGradient || self == .radialGradient
  }

  var isGradient: Bool { self == .linearGradient || self == .radialGradient }

  var isConstraint: Bool {
    switch self {
    case .ikConstraint, .distanceConstraint, .transformConstraint, .translationConstraint,
      .rotationConstraint, .scaleConstraint, .followPathConstraint, .otherConstraint:
      return true
    default:
      return false
    }
  }
}

/// The runtime's component dirt flags.
enum Dirt {
  static let collapsed: UInt16 = 1 << 0
  static let dependents: UInt16 = 1 << 1
  static let components: UInt16 = 1 << 2
  static let drawOrder: UInt16 = 1 << 3
  static let path: UInt16 = 1 << 4
  static let skin: UInt16 = 1 << 4
  static let vertices: UInt16 = 1 << 5
  static let transform: UInt16 = 1 << 6
  static let worldTransform: UInt16 = 1 << 7
  static let renderOpacity: UInt16 = 1 << 8
  static let paint: UInt16 = 1 << 9
  static let stops: UInt16 = 1 << 10
  static let layoutStyle: UInt16 = 1 << 11
  static let bindings: UInt16 = 1 << 12
  static let nSlicer: UInt16 = 1 << 13
  static let scriptUpdate: UInt16 = 1 << 14
  static let clipping: UInt16 = 1 << 15
  /// Everything but collapsed.
  static let filthy: UInt16 = 0xFFFE
}

/// Which of a shape's paths a paint draws (and so which the path composer builds).
enum PathFlags {
  static let local: UInt8 = 1 << 1
  static let world: UInt8 = 1 << 2
  static let clipping: UInt8 = 1 << 3
  static let followPath: UInt8 = 1 << 4
  static let neverDeferUpdate: UInt8 = 1 << 5
  static let localClockwise: UInt8 = 1 << 6
}
