/// The umbrella module: `import RiveRuntime` gives both API generations, as upstream's module
/// of the same name does, so code written for the Apple runtime compiles here.
@_exported import RiveConcurrency
@_exported import RiveLegacy

@_exported import struct RiveCore.SystemFont

#if !canImport(UIKit) && !canImport(AppKit)
  /// On Linux, `UIFont` names a ``SystemFont`` request, so upstream calls such as
  /// `worker.decodeFont(from: UIFont.systemFont(ofSize: 12))` compile unchanged; the family is
  /// looked up through fontconfig and the size and weight are ignored, as upstream ignores them.
  public typealias UIFont = SystemFont
#endif
