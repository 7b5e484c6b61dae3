import RiveDisplayList

/// How an artboard is scaled into the output frame, as upstream's `Fit`.
public enum FrameFit: String, Sendable, Hashable, CaseIterable {
  /// Stretch both axes to the frame (the aspect ratio is not kept).
  case fill
  /// The largest uniform scale at which the whole artboard fits.
  case contain
  /// The smallest uniform scale at which the artboard covers the whole frame.
  case cover
  /// A uniform scale that makes the widths equal.
  case fitWidth
  /// A uniform scale that makes the heights equal.
  case fitHeight
  /// No scaling.
  case none
  /// `contain`, but never enlarged beyond 1.
  case scaleDown
  /// Scaled by the layout scale factor only (the artboard itself is expected to take the
  /// frame's size divided by that factor, which is the caller's business).
  case layout
}

/// Where the artboard sits in the frame: `x` and `y` from −1 (left, top) to 1 (right,
/// bottom), as upstream's `Alignment`.
public struct FrameAlignment: Sendable, Hashable {
  /// −1 left, 0 centre, 1 right.
  public var x: Float
  /// −1 top, 0 centre, 1 bottom.
  public var y: Float

  /// Creates an alignment.
  ///
  /// - Parameters:
  ///   - x: −1 left, 0 centre, 1 right (other values go beyond the edges).
  ///   - y: −1 top, 0 centre, 1 bottom.
  public init(x: Float, y: Float) {
    self.x = x
    self.y = y
  }

  /// (−1, −1).
  public static let topLeft = FrameAlignment(x: -1, y: -1)
  /// (0, −1).
  public static let topCenter = FrameAlignment(x: 0, y: -1)
  /// (1, −1).
  public static let topRight = FrameAlignment(x: 1, y: -1)
  /// (−1, 0).
  public static let centerLeft = FrameAlignment(x: -1, y: 0)
  /// (0, 0).
  public static let center = FrameAlignment(x: 0, y: 0)
  /// (1, 0).
  public static let centerRight = FrameAlignment(x: 1, y: 0)
  /// (−1, 1).
  public static let bottomLeft = FrameAlignment(x: -1, y: 1)
  /// (0, 1).
  public static let bottomCenter = FrameAlignment(x: 0, y: 1)
  /// (1, 1).
  public static let bottomRight = FrameAlignment(x: 1, y: 1)

  /// The nine named alignments by their names (`topLeft` … `bottomRight`).
  public static let named: [String: FrameAlignment] = [
    "topLeft": .topLeft, "topCenter": .topCenter, "topRight": .topRight,
    "centerLeft": .centerLeft, "center": .center, "centerRight": .centerRight,
    "bottomLeft": .bottomLeft, "bottomCenter": .bottomCenter, "bottomRight": .bottomRight,
  ]
}

/// An axis-aligned rectangle: a frame to draw into, or an artboard's bounds.
public struct FrameRect: Sendable, Hashable {
  public var x: Float
  public var y: Float
  public var width: Float
  public var height: Float

  /// Creates a rectangle.
  ///
  /// - Parameters:
  ///   - x: The left edge.
  ///   - y: The top edge.
  ///   - width: The width.
  ///   - height: The height.
  public init(x: Float = 0, y: Float = 0, width: Float, height: Float) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

extension FrameFit {
  /// The transform from artboard space to the frame, as upstream's `computeAlignment`:
  /// the content's centre, offset by the alignment, lands on the frame's point of the same
  /// alignment, at the fit's scale. Computed in single precision, as upstream does.
  ///
  /// Content with a width or height that is zero, negative or not finite gets a scale of 0
  /// for the fits that divide by it (so nothing is drawn), where upstream would divide by zero.
  ///
  /// - Parameters:
  ///   - alignment: Where the content sits.
  ///   - frame: The rectangle to draw into (usually `0, 0, outputWidth, outputHeight`).
  ///   - content: The artboard's bounds (usually `0, 0, artboardWidth, artboardHeight`).
  ///   - scaleFactor: The scale for ``layout`` (ignored by the others).
  /// - Returns: The matrix to put before the artboard's draw calls.
  public func transform(
    alignment: FrameAlignment, frame: FrameRect, content: FrameRect, scaleFactor: Float = 1
  ) -> Transform2D {
    let fit: AlignmentFit
    switch self {
    case .fill: fit = .fill
    case .contain: fit = .contain
    case .cover: fit = .cover
    case .fitWidth: fit = .fitWidth
    case .fitHeight: fit = .fitHeight
    case .none: fit = .none
    case .scaleDown: fit = .scaleDown
    case .layout: fit = .layout
    }
    return fit.transform(
      alignmentX: alignment.x, alignmentY: alignment.y,
      frame: (frame.x, frame.y, frame.width, frame.height),
      content: (content.x, content.y, content.width, content.height), scaleFactor: scaleFactor)
  }
}
