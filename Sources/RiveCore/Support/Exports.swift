// `import RiveCore` gives the format, media, display-list and diagnostics (`CodedError`)
// modules too, so callers of the core need one import whichever stage a type lives in.
@_exported import RiveDiagnostics
@_exported import RiveDisplayList
@_exported import RiveFormat
@_exported import RiveMedia
