import Foundation
import RiveCore
import RiveFormat
import RiveNetworking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A loaded `.riv` file: artboards, view models and assets, parsed once and shared by every
/// ``RiveModel`` made from it.
///
/// Loading is synchronous, as upstream: the file is parsed and every image, font and audio asset
/// is offered to the custom loader (``LoadAsset``) before an initializer returns. With
/// `loadCdn: true`, hosted assets the loader declines are downloaded in the background;
/// ``waitForAssets(timeout:)`` waits for them, and ``resolutionReport()`` says where every
/// asset's content comes from.
///
/// Failures throw an `NSError` of domain ``RiveErrorCode/domain`` with upstream's codes; the
/// description includes the reader's explanation and byte offset.
public final class RiveFile: @unchecked Sendable {
  // @unchecked: all mutable state is behind locks (`store` and `delegateReference` are
  // `Locked`-protected). `loader` holds a non-Sendable closure, which is called synchronously in
  // the initializer, or (files from a URL) once on the main actor after the download.

  /// The per-asset state, shared with asset objects, instances and downloads.
  let store: FileAssetStore
  /// Whether hosted assets declined by the loader are downloaded.
  let loadCdn: Bool
  /// A name for messages: the resource, URL or byte count the file came from.
  let displayName: String
  /// The loader closure, kept only for files that load later (from a URL).
  let loader: UncheckedLoader?
  private let delegateReference = Locked(WeakDelegateReference(nil))

  /// The downloader used for CDN assets (and the file itself, for URL files).
  public let assetDownloader: AssetDownloader

  private static let defaultDownloaderStorage = Locked(AssetDownloader())

  /// The downloader used by files created without one: one session of the package's default
  /// kind (`URLSessionFetcher.makeDefaultSession()`: ephemeral, no URL cache) shared by these
  /// files, a 30 s timeout and the default size cap — the same cap a current-API `.url` source
  /// gets. Set it to `AssetDownloader(cache: someAssetCache)` to cache hosted assets across
  /// files and launches (the resolution report then says network, disk cache or memory).
  public static var defaultDownloader: AssetDownloader {
    get { defaultDownloaderStorage.withLock { $0 } }
    set { defaultDownloaderStorage.withLock { $0 = newValue } }
  }

  /// The major format version this runtime reads (7).
  public static var majorVersion: UInt32 { UInt32(RiveHeader.supportedMajorVersion) }

  /// The latest minor format version this runtime knows.
  public static var minorVersion: UInt32 { UInt32(RiveHeader.knownMinorVersion) }

  // MARK: Designated initializers

  /// Parses `data` and runs the loader chain.
  init(
    data: Data, displayName: String, loadCdn: Bool, loader: LoadAsset?,
    downloader: AssetDownloader?
  ) throws {
    let loaded: LoadedFile
    do {
      loaded = try LoadedFile(data: data, displayName: displayName)
    } catch {
      throw RiveErrorCode.code(for: error).error("\(displayName): \(error)", underlying: error)
    }
    store = FileAssetStore(loaded: loaded)
    self.loadCdn = loadCdn
    self.displayName = displayName
    self.loader = nil
    assetDownloader = downloader ?? Self.defaultDownloader
    resolveAssets(of: loaded, loader: loader)
  }

  /// A file whose bytes are still to be downloaded.
  init(pendingFrom url: URL, loadCdn: Bool, loader: LoadAsset?, downloader: AssetDownloader?) {
    store = FileAssetStore(loaded: nil)
    self.loadCdn = loadCdn
    displayName = url.absoluteString
    self.loader = loader.map(UncheckedLoader.init)
    assetDownloader = downloader ?? Self.defaultDownloader
  }

  deinit {
    store.cancelAll()
  }

  // MARK: Public initializers

  /// Loads a file from its bytes.
  ///
  /// - Parameters:
  ///   - bytes: The `.riv` file.
  ///   - cdn: Whether hosted assets the loader declines are downloaded from the CDN.
  ///   - customAssetLoader: Called once per image, font and audio asset, in file order.
  ///   - assetDownloader: The downloader for CDN assets (default ``defaultDownloader``).
  /// - Throws: `NSError` 600 (Malformed) or 500 (UnsupportedVersion).
  public convenience init(
    data bytes: Data, loadCdn cdn: Bool, customAssetLoader: LoadAsset? = nil,
    assetDownloader: AssetDownloader? = nil
  ) throws {
    try self.init(
      data: bytes, displayName: "data (\(bytes.count) bytes)", loadCdn: cdn,
      loader: customAssetLoader, downloader: assetDownloader)
  }

  /// Loads a file from an array of bytes.
  ///
  /// - Throws: `NSError` 600 (Malformed) or 500 (UnsupportedVersion).
  public convenience init(
    byteArray bytes: [UInt8], loadCdn cdn: Bool, customAssetLoader: LoadAsset? = nil
  ) throws {
    try self.init(
      data: Data(bytes), displayName: "byte array (\(bytes.count) bytes)", loadCdn: cdn,
      loader: customAssetLoader, downloader: nil)
  }

  /// Loads a file from an array of numbers (`UInt8`, `Int`, `NSNumber`…), as upstream's
  /// `NSArray` form.
  ///
  /// - Throws: `NSError` 600 (Malformed) when an element is not a byte value, when the file is
  ///   malformed, or 500 (UnsupportedVersion).
  public convenience init(
    byteArray bytes: [Any], loadCdn cdn: Bool, customAssetLoader: LoadAsset? = nil
  ) throws {
    var converted = [UInt8]()
    converted.reserveCapacity(bytes.count)
    for (offset, element) in bytes.enumerated() {
      guard let byte = Self.byteValue(of: element) else {
        throw RiveErrorCode.malformed.error(
          "byte array element \(offset) (\(element)) is not a value in 0...255")
      }
      converted.append(byte)
    }
    try self.init(byteArray: converted, loadCdn: cdn, customAssetLoader: customAssetLoader)
  }

  /// Loads a file from a buffer, copying `length` bytes.
  ///
  /// - Throws: `NSError` 600 (Malformed) or 500 (UnsupportedVersion).
  public convenience init(
    bytes: UnsafeMutablePointer<UInt8>, byteLength length: UInt64, loadCdn cdn: Bool,
    customAssetLoader: LoadAsset? = nil
  ) throws {
    guard let count = Int(exactly: length) else {
      throw RiveErrorCode.malformed.error("byte length \(length) is too large")
    }
    try self.init(
      data: Data(bytes: bytes, count: count), displayName: "buffer (\(count) bytes)",
      loadCdn: cdn, loader: customAssetLoader, downloader: nil)
  }

  /// Loads a resource file from a bundle (upstream reads only `Bundle.main`; on Linux pass
  /// `Bundle.module` or a `Bundle(path:)`).
  ///
  /// - Parameters:
  ///   - resourceName: The file name without extension.
  ///   - extension: The extension, with or without a leading dot (default `riv`).
  ///   - bundle: The bundle to search (default `Bundle.main`, as upstream).
  ///   - cdn: Whether hosted assets the loader declines are downloaded from the CDN.
  ///   - customAssetLoader: Called once per image, font and audio asset, in file order.
  /// - Throws: `NSError` 700 (Unknown) when the resource is missing or unreadable (upstream
  ///   crashes), 600 (Malformed) or 500 (UnsupportedVersion).
  public convenience init(
    resource resourceName: String, withExtension extension: String = "riv",
    in bundle: Bundle = .main, loadCdn cdn: Bool, customAssetLoader: LoadAsset? = nil
  ) throws {
    let (data, name) = try Self.resourceData(resourceName, extension: `extension`, in: bundle)
    try self.init(
      data: data, displayName: name, loadCdn: cdn, loader: customAssetLoader, downloader: nil)
  }

  /// Starts downloading a file; the outcome is reported to `delegate` on the main actor.
  ///
  /// Unlike upstream, `cdn` is honoured (upstream always loads CDN assets for URL files), and a
  /// non-2xx status or an empty body is an error (``RiveFileDelegate/riveFileDidError(_:)``
  /// with code 700) rather than bytes to parse. The main actor must be running (a run loop or
  /// Swift concurrency's main executor) for the file to load.
  ///
  /// - Parameters:
  ///   - url: The file's address.
  ///   - cdn: Whether hosted assets the loader declines are downloaded from the CDN.
  ///   - customAssetLoader: Called on the main actor once per image, font and audio asset.
  ///   - assetDownloader: The downloader for the file and its CDN assets.
  ///   - delegate: Told when the file has loaded or failed (held weakly).
  ///
  /// The initializer fails (nil) when `url` is not an absolute URL.
  public convenience init?(
    httpUrl url: String, loadCdn cdn: Bool, customAssetLoader: LoadAsset? = nil,
    assetDownloader: AssetDownloader? = nil, with delegate: any RiveFileDelegate
  ) {
    guard let address = URL(string: url), address.scheme != nil else { return nil }
    self.init(
      pendingFrom: address, loadCdn: cdn, loader: customAssetLoader, downloader: assetDownloader)
    self.delegate = delegate
    startFileDownload(from: address)
  }

  // MARK: State

  /// Whether the file's bytes have been loaded (false while a URL file downloads).
  ///
  /// Settable, as upstream's property is: once set, reading gives the value last set; until
  /// then, whether the bytes have loaded.
  public var isLoaded: Bool {
    get { loadedOverride.withLock { $0 } ?? (store.loaded != nil) }
    set { loadedOverride.withLock { $0 = newValue } }
  }
  private let loadedOverride = Locked<Bool?>(nil)

  /// The delegate told about URL loads (held weakly).
  public var delegate: (any RiveFileDelegate)? {
    get { delegateReference.withLock { $0.object } }
    set { delegateReference.withLock { $0 = WeakDelegateReference(newValue) } }
  }

  /// The parsed document, once loaded.
  var document: RiveDocument? { store.loaded?.document }

  // MARK: Artboards

  /// The number of artboards.
  public func artboardCount() -> Int { document?.artboards.count ?? 0 }

  /// The artboards' names, in file order.
  public func artboardNames() -> [String] { document?.artboards.map(\.name) ?? [] }

  /// A new instance of the default (first) artboard.
  ///
  /// - Throws: `NSError` 100 (NoArtboardsFound) when the file has no artboards.
  public func artboard() throws -> RiveArtboard {
    guard let loaded = store.loaded, let first = loaded.document.artboards.first else {
      throw RiveErrorCode.noArtboardsFound.error("\(displayName) \(loadState)has no artboards")
    }
    return RiveArtboard(definition: first, index: 0, file: loaded, store: store)
  }

  /// A new instance of the artboard at `index`.
  ///
  /// - Throws: `NSError` 101 (NoArtboardFound).
  public func artboard(from index: Int) throws -> RiveArtboard {
    guard let loaded = store.loaded, loaded.document.artboards.indices.contains(index) else {
      throw RiveErrorCode.noArtboardFound.error(
        "\(displayName) \(loadState)has no artboard at index \(index) "
          + "(\(artboardCount()) artboards)")
    }
    return RiveArtboard(
      definition: loaded.document.artboards[index], index: index, file: loaded, store: store)
  }

  /// A new instance of the artboard named `name`.
  ///
  /// - Throws: `NSError` 101 (NoArtboardFound).
  public func artboard(fromName name: String) throws -> RiveArtboard {
    guard let loaded = store.loaded,
      let index = loaded.document.artboards.firstIndex(where: { $0.name == name })
    else {
      throw RiveErrorCode.noArtboardFound.error(
        "\(displayName) \(loadState)has no artboard named \"\(name)\" "
          + "(artboards: \(artboardNames()))")
    }
    return RiveArtboard(
      definition: loaded.document.artboards[index], index: index, file: loaded, store: store)
  }

  private var loadState: String { store.loaded != nil ? "" : "(not loaded yet) " }

  // MARK: View models

  /// The number of view models.
  public var viewModelCount: UInt { UInt(document?.viewModels.count ?? 0) }

  /// The view model at `index`, or nil.
  public func viewModel(at index: UInt) -> RiveDataBindingViewModel? {
    guard let loaded = store.loaded, let position = Int(exactly: index),
      loaded.document.viewModels.indices.contains(position)
    else { return nil }
    return RiveDataBindingViewModel(index: position, file: loaded, store: store)
  }

  /// The view model named `name`, or nil.
  public func viewModelNamed(_ name: String) -> RiveDataBindingViewModel? {
    guard let loaded = store.loaded,
      let index = loaded.document.viewModels.firstIndex(where: { $0.name == name })
    else { return nil }
    return RiveDataBindingViewModel(index: index, file: loaded, store: store)
  }

  /// The view model the artboard binds by default, or nil.
  public func defaultViewModel(for artboard: RiveArtboard) -> RiveDataBindingViewModel? {
    guard let index = artboard.definition.viewModelIndex, let position = UInt(exactly: index)
    else { return nil }
    return viewModel(at: position)
  }

  // MARK: Helpers

  static func byteValue(of element: Any) -> UInt8? {
    switch element {
    case let byte as UInt8: return byte
    case let number as NSNumber: return UInt8(exactly: number.int64Value)
    case let value as any BinaryInteger: return UInt8(exactly: value)
    default: return nil
    }
  }

  static func resourceData(
    _ name: String, extension ext: String, in bundle: Bundle
  ) throws -> (data: Data, displayName: String) {
    let bareExtension = ext.hasPrefix(".") ? String(ext.dropFirst()) : ext
    let fileName = bareExtension.isEmpty ? name : "\(name).\(bareExtension)"
    guard let url = bundle.url(forResource: name, withExtension: bareExtension) else {
      throw RiveErrorCode.unknown.error(
        "resource \"\(fileName)\" not found in bundle \(bundle.bundlePath)",
        underlying: CocoaError(.fileNoSuchFile))
    }
    do {
      return (try RiveDocument.mappedData(at: url), fileName)
    } catch {
      throw RiveErrorCode.unknown.error("\(fileName): \(error)", underlying: error)
    }
  }
}
