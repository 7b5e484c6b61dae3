extension ArtboardInstance {
  mutating func updateMesh(_ c: Int, _ d: UInt16, model g: GeometryModel) {}
  mutating func drawMesh<R: DrawRenderer>(
    _ mesh: Int, image: DrawImages.Image, blend: BlendMode, opacity: Float, model g: GeometryModel,
    into renderer: inout R
  ) {}
}
