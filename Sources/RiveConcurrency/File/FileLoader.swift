import Foundation
import RiveNetworking

/// Reads the bytes of a ``Source``, off the main actor.
enum FileLoader {
  /// Seconds a `.url` source may take when the caller gives no downloader.
  static let timeout: TimeInterval = 60

  /// The bytes of `source` and a name for messages.
  ///
  /// `http(s):` URLs go through `downloader` (the one network path: timeout, size cap, 2xx
  /// check, cancellation); its failure is ``FileError/missingData(_:)`` with the
  /// `AssetDownloadError` as cause, or ``FileError/cancelled``.
  ///
  /// - Throws: ``FileError``.
  static func load(_ source: Source, downloader: AssetDownloader) async throws(FileError) -> (
    data: Data, name: String
  ) {
    switch source {
    case .local(let name, let bundle):
      guard let url = (bundle ?? .main).url(forResource: name, withExtension: "riv") else {
        throw .missingFile(.init(name))
      }
      let data: Data
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw .invalidFile(.init(url.absoluteString, cause: error))
      }
      guard !data.isEmpty else { throw .missingData(.init(url.absoluteString)) }
      return (data, url.lastPathComponent)
    case .url(let url):
      let address = url.absoluteString
      if url.isFileURL {
        let data: Data
        do {
          data = try Data(contentsOf: url)
        } catch {
          throw .missingData(.init(address, cause: error))
        }
        guard !data.isEmpty else { throw .missingData(.init(address)) }
        return (data, url.lastPathComponent)
      }
      do throws(AssetDownloadError) {
        return (try await downloader.fetch(url, assetName: url.lastPathComponent), address)
      } catch {
        switch error.reason {
        case .cancelled: throw .cancelled
        case .httpStatus(let status):
          throw .missingData(.init("\(address) (HTTP status \(status))", cause: error))
        default: throw .missingData(.init(address, cause: error))
        }
      }
    case .data(let data):
      guard !data.isEmpty else { throw .missingData("empty data") }
      return (data, "data (\(data.count) bytes)")
    }
  }
}
