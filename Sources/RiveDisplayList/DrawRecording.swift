/// What one artboard drew into a display list, kept to be appended again while nothing it
/// draws from has changed: the steps (saves, restores, transforms, opacity changes, references
/// into one retained frame and operations of their own, such as text's glyph paths).
///
/// A frame that changed nothing since the last one is appended from its recording instead of
/// being walked again (``DrawRenderer/replay(_:frame:)``): the steps and matrices copied in
/// bulk, each reference pointed at the frame given.
public struct DrawRecording: Sendable {
  /// The steps; a transform's `a` is an index into ``matrices``, an owned step's into
  /// ``owned``, a retained step's `a` unused.
  @usableFromInline var steps: [DisplayStep] = []
  @usableFromInline var matrices: [Transform2D] = []
  @usableFromInline var owned: [DrawOperation] = []

  public init() {}

  /// How many operations the recording appends.
  public var count: Int { steps.count }

  /// Forgets the steps, keeping the storage.
  public mutating func removeAll() {
    steps.removeAll(keepingCapacity: true)
    matrices.removeAll(keepingCapacity: true)
    owned.removeAll(keepingCapacity: true)
  }

  /// Where a list stood when a recording started.
  public struct Start: Sendable {
    @usableFromInline let steps: Int
    @usableFromInline let matrices: Int

    @inlinable
    init(steps: Int, matrices: Int) {
      self.steps = steps
      self.matrices = matrices
    }
  }
}

extension DisplayList {
  /// Where the next appended step will be: the start of a recording.
  @inlinable
  public var recordingStart: DrawRecording.Start {
    DrawRecording.Start(steps: steps.count, matrices: matrices.count)
  }

  /// Copies the steps appended since `start` into `recording`; false (and `recording`
  /// emptied) when they cannot be kept. References into `frame` stay references; references
  /// into another frame (a nested artboard's, drawn inside this one) are kept as the
  /// operations they stand for, which hold that frame's paths and paints as they are now.
  public func record(
    since start: DrawRecording.Start, frame: RetainedPaths, into recording: inout DrawRecording
  ) -> Bool {
    recording.removeAll()
    guard start.steps <= steps.count, start.matrices <= matrices.count else { return false }
    for index in start.steps..<steps.count {
      var step = steps[index]
      switch step.kind {
      case .save, .restore, .modulateOpacity:
        break
      case .transform:
        step.a -= Int32(truncatingIfNeeded: start.matrices)
      case .retainedClip, .retainedDraw:
        if frames[Int(step.a)] === frame {
          step.a = 0
        } else {
          recording.owned.append(operation(step))
          step = DisplayStep(
            kind: .owned, a: Int32(truncatingIfNeeded: recording.owned.count - 1))
        }
      case .owned:
        recording.owned.append(owned[Int(step.a)])
        step.a = Int32(truncatingIfNeeded: recording.owned.count - 1)
      }
      recording.steps.append(step)
    }
    recording.matrices.append(contentsOf: matrices[start.matrices...])
    return true
  }

  /// Whether the list holds a recording's arrays as they are (it was empty when the recording
  /// was appended), its own storage set aside.
  package var sharesRecording: Bool { setAside != nil }

  /// A recording starts where the list ends.
  @inlinable
  public mutating func beginRecording() -> DrawRecording.Start? { recordingStart }

  /// Appends `recording` (``append(_:frame:)``).
  @inlinable
  public mutating func replay(_ recording: DrawRecording, frame: RetainedPaths) {
    append(recording, frame: frame)
  }

  /// Appends `recording`, its references into `frame`.
  ///
  /// Into an empty list (a list reused frame after frame, emptied before each), the list
  /// takes the recording's arrays as they are (shared: copy-on-write) and sets its own storage
  /// aside until it is emptied again; the recording keeps its references at frame 0, which
  /// `frame` becomes.
  public mutating func append(_ recording: DrawRecording, frame: RetainedPaths) {
    if steps.isEmpty, matrices.isEmpty, owned.isEmpty, frames.isEmpty, setAside == nil {
      setAside = SetAside(steps: steps, matrices: matrices, owned: owned)
      steps = recording.steps
      matrices = recording.matrices
      owned = recording.owned
      frames.append(frame)
      return
    }
    let frameSlot = frameIndex(of: frame)
    let matrixBase = Int32(truncatingIfNeeded: matrices.count)
    matrices.append(contentsOf: recording.matrices)
    let ownedBase = Int32(truncatingIfNeeded: owned.count)
    if !recording.owned.isEmpty { owned.append(contentsOf: recording.owned) }
    // Copied in bulk, then the indices moved to this list's matrices, operations and frame
    // (a recording keeps them as they are into an empty list: nothing to move).
    let first = steps.count
    steps.append(contentsOf: recording.steps)
    guard matrixBase != 0 || ownedBase != 0 || frameSlot != 0 else { return }
    steps.withUnsafeMutableBufferPointer { appended in
      for index in first..<appended.count {
        switch appended[index].kind {
        case .transform: appended[index].a &+= matrixBase
        case .owned: appended[index].a &+= ownedBase
        case .retainedClip, .retainedDraw: appended[index].a = frameSlot
        default: break
        }
      }
    }
  }
}
