/// Many short lists of indices in one buffer (compressed rows): list `i` is
/// `values[offsets[i]..<offsets[i + 1]]`. Reading a list never allocates.
struct IndexLists: Sendable {
  private(set) var offsets: [Int32]
  private(set) var values: [Int32]

  init() {
    offsets = [0]
    values = []
  }

  /// Flattens `lists`.
  init(_ lists: [[Int32]]) {
    var offsets: [Int32] = [0]
    offsets.reserveCapacity(lists.count + 1)
    var values: [Int32] = []
    values.reserveCapacity(lists.reduce(0) { $0 + $1.count })
    for list in lists {
      values.append(contentsOf: list)
      offsets.append(Int32(values.count))
    }
    self.offsets = offsets
    self.values = values
  }

  /// The number of lists.
  var count: Int { offsets.count - 1 }

  /// List `index`, or an empty slice when `index` is out of range.
  @inline(__always)
  subscript(index: Int) -> ArraySlice<Int32> {
    guard index >= 0, index + 1 < offsets.count else { return values[0..<0] }
    return values[Int(offsets[index])..<Int(offsets[index + 1])]
  }

  /// The position of list `index`'s first value among all values (the values of every list,
  /// numbered in order), or the total count when `index` is out of range.
  @inline(__always)
  func start(_ index: Int) -> Int {
    guard index >= 0, index + 1 < offsets.count else { return values.count }
    return Int(offsets[index])
  }

  /// The number of values in all lists.
  var totalCount: Int { values.count }

  @inline(__always)
  func isEmpty(_ index: Int) -> Bool {
    guard index >= 0, index + 1 < offsets.count else { return true }
    return offsets[index] == offsets[index + 1]
  }
}
