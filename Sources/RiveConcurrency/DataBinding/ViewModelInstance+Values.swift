import RiveCore

extension ViewModelInstance {
  // MARK: - Reading

  /// The value of a string property.
  ///
  /// - Parameter property: The property.
  /// - Returns: The value given to it, else the file's stored value, else `""`.
  /// - Throws: ``ViewModelInstanceError/message(_:)`` for an unknown path,
  ///   ``ViewModelInstanceError/valueMismatch(_:_:)`` when the property has another type.
  @MainActor
  public func value(of property: StringProperty) async throws -> String {
    let location = try locate(property.path, expecting: .string)
    if case .string(let value) = location.storage.values[location.key] { return value }
    if case .string(let value) = location.stored?.value(ofPropertyAt: location.propertyIndex) {
      return value
    }
    return ""
  }

  /// The value of a number property.
  ///
  /// - Parameter property: The property.
  /// - Returns: The value given to it, else the file's stored value, else 0.
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func value(of property: NumberProperty) async throws -> Float {
    let location = try locate(property.path, expecting: .number)
    if case .number(let value) = location.storage.values[location.key] { return value }
    if case .number(let value) = location.stored?.value(ofPropertyAt: location.propertyIndex) {
      return value
    }
    return 0
  }

  /// The value of a boolean property.
  ///
  /// - Parameter property: The property.
  /// - Returns: The value given to it, else the file's stored value, else `false`.
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func value(of property: BoolProperty) async throws -> Bool {
    let location = try locate(property.path, expecting: .boolean)
    if case .boolean(let value) = location.storage.values[location.key] { return value }
    if case .boolean(let value) = location.stored?.value(ofPropertyAt: location.propertyIndex) {
      return value
    }
    return false
  }

  /// The value of a color property.
  ///
  /// - Parameter property: The property.
  /// - Returns: The value given to it, else the file's stored value, else the runtime's
  ///   default `0xFF1D1D1D`.
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func value(of property: ColorProperty) async throws -> Color {
    let location = try locate(property.path, expecting: .color)
    if case .color(let value) = location.storage.values[location.key] { return value }
    if case .color(let value) = location.stored?.value(ofPropertyAt: location.propertyIndex) {
      return Color(value)
    }
    return Color(0xFF1D_1D1D)
  }

  /// The value of an enum property: the name of one of the enum's values.
  ///
  /// - Parameter property: The property.
  /// - Returns: The value given to it, else the file's stored value, else the enum's first
  ///   value (`""` when the enum is unknown).
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func value(of property: EnumProperty) async throws -> String {
    let location = try locate(property.path, expecting: .enum)
    if case .enumValue(let value) = location.storage.values[location.key] { return value }
    let values = enumValues(of: location.property)
    var index = 0
    if case .enumIndex(let stored) = location.stored?.value(ofPropertyAt: location.propertyIndex) {
      index = stored
    }
    return values.indices.contains(index) ? values[index] : ""
  }

  /// The number of items of a list property.
  ///
  /// The reader does not model list items yet, so this is always 0 for a valid list property.
  ///
  /// - Parameter property: The property.
  /// - Returns: The number of items.
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func size(of property: ListProperty) async throws -> Int {
    _ = try locate(property.path, expecting: .list)
    return 0
  }

  /// The nested instance of a view-model property.
  ///
  /// Unlike upstream this throws, because the path is checked: the result shares this
  /// instance's storage, so values set through it are seen through `"Nested/…"` paths here.
  ///
  /// - Parameter property: The property.
  /// - Returns: The instance assigned with `setValue(of:to:)`,
  ///   else a view of the nested values.
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func value(of property: ViewModelInstanceProperty) throws -> ViewModelInstance {
    let location = try locate(property.path, expecting: .viewModel)
    if let replacement = location.storage.nested[location.key] { return replacement }
    guard let reference = location.property.viewModelReferenceIndex else {
      throw ViewModelInstanceError.message("failed to find view model of \(property.path)")
    }
    return ViewModelInstance(
      file: file, viewModelIndex: reference, stored: nil, storage: location.storage,
      prefix: location.key + "/")
  }

  // MARK: - Writing (fire and forget, as upstream: a rejected write changes nothing)

  /// Sets a string property; ignored when the path is unknown or of another type.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - value: The new value.
  @MainActor
  public func setValue(of property: StringProperty, to value: String) {
    write(property.path, .string) { $0.values[$1] = .string(value) }
  }

  /// Sets a number property; ignored when the path is unknown or of another type.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - value: The new value.
  @MainActor
  public func setValue(of property: NumberProperty, to value: Float) {
    write(property.path, .number) { $0.values[$1] = .number(value) }
  }

  /// Sets a boolean property; ignored when the path is unknown or of another type.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - value: The new value.
  @MainActor
  public func setValue(of property: BoolProperty, to value: Bool) {
    write(property.path, .boolean) { $0.values[$1] = .boolean(value) }
  }

  /// Sets a color property; ignored when the path is unknown or of another type.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - value: The new value.
  @MainActor
  public func setValue(of property: ColorProperty, to value: Color) {
    write(property.path, .color) { $0.values[$1] = .color(value) }
  }

  /// Sets an enum property to one of its enum's values; ignored when the path is unknown, of
  /// another type, or `value` is not a value of the enum.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - value: The name of an enum value.
  @MainActor
  public func setValue(of property: EnumProperty, to value: String) {
    guard let location = try? locate(property.path, expecting: .enum) else { return }
    let values = enumValues(of: location.property)
    guard values.isEmpty || values.contains(value) else { return }
    location.storage.values[location.key] = .enumValue(value)
    storage.markDirty()
  }

  /// Fires a trigger property; ignored when the path is unknown or of another type.
  ///
  /// - Parameter property: The trigger.
  @MainActor
  public func fire(trigger property: TriggerProperty) {
    write(property.path, .trigger) { $0.triggerCounts[$1, default: 0] += 1 }
  }

  /// Assigns an artboard to an artboard property (`nil` clears it); the instance keeps it.
  ///
  /// - Parameters:
  ///   - property: The property.
  ///   - artboard: The artboard, or nil.
  @MainActor
  public func setValue(of property: ArtboardProperty, to artboard: Artboard?) {
    write(property.path, .artboard) { $0.artboards[$1] = .some(artboard) }
  }

  /// Replaces a nested instance; ignored unless `instance` is of the property's view model.
  ///
  /// - Parameters:
  ///   - property: The view-model property.
  ///   - instance: An instance of the referenced view model.
  @MainActor
  public func setValue(of property: ViewModelInstanceProperty, to instance: ViewModelInstance) {
    guard let location = try? locate(property.path, expecting: .viewModel),
      instance.file.loaded === file.loaded,
      location.property.viewModelReferenceIndex == instance.viewModelIndex
    else { return }
    location.storage.nested[location.key] = instance
    storage.markDirty()
  }

  @MainActor
  func write(
    _ path: String, _ type: ViewModelProperty.DataType,
    _ apply: (ViewModelInstanceStorage, String) -> Void
  ) {
    guard let location = try? locate(path, expecting: type) else { return }
    apply(location.storage, location.key)
    storage.markDirty()
  }

  func enumValues(of property: RiveDocument.ViewModelProperty) -> [String] {
    guard let name = property.enumName else { return [] }
    return document.enums.first { $0.name == name }?.values ?? []
  }
}
