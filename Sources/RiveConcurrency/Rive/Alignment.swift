/// Where content sits inside its bounds.
public enum Alignment: Sendable, Equatable, Hashable {
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
