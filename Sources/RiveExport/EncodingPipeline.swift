import Foundation

/// The second stage of a pipelined export: a thread of its own that encodes the frames the
/// caller draws, in order, at most `depth` frames behind.
///
/// Only pixel buffers (`RasterFrame`, immutable) and mixed audio cross to the thread; the
/// runtime that draws them stays on the caller's. The thread starts with the pipeline and
/// runs until ``stop(discarding:)``; the encoders are used by that thread alone until then,
/// and by the caller again after it returns.
final class EncodingPipeline: @unchecked Sendable {
  // @unchecked: `queue`, `busy`, `failure`, `stopping`, `discarding` and `running` are read
  // and written only while `condition` is locked; `encoders` is used and finally released by
  // the pipeline's thread alone, which clears `running` under the lock once it has let go of
  // it, so that the caller, whom ``stop(discarding:)`` returns to after that, holds the last
  // reference (and a video left unfinished is removed on the caller's thread).
  private let condition = NSCondition()
  private var encoders: FrameEncoders?
  private let depth: Int
  private var queue: [FrameEncoders.Job] = []
  /// Frames taken off the queue and not encoded yet (0 or 1).
  private var busy = 0
  private var failure: ExportError?
  private var stopping = false
  private var discarding = false
  private var running = true

  /// The thread's stack: libavcodec and libavfilter are used on it (the main thread's size).
  static let stackSize = 8 << 20

  /// Starts the thread.
  ///
  /// - Parameters:
  ///   - encoders: The export's encoders, used by the thread from now on.
  ///   - depth: The most frames given and not encoded yet, at least 1.
  init(encoders: FrameEncoders, depth: Int) {
    self.encoders = encoders
    self.depth = max(1, depth)
    let thread = Thread { [self] in run() }
    thread.name = "RiveExport encoder"
    thread.stackSize = Self.stackSize
    thread.start()
  }

  /// Hands a frame to the thread, waiting while `depth` frames are ahead of it.
  ///
  /// - Throws: The ``ExportError`` of an earlier frame that failed to encode (the frames after
  ///   it are dropped).
  func submit(_ job: FrameEncoders.Job) throws(ExportError) {
    condition.lock()
    defer { condition.unlock() }
    while failure == nil, queue.count + busy >= depth { condition.wait() }
    if let failure { throw failure }
    queue.append(job)
    condition.broadcast()
  }

  /// Stops the thread once it has encoded every frame given (or, `discarding`, after the one
  /// it is encoding), and waits for it.
  ///
  /// - Parameter discarding: Whether the frames not encoded yet are dropped.
  /// - Returns: The first encoding error, if any.
  @discardableResult
  func stop(discarding: Bool) -> ExportError? {
    condition.lock()
    defer { condition.unlock() }
    stopping = true
    if discarding {
      self.discarding = true
      queue.removeAll()
    }
    condition.broadcast()
    while running { condition.wait() }
    return failure
  }

  /// The thread: encodes each frame given, in order, until stopped.
  private func run() {
    while true {
      condition.lock()
      while queue.isEmpty, !stopping { condition.wait() }
      guard !queue.isEmpty, failure == nil, !discarding, let encoders else {
        encoders = nil
        running = false
        condition.broadcast()
        condition.unlock()
        return
      }
      let job = queue.removeFirst()
      busy = 1
      condition.unlock()

      var error: ExportError?
      do throws(ExportError) {
        try encoders.write(job)
      } catch let failed {
        error = failed
      }

      condition.lock()
      busy = 0
      if let error {
        failure = error
        queue.removeAll()
      }
      condition.broadcast()
      condition.unlock()
    }
  }
}
