import Foundation

/// Turns names from `.riv` files into valid Swift identifiers.
///
/// The rules, applied in order, are deterministic (the same name always gives the same
/// identifier):
///
/// 1. Non-ASCII text is transliterated to Latin and stripped of diacritics (`Café` → `Cafe`,
///    `日本` → `ri ben`); any character still outside ASCII is dropped.
/// 2. The name is split into words at every character that is not an ASCII letter or digit;
///    each word keeps its inner capitals (`isOn` stays one word).
/// 3. Members are lowerCamelCase (the first word's first letter lowered, or the whole word when
///    it is all capitals), types UpperCamelCase.
/// 4. An empty result becomes `unnamed` (`Unnamed` for types); one that starts with a digit gets
///    a leading `_`.
/// 5. Swift keywords are escaped with backticks when written (``written(_:)``); names that
///    backticks cannot make usable (`self`, `Self`, `Type`, `init`, …) are reserved by
///    ``IdentifierScope``, which then adds a numeric suffix like any other clash.
enum SwiftIdentifier {
  /// Keywords that need backticks to be used as identifiers.
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "break", "case", "catch", "class", "consuming", "continue",
    "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
    "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal",
    "is", "let", "nil", "operator", "package", "precedencegroup", "private", "protocol",
    "public", "repeat", "rethrows", "return", "self", "Self", "some", "static", "struct",
    "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var",
    "where", "while", "Any", "Type", "Protocol", "as", "async", "await", "any",
  ]

  /// Identifiers that backticks do not make usable as members or nested types.
  static let unusable: Set<String> = [
    "self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "super", "Any", "_",
  ]

  /// The words of `name`, ASCII letters and digits only.
  ///
  /// - Parameter name: A name from a file.
  /// - Returns: The words, possibly none.
  static func words(_ name: String) -> [String] {
    var text = name
    if text.unicodeScalars.contains(where: { !$0.isASCII }) {
      text = text.applyingTransform(.toLatin, reverse: false) ?? text
      text = text.applyingTransform(.stripDiacritics, reverse: false) ?? text
    }
    var words: [String] = []
    var current = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
        current.unicodeScalars.append(scalar)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// A lowerCamelCase identifier for a member.
  ///
  /// - Parameter name: A name from a file.
  /// - Returns: A valid identifier (before keyword escaping).
  static func member(_ name: String) -> String {
    let parts = words(name)
    guard let first = parts.first else { return "unnamed" }
    var result =
      first == first.uppercased()
      ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
    for word in parts.dropFirst() {
      result += word.prefix(1).uppercased() + word.dropFirst()
    }
    return leadingDigitEscaped(result)
  }

  /// An UpperCamelCase identifier for a type.
  ///
  /// - Parameter name: A name from a file.
  /// - Returns: A valid identifier.
  static func type(_ name: String) -> String {
    let parts = words(name)
    guard !parts.isEmpty else { return "Unnamed" }
    return leadingDigitEscaped(parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
  }

  /// `identifier` as it must be written in source: in backticks when it is a keyword.
  ///
  /// - Parameter identifier: An identifier from ``member(_:)`` or ``type(_:)``.
  /// - Returns: The identifier, backticked if needed.
  static func written(_ identifier: String) -> String {
    keywords.contains(identifier) ? "`\(identifier)`" : identifier
  }

  /// A Swift string literal (with quotes) for `text`, escaping quotes, backslashes and
  /// control characters.
  ///
  /// - Parameter text: Any text.
  /// - Returns: The literal.
  static func literal(_ text: String) -> String {
    "\"" + escaped(text) + "\""
  }

  /// `text` with quotes, backslashes and control characters escaped as in a Swift string
  /// literal; also safe inside a one-line comment.
  ///
  /// - Parameter text: Any text.
  /// - Returns: The escaped text.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\0": out += "\\0"
      default:
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
          out += "\\u{\(String(value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  private static func leadingDigitEscaped(_ identifier: String) -> String {
    guard let first = identifier.unicodeScalars.first, CharacterSet.decimalDigits.contains(first)
    else { return identifier }
    return "_" + identifier
  }
}
