import Foundation

extension RiveDataBindingViewModel.Instance {
  /// A property of an instance: its name, whether it changed, and its listeners.
  public class Property {
    /// The property's name (the last component of its path).
    public let name: String
    /// Whether the value was set since the last ``clearChanges()``.
    public internal(set) var hasChanged = false
    private var listeners: [UUID: () -> Void] = [:]

    init(name: String) {
      self.name = name
    }

    /// Marks the property unchanged.
    public func clearChanges() {
      hasChanged = false
    }

    /// Removes the listener with this id.
    public func removeListener(_ id: UUID) {
      listeners.removeValue(forKey: id)
    }

    func addListenerBlock(_ listener: @escaping () -> Void) -> UUID {
      let id = UUID()
      listeners[id] = listener
      return id
    }

    func notifyListeners() {
      for listener in listeners.values { listener() }
    }
  }
}
