import Foundation
import RiveCore
import RiveFormat

#if canImport(Glibc)
  import Glibc
#endif

/// The on-disk half of an ``AssetCache``: one file per URL, written atomically, checked by
/// digest when read, kept under a size bound by least-recent use, safe with several processes.
///
/// Layout under the cache directory (`v1/` so a future format can live beside it):
///
/// ```
/// v1/entries/<SHA-256 of the URL>   one entry: a magic line, a JSON metadata line, the body
/// v1/tmp/                           entries being written (renamed into entries/ when done)
/// v1/lock                           flock(2) lock held while the bound is enforced
/// ```
///
/// A writer writes a whole entry into `tmp/` and renames it over the old one (`rename(2)` is
/// atomic), so readers in any process see the old entry or the new one, never a part. No
/// `fsync`: after a crash an entry may be short or garbled, and the digest check finds it. A
/// read refreshes the entry's modification time, which is its "last used" time; enforcing the
/// bound takes the lock, lists the entries and deletes the least recently used until the total
/// fits. A reader holding an entry that another process deletes keeps its open file.
final class DiskStore: Sendable {
  static var magic: Data { Data("RIVE-ASSET-CACHE 1\n".utf8) }

  /// What a read found.
  enum ReadResult: Sendable {
    case miss
    case hit(metadata: CacheEntryMetadata, body: Data)
    case corrupt(AssetCacheError)
  }

  let root: URL
  let entries: URL
  let temporary: URL
  let lockPath: String

  /// Creates the directory layout and checks that it can be written.
  ///
  /// - Throws: ``AssetCacheError`` (`unusableDirectory`) naming the directory.
  init(directory: URL) throws(AssetCacheError) {
    root = directory.appendingPathComponent("v1", isDirectory: true)
    entries = root.appendingPathComponent("entries", isDirectory: true)
    temporary = root.appendingPathComponent("tmp", isDirectory: true)
    lockPath = root.appendingPathComponent("lock").path
    do {
      try FileManager.default.createDirectory(at: entries, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    } catch {
      throw AssetCacheError(
        .unusableDirectory, path: directory.path, message: "cannot create the cache directory",
        cause: error as? CocoaError ?? CocoaError(.fileWriteUnknown))
    }
    let probe = temporary.appendingPathComponent("probe-\(UUID().uuidString)")
    do {
      try Data().write(to: probe, options: .withoutOverwriting)
      try FileManager.default.removeItem(at: probe)
    } catch {
      throw AssetCacheError(
        .unusableDirectory, path: temporary.path, message: "the cache directory is not writable",
        cause: error as? CocoaError ?? CocoaError(.fileWriteUnknown))
    }
  }

  /// The entry file of `url`.
  func entryURL(for url: String) -> URL {
    let digest = Data(url.utf8).withUnsafeBytes { SHA256.hash($0) }
    return entries.appendingPathComponent(digest.hexString)
  }

  /// Reads and checks the entry of `url`, refreshing its last-used time on a hit.
  func read(_ url: String) -> ReadResult {
    let file = entryURL(for: url)
    guard let data = Self.contents(of: file.path) else { return .miss }
    switch Self.parse(data, url: url, path: file.path) {
    case .success(let (metadata, body)):
      touch(file)
      return .hit(metadata: metadata, body: body)
    case .failure(let error):
      return .corrupt(error)
    }
  }

  /// The body of `url`'s entry, checked by digest, without touching it (a re-decode source).
  ///
  /// - Throws: ``AssetCacheError`` (`corruptEntry`) when it is gone or damaged.
  func body(of url: String) throws(AssetCacheError) -> Data {
    let file = entryURL(for: url)
    guard let data = Self.contents(of: file.path) else {
      throw AssetCacheError(
        .corruptEntry, path: file.path, url: url,
        message: "the entry is gone (evicted by the cache's size bound or removed)")
    }
    return try Self.parse(data, url: url, path: file.path).get().1
  }

  /// Writes `body` as the entry of `metadata.url`, atomically.
  ///
  /// - Returns: The failure, if the write failed (nothing is left behind then).
  func write(_ metadata: CacheEntryMetadata, body: Data) -> AssetCacheError? {
    let file = entryURL(for: metadata.url)
    let staging = temporary.appendingPathComponent("\(file.lastPathComponent).\(UUID().uuidString)")
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      var bytes = Self.magic
      bytes.append(try encoder.encode(metadata))
      bytes.append(UInt8(ascii: "\n"))
      bytes.append(body)
      try bytes.write(to: staging, options: .withoutOverwriting)
    } catch {
      try? FileManager.default.removeItem(at: staging)
      return AssetCacheError(
        .writeFailed, path: staging.path, url: metadata.url, message: "cannot write the entry",
        cause: error as? CocoaError ?? CocoaError(.fileWriteUnknown))
    }
    guard rename(staging.path, file.path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: staging)
      return AssetCacheError(
        .writeFailed, path: file.path, url: metadata.url,
        message: "cannot move the entry into place",
        cause: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
    }
    return nil
  }

  /// Removes the entry of `url`, if any.
  func remove(_ url: String) {
    try? FileManager.default.removeItem(at: entryURL(for: url))
  }

  /// The number of entries and their total size in bytes.
  func usage() -> (entryCount: Int, byteCount: Int) {
    let listing = list()
    return (listing.count, listing.reduce(0) { $0 + $1.size })
  }

  /// Deletes the least recently used entries until the total size is at most `maximum`, and
  /// staging files older than ten minutes (left by writers that died), under the lock file.
  ///
  /// - Returns: The number of entries deleted.
  @discardableResult
  func enforceBound(_ maximum: Int) -> Int {
    let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    if descriptor >= 0 { flock(descriptor, LOCK_EX) }
    defer {
      if descriptor >= 0 {
        flock(descriptor, LOCK_UN)
        close(descriptor)
      }
    }
    var listing = list()
    var total = listing.reduce(0) { $0 + $1.size }
    var deleted = 0
    if total > maximum {
      listing.sort { ($0.used, $0.url.lastPathComponent) < ($1.used, $1.url.lastPathComponent) }
      for entry in listing where total > maximum {
        if unlink(entry.url.path) == 0 || errno == ENOENT {
          total -= entry.size
          deleted += 1
        }
      }
    }
    let staleBefore = Date(timeIntervalSinceNow: -600)
    let staging =
      (try? FileManager.default.contentsOfDirectory(
        at: temporary, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
    for file in staging {
      let modified = try? file.resourceValues(forKeys: [.contentModificationDateKey])
        .contentModificationDate
      if let modified, modified < staleBefore { try? FileManager.default.removeItem(at: file) }
    }
    return deleted
  }

  /// Deletes every entry.
  func removeAll() {
    for entry in list() { unlink(entry.url.path) }
  }

  // MARK: Implementation

  private struct Listed {
    var url: URL
    var size: Int
    var used: Date
  }

  private func list() -> [Listed] {
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
    let files =
      (try? FileManager.default.contentsOfDirectory(
        at: entries, includingPropertiesForKeys: keys)) ?? []
    return files.compactMap { file in
      guard let values = try? file.resourceValues(forKeys: Set(keys)),
        values.isRegularFile == true
      else { return nil }
      return Listed(
        url: file, size: values.fileSize ?? 0, used: values.contentModificationDate ?? .distantPast)
    }
  }

  /// Sets the entry's modification time (its "last used" time) to now.
  private func touch(_ file: URL) {
    _ = utimensat(AT_FDCWD, file.path, nil, 0)
  }

  /// The bytes of the file at `path`; nil when it cannot be opened or read. Read through a
  /// file handle: Foundation's `contents(atPath:)` loses a 4 KiB buffer on every read of an
  /// empty file, and a damaged cache directory can hold any number of them.
  static func contents(of path: String) -> Data? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    do {
      return try handle.readToEnd() ?? Data()
    } catch {
      return nil
    }
  }

  /// Splits an entry into metadata and body and checks both.
  static func parse(_ data: Data, url: String, path: String)
    -> Result<(CacheEntryMetadata, Data), AssetCacheError>
  {
    func corrupt(_ message: String) -> Result<(CacheEntryMetadata, Data), AssetCacheError> {
      .failure(AssetCacheError(.corruptEntry, path: path, url: url, message: message))
    }
    guard data.starts(with: magic) else {
      return corrupt("the entry does not start with the cache's magic line")
    }
    let afterMagic = data.index(data.startIndex, offsetBy: magic.count)
    guard let newline = data[afterMagic...].firstIndex(of: UInt8(ascii: "\n")) else {
      return corrupt("the entry's metadata line has no end")
    }
    let metadata: CacheEntryMetadata
    do {
      metadata = try JSONDecoder().decode(CacheEntryMetadata.self, from: data[afterMagic..<newline])
    } catch {
      return corrupt("the entry's metadata is not valid JSON")
    }
    guard metadata.url == url else {
      return corrupt("the entry belongs to \(metadata.url)")
    }
    let body = Data(data[data.index(after: newline)...])
    guard body.count == metadata.bodyLength else {
      return corrupt("the body has \(body.count) bytes, the metadata says \(metadata.bodyLength)")
    }
    let digest = body.withUnsafeBytes { SHA256.hash($0) }.hexString
    guard digest == metadata.bodySHA256 else {
      return corrupt(
        "the body's SHA-256 is \(digest.prefix(16))…, the metadata says "
          + "\(metadata.bodySHA256.prefix(16))…")
    }
    return .success((metadata, body))
  }
}
