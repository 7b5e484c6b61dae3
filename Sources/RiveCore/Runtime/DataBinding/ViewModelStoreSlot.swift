/// Where an artboard instance keeps its view-model store: in a box of its own, so that lending
/// the store to a nested artboard or a list item (several times a frame for each) moves one
/// reference, not the store's fields.
///
/// A value in effect: a box shared by two copies of an instance is copied before either side
/// changes it. Unlike the generic `OutOfLine`, the box holds a store, not an optional one, so
/// asking whether there is a store, or reaching it, is a test of one reference.
struct ViewModelStoreSlot: @unchecked Sendable {
  private final class Box: @unchecked Sendable {
    /// Reached only through the slot's accessors, which keep each access to one owner at a
    /// time (a box is made unique before it is changed), so the dynamic exclusivity checks a
    /// class property otherwise gets on every access are left out.
    @exclusivity(unchecked) var store: ViewModelStore
    init(_ store: ViewModelStore) { self.store = store }
  }

  private var box: Box?

  init() {}

  /// Whether there is a store.
  var hasValue: Bool { box != nil }

  /// Runs `body` on the store where it lives (nil, and `body` not run, when there is none);
  /// a shared box is copied first.
  @inline(__always) @discardableResult
  mutating func withValue<Result>(_ body: (inout ViewModelStore) -> Result) -> Result? {
    guard box != nil else { return nil }
    if !isKnownUniquelyReferenced(&box), let shared = box { box = Box(shared.store) }
    guard let unique = box else { return nil }
    return body(&unique.store)
  }

  /// Runs `body` on the store where it lives, neither copied out nor made unique (nil, and
  /// `body` not run, when there is none).
  @inline(__always)
  func read<Result>(_ body: (borrowing ViewModelStore) -> Result) -> Result? {
    guard let box else { return nil }
    return borrowInPlace(&box.store, body)
  }

  /// The store, copied out; setting one moves it into this slot's box (a box of its own is
  /// reused).
  var value: ViewModelStore? {
    get { box?.store }
    set {
      guard let newValue else {
        box = nil
        return
      }
      if box != nil, isKnownUniquelyReferenced(&box), let unique = box {
        unique.store = newValue
      } else {
        box = Box(newValue)
      }
    }
  }

  /// The store moved out of this slot, which is left without one.
  mutating func take() -> ViewModelStore? {
    guard let taken = box else { return nil }
    box = nil
    return taken.store
  }
}
