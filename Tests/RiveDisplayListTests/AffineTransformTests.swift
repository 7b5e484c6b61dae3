import RiveDisplayList
import Testing

@Suite("Affine transforms")
struct AffineTransformTests {
  @Test("a point maps to (xx·x + yx·y + tx, xy·x + yy·y + ty)")
  func apply() {
    let m = Transform2D(xx: 2, xy: 3, yx: 5, yy: 7, tx: 11, ty: 13)
    let p = m.apply(x: 1, y: 10)
    #expect(p.x == 2 * 1 + 5 * 10 + 11)
    #expect(p.y == 3 * 1 + 7 * 10 + 13)
    #expect(m.values == [2, 3, 5, 7, 11, 13])
    #expect(Transform2D.identity.apply(x: -4.5, y: 8) == (-4.5, 8))
  }

  @Test("lhs * rhs applies rhs first, then lhs")
  func composition() {
    let translate = Transform2D(xx: 1, xy: 0, yx: 0, yy: 1, tx: 10, ty: 20)
    let scale = Transform2D(xx: 2, xy: 0, yx: 0, yy: 3, tx: 0, ty: 0)
    // Scaled first, then moved: (1, 1) → (2, 3) → (12, 23).
    #expect((translate * scale).apply(x: 1, y: 1) == (12, 23))
    // Moved first, then scaled: (1, 1) → (11, 21) → (22, 63).
    #expect((scale * translate).apply(x: 1, y: 1) == (22, 63))
    #expect(
      scale * translate == Transform2D(xx: 2, xy: 0, yx: 0, yy: 3, tx: 20, ty: 60))
    let skew = Transform2D(xx: 1, xy: 0.5, yx: -2, yy: 1, tx: 3, ty: -1)
    #expect(skew * .identity == skew && .identity * skew == skew)
  }

  @Test("the double-precision matrix holds each single-precision value exactly")
  func precision() {
    let single = Transform2D(xx: 0.1, xy: -1e-30, yx: 3.4e38, yy: 1 / 3, tx: -0, ty: 16_777_217)
    let double = AffineTransform<Double>(single)
    #expect(double.values == single.values.map(Double.init))
    #expect(AffineTransform<Float>(double) == single)
    // Arithmetic happens in the matrix's own precision.
    let third = AffineTransform<Double>(xx: 1.0 / 3, xy: 0, yx: 0, yy: 1, tx: 0, ty: 0)
    #expect((third * third).xx == 1.0 / 3 * (1.0 / 3))
  }

  @Test("equal matrices hash equally; matrices differing in one value are unequal")
  func hashing() {
    let a = Transform2D(xx: 1, xy: 2, yx: 3, yy: 4, tx: 5, ty: 6)
    var b = a
    #expect(a == b && a.hashValue == b.hashValue)
    b.ty = 6.5
    #expect(a != b)
    #expect(Set([a, b, a]).count == 2)
  }
}
