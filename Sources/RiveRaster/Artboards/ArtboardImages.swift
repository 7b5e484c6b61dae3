import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// A file's images as one resolution left them, in both forms a frame needs: the ids the
/// engine's draw calls use (`DrawImages`) and the pixels the rasteriser samples
/// (``RasterImages``), with the same ids.
///
/// Make one from the `ResolutionReport` of either API generation (global registrations,
/// legacy loaders' images, embedded bytes) with ``init(report:document:)``, or from the
/// embedded images alone with ``embedded(in:)``.
///
/// Not `Sendable` (it owns Cairo surfaces); make one per thread that renders.
public final class ArtboardImages {
  /// The ids the engine's draw calls use, by file asset.
  public let draw: DrawImages
  /// The pixels, by the same ids.
  public let raster: RasterImages
  /// The decoded image of each file asset that has one.
  public let byAsset: [Int: DecodedImage]

  /// Prepares decoded images given by file asset index.
  ///
  /// - Parameters:
  ///   - document: The file's structure.
  ///   - images: Decoded images by file asset index (entries for assets that are not images
  ///     are ignored), and by the index past the file's assets each image given to an image
  ///     property through data binding draws under.
  /// - Throws: ``RasterError`` with code `invalidImage` for an image Cairo cannot take.
  public init(document: RiveDocument, images: [Int: DecodedImage]) throws(RasterError) {
    let usable = Self.usable(images, in: document)
    let draw = DrawImages(document: document, images: usable)
    var byID: [Int: DecodedImage] = [:]
    for (index, image) in usable {
      if let id = draw.id(forAsset: index) { byID[id] = image }
    }
    self.draw = draw
    self.raster = try RasterImages(byID)
    self.byAsset = usable
  }

  /// The draw ids the same images get (``draw`` of an `ArtboardImages` made from them), without
  /// preparing pixels: for drawing a live artboard on one thread and rasterising on another.
  ///
  /// - Parameters:
  ///   - document: The file's structure.
  ///   - images: Decoded images by file asset index.
  /// - Returns: The ids.
  public static func drawImages(document: RiveDocument, images: [Int: DecodedImage]) -> DrawImages {
    DrawImages(document: document, images: usable(images, in: document))
  }

  private static func usable(_ images: [Int: DecodedImage], in document: RiveDocument) -> [Int:
    DecodedImage]
  {
    images.filter { index, _ in
      // File image assets, and the indices past the file's assets data-bound images draw under.
      index >= document.assets.count
        || (document.assets.indices.contains(index) && document.assets[index].kind == .image)
    }
  }

  /// Prepares the images a resolution report gives the file's assets: each entry of an image
  /// asset (not a data-binding entry) whose content is a decoded image.
  ///
  /// - Parameters:
  ///   - report: What one API generation resolved (`File.resolutionReport()` or
  ///     `RiveFile.resolutionReport()`).
  ///   - document: The file's structure.
  /// - Throws: ``RasterError`` with code `invalidImage` for an image Cairo cannot take.
  public convenience init(report: ResolutionReport, document: RiveDocument) throws(RasterError) {
    try self.init(document: document, images: Self.images(in: report))
  }

  /// The decoded image of each file asset in `report` (data-binding entries are skipped: they
  /// describe view-model properties, not the file's assets).
  public static func images(in report: ResolutionReport) -> [Int: DecodedImage] {
    var images: [Int: DecodedImage] = [:]
    for entry in report.entries where entry.propertyPath == nil && entry.asset.index >= 0 {
      if let image = entry.content?.image { images[entry.asset.index] = image }
    }
    return images
  }

  /// The file's embedded images, decoded (an embedded image that does not decode draws
  /// nothing).
  ///
  /// - Parameter document: The file's structure, read at least to `.assets` depth.
  /// - Returns: The images.
  /// - Throws: ``RasterError`` with code `invalidImage` for an image Cairo cannot take.
  public static func embedded(in document: RiveDocument) throws(RasterError) -> ArtboardImages {
    var images: [Int: DecodedImage] = [:]
    for (index, asset) in document.assets.enumerated() where asset.kind == .image {
      guard let contents = asset.contents else { continue }
      if let image = contents.withUnsafeBytes({ try? ImageDecoder.decode($0) }) {
        images[index] = image
      }
    }
    return try ArtboardImages(document: document, images: images)
  }
}
