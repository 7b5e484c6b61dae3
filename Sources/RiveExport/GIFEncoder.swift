import CAV
import CGIF
import Foundation

/// How a GIF's colours are chosen (a GIF has at most 256 colours a frame, one of them kept for
/// transparency here).
public enum GIFPalette: String, Sendable, Hashable, CaseIterable {
  /// A palette for each frame, from that frame's colours (libavfilter's `palettegen` with
  /// `stats_mode=single` and `paletteuse` with `new=1`): the best colours, a local colour
  /// table in every frame. The default.
  case perFrame = "per-frame"
  /// One palette for the whole animation, from every frame's colours (`stats_mode=full`),
  /// written as the global colour table: smaller files and no colour shift between frames;
  /// the frames are held until the last has been given.
  case global
}

/// An animated GIF through libavfilter's palette filters and giflib.
///
/// Colours are reduced by `palettegen` (255 colours and a transparent one) and mapped by
/// `paletteuse` with ordered (Bayer, scale 4) dithering, which is deterministic and does not
/// crawl between frames as error diffusion does; pixels under half opaque are transparent,
/// the others opaque. Each frame replaces the previous one (disposal "restore to
/// background"); delays are in 1/100 s, rounded so that frame `i` ends at `(i + 1) / fps`; the
/// animation loops forever (the NETSCAPE2.0 extension).
final class GIFEncoder {
  private let output: String
  private let width: Int
  private let height: Int
  private let fps: Int
  private let palette: GIFPalette
  private var graph: UnsafeMutablePointer<AVFilterGraph>?
  private var source: UnsafeMutablePointer<AVFilterContext>?
  private var sink: UnsafeMutablePointer<AVFilterContext>?
  private var gif: UnsafeMutablePointer<GifFileType>?
  private var given = 0
  private var written = 0
  private var finished = false

  init(output: String, width: Int, height: Int, fps: Int, palette: GIFPalette) throws(ExportError) {
    self.output = output
    self.width = width
    self.height = height
    self.fps = fps
    self.palette = palette
    // libav reports failures through return codes; its notes would clutter standard error.
    av_log_set_level(AV_LOG_ERROR)
    guard let graph = avfilter_graph_alloc(),
      let bufferFilter = avfilter_get_by_name("buffer"),
      let sinkFilter = avfilter_get_by_name("buffersink")
    else { throw failure("libavfilter has no buffer filters") }
    self.graph = graph
    // One thread: the filters' output is then the same on every machine and run.
    graph.pointee.nb_threads = 1
    let arguments =
      "video_size=\(width)x\(height):pix_fmt=\(AV_PIX_FMT_RGBA.rawValue):"
      + "time_base=1/\(fps):pixel_aspect=1/1"
    try check(
      avfilter_graph_create_filter(&source, bufferFilter, "in", arguments, nil, graph),
      "making the frame source")
    try check(
      avfilter_graph_create_filter(&sink, sinkFilter, "out", nil, nil, graph),
      "making the frame sink")
    let statistics = palette == .perFrame ? "single" : "full"
    let description =
      "split[a][b];[a]palettegen=stats_mode=\(statistics):max_colors=256:reserve_transparent=1[p];"
      + "[b][p]paletteuse=dither=bayer:bayer_scale=4:alpha_threshold=128"
      + (palette == .perFrame ? ":new=1" : "")
    // The parser links the source to the first open input and the sink to the last open
    // output, then hands back (or frees) the lists; whatever it hands back is freed here.
    var outputs = avfilter_inout_alloc()
    var inputs = avfilter_inout_alloc()
    defer {
      avfilter_inout_free(&outputs)
      avfilter_inout_free(&inputs)
    }
    guard let opened = outputs, let closing = inputs else { throw failure("out of memory") }
    opened.pointee.name = av_strdup("in")
    opened.pointee.filter_ctx = source
    opened.pointee.pad_idx = 0
    opened.pointee.next = nil
    closing.pointee.name = av_strdup("out")
    closing.pointee.filter_ctx = sink
    closing.pointee.pad_idx = 0
    closing.pointee.next = nil
    try check(
      avfilter_graph_parse_ptr(graph, description, &inputs, &outputs, nil),
      "setting up the palette filters")
    try check(avfilter_graph_config(graph, nil), "configuring the palette filters")

    // Opened here rather than by EGifOpenFileName, which makes files only their owner can
    // read (mode 0600); this one gets 0666 less the umask, as every other output.
    let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
    guard descriptor >= 0 else {
      throw ExportError(
        .io, output: output, message: "cannot open: \(String(cString: strerror(errno)))")
    }
    var error: Int32 = 0
    guard let gif = EGifOpenFileHandle(descriptor, &error) else {
      close(descriptor)
      throw ExportError(
        .io, output: output, message: "giflib cannot open the file: \(Self.gifError(error))")
    }
    self.gif = gif
    EGifSetGifVersion(gif, true)
  }

  deinit {
    if let gif {
      var error: Int32 = 0
      EGifCloseFile(gif, &error)
    }
    avfilter_graph_free(&graph)
    if !finished { try? FileManager.default.removeItem(atPath: output) }
  }

  /// Gives one frame (straight RGBA); frames come out of the palette filters as they are ready.
  func append(_ rgba: [UInt8]) throws(ExportError) {
    guard let source else { throw failure("the encoder is closed") }
    var frame = av_frame_alloc()
    defer { av_frame_free(&frame) }
    guard let frame else { throw failure("out of memory") }
    frame.pointee.format = AV_PIX_FMT_RGBA.rawValue
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    try check(av_frame_get_buffer(frame, 0), "allocating a frame")
    guard let plane = frame.pointee.data.0 else { throw failure("no frame buffer") }
    let stride = Int(frame.pointee.linesize.0)
    rgba.withUnsafeBufferPointer { pixels in
      guard let base = pixels.baseAddress else { return }
      for row in 0..<height {
        (plane + row * stride).update(from: base + row * width * 4, count: width * 4)
      }
    }
    frame.pointee.pts = Int64(given)
    given += 1
    try check(av_buffersrc_add_frame_flags(source, frame, 0), "filtering a frame")
    try drain()
  }

  /// Ends the stream, writes the frames still in the filters and closes the file.
  func finish() throws(ExportError) {
    guard let source else { throw failure("the encoder is closed") }
    try check(av_buffersrc_add_frame_flags(source, nil, 0), "ending the stream")
    try drain()
    guard let gif else { throw failure("the file is closed") }
    var error: Int32 = 0
    let status = EGifCloseFile(gif, &error)
    self.gif = nil
    guard status == GIF_OK else {
      throw ExportError(.io, output: output, message: "giflib: \(Self.gifError(error))")
    }
    guard written == given else {
      throw failure("the palette filters gave \(written) frames for \(given)")
    }
    finished = true
  }

  /// Writes every frame the filters have ready.
  private func drain() throws(ExportError) {
    guard let sink else { return }
    while true {
      var frame = av_frame_alloc()
      defer { av_frame_free(&frame) }
      guard let frame else { throw failure("out of memory") }
      let status = av_buffersink_get_frame(sink, frame)
      if status == CAV_errorAgain() || status == CAV_errorEOF() { return }
      try check(status, "filtering")
      try write(frame)
    }
  }

  /// Writes one palettised frame (PAL8: indices in plane 0, 256 ARGB entries in plane 1).
  private func write(_ frame: UnsafeMutablePointer<AVFrame>) throws(ExportError) {
    guard let gif else { throw failure("the file is closed") }
    guard frame.pointee.format == AV_PIX_FMT_PAL8.rawValue, let indices = frame.pointee.data.0,
      let entries = frame.pointee.data.1
    else { throw failure("the palette filters gave a frame that is not palettised") }
    var colors = [GifColorType](repeating: GifColorType(), count: 256)
    var transparent: Int32 = -1
    entries.withMemoryRebound(to: UInt32.self, capacity: 256) { table in
      for index in 0..<256 {
        let argb = table[index]
        colors[index] = GifColorType(
          Red: UInt8((argb >> 16) & 0xFF), Green: UInt8((argb >> 8) & 0xFF),
          Blue: UInt8(argb & 0xFF))
        if argb >> 24 == 0, transparent < 0 { transparent = Int32(index) }
      }
    }
    guard let map = GifMakeMapObject(256, colors) else { throw failure("giflib: out of memory") }
    defer { GifFreeMapObject(map) }
    if written == 0 {
      try gifCheck(
        EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, palette == .global ? map : nil),
        "writing the screen descriptor")
      // NETSCAPE2.0: loop forever.
      var application: [UInt8] = Array("NETSCAPE2.0".utf8)
      var loop: [UInt8] = [1, 0, 0]
      try gifCheck(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "the loop extension")
      try gifCheck(EGifPutExtensionBlock(gif, 11, &application), "the loop extension")
      try gifCheck(EGifPutExtensionBlock(gif, 3, &loop), "the loop extension")
      try gifCheck(EGifPutExtensionTrailer(gif), "the loop extension")
    }
    let start = Int((Double(written) * 100 / Double(fps)).rounded())
    let end = Int((Double(written + 1) * 100 / Double(fps)).rounded())
    var control = GraphicsControlBlock(
      DisposalMode: DISPOSE_BACKGROUND, UserInputFlag: false, DelayTime: Int32(end - start),
      TransparentColor: transparent)
    var extensionBytes = [UInt8](repeating: 0, count: 4)
    let length = EGifGCBToExtension(&control, &extensionBytes)
    try gifCheck(
      EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes),
      "the frame's control block")
    try gifCheck(
      EGifPutImageDesc(
        gif, 0, 0, Int32(width), Int32(height), false, palette == .global ? nil : map),
      "the frame's descriptor")
    let stride = Int(frame.pointee.linesize.0)
    for row in 0..<height {
      try gifCheck(EGifPutLine(gif, indices + row * stride, Int32(width)), "the frame's pixels")
    }
    written += 1
  }

  private func gifCheck(_ status: Int32, _ what: String) throws(ExportError) {
    guard status != GIF_OK, let gif else { return }
    throw ExportError(
      .encoder, output: output, frameIndex: written,
      message: "giflib: \(what): \(Self.gifError(gif.pointee.Error))")
  }

  private static func gifError(_ code: Int32) -> String {
    GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
  }

  private func check(_ status: Int32, _ what: String) throws(ExportError) {
    guard status < 0 else { return }
    var buffer = [CChar](repeating: 0, count: 256)
    av_strerror(status, &buffer, buffer.count)
    throw failure("\(what): \(ExportError.text(buffer))")
  }

  private func failure(_ message: String) -> ExportError {
    ExportError(.encoder, output: output, frameIndex: given, message: "libavfilter: " + message)
  }
}
