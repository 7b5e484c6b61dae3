import Foundation

/// The `.riv` files of a corpus folder, shared by the sweep suites.
enum CorpusFiles {
  /// The sorted `.riv` file names in `folder`, or nil (after saying so on stderr) when none.
  static func rivNames(in folder: String) -> [String]? {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".riv") }.sorted()
    guard !names.isEmpty else {
      FileHandle.standardError.write(Data("no .riv files in \(folder)\n".utf8))
      return nil
    }
    return names
  }

  /// Prints failure counts by error code, one line each, sorted by code.
  static func printFailures(_ failures: [String: Int]) {
    for (code, count) in failures.sorted(by: { $0.key < $1.key }) {
      print("typed errors, \(code): \(count)")
    }
  }
}
