import CAV
import Foundation

/// H.264 in MP4 or VP9 in WebM, with an optional AAC or Vorbis track, through Debian's
/// libavcodec and libavformat, encoding 4:2:0 frames (`VideoPicture`s, converted from RGBA by
/// ``VideoPictureConverter``).
///
/// Settings: H.264 with libx264, preset `medium`, CRF 20, a key frame every 2 s; VP9 with
/// libvpx, CRF 32 at constrained quality 0 (quality mode), `good` deadline, `cpu-used` 4, row
/// multithreading; both 8-bit 4:2:0, limited range, BT.709 primaries, transfer and matrix.
/// Audio: AAC (FFmpeg's encoder) or Vorbis (libvorbis), 44.1 kHz stereo, 128 kbit/s. MP4s are
/// written with `+faststart` (the index before the media); WebMs bit-exact (libavformat's
/// `AVFMT_FLAG_BITEXACT`: the Matroska muxer otherwise writes random segment and track ids, so
/// no two recordings had the same bytes).
///
/// Both encoders run on threads of their own, and their bitstreams depend on how many (libx264
/// gives each frame thread a slice of the motion search, libvpx splits rows and tiles among
/// its threads), never on the cores there are or on scheduling: the count is fixed
/// (``defaultThreads(for:)``) unless a caller asks for another, so a recording has the same
/// bytes on one core and on many.
final class VideoEncoder {
  enum Container { case mp4, webm }

  /// The encoder threads a count of 0 stands for: 3 frame threads for libx264 and 2 threads
  /// for libvpx-vp9, what each picks for itself on 2 cores (so recordings kept the bytes they
  /// had on the project's 2-core machine when the count was left to the encoder, which made
  /// them depend on the machine).
  static func defaultThreads(for container: Container) -> Int {
    container == .mp4 ? 3 : 2
  }

  /// The most encoder threads asked for that are used (libavcodec's libvpx wrapper takes at
  /// most 16, libx264 128).
  static let maximumThreads = 16

  /// The CPU capabilities libx264 encodes with: those it detects, without AVX-512 (nil when
  /// the library does not say, and libx264 detects them itself).
  ///
  /// libx264's AVX-512 functions (Debian's core 164) read memory the encoder never wrote when
  /// a frame's width or height is not a multiple of 16, so the bitstream — not the decoded
  /// pixels — depended on what the heap held: from run to run, from one thread to another, a
  /// pipelined export's from a serial one's. Without them (its AVX2 functions, which give the
  /// bits its C code gives) a frame's bytes depend on the frame alone, as on a CPU without
  /// AVX-512. Found with a standalone libavcodec program: 100 × 100 frames give another stream
  /// under `MALLOC_PERTURB_`; with these capabilities, or under valgrind (which has no
  /// AVX-512), the same one.
  static let x264Capabilities: UInt32? = {
    // libx264 is loaded with libavcodec; `x264_cpu_detect` is its detection, `1 << 16` its
    // `X264_CPU_AVX512` (x264.h).
    guard let symbol = dlsym(nil, "x264_cpu_detect") else { return nil }
    let detect = unsafeBitCast(symbol, to: (@convention(c) () -> UInt32).self)
    return detect() & ~(UInt32(1) << 16)
  }()

  private let output: String
  private var format: UnsafeMutablePointer<AVFormatContext>?
  private var video: UnsafeMutablePointer<AVCodecContext>?
  private var videoStream: UnsafeMutablePointer<AVStream>?
  private var audio: UnsafeMutablePointer<AVCodecContext>?
  private var audioStream: UnsafeMutablePointer<AVStream>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private var framesSent: Int64 = 0
  private var audioSent: Int64 = 0
  /// Interleaved stereo samples waiting for a whole encoder frame.
  private var audioQueue: [Float] = []
  private var finished = false

  /// Opens `output` for writing.
  ///
  /// - Parameters:
  ///   - output: The file.
  ///   - container: MP4 or WebM.
  ///   - width: Even, at least 2.
  ///   - height: Even, at least 2.
  ///   - fps: Frames per second.
  ///   - hasAudio: Whether the file gets an audio track.
  ///   - threads: Encoder threads (0: ``defaultThreads(for:)``).
  /// - Throws: ``ExportError`` with code `encoder` and libav's message.
  init(
    output: String, container: Container, width: Int, height: Int, fps: Int, hasAudio: Bool,
    threads: Int
  ) throws(ExportError) {
    self.output = output
    // libav reports failures through return codes; its notes would clutter standard error.
    av_log_set_level(AV_LOG_ERROR)
    var context: UnsafeMutablePointer<AVFormatContext>?
    try check(
      avformat_alloc_output_context2(&context, nil, container == .mp4 ? "mp4" : "webm", output),
      "avformat_alloc_output_context2")
    guard let context else { throw failure("libavformat has no \(container) muxer") }
    format = context
    if container == .webm { context.pointee.flags |= AVFMT_FLAG_BITEXACT }

    // Video.
    let encoderName = container == .mp4 ? "libx264" : "libvpx-vp9"
    guard let encoder = avcodec_find_encoder_by_name(encoderName) else {
      throw failure("libavcodec has no \(encoderName) encoder (Debian's libavcodec has it)")
    }
    guard let stream = avformat_new_stream(context, nil),
      let codec = avcodec_alloc_context3(encoder)
    else { throw failure("out of memory making the video stream") }
    videoStream = stream
    video = codec
    codec.pointee.width = Int32(width)
    codec.pointee.height = Int32(height)
    codec.pointee.time_base = AVRational(num: 1, den: Int32(fps))
    codec.pointee.framerate = AVRational(num: Int32(fps), den: 1)
    codec.pointee.pix_fmt = AV_PIX_FMT_YUV420P
    codec.pointee.gop_size = Int32(fps * 2)
    let count =
      threads > 0 ? min(threads, Self.maximumThreads) : Self.defaultThreads(for: container)
    codec.pointee.thread_count = Int32(count)
    // Frame threads for libx264 (its slice threads would cut every frame into slices); libvpx
    // takes the count alone.
    codec.pointee.thread_type = FF_THREAD_FRAME
    codec.pointee.color_range = AVCOL_RANGE_MPEG
    codec.pointee.colorspace = AVCOL_SPC_BT709
    codec.pointee.color_primaries = AVCOL_PRI_BT709
    codec.pointee.color_trc = AVCOL_TRC_BT709
    if container == .mp4 {
      av_opt_set(codec.pointee.priv_data, "preset", "medium", 0)
      av_opt_set(codec.pointee.priv_data, "crf", "20", 0)
      if let capabilities = Self.x264Capabilities {
        av_opt_set(codec.pointee.priv_data, "x264-params", "asm=\(capabilities)", 0)
      }
    } else {
      codec.pointee.bit_rate = 0
      av_opt_set(codec.pointee.priv_data, "crf", "32", 0)
      av_opt_set(codec.pointee.priv_data, "deadline", "good", 0)
      av_opt_set(codec.pointee.priv_data, "cpu-used", "4", 0)
      av_opt_set(codec.pointee.priv_data, "row-mt", "1", 0)
    }
    let globalHeader = (context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0
    if globalHeader { codec.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    try check(avcodec_open2(codec, encoder, nil), "opening \(encoderName)")
    try check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "video parameters")
    stream.pointee.time_base = codec.pointee.time_base
    stream.pointee.avg_frame_rate = codec.pointee.framerate

    // Audio.
    if hasAudio {
      let audioName = container == .mp4 ? "aac" : "libvorbis"
      guard let audioEncoder = avcodec_find_encoder_by_name(audioName) else {
        throw failure("libavcodec has no \(audioName) encoder")
      }
      guard let audioTrack = avformat_new_stream(context, nil),
        let audioCodec = avcodec_alloc_context3(audioEncoder)
      else { throw failure("out of memory making the audio stream") }
      audioStream = audioTrack
      audio = audioCodec
      audioCodec.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
      audioCodec.pointee.sample_rate = Int32(AudioMix.sampleRate)
      av_channel_layout_default(&audioCodec.pointee.ch_layout, Int32(AudioMix.channelCount))
      audioCodec.pointee.bit_rate = 128_000
      audioCodec.pointee.time_base = AVRational(num: 1, den: Int32(AudioMix.sampleRate))
      if globalHeader { audioCodec.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
      try check(avcodec_open2(audioCodec, audioEncoder, nil), "opening \(audioName)")
      try check(
        avcodec_parameters_from_context(audioTrack.pointee.codecpar, audioCodec),
        "audio parameters")
      audioTrack.pointee.time_base = audioCodec.pointee.time_base
    }

    if (context.pointee.oformat.pointee.flags & AVFMT_NOFILE) == 0 {
      try check(avio_open(&context.pointee.pb, output, AVIO_FLAG_WRITE), "opening the file")
    }
    var options: OpaquePointer?
    if container == .mp4 { av_dict_set(&options, "movflags", "+faststart", 0) }
    let header = avformat_write_header(context, &options)
    av_dict_free(&options)
    try check(header, "writing the header")

    guard let packet = av_packet_alloc() else { throw failure("out of memory") }
    self.packet = packet
  }

  deinit {
    av_packet_free(&packet)
    avcodec_free_context(&video)
    avcodec_free_context(&audio)
    if let format {
      if (format.pointee.oformat.pointee.flags & AVFMT_NOFILE) == 0 {
        avio_closep(&format.pointee.pb)
      }
      avformat_free_context(format)
    }
    if !finished { try? FileManager.default.removeItem(atPath: output) }
  }

  /// Encodes one frame.
  ///
  /// - Parameter picture: The frame, converted for this encoder's size.
  /// - Throws: ``ExportError`` with code `encoder`.
  func append(_ picture: VideoPicture) throws(ExportError) {
    guard let video, let videoStream else { throw failure("the encoder is closed") }
    picture.frame.pointee.pts = framesSent
    framesSent += 1
    try send(picture.frame, to: video, stream: videoStream)
  }

  /// Encodes the final audio samples up to here (interleaved stereo, 44.1 kHz).
  func appendAudio(_ samples: [Float]) throws(ExportError) {
    guard let audio, let audioStream else { return }
    audioQueue += samples
    let frameSize = Int(audio.pointee.frame_size) > 0 ? Int(audio.pointee.frame_size) : 1024
    while audioQueue.count >= frameSize * AudioMix.channelCount {
      try sendAudio(frames: frameSize, codec: audio, stream: audioStream)
    }
  }

  private func sendAudio(
    frames: Int, codec: UnsafeMutablePointer<AVCodecContext>,
    stream: UnsafeMutablePointer<AVStream>
  ) throws(ExportError) {
    var frame = av_frame_alloc()
    defer { av_frame_free(&frame) }
    guard let frame else { throw failure("out of memory") }
    frame.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
    frame.pointee.sample_rate = Int32(AudioMix.sampleRate)
    frame.pointee.nb_samples = Int32(frames)
    try check(av_channel_layout_copy(&frame.pointee.ch_layout, &codec.pointee.ch_layout), "layout")
    try check(av_frame_get_buffer(frame, 0), "allocating audio")
    let available = min(frames, audioQueue.count / AudioMix.channelCount)
    for channel in 0..<AudioMix.channelCount {
      guard let plane = frame.pointee.extended_data[channel] else { continue }
      plane.withMemoryRebound(to: Float.self, capacity: frames) { samples in
        for index in 0..<frames {
          samples[index] =
            index < available ? audioQueue[index * AudioMix.channelCount + channel] : 0
        }
      }
    }
    audioQueue.removeFirst(available * AudioMix.channelCount)
    frame.pointee.pts = audioSent
    audioSent += Int64(frames)
    try send(frame, to: codec, stream: stream)
  }

  /// Flushes both encoders and writes the index.
  func finish() throws(ExportError) {
    guard let format, let video, let videoStream else { throw failure("the encoder is closed") }
    if let audio, let audioStream {
      // The last, partial frame: short when the encoder takes that, else padded with silence.
      let remaining = audioQueue.count / AudioMix.channelCount
      if remaining > 0 {
        let small =
          (audio.pointee.codec.pointee.capabilities & Int32(AV_CODEC_CAP_SMALL_LAST_FRAME)) != 0
        let frameSize = Int(audio.pointee.frame_size) > 0 ? Int(audio.pointee.frame_size) : 1024
        try sendAudio(frames: small ? remaining : frameSize, codec: audio, stream: audioStream)
      }
      try send(nil, to: audio, stream: audioStream)
    }
    try send(nil, to: video, stream: videoStream)
    try check(av_write_trailer(format), "writing the trailer")
    finished = true
  }

  /// Sends a frame (nil: end of stream) and writes every packet the encoder gives back.
  private func send(
    _ frame: UnsafeMutablePointer<AVFrame>?, to codec: UnsafeMutablePointer<AVCodecContext>,
    stream: UnsafeMutablePointer<AVStream>
  ) throws(ExportError) {
    guard let format, let packet else { throw failure("the encoder is closed") }
    try check(avcodec_send_frame(codec, frame), "encoding")
    while true {
      let status = avcodec_receive_packet(codec, packet)
      if status == CAV_errorAgain() || status == CAV_errorEOF() { return }
      try check(status, "encoding")
      av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
      packet.pointee.stream_index = stream.pointee.index
      try check(av_interleaved_write_frame(format, packet), "writing a packet")
    }
  }

  private func check(_ status: Int32, _ what: String) throws(ExportError) {
    try libavCheck(status, what, output)
  }

  private func failure(_ message: String) -> ExportError {
    libavFailure(message, output)
  }
}
