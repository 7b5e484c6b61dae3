@_spi(RiveFormatInternals) import RiveFormat
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// The append buffer the reader keeps its records, slot writes and fields in.
@Suite("Append buffer")
struct AppendBufferTests {
  @Test("agrees with an array over seeded appends and clears, across growth")
  func matchesArray() {
    var random = SeededGenerator(seed: 7)
    // Starting empty (no storage) and starting with a little room take different first paths.
    for initialCapacity in [0, 1, 5] {
      var buffer = AppendBuffer<(position: Int, value: UInt32)>(minimumCapacity: initialCapacity)
      var reference: [(position: Int, value: UInt32)] = []
      for step in 0..<3_000 {
        if Int.random(in: 0..<200, using: &random) == 0 {
          buffer.removeAll()
          reference.removeAll()
        } else {
          let value = (step, UInt32.random(in: 0...UInt32.max, using: &random))
          buffer.append(value)
          reference.append(value)
        }
        #expect(buffer.count == reference.count, "count at step \(step)")
      }
      #expect(buffer.array.map(\.position) == reference.map(\.position))
      #expect(buffer.array.map(\.value) == reference.map(\.value))
      for index in reference.indices {
        #expect(buffer[index].value == reference[index].value, "value \(index)")
      }
    }
  }

  @Test("an empty buffer reads as empty and allocates nothing until the first value")
  func empty() {
    var buffer = AppendBuffer<Int32>()
    #expect(buffer.isEmpty)
    #expect(buffer.array.isEmpty)
    #expect(buffer.withUnsafeBufferPointer { $0.count } == 0)
    buffer.removeAll()
    #expect(buffer.count == 0)
    buffer.append(-3)
    #expect(buffer.array == [-3])
  }

  @Test("values kept across a clear are overwritten, not kept")
  func clearKeepsRoom() {
    var buffer = AppendBuffer<UInt16>(minimumCapacity: 4)
    for value in 0..<40 { buffer.append(UInt16(value)) }
    buffer.removeAll()
    buffer.append(9)
    buffer.append(8)
    #expect(buffer.array == [9, 8])
    #expect(buffer.count == 2)
  }
}
