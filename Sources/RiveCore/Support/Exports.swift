// `import RiveCore` gives the format and media modules too, so callers of the core need one
// import whichever stage a type lives in.
@_exported import RiveFormat
@_exported import RiveMedia
