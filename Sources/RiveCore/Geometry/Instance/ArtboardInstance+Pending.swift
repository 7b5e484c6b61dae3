extension ArtboardInstance {
  mutating func updatePaintEffects(_ paint: Int, model g: GeometryModel) {}
  mutating func updateFeather(_ c: Int, _ d: UInt16, model g: GeometryModel) {}
  mutating func rebuildInnerFeather(_ feather: Int, source: Int, model g: GeometryModel) {}
  mutating func updateMesh(_ c: Int, _ d: UInt16, model g: GeometryModel) {}
  mutating func drawMesh<R: DrawRenderer>(
    _ mesh: Int, image: DrawImages.Image, blend: BlendMode, opacity: Float, model g: GeometryModel,
    into renderer: inout R
  ) {}
  mutating func applyConstraints(_ c: Int, model g: GeometryModel) {}
}
