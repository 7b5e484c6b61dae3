@_exported import RiveConcurrency
@_exported import RiveLegacy
