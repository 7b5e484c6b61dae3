import RiveFormat
import Testing

@testable import RiveCore

/// Float-to-Int conversions of values read from files saturate instead of trapping (a
/// corrupted number-to-list converter input of 3e38 trapped the runtime before).
@Suite("Saturating Float to Int")
struct SaturatingIntTests {
  @Test(
    "NaN is 0, the infinities and values past the range saturate, the rest truncate",
    arguments: [
      (Float.nan, 0), (Float.infinity, Int.max), (-Float.infinity, Int.min),
      (3e38, Int.max), (-3e38, Int.min), (41.9, 41), (-41.9, -41), (0, 0),
    ] as [(Float, Int)])
  func saturates(value: Float, expected: Int) {
    #expect(value.saturatingInt == expected)
  }
}
