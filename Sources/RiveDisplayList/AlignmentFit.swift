/// How content is scaled into a frame, as upstream's `Fit` (and a nested artboard leaf's
/// `fit` property, whose values are these cases' raw values).
package enum AlignmentFit: UInt32, Sendable {
  case fill, contain, cover, fitWidth, fitHeight, none, scaleDown, layout

  /// The transform that puts `content` into `frame`, as upstream's `computeAlignment`: the
  /// content's centre, offset by the alignment (−1 … 1 on each axis), lands on the frame's
  /// point of the same alignment, at the fit's scale. Computed in single precision.
  ///
  /// Content with a width or height that is zero, negative or not finite gets a scale of 0 for
  /// the fits that divide by it (so nothing is drawn), where upstream would divide by zero.
  package func transform(
    alignmentX: Float, alignmentY: Float,
    frame: (x: Float, y: Float, width: Float, height: Float),
    content: (x: Float, y: Float, width: Float, height: Float), scaleFactor: Float = 1
  ) -> Transform2D {
    let x = -content.x - content.width * 0.5 - alignmentX * content.width * 0.5
    let y = -content.y - content.height * 0.5 - alignmentY * content.height * 0.5
    let isUsable =
      content.width.isFinite && content.height.isFinite && content.width > 0
      && content.height > 0
    let widthRatio = isUsable ? frame.width / content.width : 0
    let heightRatio = isUsable ? frame.height / content.height : 0
    var scaleX: Float = 1
    var scaleY: Float = 1
    switch self {
    case .fill:
      scaleX = widthRatio
      scaleY = heightRatio
    case .contain:
      scaleX = Swift.min(widthRatio, heightRatio)
      scaleY = scaleX
    case .cover:
      scaleX = Swift.max(widthRatio, heightRatio)
      scaleY = scaleX
    case .fitHeight:
      scaleX = heightRatio
      scaleY = scaleX
    case .fitWidth:
      scaleX = widthRatio
      scaleY = scaleX
    case .layout:
      scaleX = scaleFactor
      scaleY = scaleFactor
    case .none:
      break
    case .scaleDown:
      let smaller = Swift.min(widthRatio, heightRatio)
      scaleX = smaller < 1 ? smaller : 1
      scaleY = scaleX
    }
    let translateX = frame.x + frame.width * 0.5 + alignmentX * frame.width * 0.5
    let translateY = frame.y + frame.height * 0.5 + alignmentY * frame.height * 0.5
    // translation · scale · translate(x, y)
    return Transform2D(
      xx: scaleX, xy: 0, yx: 0, yy: scaleY, tx: translateX + scaleX * x,
      ty: translateY + scaleY * y)
  }
}
