/// The color value of color properties lives in the core, where both API generations' shared
/// view-model store keeps it; `import RiveConcurrency` alone still names it.
@_exported import struct RiveCore.Color
