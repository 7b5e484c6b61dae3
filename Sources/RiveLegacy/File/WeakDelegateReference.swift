/// A weak reference to a file delegate that can be kept under a lock.
struct WeakDelegateReference: Sendable {
  weak var object: (any RiveFileDelegate)?

  init(_ object: (any RiveFileDelegate)?) {
    self.object = object
  }
}
