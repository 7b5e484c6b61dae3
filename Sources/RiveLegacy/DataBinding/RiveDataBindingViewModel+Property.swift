import Foundation
import RiveCore
import RiveFormat

extension RiveDataBindingViewModel.Instance {
  /// A property of an instance: its name, whether it changed, and its listeners.
  ///
  /// ``hasChanged`` turns true when the value changes through either API generation (or an
  /// advance), and the instance's ``RiveDataBindingViewModel/Instance/updateListeners()`` (which
  /// the view calls after each advance of a bound state machine) calls the listeners of
  /// changed properties and clears the changes.
  public class Property {
    /// The property's name (the last component of its path).
    public let name: String
    /// Where the value lives.
    let location: ViewModelInstanceNode.Location
    /// The file's asset state, for image bindings and list items.
    let assetStore: FileAssetStore?
    /// The owning instance's number, for image bindings.
    let ownerNumber: Int
    private var listeners: [(id: UUID, listener: Any)] = []

    init(
      name: String, location: ViewModelInstanceNode.Location,
      owner: RiveDataBindingViewModel.Instance
    ) {
      self.name = name
      self.location = location
      assetStore = owner.assetStore
      ownerNumber = owner.number
    }

    /// The property's type.
    var dataType: RiveDocument.ViewModelProperty.DataType { location.property.dataType }

    /// The instance that holds the value.
    var node: ViewModelInstanceNode { location.owner }

    /// Whether the value changed since the changes were last cleared.
    public var hasChanged: Bool { location.store.hasChanged(location.key) }

    /// Marks the property unchanged.
    public func clearChanges() {
      location.store.clearChanged(location.key)
    }

    /// Removes the listener with this id.
    public func removeListener(_ listener: UUID) {
      listeners.removeAll { $0.id == listener }
    }

    func addAnyListener(_ listener: Any) -> UUID {
      let id = UUID()
      listeners.append((id, listener))
      return id
    }

    /// The listeners of type `Listener`, in the order they were added.
    func listeners<Listener>(as type: Listener.Type) -> [Listener] {
      listeners.compactMap { $0.listener as? Listener }
    }

    /// Calls the listeners when the value changed (subclasses pass the value).
    func handleListeners() {}

    // MARK: Data

    /// A property's type and name, as a view model lists them (upstream's
    /// `RiveDataBindingViewModelInstancePropertyData`).
    public final class Data: Sendable, Equatable, CustomStringConvertible {
      /// The data types of properties, with upstream's raw values.
      public enum DataType: Int, Sendable, CaseIterable {
        case none = 0
        case string
        case number
        case boolean
        case color
        case list
        case `enum`
        case trigger
        case viewModel
        case integer
        case symbolListIndex
        case assetImage
        case assetFont
        case assetBlob
        case artboard
        case input
        case any
      }

      /// The property's type.
      public let type: DataType
      /// The property's name.
      public let name: String

      init(_ property: RiveDocument.ViewModelProperty) {
        name = property.name
        switch property.dataType {
        case .none: type = .none
        case .string: type = .string
        case .number: type = .number
        case .boolean: type = .boolean
        case .color: type = .color
        case .list: type = .list
        case .enumType: type = .enum
        case .trigger: type = .trigger
        case .viewModel: type = .viewModel
        case .symbolListIndex: type = .symbolListIndex
        case .assetImage: type = .assetImage
        case .assetFont: type = .assetFont
        case .assetBlob: type = .assetBlob
        case .artboard: type = .artboard
        }
      }

      public static func == (lhs: Data, rhs: Data) -> Bool {
        lhs.type == rhs.type && lhs.name == rhs.name
      }

      public var description: String { "\(name): \(type)" }
    }
  }

  // MARK: - Values

  /// A string property.
  public final class StringProperty: Property {
    /// A listener, called with the new value.
    public typealias Listener = (String) -> Void

    /// The value (the file's stored value until set).
    public var value: String {
      get {
        if case .string(let text)? = node.value(at: location) { return text }
        return ""
      }
      set { node.setValue(.string(newValue), at: location) }
    }

    /// Adds a listener, called by `updateListeners()` after the value changed.
    ///
    /// - Returns: The id to pass to `removeListener(_:)`.
    @discardableResult
    public func addListener(_ listener: @escaping Listener) -> UUID {
      addAnyListener(listener)
    }

    override func handleListeners() {
      guard hasChanged else { return }
      for listener in listeners(as: Listener.self) { listener(value) }
    }
  }

  /// A number property.
  public final class NumberProperty: Property {
    /// A listener, called with the new value.
    public typealias Listener = (Float) -> Void

    /// The value (the file's stored value until set).
    public var value: Float {
      get {
        if case .number(let number)? = node.value(at: location) { return number }
        return 0
      }
      set { node.setValue(.number(newValue), at: location) }
    }

    /// Adds a listener, called by `updateListeners()` after the value changed.
    ///
    /// - Returns: The id to pass to `removeListener(_:)`.
    @discardableResult
    public func addListener(_ listener: @escaping Listener) -> UUID {
      addAnyListener(listener)
    }

    override func handleListeners() {
      guard hasChanged else { return }
      for listener in listeners(as: Listener.self) { listener(value) }
    }
  }

  /// A boolean property.
  public final class BooleanProperty: Property {
    /// A listener, called with the new value.
    public typealias Listener = (Bool) -> Void

    /// The value (the file's stored value until set).
    public var value: Bool {
      get {
        if case .boolean(let flag)? = node.value(at: location) { return flag }
        return false
      }
      set { node.setValue(.boolean(newValue), at: location) }
    }

    /// Adds a listener, called by `updateListeners()` after the value changed.
    ///
    /// - Returns: The id to pass to `removeListener(_:)`.
    @discardableResult
    public func addListener(_ listener: @escaping Listener) -> UUID {
      addAnyListener(listener)
    }

    override func handleListeners() {
      guard hasChanged else { return }
      for listener in listeners(as: Listener.self) { listener(value) }
    }
  }

  /// A color property.
  public final class ColorProperty: Property {
    /// A listener, called with the new value.
    public typealias Listener = (UIColor) -> Void

    /// The value (the file's stored value until set), as upstream converts it: each channel
    /// is the 8-bit value / 255, and a set value's channels are truncated to 8 bits.
    public var value: UIColor {
      get {
        let color = argb
        return UIColor(
          red: CGFloat(color.red) / 255, green: CGFloat(color.green) / 255,
          blue: CGFloat(color.blue) / 255, alpha: CGFloat(color.alpha) / 255)
      }
      set {
        var red: CGFloat = 0
        var green: CGFloat = 0
        var blue: CGFloat = 0
        var alpha: CGFloat = 0
        newValue.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        store(red: red, green: green, blue: blue, alpha: alpha)
      }
    }

    private var argb: Color {
      if case .color(let color)? = node.value(at: location) { return color }
      return Color.viewModelDefault
    }

    private func channel(_ value: CGFloat) -> UInt8 {
      UInt8(clamping: Int((min(max(value.isNaN ? 0 : value, 0), 1) * 255).rounded(.down)))
    }

    private func store(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
      node.setValue(
        .color(
          Color(
            red: channel(red), green: channel(green), blue: channel(blue), alpha: channel(alpha))),
        at: location)
    }

    /// Sets the red, green and blue channels (each clamped to 0…1), keeping the alpha.
    public func set(red: CGFloat, green: CGFloat, blue: CGFloat) {
      let current = argb
      node.setValue(
        .color(
          Color(
            red: channel(red), green: channel(green), blue: channel(blue), alpha: current.alpha)),
        at: location)
    }

    /// Sets every channel (each clamped to 0…1).
    public func set(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
      store(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets the alpha channel (clamped to 0…1), keeping the color.
    public func setAlpha(_ alpha: CGFloat) {
      var color = argb
      color.alpha = channel(alpha)
      node.setValue(.color(color), at: location)
    }

    /// Adds a listener, called by `updateListeners()` after the value changed.
    ///
    /// - Returns: The id to pass to `removeListener(_:)`.
    @discardableResult
    public func addListener(_ listener: @escaping Listener) -> UUID {
      addAnyListener(listener)
    }

    override func handleListeners() {
      guard hasChanged else { return }
      for listener in listeners(as: Listener.self) { listener(value) }
    }
  }

  /// An enum property: its value is the name of one of the enum's values.
  public final class EnumProperty: Property {
    /// A listener, called with the new value.
    public typealias Listener = (String) -> Void

    /// The value (the file's stored value until set); setting a name that is not one of
    /// ``values`` changes nothing.
    public var value: String {
      get {
        if case .enumValue(let name)? = node.value(at: location) { return name }
        return ""
      }
      set { node.setValue(.enumValue(newValue), at: location) }
    }

    /// The enum's values, in file order.
    public var values: [String] { node.enumValues(of: location.property) }

    /// The position of ``value`` in ``values`` (-1 when it is none); setting a position out of
    /// range changes nothing.
    public var valueIndex: Int32 {
      get { Int32(values.firstIndex(of: value) ?? -1) }
      set {
        let values = self.values
        guard let position = Int(exactly: newValue), values.indices.contains(position) else {
          return
        }
        value = values[position]
      }
    }

    /// Adds a listener, called by `updateListeners()` after the value changed.
    ///
    /// - Returns: The id to pass to `removeListener(_:)`.
    @discardableResult
    public func addListener(_ listener: @escaping Listener) -> UUID {
      addAnyListener(listener)
    }

    override func handleListeners() {
      guard hasChanged else { return }
      for listener in listeners(as: Listener.self) { listener(value) }
    }
  }

  /// A trigger property.
  public final class TriggerProperty: Property {
    /// A listener, called after the trigger fired.
    public typealias Listener = () -> Void

    /// Fires the trigger.
    public func trigger() {
      node.fire(at: location)
    }

    /// Adds a listener, called by `updateListeners()` after the trigger fired.
    ///
    /// - Returns: The id to pass to `removeListener(_:)`.
    @discardableResult
    public func addListener(_ listener: @escaping Listener) -> UUID {
      addAnyListener(listener)
    }

    override func handleListeners() {
      guard hasChanged else { return }
      for listener in listeners(as: Listener.self) { listener() }
    }
  }
}
