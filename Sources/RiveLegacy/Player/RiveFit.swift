/// How an artboard fits its view (kept for source compatibility; nothing is drawn headless).
public enum RiveFit: Int, Sendable, CaseIterable {
  case fill
  case contain
  case cover
  case fitHeight
  case fitWidth
  case scaleDown
  case noFit
  case layout
}
