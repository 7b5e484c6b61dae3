import Foundation

/// The migration guide and the code slices of its examples.
///
/// A slice is the lines between `// guide:<id>` and `// guide.end` in
/// `Migration/Examples/<Example>/*.swift`; the guide shows it in a fenced `swift` block preceded
/// by `<!-- slice: <Example>/<id> -->`.
enum GuideSlices {
  static let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let migration = projectRoot.appendingPathComponent("Migration")
  static let examples = migration.appendingPathComponent("Examples")
  static let guide = migration.appendingPathComponent("README.md")

  /// The example folders (every folder of `Migration/Examples` except `Support`), sorted.
  static var exampleNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
    return names.filter { name in
      var isDirectory: ObjCBool = false
      let path = examples.appendingPathComponent(name).path
      return name != "Support"
        && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }.sorted()
  }

  /// A fenced `swift` block of the guide.
  struct Block {
    /// The `<Example>/<id>` named by the marker before it, if any.
    var slice: String?
    /// The 1-based line of the opening fence.
    var line: Int
    /// The code.
    var code: String
  }

  /// A problem with the slice markers of an example file.
  struct MarkerError: Error, CustomStringConvertible {
    var description: String
  }

  /// Every fenced `swift` block of `markdown`, with the slice marker on the nearest non-blank
  /// line before it.
  static func blocks(in markdown: String) -> [Block] {
    blocksByLanguage(in: markdown).swift
  }

  /// Every fenced `text` block of `markdown`: output the guide quotes from the examples.
  static func textBlocks(in markdown: String) -> [Block] {
    blocksByLanguage(in: markdown).text
  }

  private static func blocksByLanguage(in markdown: String) -> (swift: [Block], text: [Block]) {
    let lines = markdown.components(separatedBy: "\n")
    var blocks: [Block] = []
    var textBlocks: [Block] = []
    var index = 0
    while index < lines.count {
      let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("```") else {
        index += 1
        continue
      }
      let language = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
      var end = index + 1
      while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
        end += 1
      }
      if language == "text" {
        textBlocks.append(
          Block(
            slice: nil, line: index + 1,
            code: lines[(index + 1)..<min(end, lines.count)].joined(separator: "\n")))
      }
      if language == "swift" {
        var previous = index - 1
        while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).isEmpty {
          previous -= 1
        }
        let marker = previous >= 0 ? sliceName(inMarker: lines[previous]) : nil
        let code = lines[(index + 1)..<min(end, lines.count)].joined(separator: "\n")
        blocks.append(Block(slice: marker, line: index + 1, code: code))
      }
      index = end + 1
    }
    return (blocks, textBlocks)
  }

  /// `Name/id` from `<!-- slice: Name/id -->`.
  static func sliceName(inMarker line: String) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("<!-- slice:"), trimmed.hasSuffix("-->") else { return nil }
    return trimmed.dropFirst("<!-- slice:".count).dropLast("-->".count)
      .trimmingCharacters(in: .whitespaces)
  }

  /// The slices of one example: `<Example>/<id>` → code with common indentation removed.
  static func slices(ofExample name: String) throws -> [String: String] {
    let folder = examples.appendingPathComponent(name)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    var found: [String: String] = [:]
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for (id, code) in try slices(in: text, file: "\(name)/\(file)") {
        let key = "\(name)/\(id)"
        guard found[key] == nil else {
          throw MarkerError(description: "\(name): slice \"\(id)\" is defined twice")
        }
        found[key] = code
      }
    }
    return found
  }

  /// The slices of one source file: id → code with common indentation removed.
  static func slices(in text: String, file: String) throws -> [(String, String)] {
    var result: [(String, String)] = []
    var open: (id: String, lines: [String], start: Int)?
    for (number, line) in text.components(separatedBy: "\n").enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("// guide:") {
        if let open {
          throw MarkerError(
            description: "\(file):\(number + 1): slice inside slice \"\(open.id)\"")
        }
        let id = String(trimmed.dropFirst("// guide:".count)).trimmingCharacters(in: .whitespaces)
        guard !id.isEmpty else {
          throw MarkerError(description: "\(file):\(number + 1): slice without an id")
        }
        open = (id, [], number + 1)
      } else if trimmed == "// guide.end" {
        guard let current = open else {
          throw MarkerError(description: "\(file):\(number + 1): guide.end without a slice")
        }
        result.append((current.id, dedent(current.lines)))
        open = nil
      } else if open != nil {
        open?.lines.append(line)
      }
    }
    if let open {
      throw MarkerError(description: "\(file):\(open.start): slice \"\(open.id)\" is not closed")
    }
    return result
  }

  /// Removes the indentation common to all non-blank lines, and trailing blank lines.
  static func dedent(_ lines: [String]) -> String {
    let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { $0.prefix { $0 == " " }.count }
    let common = indents.min() ?? 0
    var trimmed = lines.map { line in
      line.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String(line.dropFirst(common))
    }
    while trimmed.last == "" { trimmed.removeLast() }
    while trimmed.first == "" { trimmed.removeFirst() }
    return trimmed.joined(separator: "\n")
  }
}
