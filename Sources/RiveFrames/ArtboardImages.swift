import RiveCore
import RiveFormat
import RiveRaster

/// The images of a `ResolvedAssets` prepared for the rasteriser: the pixels Cairo samples
/// (`RasterImages`) under the ids the runtime's draw calls give them (``draw``).
///
/// Preparing converts every image once (to premultiplied ARGB surfaces), so a recording makes
/// one and draws every frame with it.
///
/// Not `Sendable` (it owns Cairo surfaces); make one per thread that renders.
public final class ArtboardImages {
  /// The assets the images are of (their fonts and sounds too).
  public let assets: ResolvedAssets
  /// The pixels, by the ids of ``draw``.
  public let raster: RasterImages

  /// The ids the runtime's draw calls use (`ResolvedAssets.drawImages`).
  public var draw: DrawImages { assets.drawImages }

  /// The decoded image of each file asset that has one, by asset index.
  public var byAsset: [Int: DecodedImage] {
    var images: [Int: DecodedImage] = [:]
    for (key, image) in assets.images {
      if case .asset(let index) = key { images[index] = image }
    }
    return images
  }

  /// Prepares the images of `assets`: of the file's assets and of bound image properties.
  ///
  /// - Parameter assets: What a frame draws with.
  /// - Throws: `RasterError` with code `invalidImage` for an image Cairo cannot take.
  public init(_ assets: ResolvedAssets) throws(RasterError) {
    var byID: [Int: DecodedImage] = [:]
    for (key, image) in assets.images {
      if let id = assets.drawID(for: key) { byID[id] = image }
    }
    self.assets = assets
    raster = try RasterImages(byID)
  }

  /// The file's embedded assets (`ResolvedAssets.embedded(in:fallbackFonts:)`) with their
  /// images prepared; an embedded image that does not decode draws nothing.
  ///
  /// - Parameter document: The file's structure, read at least to `.assets` depth.
  /// - Returns: The images.
  /// - Throws: `RasterError` with code `invalidImage` for an image Cairo cannot take.
  public static func embedded(in document: RiveDocument) throws(RasterError) -> ArtboardImages {
    try ArtboardImages(.embedded(in: document))
  }
}
