/// A growable list of plain values for the reader's per-property and per-object loops.
///
/// Appending to an `Array` held in a struct calls the runtime's uniqueness check every time
/// (another copy of the struct might share the array's buffer); over a file's few thousand
/// values those calls were a measurable part of reading it. This list keeps its count and
/// capacity in its buffer's header and never asks: copies of it share one buffer until one of
/// them grows, which moves that copy to a buffer of its own. The readers that use it each own
/// theirs for one walk and never copy it, so the sharing is never observed; it is memory-safe
/// either way (a buffer lives as long as any copy refers to it).
///
/// Every member is inlinable: the list is generic and used from other modules (the runtime
/// graph's builders), which could otherwise only call its unspecialised code, looking type
/// metadata up on every call.
@_spi(RiveFormatInternals) public struct AppendBuffer<Element: BitwiseCopyable> {
  @usableFromInline
  struct Header {
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int

    @inlinable init(count: Int, capacity: Int) {
      self.count = count
      self.capacity = capacity
    }
  }

  @usableFromInline
  final class Storage: ManagedBuffer<Header, Element> {}

  /// Nil until the first value (an empty list allocates nothing).
  @usableFromInline var storage: Storage?

  /// An empty list with room for `minimumCapacity` values before it grows (allocated only when
  /// `minimumCapacity` is positive).
  @inlinable
  @_spi(RiveFormatInternals) public init(minimumCapacity: Int = 0) {
    storage = minimumCapacity > 0 ? AppendBuffer.makeStorage(minimumCapacity) : nil
  }

  @inlinable
  static func makeStorage(_ minimumCapacity: Int) -> Storage {
    let made = Storage.create(minimumCapacity: minimumCapacity) { buffer in
      Header(count: 0, capacity: buffer.capacity)
    }
    // `create` makes an instance of the class it is called on.
    return unsafeDowncast(made, to: Storage.self)
  }

  /// The number of values.
  @inlinable
  @_spi(RiveFormatInternals) public var count: Int {
    storage?.withUnsafeMutablePointerToHeader { $0.pointee.count } ?? 0
  }

  @inlinable
  @_spi(RiveFormatInternals) public var isEmpty: Bool { count == 0 }

  /// Adds `element` at the end.
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public mutating func append(_ element: Element) {
    if let storage,
      storage.withUnsafeMutablePointers({ header, elements in
        let count = header.pointee.count
        guard count < header.pointee.capacity else { return false }
        (elements + count).initialize(to: element)
        header.pointee.count = count + 1
        return true
      })
    {
      return
    }
    appendGrowing(element)
  }

  /// Adds `element` after moving the values to a buffer of twice the room (16 values at least).
  /// Out of line, so that ``append(_:)`` (which does not call itself) can be inlined.
  @inlinable @inline(never)
  mutating func appendGrowing(_ element: Element) {
    reserveCapacity(max(16, count * 2))
    storage?.withUnsafeMutablePointers { header, elements in
      (elements + header.pointee.count).initialize(to: element)
      header.pointee.count += 1
    }
  }

  /// Makes room for at least `minimumCapacity` values in all.
  @inlinable
  @_spi(RiveFormatInternals) public mutating func reserveCapacity(_ minimumCapacity: Int) {
    let room = storage?.withUnsafeMutablePointerToHeader { $0.pointee.capacity } ?? 0
    guard minimumCapacity > room else { return }
    let old = count
    let bigger = AppendBuffer.makeStorage(minimumCapacity)
    if let storage {
      storage.withUnsafeMutablePointerToElements { source in
        bigger.withUnsafeMutablePointers { header, destination in
          destination.initialize(from: source, count: old)
          header.pointee.count = old
        }
      }
    }
    storage = bigger
  }

  /// Forgets every value, keeping the room.
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public mutating func removeAll() {
    storage?.withUnsafeMutablePointerToHeader { $0.pointee.count = 0 }
  }

  /// The value at `index` (which must be below ``count``).
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public subscript(index: Int) -> Element {
    get {
      guard let storage else { preconditionFailure("index \(index) of an empty list") }
      return storage.withUnsafeMutablePointers { header, elements in
        precondition(index >= 0 && index < header.pointee.count, "index out of range")
        return elements[index]
      }
    }
  }

  /// Calls `body` with the values in place.
  @inlinable @inline(__always)
  @_spi(RiveFormatInternals) public func withUnsafeBufferPointer<Result>(
    _ body: (UnsafeBufferPointer<Element>) -> Result
  )
    -> Result
  {
    guard let storage else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    return storage.withUnsafeMutablePointers { header, elements in
      body(UnsafeBufferPointer(start: elements, count: header.pointee.count))
    }
  }

  /// The values as an array (a copy).
  @inlinable
  @_spi(RiveFormatInternals) public var array: [Element] {
    withUnsafeBufferPointer { Array($0) }
  }
}
