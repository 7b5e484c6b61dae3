import Foundation
import RiveNetworking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Reads the bytes of a ``Source``, off the main actor.
enum FileLoader {
  /// The fetcher `.url` sources use when the caller gives none.
  static let sharedFetcher = URLSessionFetcher(session: .shared)

  /// Seconds a `.url` source may take.
  static let timeout: TimeInterval = 60

  /// The bytes of `source` and a name for messages.
  ///
  /// - Throws: ``FileError``.
  static func load(_ source: Source, fetcher: any HTTPDataFetching) async throws(FileError) -> (
    data: Data, name: String
  ) {
    switch source {
    case .local(let name, let bundle):
      guard let url = (bundle ?? .main).url(forResource: name, withExtension: "riv") else {
        throw .missingFile(name)
      }
      guard let data = try? Data(contentsOf: url) else { throw .invalidFile(url.absoluteString) }
      guard !data.isEmpty else { throw .missingData(url.absoluteString) }
      return (data, url.lastPathComponent)
    case .url(let url):
      let address = url.absoluteString
      if url.isFileURL {
        guard let data = try? Data(contentsOf: url) else { throw .missingData(address) }
        guard !data.isEmpty else { throw .missingData(address) }
        return (data, url.lastPathComponent)
      }
      let result: (body: Data, status: Int)
      do {
        result = try await fetcher.fetch(url, timeout: timeout)
      } catch is CancellationError {
        throw .cancelled
      } catch let error as URLError where error.code == .cancelled {
        throw .cancelled
      } catch {
        if Task.isCancelled { throw .cancelled }
        throw .missingData(address)
      }
      guard (200...299).contains(result.status) else {
        throw .missingData("\(address) (HTTP status \(result.status))")
      }
      guard !result.body.isEmpty else { throw .missingData(address) }
      return (result.body, address)
    case .data(let data):
      guard !data.isEmpty else { throw .missingData("empty data") }
      return (data, "data (\(data.count) bytes)")
    }
  }
}
