@_spi(RiveFormatInternals) import RiveFormat

/// Values by object record, kept as sorted keys searched by bisection.
///
/// A state machine or a file holds a handful of the records a frame looks up (view-model
/// conditions, bindable properties). For so few, a bisection of a sorted array is several times
/// cheaper than hashing into a dictionary, and it never holds more than its entries.
struct RecordMap<Value: Sendable>: Sendable {
  /// The records, ascending.
  private(set) var keys: [Int] = []
  /// The value of each record, in the order of ``keys``.
  private(set) var values: [Value] = []

  init() {}

  /// An empty map with room for `capacity` records before it grows.
  init(capacity: Int) {
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// Adds `value` for `record`: at the end when `record` is past every record so far (building
  /// in record order costs no search and no shifting), else where it belongs.
  mutating func append(_ value: Value, for record: Int) {
    if let last = keys.last, record <= last {
      self[record] = value
    } else {
      keys.append(record, firstCapacity: 8)
      values.append(value, firstCapacity: 8)
    }
  }

  /// The number of records.
  var count: Int { keys.count }

  var isEmpty: Bool { keys.isEmpty }

  /// Where `record` is among ``keys``, or where it would go, and whether it is there.
  @inline(__always)
  private func search(_ record: Int) -> (position: Int, found: Bool) {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) >> 1
      let key = keys[middle]
      if key == record { return (middle, true) }
      if key < record { low = middle + 1 } else { high = middle }
    }
    return (low, false)
  }

  /// The position of `record`'s value in ``values``, if it has one (to read a value in place).
  @inline(__always)
  func position(of record: Int) -> Int? {
    let (position, found) = search(record)
    return found ? position : nil
  }

  /// The value of `record`; setting `nil` removes it.
  subscript(record: Int) -> Value? {
    @inline(__always) get {
      let (position, found) = search(record)
      return found ? values[position] : nil
    }
    set {
      let (position, found) = search(record)
      switch (found, newValue) {
      case (true, let value?): values[position] = value
      case (true, nil):
        keys.remove(at: position)
        values.remove(at: position)
      case (false, let value?):
        keys.insert(record, at: position)
        values.insert(value, at: position)
      case (false, nil): break
      }
    }
  }

  /// Sets the values of ascending `records` from `value`: a walk along both lists, not a
  /// search for each (a machine copies all its bindable numbers twice a frame); a record
  /// missing from the map is added.
  mutating func update<Records: Sequence>(
    ascending records: Records, _ value: (Records.Element) -> (record: Int, value: Value)
  ) where Value: Equatable {
    var position = 0
    for element in records {
      let (record, newValue) = value(element)
      // A record given twice: the later value holds, as a second set would leave it.
      if position > 0 && keys[position - 1] == record {
        if values[position - 1] != newValue { values[position - 1] = newValue }
        continue
      }
      while position < keys.count && keys[position] < record { position += 1 }
      if position < keys.count && keys[position] == record {
        if values[position] != newValue { values[position] = newValue }
      } else {
        keys.insert(record, at: position)
        values.insert(newValue, at: position)
      }
      position += 1
    }
  }

  /// The entries in ascending record order.
  var entries: Zip2Sequence<[Int], [Value]> { zip(keys, values) }
}
