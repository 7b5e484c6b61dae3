/// Bounds-checked comparisons of a file's leading bytes against signatures.
package struct MagicBytes {
  package let bytes: UnsafeRawBufferPointer

  package init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// Whether `pattern` occurs at `offset`; `false` when the bytes are too short.
  package func has(_ pattern: [UInt8], at offset: Int = 0) -> Bool {
    guard offset >= 0, bytes.count - offset >= pattern.count else { return false }
    for (index, byte) in pattern.enumerated() where bytes[offset + index] != byte {
      return false
    }
    return true
  }

  /// Whether the ASCII text `pattern` occurs at `offset`.
  package func has(_ pattern: StaticString, at offset: Int = 0) -> Bool {
    let count = pattern.utf8CodeUnitCount
    guard offset >= 0, bytes.count - offset >= count else { return false }
    let start = pattern.utf8Start
    for index in 0..<count where bytes[offset + index] != start[index] {
      return false
    }
    return true
  }

  /// The byte at `offset`, or `nil` past the end.
  package subscript(offset: Int) -> UInt8? {
    offset >= 0 && offset < bytes.count ? bytes[offset] : nil
  }

  /// Up to `count` leading bytes in hexadecimal, for error messages (`"89 50 4e …"`).
  package func hexPrefix(_ count: Int = 16) -> String {
    guard !bytes.isEmpty else { return "no bytes" }
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    for byte in bytes.prefix(count) {
      if !text.isEmpty { text.append(0x20) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    if bytes.count > count { text.append(contentsOf: " …".utf8) }
    return String(decoding: text, as: UTF8.self)
  }
}
