extension RiveObjectWriter {
  /// The bytes of a data-bind path (a view model id then property ids, or manifest ids), as
  /// data binds, view-model listeners and nested artboards store their paths.
  ///
  /// - Parameter ids: The path's ids, in order.
  /// - Returns: The ids as consecutive varuints.
  public static func pathBytes(_ ids: [UInt32]) -> [UInt8] {
    var bytes: [UInt8] = []
    for id in ids { bytes.appendVarUInt(UInt64(id)) }
    return bytes
  }

  /// The contents of a manifest asset: a names section and a paths section, as name-based
  /// data binds resolve their paths through them.
  ///
  /// - Parameters:
  ///   - names: Name ids and the property names they stand for.
  ///   - paths: Path ids and the name ids each path is made of.
  /// - Returns: The manifest's bytes.
  public static func manifestBytes(names: [(UInt32, String)], paths: [(UInt32, [UInt32])])
    -> [UInt8]
  {
    var nameSection: [UInt8] = []
    nameSection.appendVarUInt(UInt64(names.count))
    for (id, name) in names {
      let text = Array(name.utf8)
      nameSection.appendVarUInt(UInt64(id))
      nameSection.appendVarUInt(UInt64(text.count))
      nameSection += text
    }
    var pathSection: [UInt8] = []
    pathSection.appendVarUInt(UInt64(paths.count))
    for (id, path) in paths {
      pathSection.appendVarUInt(UInt64(id))
      pathSection.appendVarUInt(UInt64(path.count))
      for part in path { pathSection.appendVarUInt(UInt64(part)) }
    }
    var bytes: [UInt8] = []
    bytes.appendVarUInt(0)
    bytes.appendVarUInt(UInt64(nameSection.count))
    bytes += nameSection
    bytes.appendVarUInt(1)
    bytes.appendVarUInt(UInt64(pathSection.count))
    bytes += pathSection
    return bytes
  }
}
