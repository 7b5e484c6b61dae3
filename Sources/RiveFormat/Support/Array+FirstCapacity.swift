extension Array {
  /// Appends `element`; an array with no room yet first gets room for `firstCapacity`
  /// elements.
  ///
  /// A list that starts empty and grows by doubling allocates (and copies) at 1, 2, 4, 8, …
  /// elements. The import builds hundreds of short lists, so for a list whose usual length is
  /// known to be a handful, reserving that handful at the first element turns four or five
  /// allocations into one.
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public mutating func append(_ element: Element, firstCapacity: Int) {
    if capacity == 0 { reserveCapacity(firstCapacity) }
    append(element)
  }
}
