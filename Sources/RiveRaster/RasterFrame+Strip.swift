import RiveDiagnostics

extension RasterFrame {
  /// Frames of one size side by side, left to right: the strip `rive-assets render --strip`
  /// writes and the strip forms of `assertFrame` compare.
  ///
  /// - Parameters:
  ///   - frames: The frames, all of the first one's size; one frame is returned as it is.
  ///   - limits: The widest and largest strip allowed.
  /// - Returns: A frame `frames.count` times as wide as each.
  /// - Throws: ``RasterError`` with code `invalidSize` for no frames or a strip wider than
  ///   `limits` allow, `sizeMismatch` for a frame of another size than the first.
  public static func strip(_ frames: [RasterFrame], limits: RasterLimits = .default)
    throws(RasterError) -> RasterFrame
  {
    guard let first = frames.first else {
      throw RasterError(.invalidSize, message: "a strip needs at least one frame")
    }
    if let other = frames.firstIndex(where: { $0.width != first.width || $0.height != first.height }
    ) {
      throw RasterError(
        .sizeMismatch,
        message: "frame \(other) of the strip is \(frames[other].width)×\(frames[other].height), "
          + "the first is \(first.width)×\(first.height)")
    }
    guard frames.count > 1 else { return first }
    let (width, overflow) = first.width.multipliedReportingOverflow(by: frames.count)
    guard !overflow, width <= limits.maximumDimension,
      width.multipliedReportingOverflow(by: first.height).partialValue <= limits.maximumPixelCount
    else {
      throw RasterError(
        .invalidSize,
        message: "a strip of \(frames.count) frames \(first.width) wide is "
          + "\(overflow ? "too many" : "\(width)") pixels wide, beyond the limits (\(limits.maximumDimension) "
          + "a side, \(limits.maximumPixelCount) in all)")
    }
    let rowBytes = first.width * 4
    var rgba = [UInt8](repeating: 0, count: width * first.height * 4)
    rgba.withUnsafeMutableBytes { target in
      for (index, frame) in frames.enumerated() {
        frame.rgba.withUnsafeBytes { source in
          for y in 0..<first.height {
            let start = (y * width + index * first.width) * 4
            UnsafeMutableRawBufferPointer(rebasing: target[start..<start + rowBytes]).copyMemory(
              from: UnsafeRawBufferPointer(rebasing: source[y * rowBytes..<(y + 1) * rowBytes]))
          }
        }
      }
    }
    return try RasterFrame(width: width, height: first.height, rgba: rgba)
  }
}
