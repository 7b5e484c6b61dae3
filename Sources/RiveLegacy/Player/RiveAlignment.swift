/// Where an artboard sits in its view (kept for source compatibility; nothing is drawn headless).
public enum RiveAlignment: Int, Sendable, CaseIterable {
  case topLeft
  case topCenter
  case topRight
  case centerLeft
  case center
  case centerRight
  case bottomLeft
  case bottomCenter
  case bottomRight
}
