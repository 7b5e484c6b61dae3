import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Plays a ``SilverScenario`` with the package's runtime, as the official runtime's test played
/// it when it recorded the silver: the artboard and state machine chosen, text laid out and
/// drawn with the file's embedded fonts and no fallback font (as the official test build), the
/// steps in order, and each frame's draw calls collected.
public enum SilverPlayer {
  /// What a scenario played to.
  public struct Playback: Sendable {
    /// The frames (the draw calls between frame ends; a last frame only when it drew
    /// something, as ``SilverRecording/frames`` are counted).
    public var frames: [DisplayList]
    /// The frame size the scenario gives the silver, if any.
    public var frameSize: SilverFrameSize?
    /// The artboards played: the scenario's, then those it nested or listed as any frame
    /// ended, by name, each once.
    public var artboards: [String] = []
  }

  /// Plays `scenario` on `file`.
  ///
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - file: Its file, parsed.
  ///   - observe: Called with each frame's index and the player as each frame ends (after its
  ///     draws), to look at the state a frame was drawn from.
  /// - Returns: The frames.
  /// - Throws: ``SilverPlayError`` naming the step that could not be played (an artboard,
  ///   state machine, view model, property or input the file does not have).
  public static func play(
    _ scenario: SilverScenario, file: RuntimeFile,
    observe: ((Int, inout ArtboardPlayback) -> Void)? = nil
  ) throws(SilverPlayError) -> Playback {
    if let reason = scenario.unplayable { throw SilverPlayError(step: nil, message: reason) }
    let model = try artboard(scenario.artboard, in: file)
    let driver = try driver(scenario.stateMachine, of: model)
    var player = ArtboardPlayback(artboard: model, driver: driver, file: nil)
    let text = TextFonts(document: file.document)
    let images = DrawImages(document: file.document)
    player.measureText(with: text)
    player.solveLayout(true)
    player.setLayoutImages(images)
    player.drawRandomsAsTestBuild()
    var run = Run(file: file, player: player, images: images, text: text)
    run.observe = observe
    try run.perform(scenario.steps)
    if !run.current.isEmpty {
      observe?(run.frames.count, &run.player)
      run.noteHostedArtboards()
      run.frames.append(DisplayList(operations: run.current))
    }
    let size: SilverFrameSize?
    switch scenario.frameSize {
    case .none: size = nil
    case .size(let width, let height): size = SilverFrameSize(width: width, height: height)
    case .artboard:
      size = SilverFrameSize(
        width: Int(clamping: Int64(model.float(0, Slot.layoutComponentWidth).rounded(.towardZero))),
        height: Int(
          clamping: Int64(model.float(0, Slot.layoutComponentHeight).rounded(.towardZero))))
    }
    return Playback(
      frames: run.frames, frameSize: size,
      artboards: [model.name] + run.hostedArtboards.filter { $0 != model.name })
  }

  static func artboard(_ choice: SilverScenario.ArtboardChoice, in file: RuntimeFile)
    throws(SilverPlayError) -> ArtboardModel
  {
    let names = file.artboards.map { "\"\($0.name)\"" }.joined(separator: ", ")
    switch choice {
    case .first:
      guard let first = file.artboards.first else {
        throw SilverPlayError(step: nil, message: "the file has no artboard")
      }
      return first
    case .named(let name):
      guard let found = file.artboard(named: name) else {
        throw SilverPlayError(step: nil, message: "no artboard \"\(name)\"; the file has \(names)")
      }
      return found
    case .index(let index):
      guard file.artboards.indices.contains(index) else {
        throw SilverPlayError(
          step: nil, message: "no artboard \(index); the file has \(file.artboards.count)")
      }
      return file.artboards[index]
    }
  }

  static func driver(_ choice: SilverScenario.MachineChoice, of model: ArtboardModel)
    throws(SilverPlayError) -> ArtboardPlayback.Driver
  {
    let machines = model.stateMachineNames
    switch choice {
    case .none:
      return .none
    case .animation(let name):
      guard let index = model.animationNames.firstIndex(of: name) else {
        throw SilverPlayError(
          step: nil,
          message: "artboard \"\(model.name)\" has no animation \"\(name)\"; it has "
            + model.animationNames.map { "\"\($0)\"" }.joined(separator: ", "))
      }
      return .animation(index: index, name: name)
    case .default:
      guard let index = model.defaultStateMachineIndex, machines.indices.contains(index) else {
        return .none
      }
      return .stateMachine(index: index, name: machines[index])
    case .index(let index):
      guard machines.indices.contains(index) else {
        throw SilverPlayError(
          step: nil,
          message: "artboard \"\(model.name)\" has no state machine \(index) (\(machines.count))")
      }
      return .stateMachine(index: index, name: machines[index])
    case .named(let name):
      guard let index = machines.firstIndex(of: name) else {
        throw SilverPlayError(
          step: nil,
          message: "artboard \"\(model.name)\" has no state machine \"\(name)\"; it has "
            + machines.map { "\"\($0)\"" }.joined(separator: ", "))
      }
      return .stateMachine(index: index, name: name)
    }
  }

  /// A scenario being played.
  private struct Run {
    let file: RuntimeFile
    var player: ArtboardPlayback
    let images: DrawImages
    let text: TextFonts
    var frames: [DisplayList] = []
    var current: [DrawOperation] = []
    var counter = 0
    var observe: ((Int, inout ArtboardPlayback) -> Void)?
    /// The artboards nested or listed as frames ended, each once.
    var hostedArtboards: [String] = []

    init(file: RuntimeFile, player: ArtboardPlayback, images: DrawImages, text: TextFonts) {
      self.file = file
      self.player = player
      self.images = images
      self.text = text
    }

    mutating func perform(_ steps: [SilverScenario.Step]) throws(SilverPlayError) {
      for step in steps {
        if case .repeatSteps(let times, let inner) = step {
          for _ in 0..<times { try perform(inner) }
          continue
        }
        counter += 1
        switch step {
        case .advance(let seconds):
          player.advance(by: seconds)
        case .advanceArtboard(let seconds):
          player.withArtboard { _ = $0.advance(seconds) }
        case .pointerAtValues(let kind, let xPath, let yPath, let id):
          let position: (Float, Float)? = player.withArtboard { artboard in
            guard case .number(let x)? = artboard.viewModels?.value(at: xPath),
              case .number(let y)? = artboard.viewModels?.value(at: yPath)
            else { return nil }
            return (x, y)
          }
          guard let (x, y) = position else {
            throw SilverPlayError(
              step: counter, message: "no number properties \"\(xPath)\" and \"\(yPath)\" bound")
          }
          player.pointerEvent(kind, x: x, y: y, pointer: id, timeStamp: 0)
        case .stampedPointer(let kind, let x, let y, let id, let stamp):
          player.pointerEvent(kind, x: x, y: y, pointer: id, timeStamp: stamp)
        case .draw:
          current += player.draw(images: images, text: text).operations
        case .frame:
          observe?(frames.count, &player)
          noteHostedArtboards()
          frames.append(DisplayList(operations: current))
          current = []
        case .bind(let choice, let viewModel, let values):
          try bind(choice, viewModel: viewModel, values: values)
        case .action(.pointer(let kind, let x, let y, let id)):
          // Stamped 0, as the runtime's pointer calls are when a test gives no time stamp.
          player.pointerEvent(kind, x: x, y: y, pointer: id, timeStamp: 0)
        case .action(let action):
          do throws(InputScriptError) {
            try player.apply(InputScript.Event(time: 0, action: action, index: counter - 1))
          } catch {
            throw SilverPlayError(step: counter, message: error.message)
          }
        case .repeatSteps:
          break
        }
      }
    }

    mutating func noteHostedArtboards() {
      for name in player.artboard.hostedArtboardNames where !hostedArtboards.contains(name) {
        hostedArtboards.append(name)
      }
    }

    mutating func bind(
      _ choice: ViewModelInstanceChoice?, viewModel: String?, values: [InputScript.Action]
    ) throws(SilverPlayError) {
      guard let choice else {
        player.unbind()
        return
      }
      var index: Int?
      if let viewModel {
        guard let found = ViewModelStore(file: file).viewModelIndex(named: viewModel) else {
          throw SilverPlayError(
            step: counter, message: "the file has no view model \"\(viewModel)\"")
        }
        index = found
      }
      var failure: InputScriptError?
      do throws(InputScriptError) {
        try player.bind(choice, ofViewModelAt: index, file: file) { store, instance in
          for (offset, action) in values.enumerated() where failure == nil {
            do throws(InputScriptError) {
              try InputScript.Event(time: 0, action: action, index: offset)
                .write(into: &store, from: instance)
            } catch {
              failure = error
            }
          }
        }
      } catch {
        // The runtime binds a null instance: nothing, as here.
        return
      }
      // The silvers were recorded by the runtime's test build, whose random draws are the
      // values a test queued, else 0: the new store draws so too.
      player.drawRandomsAsTestBuild()
      if let failure {
        throw SilverPlayError(
          step: counter, message: "value \((failure.event ?? 0) + 1): \(failure.message)")
      }
    }
  }
}

/// A scenario step that could not be played.
public struct SilverPlayError: CodedError, Sendable, Equatable {
  /// The category: a step has one kind of failure.
  public enum Code: String, Hashable, Sendable, CustomStringConvertible {
    /// The step (or the setup) names something the file does not have, or fails to play.
    case stepFailed

    public var description: String { rawValue }
  }

  /// ``Code/stepFailed``.
  public var code: Code { .stepFailed }
  /// The step (counted from 1, repeats unrolled), nil for the scenario's setup.
  public var step: Int?
  public var message: String

  public init(step: Int?, message: String) {
    self.step = step
    self.message = message
  }

  /// `step N`, or `setup` for the scenario's setup.
  public var place: String? { step.map { "step \($0)" } ?? "setup" }

  public var description: String { (step.map { "step \($0): " } ?? "") + message }
}
