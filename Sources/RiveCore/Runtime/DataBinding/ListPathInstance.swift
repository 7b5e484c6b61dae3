import Foundation
import RiveFormat

/// A list path playing inside its artboard: a path whose vertices are the items of the
/// view-model list bound to it, one cubic detached vertex per item with a view-model instance,
/// as the runtime's `ListPath` makes them.
///
/// Each item's number properties with a vertex role (their symbol type) write the vertex:
/// x and y; rotation (both angles) and in or out rotation, in degrees; distance (both lengths)
/// and in or out distance; an in or out point (x and y of the control point, relative to the
/// vertex, written as its angle and length). The runtime writes a property when it changes,
/// so the vertex keeps what was written last: when several write the same field, the one that
/// changed last wins, and when an item's instance changes the new one writes all of its
/// properties in the runtime's order (x, y, rotation, in and out rotation, distance, in and
/// out distance, the in point, the out point); fields it has no property for keep their value.
struct ListPathInstance: Sendable {
  /// The list path's component id in its artboard.
  let componentID: Int
  /// The list's items' view-model instances (store handles), in list order.
  var items: [Int32] = []
  var vertices: [Vertex] = []
  /// The store's change count when the vertices last read their items (nil: never).
  var readAtChange: UInt64?

  /// The vertex roles a view-model number property may have (its symbol type).
  enum Role {
    static let x: UInt32 = 1
    static let y: UInt32 = 2
    static let inPointX: UInt32 = 3
    static let inPointY: UInt32 = 4
    static let outPointX: UInt32 = 5
    static let outPointY: UInt32 = 6
    static let rotation: UInt32 = 7
    static let inRotation: UInt32 = 8
    static let outRotation: UInt32 = 9
    static let distance: UInt32 = 10
    static let inDistance: UInt32 = 11
    static let outDistance: UInt32 = 12
  }

  /// One vertex: its fields as last written, and the values it last read from its instance.
  struct Vertex: Sendable, Equatable {
    /// The instance the vertex reads (-1 before it has read one).
    var instance: Int32 = -1
    var x: Float = 0
    var y: Float = 0
    var inRotation: Float = 0
    var inDistance: Float = 0
    var outRotation: Float = 0
    var outDistance: Float = 0
    /// The role values last read (lane `role`), and which roles the instance has (bit `role`).
    var seen = SIMD16<Float>(repeating: 0)
    var present: UInt16 = 0

    /// The roles that write fields directly, in the runtime's order: each role's value (times
    /// its scale: degrees to radians for angles) goes into its fields.
    static let directWrites:
      [(role: UInt32, fields: [WritableKeyPath<Vertex, Float> & Sendable], scale: Float)] = [
        (Role.x, [\.x], 1),
        (Role.y, [\.y], 1),
        (Role.rotation, [\.inRotation, \.outRotation], .pi / 180),
        (Role.inRotation, [\.inRotation], .pi / 180),
        (Role.outRotation, [\.outRotation], .pi / 180),
        (Role.distance, [\.inDistance, \.outDistance], 1),
        (Role.inDistance, [\.inDistance], 1),
        (Role.outDistance, [\.outDistance], 1),
      ]

    /// Reads `values` (of roles `present`): every role when `all`, else the ones whose value
    /// or presence changed, written in the runtime's order. True when a field may have changed.
    mutating func read(_ values: SIMD16<Float>, present: UInt16, all: Bool) -> Bool {
      func changed(_ role: UInt32) -> Bool {
        let bit = UInt16(1) << UInt16(role)
        guard present & bit != 0 else { return false }
        if all || self.present & bit == 0 { return true }
        let old = seen[Int(role)]
        let new = values[Int(role)]
        return old.bitPattern != new.bitPattern
      }
      func has(_ role: UInt32) -> Bool { present & (UInt16(1) << UInt16(role)) != 0 }
      var wrote = false
      for write in Self.directWrites where changed(write.role) {
        let value = values[Int(write.role)] * write.scale
        for field in write.fields { self[keyPath: field] = value }
        wrote = true
      }
      // A control point (x and y relative to the vertex, 0 for a missing one) is written as
      // its length and angle.
      func polar(_ x: UInt32, _ y: UInt32) -> (distance: Float, rotation: Float) {
        let px = has(x) ? values[Int(x)] : 0
        let py = has(y) ? values[Int(y)] : 0
        return ((px * px + py * py).squareRoot(), atan2f(py, px))
      }
      if changed(Role.inPointX) || changed(Role.inPointY) {
        (inDistance, inRotation) = polar(Role.inPointX, Role.inPointY)
        wrote = true
      }
      if changed(Role.outPointX) || changed(Role.outPointY) {
        (outDistance, outRotation) = polar(Role.outPointX, Role.outPointY)
        wrote = true
      }
      seen = values
      self.present = present
      return wrote
    }
  }

  /// The most vertices a list path makes (a longer list's items past it are left out).
  static let maximumVertices = 65_536
}

extension ArtboardInstance {
  /// The index in ``listPaths`` of the list path with component id `id`.
  func listPathIndex(_ id: Int) -> Int? {
    listPaths.firstIndex { $0.componentID == id }
  }

  /// Appends list path `c`'s vertices to `vertices` as the path builder takes them.
  func appendListPathVertices(_ c: Int, to vertices: inout [PathPoint]) {
    guard let index = listPathIndex(c) else { return }
    for vertex in listPaths[index].vertices {
      let p = Vec2(vertex.x, vertex.y)
      vertices.append(
        .cubic(
          p,
          in: p
            + Vec2(
              cosf(vertex.inRotation) * vertex.inDistance,
              sinf(vertex.inRotation) * vertex.inDistance),
          out: p
            + Vec2(
              cosf(vertex.outRotation) * vertex.outDistance,
              sinf(vertex.outRotation) * vertex.outDistance)))
    }
  }

  /// Reads every list path's items' values again (each frame's bind pass): vertices whose
  /// values changed are written and their path marked dirty.
  ///
  /// Only when a value changed since they were last read (the store's change count moved): a
  /// steady frame reads nothing.
  mutating func syncListPaths() {
    guard let changes = storeBox.read({ $0.changeCount }),
      listPaths.contains(where: { $0.readAtChange != changes })
    else { return }
    var store = lendStore()
    for index in listPaths.indices {
      let changed = store.withValue { $0.readListPath(&listPaths[index]) } ?? false
      if changed { markPathDirty(listPaths[index].componentID) }
    }
    returnStore(store)
  }
}

extension ViewModelStore {
  /// A list bound to list path `id` changed: one vertex per item with an instance, the
  /// vertices of items whose instance changed read again in full, the rest kept.
  mutating func updateListPath(_ id: Int, items: [Int32], artboard: inout ArtboardInstance) {
    let index: Int
    if let existing = artboard.listPathIndex(id) {
      index = existing
    } else {
      artboard.listPaths.append(ListPathInstance(componentID: id))
      index = artboard.listPaths.count - 1
    }
    var kept: [Int32] = []
    for item in items where item >= 0 && Int(item) < instances.count {
      kept.append(item)
      if kept.count == ListPathInstance.maximumVertices { break }
    }
    artboard.listPaths[index].items = kept
    _ = readListPath(&artboard.listPaths[index])
    artboard.markPathDirty(id)
  }

  /// Brings `path`'s vertices in line with its items: new vertices for new items, the last
  /// ones dropped for items gone, each vertex reading its item's instance (in full when the
  /// instance changed). True when a vertex may have changed.
  func readListPath(_ path: inout ListPathInstance) -> Bool {
    path.readAtChange = changeCount
    var changed = false
    if path.vertices.count > path.items.count {
      path.vertices.removeLast(path.vertices.count - path.items.count)
      changed = true
    }
    for (position, instance) in path.items.enumerated() {
      if position == path.vertices.count {
        path.vertices.append(ListPathInstance.Vertex())
        changed = true
      }
      let (values, present) = vertexRoleValues(of: instance)
      let all = path.vertices[position].instance != instance
      path.vertices[position].instance = instance
      if path.vertices[position].read(values, present: present, all: all) { changed = true }
    }
    return changed
  }

  /// The number values of `instance` with a vertex role, by role, and which roles it has.
  func vertexRoleValues(of instance: Int32) -> (SIMD16<Float>, UInt16) {
    var roleValues = SIMD16<Float>(repeating: 0)
    var present: UInt16 = 0
    forEachRoleNumber(of: instance) { symbolType, number in
      let role = UInt32(symbolType)
      guard role >= ListPathInstance.Role.x, role <= ListPathInstance.Role.outDistance else {
        return
      }
      let bit = UInt16(1) << UInt16(role)
      // The first property of a role counts, as the runtime finds one by its role.
      guard present & bit == 0 else { return }
      roleValues[Int(role)] = number
      present |= bit
    }
    return (roleValues, present)
  }
}
