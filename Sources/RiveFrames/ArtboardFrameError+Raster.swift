import RiveCore
import RiveRaster

extension ArtboardFrameError {
  /// The rasteriser's error, for code `raster`.
  public var raster: RasterError? { cause as? RasterError }

  /// Creates an error with the rasteriser's error underneath.
  ///
  /// - Parameters:
  ///   - code: The category (usually `raster`).
  ///   - message: What went wrong.
  ///   - raster: The rasteriser's error.
  public init(_ code: Code, message: String, raster: RasterError?) {
    self.init(code, message: message, cause: raster)
  }

  /// Wraps a rasteriser error (code `raster`).
  public init(_ error: RasterError) {
    self.init(.raster, message: error.description, cause: error)
  }
}
