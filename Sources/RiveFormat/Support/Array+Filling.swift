extension Array {
  /// `count` copies of `value`, as `Array(repeating:count:)` makes them.
  ///
  /// The standard initialiser allocates through a runtime function that is not specialised for
  /// the element type and looks the storage's type metadata up on every call: a few hundred
  /// instructions before the first element, which made it the dearest part of building the
  /// many small per-object arrays of a file or an instance. Reserving and appending goes
  /// through the specialised growth path instead.
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public init(filling value: Element, count: Int) {
    self.init()
    reserveCapacity(count)
    append(contentsOf: repeatElement(value, count: count))
  }
}
