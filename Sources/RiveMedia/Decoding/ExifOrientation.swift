/// Finds the Exif orientation (tag 0x0112) in a JPEG's APP1 segment, without decoding.
package enum ExifOrientation {
  /// Scans the JPEG markers before the first scan for an `Exif\0\0` APP1 segment and reads
  /// the orientation from its first image file directory.
  ///
  /// Every offset is bounds-checked; anything unexpected ends the search.
  ///
  /// - Parameter bytes: A complete or partial JPEG file.
  /// - Returns: The orientation, 1 through 8; 1 when absent or out of range.
  package static func read(fromJPEG bytes: UnsafeRawBufferPointer) -> Int {
    var offset = 2  // after SOI
    while offset + 4 <= bytes.count {
      guard bytes[offset] == 0xFF else { return 1 }
      let marker = bytes[offset + 1]
      if marker == 0xFF {  // fill byte
        offset += 1
        continue
      }
      if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
        offset += 2  // markers without a length
        continue
      }
      if marker == 0xDA || marker == 0xD9 {
        return 1  // start of scan or end of image: no Exif before the pixels
      }
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2, offset + 2 + length <= bytes.count else { return 1 }
      let segment = UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 2 + length)])
      if marker == 0xE1, let orientation = orientation(inExifSegment: segment) {
        return orientation
      }
      offset += 2 + length
    }
    return 1
  }

  /// Reads tag 0x0112 from IFD0 of an APP1 payload that starts with `Exif\0\0`.
  private static func orientation(inExifSegment segment: UnsafeRawBufferPointer) -> Int? {
    let magic = MagicBytes(segment)
    guard magic.has([0x45, 0x78, 0x69, 0x66, 0x00, 0x00]) else { return nil }
    let tiff = UnsafeRawBufferPointer(rebasing: segment[6...])
    let tiffMagic = MagicBytes(tiff)
    let isLittleEndian: Bool
    if tiffMagic.has([0x49, 0x49, 0x2A, 0x00]) {
      isLittleEndian = true
    } else if tiffMagic.has([0x4D, 0x4D, 0x00, 0x2A]) {
      isLittleEndian = false
    } else {
      return nil
    }
    func read16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= tiff.count else { return nil }
      let first = Int(tiff[at])
      let second = Int(tiff[at + 1])
      return isLittleEndian ? first | second << 8 : first << 8 | second
    }
    func read32(_ at: Int) -> Int? {
      guard let high = read16(isLittleEndian ? at + 2 : at),
        let low = read16(isLittleEndian ? at : at + 2)
      else { return nil }
      return high << 16 | low
    }
    guard let directory = read32(4), let entryCount = read16(directory) else { return nil }
    for index in 0..<entryCount {
      let entry = directory + 2 + index * 12
      guard let tag = read16(entry) else { return nil }
      guard tag == 0x0112 else { continue }
      // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
      guard read16(entry + 2) == 3, let value = read16(entry + 8) else { return nil }
      return (1...8).contains(value) ? value : 1
    }
    return nil
  }
}
