/// The modifier groups of a text component as they stand this frame.
struct TextModifiers {
  var groups: [Int] = []

  init(text c: Int, instance: ArtboardInstance, model g: GeometryModel) {
    for child in g.children[c]
    where UInt32(instance.model.types[Int(child)]) == TypeKey.textModifierGroup {
      groups.append(Int(child))
    }
  }

  var isEmpty: Bool { groups.isEmpty }

  /// Per group, per scalar of the text, how much the group applies (0…1).
  func coverage(layout: TextLayout) -> [[Float]] { [] }

  /// Moves and fades one glyph by every group, in group order.
  func apply(
    glyph: TextLayout.Glyph, coverage: [[Float]], centerX: Float, transform: inout Transform2D,
    opacity: inout Float
  ) {}
}
