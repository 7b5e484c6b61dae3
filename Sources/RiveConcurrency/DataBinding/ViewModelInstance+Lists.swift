import RiveCore
import RiveFormat

extension ViewModelInstance {
  /// The number of items of a list property.
  ///
  /// - Parameter property: The list.
  /// - Returns: The number of items (lists start empty: the reader does not model authored
  ///   list items).
  /// - Throws: As the `StringProperty` overload of `value(of:)`.
  @MainActor
  public func size(of property: ListProperty) async throws -> Int {
    node.items(at: try locate(property.path, expecting: .list)).count
  }

  /// The item at `index` of a list property.
  ///
  /// As upstream, this does not throw: for an unknown list or an index out of range the result
  /// stands for no instance, and reading from it throws ``ViewModelInstanceError/message(_:)``.
  ///
  /// - Parameters:
  ///   - property: The list.
  ///   - index: The item's position.
  /// - Returns: The item, sharing its values with the list's own.
  @MainActor
  public func value(of property: ListProperty, at index: Int32) -> ViewModelInstance {
    do {
      let location = try locate(property.path, expecting: .list)
      let items = node.items(at: location)
      guard let position = Int(exactly: index), items.indices.contains(position) else {
        return missing(
          "index \(index) is out of range of list \(property.path) (\(items.count) items)")
      }
      return ViewModelInstance(file: file, node: items[position])
    } catch {
      return missing(error.errorDescription ?? "failed to find list at path \(property.path)")
    }
  }

  /// Appends an instance to a list property.
  ///
  /// - Parameters:
  ///   - instance: The instance (of the same file).
  ///   - list: The list.
  @MainActor
  public func appendInstance(_ instance: ViewModelInstance, to list: ListProperty) {
    edit(list, with: instance) { items in
      items.append(instance.node)
      return true
    }
  }

  /// Inserts an instance into a list property; ignored when `index` is not within
  /// `0...size`.
  ///
  /// - Parameters:
  ///   - instance: The instance (of the same file).
  ///   - list: The list.
  ///   - index: Where to insert it.
  @MainActor
  public func insertInstance(_ instance: ViewModelInstance, to list: ListProperty, at index: Int32)
  {
    edit(list, with: instance) { items in
      guard let position = Int(exactly: index), (0...items.count).contains(position) else {
        return false
      }
      items.insert(instance.node, at: position)
      return true
    }
  }

  /// Removes the item at `index` of a list property; ignored when out of range.
  ///
  /// - Parameters:
  ///   - index: The item's position.
  ///   - list: The list.
  @MainActor
  public func removeInstance(at index: Int32, from list: ListProperty) {
    edit(list, with: nil) { items in
      guard let position = Int(exactly: index), items.indices.contains(position) else {
        return false
      }
      items.remove(at: position)
      return true
    }
  }

  /// Removes every occurrence of an instance from a list property.
  ///
  /// - Parameters:
  ///   - instance: The instance.
  ///   - list: The list.
  @MainActor
  public func removeInstance(_ instance: ViewModelInstance, from list: ListProperty) {
    edit(list, with: nil) { items in
      let count = items.count
      items.removeAll { $0.isSame(as: instance.node) }
      return items.count != count
    }
  }

  /// Swaps two items of a list property; ignored when either index is out of range.
  ///
  /// - Parameters:
  ///   - atIndex: One item's position.
  ///   - withIndex: The other's.
  ///   - list: The list.
  @MainActor
  public func swapInstance(atIndex: Int32, withIndex: Int32, in list: ListProperty) {
    edit(list, with: nil) { items in
      guard let first = Int(exactly: atIndex), let second = Int(exactly: withIndex),
        items.indices.contains(first), items.indices.contains(second)
      else { return false }
      items.swapAt(first, second)
      return first != second
    }
  }

  @MainActor
  private func edit(
    _ list: ListProperty, with instance: ViewModelInstance?,
    _ body: (inout [ViewModelInstanceNode]) -> Bool
  ) {
    defer { markDirty() }
    guard let location = try? locate(list.path, expecting: .list) else { return }
    if let instance, instance.node.failure != nil || instance.node.file !== node.file {
      return
    }
    node.editList(at: location, body)
  }
}
