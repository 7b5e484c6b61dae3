@_spi(RiveFormatInternals) import RiveFormat

/// Component origins: a `ComponentOrigin` child of a nested artboard overrides the origin of the
/// artboard it mounts, when the artboard is mounted and whenever the override changes.
extension ArtboardInstance {
  /// The `ComponentOrigin` child of component `host`, if it has one.
  @inline(__always)  // read by the transform update; a call copied the whole instance first
  func componentOrigin(of host: Int) -> Int? {
    geometryModel.children[host].lazy.map { Int($0) }.first { child in
      model.types[child] == UInt16(TypeKey.componentOrigin)
    }
  }

  /// Sets nested artboard `index`'s origin to its host's override, if the host has one.
  mutating func applyOriginOverride(nested index: Int) {
    guard index >= 0, index < nested.count,
      let origin = componentOrigin(of: model.nestedHosts[nested[index].hostIndex].id),
      nested[index].hasArtboard
    else { return }
    let x = float(origin, Slot.componentOriginOriginX)
    let y = float(origin, Slot.componentOriginOriginY)
    let table = TypeTable.shared
    let artboardType = UInt16(TypeKey.artboard)
    // Set where the nested instance lives.
    let changed =
      nested[index].mount.withValue { child -> Bool in
        var changed = false
        for (key, value) in [(PropertyKey.artboardOriginX, x), (PropertyKey.artboardOriginY, y)] {
          if let offset = table.slotOffset(type: artboardType, key: key) {
            changed = child.setFloat(0, offset: offset, key: key, value) || changed
          }
        }
        return changed
      } ?? false
    if changed {
      nested[index].isDirty = true
      needsUpdate = true
    }
  }

  /// A component origin's value changed: push it onto the artboard its host mounts.
  mutating func componentOriginChanged(_ origin: Int) {
    let host = Int(geometryModel.parents[origin])
    guard host >= 0, host < geometry.nestedSlots.count, let index = nestedIndex(forHost: host)
    else { return }
    applyOriginOverride(nested: index)
  }
}
