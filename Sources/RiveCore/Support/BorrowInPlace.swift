/// Runs `body` on `value` borrowed where it is. A value borrowed from an inout one is not
/// copied; read as an rvalue (from a class's stored property, say) it was: every reference in
/// it retained and released. The boxes that hold large values read them through this.
@inline(__always)
func borrowInPlace<Value, Result>(
  _ value: inout Value, _ body: (borrowing Value) -> Result
) -> Result {
  body(value)
}
