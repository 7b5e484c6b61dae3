// Axis helpers. An axis is a flex direction raw value: 0 column, 1 column-reverse, 2 row,
// 3 row-reverse. Edges are 0 left, 1 top, 2 right, 3 bottom. Dimensions are 0 width, 1 height.

enum Axis {
  static let column: UInt8 = 0
  static let columnReverse: UInt8 = 1
  static let row: UInt8 = 2
  static let rowReverse: UInt8 = 3

  @_transparent static func isRow(_ axis: UInt8) -> Bool { axis >= 2 }
  @_transparent static func isColumn(_ axis: UInt8) -> Bool { axis < 2 }

  /// The physical edge where the axis starts (Yoga's `leading`, and `pos`).
  @_transparent static func leadingEdge(_ axis: UInt8) -> Int {
    switch axis {
    case 0: return 1
    case 1: return 3
    case 2: return 0
    default: return 2
    }
  }

  /// The physical edge where the axis ends (Yoga's `trailing`).
  @_transparent static func trailingEdge(_ axis: UInt8) -> Int {
    switch axis {
    case 0: return 3
    case 1: return 1
    case 2: return 2
    default: return 0
    }
  }

  /// The dimension measured along the axis.
  @_transparent static func dimension(_ axis: UInt8) -> Int { axis >= 2 ? 0 : 1 }

  /// Yoga's `YGResolveFlexDirection`: rows swap in right-to-left.
  @_transparent static func resolve(_ axis: UInt8, _ direction: UInt8) -> UInt8 {
    if direction == LayoutDirection.rtl.rawValue {
      if axis == row { return rowReverse }
      if axis == rowReverse { return row }
    }
    return axis
  }

  /// Yoga's `YGFlexDirectionCross`.
  @_transparent static func cross(_ axis: UInt8, _ direction: UInt8) -> UInt8 {
    isColumn(axis) ? resolve(row, direction) : column
  }
}

enum Mode {
  static let undefined: UInt8 = 0
  static let exactly: UInt8 = 1
  static let atMost: UInt8 = 2
}

// Float helpers with Yoga's NaN rules.

/// Yoga's `YGFloatMax`: the larger, or the defined one when one is NaN. (Both defined, glibc's
/// `fmaxf` on x86-64 is `maxss`, which returns the second operand when they compare equal.)
@_transparent func ygMax(_ a: Float, _ b: Float) -> Float {
  if !a.isNaN && !b.isNaN { return a > b ? a : b }
  return a.isNaN ? b : a
}

/// Yoga's `YGFloatMin`.
@_transparent func ygMin(_ a: Float, _ b: Float) -> Float {
  if !a.isNaN && !b.isNaN { return a < b ? a : b }
  return a.isNaN ? b : a
}

/// Yoga's `YGFloatsEqual` (and the grid's `inexactEquals`): within 0.0001, or both NaN.
@_transparent func ygEqual(_ a: Float, _ b: Float) -> Bool {
  if !a.isNaN && !b.isNaN { return abs(a - b) < 0.0001 }
  return a.isNaN && b.isNaN
}

/// C++ `std::max(a, b)`: `a < b ? b : a`.
@_transparent func stdMax(_ a: Float, _ b: Float) -> Float { a < b ? b : a }

/// C++ `std::min(a, b)`: `b < a ? b : a`.
@_transparent func stdMin(_ a: Float, _ b: Float) -> Float { b < a ? b : a }

/// Yoga's `YGFloatOptionalMax` (NaN is undefined).
@_transparent func optionalMax(_ a: Float, _ b: Float) -> Float {
  if a > b || a == b || (a.isNaN && b.isNaN) { return a }
  if b > a { return b }
  return a.isNaN ? b : a
}
