@_spi(RiveFormatInternals) import RiveFormat

/// Many short lists of indices in one buffer (compressed rows): list `i` is the values from
/// `offsets[i]` to `offsets[i + 1]`. The offsets and the values share one array, so a set of
/// lists costs one allocation; reading a list never allocates.
struct IndexLists: Sendable {
  /// The `count + 1` offsets (positions among the values: where each list starts, then the
  /// end), followed by the values; empty when every list is empty (so a structure no object
  /// uses costs no allocation).
  private var storage: [Int32]
  /// The number of lists.
  let count: Int

  /// Where the values start in ``storage``.
  @inline(__always)
  private var valuesBase: Int { count + 1 }

  init() {
    storage = []
    count = 0
  }

  /// Flattens `lists`.
  init(_ lists: [[Int32]]) {
    count = lists.count
    let total = lists.reduce(0) { $0 + $1.count }
    guard total > 0 else {
      storage = []
      return
    }
    var storage: [Int32] = []
    storage.reserveCapacity(lists.count + 1 + total)
    var end: Int32 = 0
    storage.append(end)
    for list in lists {
      end += Int32(list.count)
      storage.append(end)
    }
    for list in lists { storage.append(contentsOf: list) }
    self.storage = storage
  }

  /// Groups `builder`'s values by list, each list in the order its values were added; with
  /// `unique`, a value a list already holds is not added again (values must then be
  /// non-negative).
  init(_ builder: borrowing Builder, unique: Bool = false) {
    count = builder.count
    guard !builder.pairs.isEmpty else {
      storage = []
      return
    }
    let base = builder.count + 1
    let listCount = builder.count
    // A counting sort: sizes, then ends, then each value into the place before its list's end,
    // last value first, which leaves each list in order and each end moved to its start.
    var storage = [Int32](filling: 0, count: base + builder.pairs.count)
    // Read in place from the borrowed builder (as an owned argument, the builder cost every
    // caller a retain of its values and a release afterwards), and written through one mutable
    // view (each write to the array checked its uniqueness).
    builder.pairs.withUnsafeBufferPointer { pairs in
      storage.withUnsafeMutableBufferPointer { storage in
        for pair in pairs { storage[Int(pair.list)] += 1 }
        var total: Int32 = 0
        for index in 0..<listCount {
          total += storage[index]
          storage[index] = total
        }
        storage[listCount] = total
        var position = pairs.count
        while position > 0 {
          position -= 1
          let pair = pairs[position]
          let key = Int(pair.list)
          storage[key] -= 1
          storage[base + Int(storage[key])] = pair.value
        }
      }
    }
    if unique {
      // Each list compacted in place, keeping first occurrences; `seenIn[v]` is the last list
      // that took value `v`, so the whole pass is linear.
      // (Scratch on the stack when small.)
      var largest: Int32 = 0
      for position in base..<storage.count { largest = max(largest, storage[position]) }
      let write = withUnsafeTemporaryAllocation(of: Int32.self, capacity: Int(largest) + 1) {
        seenIn in
        seenIn.initialize(repeating: -1)
        var write = 0
        var start = 0
        for list in 0..<listCount {
          let end = Int(storage[list + 1])
          storage[list] = Int32(write)
          for read in start..<end {
            let value = storage[base + read]
            guard value >= 0, seenIn[Int(value)] != Int32(list) else { continue }
            seenIn[Int(value)] = Int32(list)
            storage[base + write] = value
            write += 1
          }
          start = end
        }
        return write
      }
      storage[listCount] = Int32(write)
      storage.removeLast(storage.count - base - write)
    }
    self.storage = storage
  }

  /// Collects values for lists `0..<count` in any order, to be grouped once by
  /// ``IndexLists/init(_:)-(Builder)``: two flat arrays instead of an array per list.
  struct Builder {
    let count: Int
    /// Each added value with its list, in the order added (one buffer: one allocation; an
    /// append buffer, as an array checked its uniqueness at every value).
    fileprivate(set) var pairs = AppendBuffer<(list: Int32, value: Int32)>()
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
  init(childrenOf parents: borrowing [Int]) {
    // The same counting sort as for a builder, reading the parents directly (borrowed and read
    // by position: an owned argument, or iterating it, cost the caller a retain).
    count = parents.count
    var total = 0
    for index in 0..<count where parents[index] >= 0 && parents[index] < count { total += 1 }
    guard total > 0 else {
      storage = []
      return
    }
    let base = count + 1
    let listCount = count
    var storage = [Int32](filling: 0, count: base + total)
    // Written through one mutable view (each write to the array checked its uniqueness).
    storage.withUnsafeMutableBufferPointer { storage in
      for index in 0..<listCount {
        let parent = parents[index]
        if parent >= 0 && parent < listCount { storage[parent] += 1 }
      }
      var end: Int32 = 0
      for index in 0..<listCount {
        end += storage[index]
        storage[index] = end
      }
      storage[listCount] = end
      var id = listCount
      while id > 0 {
        id -= 1
        let parent = parents[id]
        guard parent >= 0, parent < listCount else { continue }
        storage[parent] -= 1
        storage[base + Int(storage[parent])] = Int32(id)
      }
    }
    self.storage = storage
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
    guard index >= 0, index < count, !storage.isEmpty else { return 0..<0 }
    return Int(storage[index])..<Int(storage[index + 1])
  }

  /// The value at `position` among all values (see ``positions(_:)``).
  @inline(__always)
  func value(at position: Int) -> Int32 { storage[valuesBase + position] }

  /// List `index`, or an empty slice when `index` is out of range.
  @inline(__always)
  subscript(index: Int) -> ArraySlice<Int32> {
    guard index >= 0, index < count, !storage.isEmpty else { return storage[0..<0] }
    return storage[(valuesBase + Int(storage[index]))..<(valuesBase + Int(storage[index + 1]))]
  }

  /// The position of list `index`'s first value among all values (the values of every list,
  /// numbered in order), or the total count when `index` is out of range.
  @inline(__always)
  func start(_ index: Int) -> Int {
    guard index >= 0, index < count, !storage.isEmpty else { return totalCount }
    return Int(storage[index])
  }

  /// The number of values in all lists.
  var totalCount: Int { storage.isEmpty ? 0 : storage.count - valuesBase }

  @inline(__always)
  func isEmpty(_ index: Int) -> Bool {
    guard index >= 0, index < count, !storage.isEmpty else { return true }
    return storage[index] == storage[index + 1]
  }
}
