import RiveFormat

/// What a change of a property value does to the component that holds it.
///
/// The official runtime runs a handler when certain properties change (a node's position marks
/// its transform dirty, a vertex's position marks its path dirty, and so on); changes of other
/// properties are stored and nothing else happens. A change with an effect makes the next update
/// pass do work, which is what a state machine reports as "keep going".
enum PropertyEffects {
  /// Property keys whose change marks their component dirty (with text, layout and scripting
  /// compiled out, as in the reference runtime).
  static let dirtying: Set<UInt16> = [
    13, 14, 15, 16, 17, 18, 20, 21, 24, 25, 26, 31, 33, 34, 35, 37, 38, 39, 42, 46, 47, 48, 49,
    79, 80, 81, 82, 83, 84, 85, 86, 87, 89, 90, 91, 94, 114, 115, 116, 117, 120, 121, 123, 124,
    125, 126, 127, 161, 162, 163, 172, 174, 177, 178, 363, 364, 372, 373, 538, 690,
    691, 692, 693, 749, 750, 751, 759, 760, 770, 806, 807, 808, 809, 810, 811, 864, 865,
    // List follow-path constraint distances.
    888, 889,
    // Artboard origin, joystick geometry, component origin.
    11, 12, 299, 300, 303, 304, 305, 306, 1040, 1041,
  ]

  @inline(__always)
  static func dirties(_ key: UInt16) -> Bool { dirtying.contains(key) }
}
