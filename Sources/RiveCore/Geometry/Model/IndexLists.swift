/// Many short lists of indices in one buffer (compressed rows): list `i` is
/// `values[offsets[i]..<offsets[i + 1]]`. Reading a list never allocates.
struct IndexLists: Sendable {
  /// Where each list starts in ``values``, plus the end; empty when every list is empty (so a
  /// structure no object uses costs no allocation).
  private(set) var offsets: [Int32]
  private(set) var values: [Int32]
  /// The number of lists.
  let count: Int

  init() {
    offsets = []
    values = []
    count = 0
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
    self.offsets = values.isEmpty ? [] : offsets
    self.values = values
    count = lists.count
  }

  /// Groups `builder`'s values by list, each list in the order its values were added; with
  /// `unique`, a value a list already holds is not added again (values must then be
  /// non-negative).
  init(_ builder: Builder, unique: Bool = false) {
    count = builder.count
    guard !builder.pairs.isEmpty else {
      offsets = []
      values = []
      return
    }
    // A counting sort: sizes, then ends, then each value into the place before its list's end,
    // last value first, which leaves each list in order and each end moved to its start.
    var offsets = [Int32](filling: 0, count: builder.count + 1)
    for pair in builder.pairs { offsets[Int(pair.list)] += 1 }
    var total: Int32 = 0
    for index in 0..<builder.count {
      total += offsets[index]
      offsets[index] = total
    }
    offsets[builder.count] = total
    var values = [Int32](filling: 0, count: builder.pairs.count)
    var position = builder.pairs.count
    while position > 0 {
      position -= 1
      let pair = builder.pairs[position]
      let key = Int(pair.list)
      offsets[key] -= 1
      values[Int(offsets[key])] = pair.value
    }
    if unique {
      // Each list compacted in place, keeping first occurrences; `seenIn[v]` is the last list
      // that took value `v`, so the whole pass is linear.
      let largest = Int(values.max() ?? 0)
      var seenIn = [Int32](filling: -1, count: largest + 1)
      var write = 0
      var start = 0
      for list in 0..<builder.count {
        let end = Int(offsets[list + 1])
        offsets[list] = Int32(write)
        for read in start..<end {
          let value = values[read]
          guard value >= 0, seenIn[Int(value)] != Int32(list) else { continue }
          seenIn[Int(value)] = Int32(list)
          values[write] = value
          write += 1
        }
        start = end
      }
      offsets[builder.count] = Int32(write)
      values.removeLast(values.count - write)
    }
    self.offsets = offsets
    self.values = values
  }

  /// Collects values for lists `0..<count` in any order, to be grouped once by
  /// ``IndexLists/init(_:)-(Builder)``: two flat arrays instead of an array per list.
  struct Builder {
    let count: Int
    /// Each added value with its list, in the order added (one array: one allocation).
    fileprivate(set) var pairs: [(list: Int32, value: Int32)] = []
    /// Room reserved at the first append, so a few values cost one allocation, not one per
    /// doubling.
    private let firstCapacity: Int

    /// Lists `0..<count`, with room for `capacity` values before the array grows (by default
    /// room for a few values, reserved when the first value comes).
    init(count: Int, capacity: Int? = nil) {
      self.count = count
      firstCapacity = capacity ?? min(count, 32)
      if let capacity { pairs.reserveCapacity(capacity) }
    }

    /// Adds `value` to the end of list `list` (ignored when `list` is out of range).
    mutating func append(_ value: Int32, to list: Int) {
      guard list >= 0, list < count else { return }
      if pairs.isEmpty { pairs.reserveCapacity(firstCapacity) }
      pairs.append((Int32(list), value))
    }
  }

  /// The children lists of a parent array (`parents[id]` is `id`'s parent or -1), each in id
  /// order.
  init(childrenOf parents: [Int]) {
    // The same counting sort as for a builder, reading the parents directly.
    count = parents.count
    var offsets = [Int32](filling: 0, count: count + 1)
    var total: Int32 = 0
    for parent in parents where parent >= 0 && parent < count {
      offsets[parent] += 1
      total += 1
    }
    guard total > 0 else {
      self.offsets = []
      values = []
      return
    }
    var end: Int32 = 0
    for index in 0..<count {
      end += offsets[index]
      offsets[index] = end
    }
    offsets[count] = end
    var values = [Int32](filling: 0, count: Int(total))
    var id = count
    while id > 0 {
      id -= 1
      let parent = parents[id]
      guard parent >= 0, parent < count else { continue }
      offsets[parent] -= 1
      values[Int(offsets[parent])] = Int32(id)
    }
    self.offsets = offsets
    self.values = values
  }

  /// A list's values as `Int`, read in place.
  struct Ints: RandomAccessCollection, Sendable {
    let values: ArraySlice<Int32>
    var startIndex: Int { values.startIndex }
    var endIndex: Int { values.endIndex }
    subscript(position: Int) -> Int { Int(values[position]) }
  }

  /// List `index` as `Int` values (empty when `index` is out of range).
  @inline(__always)
  func ints(_ index: Int) -> Ints { Ints(values: self[index]) }

  /// The positions of list `index`'s values among all values (empty when out of range): walking
  /// them with ``value(at:)`` reads the list without making a slice, which retains the buffer.
  @inline(__always)
  func positions(_ index: Int) -> Range<Int> {
    guard index >= 0, index + 1 < offsets.count else { return 0..<0 }
    return Int(offsets[index])..<Int(offsets[index + 1])
  }

  /// The value at `position` among all values (see ``positions(_:)``).
  @inline(__always)
  func value(at position: Int) -> Int32 { values[position] }

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
