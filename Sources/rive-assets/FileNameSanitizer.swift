/// Turns names taken from a `.riv` file into safe, distinct file names inside one directory.
///
/// An asset's name is chosen by whoever made the file, so it may try to leave the output
/// directory (`../../etc/passwd`, `/abs`), hide (`.hidden`), carry NUL or control characters,
/// or be too long for the file system. ``sanitized(_:)`` applies these rules, in order:
///
/// 1. `/`, `\`, NUL and every other control character (U+0000–U+001F, U+007F–U+009F) become `_`;
/// 2. every run of two or more dots becomes `_`, so no `..` remains anywhere;
/// 3. leading dots and spaces and trailing dots and spaces are removed;
/// 4. an empty result becomes `asset`;
/// 5. the result is cut to ``maximumStemByteCount`` UTF-8 bytes at a character boundary.
///
/// ``claim(stem:fileExtension:)`` then adds `-2`, `-3`, … before the extension when the name is
/// already taken (compared case-insensitively, for case-insensitive file systems).
struct FileNameSanitizer {
  /// The longest stem kept, in UTF-8 bytes; with a suffix and an extension a name stays well
  /// under the usual 255-byte limit.
  static let maximumStemByteCount = 200

  private var taken: Set<String> = []

  /// Creates a sanitizer with no names taken.
  init() {}

  /// A name that is safe as a single path component.
  ///
  /// - Parameter name: A name from a file.
  /// - Returns: The sanitised name; never empty, never `.` or `..`, never containing a separator.
  static func sanitized(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      if scalar == "/" || scalar == "\\" || isControl {
        scalars.append("_")
      } else {
        scalars.append(scalar)
      }
    }
    var text = String(scalars)
    while let range = text.range(of: "..") {
      var end = range.upperBound
      while end < text.endIndex && text[end] == "." { end = text.index(after: end) }
      text.replaceSubrange(range.lowerBound..<end, with: "_")
    }
    while let first = text.first, first == "." || first == " " { text.removeFirst() }
    while let last = text.last, last == "." || last == " " { text.removeLast() }
    if text.isEmpty { text = "asset" }
    if text.utf8.count > maximumStemByteCount {
      var cut = ""
      for character in text {
        if cut.utf8.count + character.utf8.count > maximumStemByteCount { break }
        cut.append(character)
      }
      text = cut.isEmpty ? "asset" : cut
    }
    return text
  }

  /// Sanitises `stem`, makes it distinct from every name claimed before, and claims it.
  ///
  /// - Parameters:
  ///   - stem: The name without extension, as found in the file.
  ///   - fileExtension: The extension without a dot, or empty for none; it must already be safe.
  /// - Returns: The file name to use.
  mutating func claim(stem: String, fileExtension: String) -> String {
    let safe = Self.sanitized(stem)
    let dottedExtension = fileExtension.isEmpty ? "" : "." + fileExtension
    var candidate = safe + dottedExtension
    var suffix = 2
    while taken.contains(candidate.lowercased()) {
      candidate = "\(safe)-\(suffix)\(dottedExtension)"
      suffix += 1
    }
    taken.insert(candidate.lowercased())
    return candidate
  }
}
