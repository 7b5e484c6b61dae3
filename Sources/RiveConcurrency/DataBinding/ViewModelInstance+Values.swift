import RiveCore
import RiveFormat

extension ViewModelInstance {
  // MARK: - Reading

  /// The value of a string property.
  ///
  /// - Parameter property: The property.
  /// - Returns: The value given to it, else the file's stored value, else `""`.
  /// - Throws: ``ViewModelInstanceError/message(_:)`` for an unknown path,
  ///   ``ViewModelInstanceError/valueMismatch(_:_:)`` when the property has another type.
  @MainActor
  public func value(of property: StringProperty) async throws -> StringProperty.Value {
    if case .string(let text)? = node.value(at: try locate(property.path, expecting: .string)) {
      return text
    }
    return ""
  }

  /// The value of a number property.
  ///
  /// - Parameter property: The property.
  /// - Returns: The value given to it, else the file's stored value, else 0.
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func value(of property: NumberProperty) async throws -> NumberProperty.Value {
    if case .number(let number)? = node.value(at: try locate(property.path, expecting: .number)) {
      return number
    }
    return 0
  }

  /// The value of a boolean property.
  ///
  /// - Parameter property: The property.
  /// - Returns: The value given to it, else the file's stored value, else `false`.
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func value(of property: BoolProperty) async throws -> BoolProperty.Value {
    if case .boolean(let flag)? = node.value(at: try locate(property.path, expecting: .boolean)) {
      return flag
    }
    return false
  }

  /// The value of a color property.
  ///
  /// - Parameter property: The property.
  /// - Returns: The value given to it, else the file's stored value, else the runtime's
  ///   default, opaque black (`0xFF000000`).
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func value(of property: ColorProperty) async throws -> ColorProperty.Value {
    if case .color(let color)? = node.value(at: try locate(property.path, expecting: .color)) {
      return color
    }
    return Color.viewModelDefault
  }

  /// The value of an enum property: the name of one of the enum's values.
  ///
  /// - Parameter property: The property.
  /// - Returns: The value given to it, else the file's stored value, else the enum's first
  ///   value (`""` when the enum is unknown).
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func value(of property: EnumProperty) async throws -> EnumProperty.Value {
    if case .enumValue(let name)? = node.value(at: try locate(property.path, expecting: .enum)) {
      return name
    }
    return ""
  }

  /// The nested instance of a view-model property.
  ///
  /// As upstream, this does not throw: when the path leads to no view-model property, the
  /// returned instance stands for none, and reading from it throws
  /// ``ViewModelInstanceError/message(_:)`` saying why. The result shares this instance's
  /// values, so values set through it are seen through `"Nested/…"` paths here.
  ///
  /// - Parameter property: The property.
  /// - Returns: The instance assigned with `setValue(of:to:)`, else the nested instance.
  @MainActor
  public func value(of property: ViewModelInstanceProperty) -> ViewModelInstance {
    do {
      let location = try locate(property.path, expecting: .viewModel)
      if let child = location.owner.child(named: location.property.name) {
        return ViewModelInstance(file: file, node: child)
      }
      return missing("failed to find view model of \(property.path)")
    } catch {
      return missing(error.errorDescription ?? "failed to find property at path \(property.path)")
    }
  }

  /// An instance that stands for none.
  func missing(_ message: String) -> ViewModelInstance {
    ViewModelInstance(
      file: file,
      node: .missing(file: file.loaded, viewModelIndex: viewModelIndex, message: message))
  }

  // MARK: - Streams

  /// A stream of a string property's value: it yields the current value each time the value
  /// changes (set through either API generation, or by an advance), until the consumer stops.
  ///
  /// - Parameter property: The property.
  /// - Returns: The stream; it finishes with the error of `value(of:)` when the path is
  ///   unknown or of another type, and ends when the instance goes away.
  @MainActor
  public func valueStream(of property: StringProperty)
    -> AsyncThrowingStream<StringProperty.Value, Error>
  {
    stream(property.path, .string) { .string($0) }
  }

  /// A stream of a number property's value (see the `StringProperty` overload).
  ///
  /// - Parameter property: The property.
  /// - Returns: The stream.
  @MainActor
  public func valueStream(of property: NumberProperty)
    -> AsyncThrowingStream<NumberProperty.Value, Error>
  {
    stream(property.path, .number) { .number($0) }
  }

  /// A stream of a boolean property's value (see the `StringProperty` overload).
  ///
  /// - Parameter property: The property.
  /// - Returns: The stream.
  @MainActor
  public func valueStream(of property: BoolProperty)
    -> AsyncThrowingStream<BoolProperty.Value, Error>
  {
    stream(property.path, .boolean) { .boolean($0) }
  }

  /// A stream of a color property's value (see the `StringProperty` overload).
  ///
  /// - Parameter property: The property.
  /// - Returns: The stream.
  @MainActor
  public func valueStream(of property: ColorProperty)
    -> AsyncThrowingStream<ColorProperty.Value, Error>
  {
    stream(property.path, .color) { .color($0) }
  }

  /// A stream of an enum property's value (see the `StringProperty` overload).
  ///
  /// - Parameter property: The property.
  /// - Returns: The stream.
  @MainActor
  public func valueStream(of property: EnumProperty)
    -> AsyncThrowingStream<EnumProperty.Value, Error>
  {
    stream(property.path, .enum) { .string($0) }
  }

  /// A stream that yields each time a trigger property fires (once per delivery, however many
  /// fires it covers), until the consumer stops.
  ///
  /// - Parameter property: The trigger.
  /// - Returns: The stream; it finishes with the error of `value(of:)` when the path is
  ///   unknown or not a trigger.
  @MainActor
  public func stream(of property: TriggerProperty) -> AsyncThrowingStream<Void, Error> {
    stream(property.path, .trigger) { .trigger($0) }
  }

  private func stream<Element>(
    _ path: String, _ type: ViewModelProperty.DataType,
    _ sink: (AsyncThrowingStream<Element, Error>.Continuation) -> ViewModelValueStore.Sink
  ) -> AsyncThrowingStream<Element, Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
    do {
      let location = try locate(path, expecting: type)
      let store = location.store
      let token = store.watch(
        location.key, fallback: node.fallback(at: location), sink: sink(continuation))
      continuation.onTermination = { [weak store] _ in store?.unwatch(token) }
    } catch {
      continuation.finish(throwing: error)
    }
    return stream
  }

  // MARK: - Writing (fire and forget, as upstream: a rejected write changes nothing, and
  // every call, applied or not, yields on this handle's dirty streams)

  /// Sets a string property; ignored when the path is unknown or of another type.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - value: The new value.
  @MainActor
  public func setValue(of property: StringProperty, to value: StringProperty.Value) {
    write(property.path, .string) { node.setValue(.string(value), at: $0) }
  }

  /// Sets a number property; ignored when the path is unknown or of another type.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - value: The new value.
  @MainActor
  public func setValue(of property: NumberProperty, to value: NumberProperty.Value) {
    write(property.path, .number) { node.setValue(.number(value), at: $0) }
  }

  /// Sets a boolean property; ignored when the path is unknown or of another type.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - value: The new value.
  @MainActor
  public func setValue(of property: BoolProperty, to value: BoolProperty.Value) {
    write(property.path, .boolean) { node.setValue(.boolean(value), at: $0) }
  }

  /// Sets a color property; ignored when the path is unknown or of another type.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - value: The new value.
  @MainActor
  public func setValue(of property: ColorProperty, to value: ColorProperty.Value) {
    write(property.path, .color) { node.setValue(.color(value), at: $0) }
  }

  /// Sets an enum property to one of its enum's values; ignored when the path is unknown, of
  /// another type, or `value` is not a value of the enum.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - value: The name of an enum value.
  @MainActor
  public func setValue(of property: EnumProperty, to value: EnumProperty.Value) {
    write(property.path, .enum) { node.setValue(.enumValue(value), at: $0) }
  }

  /// Fires a trigger property; ignored when the path is unknown or of another type.
  ///
  /// - Parameter property: The trigger.
  @MainActor
  public func fire(trigger property: TriggerProperty) {
    write(property.path, .trigger) { node.fire(at: $0) }
  }

  /// Assigns an artboard to an artboard property (`nil` clears it); the instance keeps it.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - artboard: The artboard, or nil.
  @MainActor
  public func setValue(of property: ArtboardProperty, to artboard: Artboard?) {
    write(property.path, .artboard) {
      node.setArtboard(.init(object: artboard, name: artboard?.name), at: $0)
    }
  }

  /// Replaces a nested instance; ignored unless `instance` is of the property's view model.
  ///
  /// - Parameters:
  ///   - property: The view-model property.
  ///   - instance: An instance of the referenced view model.
  @MainActor
  public func setValue(of property: ViewModelInstanceProperty, to instance: ViewModelInstance) {
    write(property.path, .viewModel) { node.replaceNested(with: instance.node, at: $0) }
  }

  @MainActor
  func write(
    _ path: String, _ type: ViewModelProperty.DataType,
    _ apply: (ViewModelInstanceNode.Location) -> Void
  ) {
    defer { markDirty() }
    guard let location = try? locate(path, expecting: type) else { return }
    apply(location)
  }
}
