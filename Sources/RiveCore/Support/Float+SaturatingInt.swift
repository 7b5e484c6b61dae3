import RiveFormat

extension Float {
  /// The value as an `Int`, saturating instead of trapping: NaN is 0, values beyond the range
  /// (infinities included) are `Int.min` or `Int.max`. For values read from files, which can be
  /// anything.
  var saturatingInt: Int {
    if isNaN { return 0 }
    if self >= Float(Int.max) { return Int.max }
    if self <= Float(Int.min) { return Int.min }
    return Int(self)
  }
}
