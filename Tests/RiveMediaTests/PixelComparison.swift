/// Summaries of the difference between two RGBA buffers.
struct PixelComparison {
  /// The largest absolute difference of any channel.
  let maximumDifference: Int

  /// The mean absolute difference over all channels.
  let meanDifference: Double

  /// The index of the first byte that differs by `maximumDifference`.
  let worstIndex: Int

  init(_ first: [UInt8], _ second: [UInt8]) {
    var maximum = 0
    var total = 0
    var worst = 0
    for index in 0..<min(first.count, second.count) {
      let difference = abs(Int(first[index]) - Int(second[index]))
      total += difference
      if difference > maximum {
        maximum = difference
        worst = index
      }
    }
    maximumDifference = maximum
    meanDifference = first.isEmpty ? 0 : Double(total) / Double(first.count)
    worstIndex = worst
  }
}
