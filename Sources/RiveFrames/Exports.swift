// `import RiveFrames` gives the rasteriser too (`RasterFrame`, `RasterImages`, `FrameFit`,
// `RasterError`): a frame's values are the rasteriser's, with their media conveniences here.
@_exported import RiveRaster
