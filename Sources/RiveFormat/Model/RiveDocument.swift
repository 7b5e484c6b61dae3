import Foundation

/// A `.riv` file that imported successfully: its assets, artboards and view models.
///
/// Reading never copies asset contents: ``RiveDocument/Asset/contents`` are views into the file's bytes,
/// which are memory-mapped when the document is opened from a path.
public struct RiveDocument: Sendable {
  /// The header.
  public var header: RiveHeader
  /// The file's asset list, in file order.
  public var assets: [RiveDocument.Asset]
  /// The artboards, in file order (empty when read with ``ReadDepth/assets``).
  public var artboards: [RiveDocument.Artboard]
  /// The view models, in file order (empty when read with ``ReadDepth/assets``).
  public var viewModels: [RiveDocument.ViewModel]
  /// The file's enums.
  public var enums: [RiveDocument.DataEnum]
  /// The manifest asset, when present.
  public var manifest: RiveDocument.Asset?
  /// The number of bytes in the file.
  public var byteCount: Int
  /// The in-band bytes offered to the asset loader with each loadable asset, by asset index:
  /// what a runtime built without scripting decodes. They differ from the asset's own
  /// ``RiveDocument/Asset/contents`` when a script or shader asset follows it (such a runtime
  /// has no importer for those, so their contents replace the previous asset's).
  @_spi(RiveFormatInternals) public var offeredContents: [Int: EmbeddedBytes?] = [:]

  /// Reads a document from bytes.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - depth: How much to build; ``ReadDepth/assets`` is the fast path for listing assets.
  /// - Throws: ``RiveError`` with code `notRiveFile`, `unsupportedVersion`, `truncated`,
  ///   `malformed` or `invalidObject`, and the byte offset.
  public init(data: Data, depth: ReadDepth = .structure) throws(RiveError) {
    let report = RiveImportReport.read(data, depth: depth)
    try self.init(report: report, byteCount: data.count)
  }

  /// Opens and reads a document, memory-mapping the file.
  ///
  /// - Throws: ``RiveError/Code/io`` when the file cannot be read, else as ``init(data:depth:)``.
  public init(contentsOf url: URL, depth: ReadDepth = .structure) throws(RiveError) {
    try self.init(data: try RiveDocument.mappedData(at: url), depth: depth)
  }

  @_spi(RiveFormatInternals) public init(report: consuming RiveImportReport, byteCount: Int)
    throws(RiveError)
  {
    if let error = report.error { throw error }
    guard let header = report.header else {
      throw RiveError(.malformed, "the file has no header", at: 0)
    }
    self.header = header
    // The lists are moved out of the report, not copied: a copy retained each list and the
    // report's end released it again, atomic operations on every file read.
    var source = consume report
    var assets: [RiveDocument.Asset] = []
    var artboards: [RiveDocument.Artboard] = []
    var viewModels: [RiveDocument.ViewModel] = []
    var enums: [RiveDocument.DataEnum] = []
    swap(&assets, &source.assets)
    swap(&artboards, &source.artboards)
    swap(&viewModels, &source.viewModels)
    swap(&enums, &source.enums)
    self.assets = assets
    self.artboards = artboards
    self.viewModels = viewModels
    self.enums = enums
    manifest = source.manifest
    self.byteCount = byteCount
    for offered in source.offeredAssets where offered.asset.index >= 0 {
      offeredContents[offered.asset.index] = offered.contents
    }
  }

  /// The bytes of a file, memory-mapped when the system allows it.
  public static func mappedData(at url: URL) throws(RiveError) -> Data {
    do {
      return try Data(contentsOf: url, options: .alwaysMapped)
    } catch {
      throw RiveError(.io, "cannot read \(url.path): \(error.localizedDescription)")
    }
  }

  /// The artboard with this name.
  public func artboard(named name: String) -> RiveDocument.Artboard? {
    artboards.first { $0.name == name }
  }

  /// The view model with this name.
  public func viewModel(named name: String) -> RiveDocument.ViewModel? {
    viewModels.first { $0.name == name }
  }

  /// The asset with this unique name.
  public func asset(uniqueName: String) -> RiveDocument.Asset? {
    assets.first { $0.uniqueName == uniqueName }
  }

  /// The one rule for which bytes belong to an asset: the in-band bytes offered to the loader
  /// with the asset at `index`, which is what the runtime decodes for it (they are the asset's
  /// own ``RiveDocument/Asset/contents`` unless a script or shader asset follows it, whose
  /// contents then take their place), or else its own contents; nil when it has none (a
  /// referenced or hosted asset) or the index is not an asset's.
  ///
  /// Every decoder of embedded content uses this: resolution reports, drawing ids, text fonts,
  /// legacy loaders' offers and the command-line tool.
  ///
  /// - Parameter index: The asset's index in ``assets``.
  /// - Returns: The bytes, or nil.
  public func inBandContents(ofAssetAt index: Int) -> EmbeddedBytes? {
    guard assets.indices.contains(index) else { return nil }
    if let offered = offeredContents[index] { return offered }
    return assets[index].contents
  }
}
