import CPNG
import CRiveImageShim
import CWebP
import Foundation
import RiveCore
import RiveFixtures
import RiveFormat

/// The `rive-bench decode` benchmark: ``ImageDecoder`` next to direct C calls.
///
/// For a generated 4096×4096 JPEG (quality 90, 4:2:0) and PNG (zlib level 6) of noise and
/// shapes, and for the corpus images, it times ``ImageDecoder/decode(_:into:limits:)`` into
/// a reused buffer next to a direct call into the same C library in the same process,
/// also into a reused buffer:
///
/// - JPEG: the `CRiveImageShim` begin/finish/end calls, with no Swift wrapper;
/// - PNG: libpng's simplified API (`png_image_finish_read`), and the shim's calls;
/// - WebP: `WebPDecodeRGBAInto`.
///
/// Each timing is the best of N runs (default 5), ours and direct interleaved. It prints
/// the ratio ours ÷ direct per case (the target is ≤ 1.05), the time of a decode into a
/// fresh array for comparison, decodes per second for the small corpus images, and the
/// peak resident memory (`VmHWM`) of each 4096² case. Build in release:
/// `swift run -c release rive-bench decode`.
enum DecodeBenchmark {
  static let usage = """
    USAGE: rive-bench decode [--corpus DIR] [--iterations N] [--size PIXELS]

    OPTIONS:
      --corpus DIR      Folder with the corpus images (default: ../shared/corpus).
      --iterations N    Runs per timing; the best is reported (default: 5).
      --size PIXELS     Side of the generated images (default: 4096).
      -h, --help        Show this help.
    """

  /// Runs the benchmark.
  ///
  /// - Parameter arguments: The arguments after the word `decode`.
  /// - Returns: The exit status: 0 on success, 1 if a decode failed, 2 on bad usage.
  static func run(arguments: [String]) -> Int32 {
    var corpus = "../shared/corpus"
    var iterations = 5
    var size = 4_096
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "-h", "--help":
        print(usage)
        return 0
      case "--corpus", "--iterations", "--size":
        guard index < arguments.count else { return usageError("\(argument) needs a value") }
        let value = arguments[index]
        index += 1
        if argument == "--corpus" {
          corpus = value
        } else if let number = Int(value), number > 0 {
          if argument == "--size" { size = number } else { iterations = number }
        } else {
          return usageError("\(argument) needs a positive number")
        }
      default:
        return usageError("unknown argument '\(argument)'")
      }
    }
    #if DEBUG
      print("warning: this is a debug build; run `swift run -c release rive-bench decode`")
    #endif
    do {
      try runAll(corpus: corpus, iterations: iterations, size: size)
      return 0
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      return 1
    }
  }

  private static func usageError(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("error: \(message)\n\n\(usage)\n".utf8))
    return 2
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  // MARK: Cases

  private static func runAll(corpus: String, iterations: Int, size: Int) throws {
    print("generating \(size)×\(size) noise and shapes…")
    let rgb = SyntheticImage.noiseAndShapes(width: size, height: size, seed: 2_024)
    guard
      let jpeg = JPEGFixtureEncoder.encode(
        pixels: rgb, width: size, height: size, quality: 90, subsampling: .half),
      let png = PNGFixtureEncoder.compressed(rgb: rgb, width: size, height: size)
    else { throw Failure(description: "could not encode the generated images") }
    print("JPEG q90 4:2:0 \(jpeg.count) bytes; PNG RGB zlib 6 \(png.count) bytes")
    print("")
    let header =
      "case".padding(toLength: 40, withPad: " ", startingAt: 0)
      + "ours ms   direct ms  ratio  (fresh ms)"
    print(header)
    var large: [(String, [UInt8])] = [("generated.jpg", jpeg), ("generated.png", png)]
    large = large.map { ($0.0, $0.1) }
    for (name, bytes) in large {
      try compare(name: "\(name) \(size)²", bytes: bytes, iterations: iterations)
      let peak = try peakMemory(of: bytes)
      print(
        "  peak resident memory while decoding (VmHWM): \(peak.after / 1_024) MiB "
          + "(\(peak.before / 1_024) MiB before; the decoded image is "
          + "\(size * size * 4 / 1_048_576) MiB)")
    }
    let names = [
      "1x1_png.png", "1x1_jpg.jpg", "placeholder.png", "open_source.jpg",
      "walle-370.png", "eve-317.png", "1.webp",
    ]
    var small: [(String, [UInt8])] = []
    for name in names {
      let path = URL(fileURLWithPath: corpus).appendingPathComponent(name).path
      if let data = FileManager.default.contents(atPath: path) {
        small.append((name, [UInt8](data)))
      }
    }
    if small.isEmpty {
      print("\n(corpus images not found in \(corpus); skipped)")
      return
    }
    for (name, bytes) in small {
      try compare(name: name, bytes: bytes, iterations: iterations)
    }
    print("\ndecodes per second (reused buffer; 3 alternating rounds of 0.1 s each)")
    for (name, bytes) in small {
      var ourRounds: [Double] = []
      var directRounds: [Double] = []
      for _ in 0..<3 {
        ourRounds.append(try throughput(bytes, decode: oursInto))
        directRounds.append(try throughput(bytes, decode: directDecoder(for: bytes)))
      }
      let ours = ourRounds.reduce(0, +) / 3
      let direct = directRounds.reduce(0, +) / 3
      print(
        "  \(name.padding(toLength: 20, withPad: " ", startingAt: 0)) ours "
          + "\(format(ours, digits: 0))/s, direct \(format(direct, digits: 0))/s")
    }
  }

  private typealias Decode = (UnsafeRawBufferPointer, inout [UInt8]) throws -> Void

  private static func oursInto(_ bytes: UnsafeRawBufferPointer, _ pixels: inout [UInt8]) throws {
    try ImageDecoder.decode(bytes, into: &pixels)
  }

  /// The direct C decoder for the format of `bytes`.
  private static func directDecoder(for bytes: [UInt8]) -> Decode {
    switch ImageFormat.sniff(bytes) {
    case .png?: directPNGSimplified
    case .webp?: directWebP
    default: directShimJPEG
    }
  }

  private static func compare(name: String, bytes: [UInt8], iterations: Int) throws {
    var references: [(String, Decode)] = [("", directDecoder(for: bytes))]
    if ImageFormat.sniff(bytes) == .png {
      references = [(" (libpng simplified)", directPNGSimplified), (" (shim raw)", directShimPNG)]
    }
    for (label, reference) in references {
      var ourBest = Double.infinity
      var directBest = Double.infinity
      var freshBest = Double.infinity
      var ourPixels: [UInt8] = []
      var directPixels: [UInt8] = []
      for _ in 0..<iterations {
        directBest = min(directBest, try time(bytes) { try reference($0, &directPixels) })
        ourBest = min(ourBest, try time(bytes) { try oursInto($0, &ourPixels) })
        freshBest = min(
          freshBest, try time(bytes) { _ = try ImageDecoder.decode($0).pixels.count })
      }
      guard ourPixels == directPixels || ImageFormat.sniff(bytes) != .jpeg else {
        throw Failure(description: "\(name): our pixels differ from the direct decoder's")
      }
      let title = (name + label).padding(toLength: 40, withPad: " ", startingAt: 0)
      print(
        title + format(ourBest * 1_000, digits: 3).leftPadded(7) + "   "
          + format(directBest * 1_000, digits: 3).leftPadded(9) + "  "
          + format(ourBest / directBest, digits: 3) + "  ("
          + format(freshBest * 1_000, digits: 3) + ")")
    }
  }

  // MARK: Direct C decoders (reused buffers)

  private static func directShimJPEG(_ bytes: UnsafeRawBufferPointer, _ pixels: inout [UInt8])
    throws
  {
    var header = CRiveImageShim_Header()
    var decoder: OpaquePointer?
    let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
    guard
      CRiveImageShim_beginJPEG(base, bytes.count, &decoder, &header, nil, 0)
        == CRiveImageShim_statusOK
    else { throw Failure(description: "JPEG header") }
    defer { CRiveImageShim_endJPEG(decoder) }
    resize(&pixels, to: Int(header.width) * Int(header.height) * 4)
    let status = pixels.withUnsafeMutableBufferPointer { buffer in
      CRiveImageShim_finishJPEG(decoder, buffer.baseAddress, buffer.count, nil, 0)
    }
    guard status == CRiveImageShim_statusOK else { throw Failure(description: "JPEG decode") }
  }

  private static func directShimPNG(_ bytes: UnsafeRawBufferPointer, _ pixels: inout [UInt8])
    throws
  {
    var header = CRiveImageShim_Header()
    var decoder: OpaquePointer?
    let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
    guard
      CRiveImageShim_beginPNG(base, bytes.count, &decoder, &header, nil, 0)
        == CRiveImageShim_statusOK
    else { throw Failure(description: "PNG header") }
    defer { CRiveImageShim_endPNG(decoder) }
    resize(&pixels, to: Int(header.width) * Int(header.height) * 4)
    let status = pixels.withUnsafeMutableBufferPointer { buffer in
      CRiveImageShim_finishPNG(decoder, buffer.baseAddress, buffer.count, nil, 0)
    }
    guard status == CRiveImageShim_statusOK else { throw Failure(description: "PNG decode") }
  }

  private static func directPNGSimplified(
    _ bytes: UnsafeRawBufferPointer, _ pixels: inout [UInt8]
  ) throws {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
      throw Failure(description: "libpng simplified: header")
    }
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    resize(&pixels, to: Int(image.width) * Int(image.height) * 4)
    let status = pixels.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
    }
    png_image_free(&image)
    guard status != 0 else { throw Failure(description: "libpng simplified: decode") }
  }

  private static func directWebP(_ bytes: UnsafeRawBufferPointer, _ pixels: inout [UInt8])
    throws
  {
    var width: Int32 = 0
    var height: Int32 = 0
    let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
    guard WebPGetInfo(base, bytes.count, &width, &height) != 0 else {
      throw Failure(description: "WebP header")
    }
    resize(&pixels, to: Int(width) * Int(height) * 4)
    let result = pixels.withUnsafeMutableBufferPointer { buffer in
      WebPDecodeRGBAInto(base, bytes.count, buffer.baseAddress, buffer.count, width * 4)
    }
    guard result != nil else { throw Failure(description: "WebP decode") }
  }

  private static func resize(_ pixels: inout [UInt8], to count: Int) {
    if pixels.count > count {
      pixels.removeLast(pixels.count - count)
    } else if pixels.count < count {
      pixels.append(contentsOf: repeatElement(0, count: count - pixels.count))
    }
  }

  // MARK: Measuring

  private static func time(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws -> Void)
    throws -> Double
  {
    try bytes.withUnsafeBytes { buffer in
      let start = DispatchTime.now().uptimeNanoseconds
      try body(buffer)
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
  }

  private static func throughput(_ bytes: [UInt8], decode: Decode) throws -> Double {
    var pixels: [UInt8] = []
    return try bytes.withUnsafeBytes { buffer in
      try decode(buffer, &pixels)
      let start = DispatchTime.now().uptimeNanoseconds
      var count = 0
      var elapsed = 0.0
      while elapsed < 0.1 {
        for _ in 0..<16 {
          try decode(buffer, &pixels)
        }
        count += 16
        elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      }
      return Double(count) / elapsed
    }
  }

  /// Resets the peak-RSS counter, decodes once into a fresh array and reads the peak.
  private static func peakMemory(of bytes: [UInt8]) throws -> (before: Int, after: Int) {
    // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0 and later).
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = kilobytes("VmHWM")
    let image = try ImageDecoder.decode(bytes)
    let after = kilobytes("VmHWM")
    withExtendedLifetime(image) {}
    return (before, after)
  }

  private static func kilobytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
  }

  private static func format(_ value: Double, digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
