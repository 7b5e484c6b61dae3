import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

/// Generated inputs for the CLI tests: `.riv` files, images and corrupt copies.
enum TestFixtures {
  /// A corpus file's URL.
  static func corpus(_ name: String) -> URL {
    ToolRunner.corpus.appendingPathComponent(name)
  }

  /// A compressed RGB PNG of `width`×`height` with a simple pattern.
  static func png(width: Int, height: Int, seed: UInt8 = 0) throws -> [UInt8] {
    var rgb: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        rgb += [
          UInt8(truncatingIfNeeded: x &* 7 &+ Int(seed)), UInt8(truncatingIfNeeded: y &* 5), seed,
        ]
      }
    }
    return try #require(PNGFixtureEncoder.compressed(rgb: rgb, width: width, height: height))
  }

  /// A baseline JPEG of `width`×`height`.
  static func jpeg(width: Int, height: Int) throws -> [UInt8] {
    let rgb = [UInt8](repeating: 0x80, count: width * height * 3)
    return try #require(JPEGFixtureEncoder.encode(pixels: rgb, width: width, height: height))
  }

  /// Writes `blueprint` to `directory/name` and returns its path.
  @discardableResult
  static func write(_ blueprint: RiveFileBlueprint, named name: String, in directory: URL) throws
    -> String
  {
    let url = directory.appendingPathComponent(name)
    try blueprint.data.write(to: url)
    return url.path
  }

  /// Writes a file of `bytes` to `directory/name` and returns its path.
  @discardableResult
  static func write(_ bytes: [UInt8], named name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// A `.riv` file with one embedded image asset.
  static func singleImage(name: String, id: UInt32, png: [UInt8]) -> RiveFileBlueprint {
    RiveFileBlueprint(
      fileID: UInt64(id), assets: [.embedded(.image, name: name, id: id, bytes: png)],
      artboards: [.init(name: "Main", width: 10, height: 10, images: [.init(assetIndex: 0)])])
  }

  /// Runs `swiftc` from the `PATH` (the toolchain running the tests) with `arguments`.
  static func swiftc(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let result = try await BuiltProgram.run(
      URL(fileURLWithPath: "/usr/bin/env"), arguments: ["swiftc"] + arguments,
      mergingStandardError: true)
    return (result.status, result.standardOutput)
  }

  /// Parses `text` as JSON.
  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }
}
