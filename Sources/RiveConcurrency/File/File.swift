import Foundation
import RiveCore
import RiveFormat
import RiveNetworking

/// A loaded `.riv` file.
///
/// The file is parsed once, off the main actor, into a shared `LoadedFile`; every artboard,
/// state machine and view-model instance made from it shares that parsed data. The file keeps
/// its ``Worker`` alive. Where its assets get their content is decided by the worker's global
/// registrations *at the time of asking* (see ``resolutionReport()``).
public final class File: Equatable, Sendable {
  /// The worker that loaded the file.
  public let worker: Worker
  package let loaded: LoadedFile

  /// The downloader `.url` sources use when the initializer is given none: one session of the
  /// package's default kind (`URLSessionFetcher.makeDefaultSession()`: no URL cache), a 60 s
  /// timeout and the default size cap
  /// (`AssetDownloader.defaultMaximumBodySize`, as a legacy URL file).
  public static let defaultDownloader = AssetDownloader(timeout: FileLoader.timeout)

  /// Loads a file from `source` with `worker`.
  ///
  /// - Parameters:
  ///   - source: Where the bytes come from.
  ///   - worker: The worker that parses the file and resolves its assets.
  /// - Throws: `CancellationError` if the task is already cancelled; ``FileError``:
  ///   `missingFile(name)` for an absent `.local` resource, `missingData` for empty or
  ///   unavailable bytes, `invalidFile` with the reader's message (code, expectation and byte
  ///   offset) when the bytes are not a valid file, `cancelled`. Each keeps the error underneath
  ///   as ``FileError/cause``.
  @MainActor
  public convenience init(source: Source, worker: Worker) async throws {
    try await self.init(source: source, worker: worker, downloader: File.defaultDownloader)
  }

  /// Loads a file, fetching `http(s):` sources with `fetcher` (a 60 s timeout and the default
  /// size cap).
  ///
  /// - Parameters:
  ///   - source: Where the bytes come from.
  ///   - worker: The worker that parses the file and resolves its assets.
  ///   - fetcher: Fetches `.url` sources (inject one for tests, caching or authentication).
  /// - Throws: As ``init(source:worker:)``.
  @MainActor
  public convenience init(source: Source, worker: Worker, fetcher: any HTTPDataFetching)
    async throws
  {
    try await self.init(
      source: source, worker: worker,
      downloader: AssetDownloader(fetcher: fetcher, timeout: FileLoader.timeout))
  }

  /// Loads a file, fetching `http(s):` sources with `downloader`: the same path, size cap and
  /// typed failures as a legacy URL file's download.
  ///
  /// - Parameters:
  ///   - source: Where the bytes come from.
  ///   - worker: The worker that parses the file and resolves its assets.
  ///   - downloader: Fetches `.url` sources: its fetcher, timeout and size cap apply. A
  ///     failure is ``FileError/missingData(_:)`` whose cause is the `AssetDownloadError`
  ///     (for example `tooLarge` for a body over `AssetDownloader.maximumBodySize`).
  /// - Throws: As ``init(source:worker:)``.
  @MainActor
  public init(source: Source, worker: Worker, downloader: AssetDownloader) async throws {
    try Task.checkCancellation()
    let (data, name) = try await FileLoader.load(source, downloader: downloader)
    if Task.isCancelled { throw FileError.cancelled }
    let budget = worker.engine.budget
    let result = await worker.engine.run {
      Result { () throws(RiveError) in
        try LoadedFile(data: data, displayName: name, budget: budget)
      }
    }
    if Task.isCancelled { throw FileError.cancelled }
    switch result {
    case .success(let loaded): self.loaded = loaded
    case .failure(let error): throw FileError.invalidFile(.init(error.description, cause: error))
    }
    self.worker = worker
  }

  /// A file object sharing an already parsed file (used by adapters built on this module).
  package init(loaded: LoadedFile, worker: Worker) {
    self.loaded = loaded
    self.worker = worker
  }

  /// Whether both are the same loaded file.
  public static func == (lhs: File, rhs: File) -> Bool { lhs === rhs }

  var document: RiveDocument { loaded.document }

  // MARK: - Artboards

  /// The artboard names, in file order.
  ///
  /// - Returns: The names (empty when the file has no artboard).
  /// - Throws: Nothing today; `throws` is kept for source compatibility.
  @MainActor
  public func getArtboardNames() async throws -> [String] {
    document.artboards.map(\.name)
  }

  /// Creates a new, independent artboard instance.
  ///
  /// - Parameter name: The artboard's name; `nil` or `""` (`String.default`) means the
  ///   default artboard, the first in the file.
  /// - Returns: A new artboard on every call, sharing the file's parsed data.
  /// - Throws: ``FileError/invalidArtboard(_:)`` when there is no such artboard.
  @MainActor
  public func createArtboard(_ name: String? = nil) async throws -> Artboard {
    let artboards = document.artboards
    let index: Int?
    if let name, !name.isEmpty {
      index = artboards.firstIndex { $0.name == name }
    } else {
      index = artboards.isEmpty ? nil : 0
    }
    guard let index else {
      let shown = name ?? ""
      let detail =
        artboards.isEmpty
        ? "the file has no artboards"
        : "it has \(artboards.map { "\"\($0.name)\"" }.joined(separator: ", "))"
      throw FileError.invalidArtboard("artboard \"\(shown)\" not found; \(detail).")
    }
    return Artboard(file: loaded, index: index)
  }
}
