/// A weak reference that can cross isolation boundaries.
struct WeakReference<Object: AnyObject & Sendable>: Sendable {
  weak var object: Object?

  init(_ object: Object?) {
    self.object = object
  }
}
