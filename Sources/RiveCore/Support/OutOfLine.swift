/// An optional value kept in a heap box, with value semantics: a copy shares the box until one
/// side changes it (then that side gets a box of its own). Changing it in place changes it in a
/// uniquely held box, without moving or copying it.
struct OutOfLine<Value: Sendable>: @unchecked Sendable {
  private final class Storage: @unchecked Sendable {
    /// Accessed only through the enclosing value's accessors, which keep each access to one
    /// owner at a time (a box is made unique before it is changed), so the dynamic exclusivity
    /// checks a class property otherwise gets on every access are left out.
    @exclusivity(unchecked) var value: Value?
    init(_ value: Value?) { self.value = value }
  }

  private var storage: Storage?

  init() {}

  /// Whether there is a value (a box exists only while it holds one).
  var hasValue: Bool { storage != nil }

  /// Runs `body` on the value where it lives (nil, and `body` not run, when there is none);
  /// a shared box is copied first. Hot paths use this rather than `value`'s accessors: those
  /// are coroutines, and a coroutine's frame is allocated on the heap at every access.
  @inline(__always) @discardableResult
  mutating func withValue<Result>(_ body: (inout Value) -> Result) -> Result? {
    guard storage != nil else { return nil }
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage?.value) }
    guard let box = storage else { return nil }
    if Self.isNone(&box.value) { return nil }
    // Checked just above; `!` on the stored optional is the in-place projection (binding it
    // would copy the whole value).
    // swift-format-ignore: NeverForceUnwrap
    return body(&box.value!)
  }

  /// Runs `body` on the optional value where it lives (a value it sets gets a box; nil drops
  /// the box).
  @inline(__always)
  mutating func withOptional<Result>(_ body: (inout Value?) -> Result) -> Result {
    if storage != nil, !isKnownUniquelyReferenced(&storage) {
      storage = Storage(storage?.value)
    }
    guard let box = storage else {
      var fresh: Value? = nil
      let result = body(&fresh)
      if case .some = fresh { storage = Storage(fresh) }
      return result
    }
    let result = body(&box.value)
    if Self.isNone(&box.value) { storage = nil }
    return result
  }

  /// Whether the box's value is nil, looked at where it lives: a test on the class's property
  /// itself (`if case .none = box.value`, or `== nil`) copied the whole value out first, every
  /// reference in it retained and released.
  @inline(__always)
  private static func isNone(_ value: inout Value?) -> Bool {
    if case .none = value { return true }
    return false
  }

  /// Runs `body` on the value where it lives, neither copied out nor made unique (nil, and
  /// `body` not run, when there is none).
  @inline(__always)
  func read<Result>(_ body: (borrowing Value) -> Result) -> Result? {
    guard let box = storage, !Self.isNone(&box.value) else { return nil }
    // Checked just above; `!` on the stored optional is the in-place projection (unwrapping
    // it as an rvalue copied the whole value).
    // swift-format-ignore: NeverForceUnwrap
    return borrowInPlace(&box.value!, body)
  }

  var value: Value? {
    get { storage?.value }
    set {
      guard let newValue else {
        storage = nil
        return
      }
      if storage != nil, isKnownUniquelyReferenced(&storage) {
        storage?.value = newValue
      } else {
        storage = Storage(newValue)
      }
    }
    _modify {
      let box: Storage
      if storage != nil, isKnownUniquelyReferenced(&storage), let unique = storage {
        box = unique
      } else {
        // Shared or empty: this side changes a box of its own.
        box = Storage(storage?.value)
        storage = box
      }
      // Changed where it lives: neither moved out nor copied.
      yield &box.value
      if Self.isNone(&box.value) { storage = nil }
    }
  }
}
