/// How an artboard fits its bounds (stored for a renderer; Linux draws nothing).
public enum Fit: Sendable, Equatable, Hashable {
  case fill(alignment: Alignment)
  case contain(alignment: Alignment)
  case cover(alignment: Alignment)
  case fitWidth(alignment: Alignment)
  case fitHeight(alignment: Alignment)
  case none(alignment: Alignment)
  case scaleDown(alignment: Alignment)
  /// The artboard takes the bounds' size, scaled.
  case layout(scaleFactor: ScaleFactor)
}
