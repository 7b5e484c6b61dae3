/// The identifiers taken in one Swift scope; a clash gets the next free numeric suffix.
///
/// Every scope reserves the names the generated code itself declares or refers to (`name`,
/// `bundle`, `Input`, `String`, …) and those backticks cannot rescue (`self`, `Type`, …), so a
/// name from a file never shadows them.
struct IdentifierScope {
  /// Names no generated identifier may take.
  static let reserved: Set<String> = SwiftIdentifier.unusable.union([
    // Members and nested types the generator declares.
    "name", "resourceName", "bundle", "source", "Artboards", "Animations", "StateMachines",
    "Inputs", "ViewModels", "Paths", "Properties", "Instances", "Assets", "Input", "Asset",
    "Kind", "Storage",
    // Types and modules the generated code names.
    "String", "Bundle", "Foundation", "Swift", "Source", "RiveConcurrency", "Hashable",
    "Sendable", "StringProperty", "NumberProperty", "BoolProperty", "ColorProperty",
    "EnumProperty", "TriggerProperty", "ImageProperty", "FontProperty", "BlobProperty",
    "ArtboardProperty", "ViewModelInstanceProperty", "ListProperty",
  ])

  private var taken: Set<String>

  /// Creates a scope where only the reserved names (and `extra`) are taken.
  ///
  /// - Parameter extra: More names to keep free, such as the namespace's own name.
  init(reserving extra: Set<String> = []) {
    taken = Self.reserved.union(extra)
  }

  /// Takes `identifier`, or `identifier2`, `identifier3`, … when it is taken.
  ///
  /// - Parameter identifier: A valid identifier.
  /// - Returns: The identifier taken.
  mutating func claim(_ identifier: String) -> String {
    var candidate = identifier
    var suffix = 2
    while taken.contains(candidate) {
      candidate = "\(identifier)\(suffix)"
      suffix += 1
    }
    taken.insert(candidate)
    return candidate
  }
}
