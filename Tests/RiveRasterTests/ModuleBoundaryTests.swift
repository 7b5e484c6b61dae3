import Foundation
import Testing

/// The rasteriser is display list → pixels: its sources import the display list, the error
/// protocol, Cairo and Foundation, and nothing of the runtime (the core, the reader, the
/// media codecs, the frames module).
@Suite("Module boundary")
struct ModuleBoundaryTests {
  static let allowed: Set<String> = ["CCairo", "Foundation", "RiveDiagnostics", "RiveDisplayList"]

  /// `Sources/RiveRaster`, found from this file's place in the package.
  static var sources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/RiveRaster")
  }

  /// The module an import line names (`import X`, `@_spi(Y) import X`, `public import X.Y`),
  /// or nil for another line.
  static func importedModule(_ line: Substring) -> String? {
    let words = line.split(separator: " ")
    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
      words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" })
    else { return nil }
    return String(words[index + 1].split(separator: ".")[0])
  }

  @Test("the import reader finds the module of every form of import line")
  func readsImports() {
    #expect(Self.importedModule("import RiveCore") == "RiveCore")
    #expect(Self.importedModule("@_spi(RiveFormatInternals) import RiveFormat") == "RiveFormat")
    #expect(Self.importedModule("@_exported public import RiveMedia.Decoding") == "RiveMedia")
    #expect(Self.importedModule("/// import RiveCore, in a comment") == nil)
    #expect(Self.importedModule("let import = 1") == nil)
  }

  @Test("every source file of RiveRaster imports only the display list, diagnostics and Cairo")
  func rasteriserImports() throws {
    let files = try FileManager.default.contentsOfDirectory(
      at: Self.sources, includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "swift" }
    #expect(files.count >= 10, "found \(files.count) files in \(Self.sources.path)")
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      for line in text.split(separator: "\n") {
        guard let module = Self.importedModule(line) else { continue }
        #expect(
          Self.allowed.contains(module),
          "\(file.lastPathComponent) imports \(module): the rasteriser needs only the display list")
      }
    }
  }
}
