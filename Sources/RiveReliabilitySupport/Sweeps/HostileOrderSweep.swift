import Foundation
import RiveConcurrency
import RiveCore
import RiveFixtures
import RiveFormat
import RiveLegacy

/// Drives both public APIs in seeded random orders over one file: bind and rebind view-model
/// instances (to the state machine, to the artboard, through auto-binding), set inputs and
/// view-model values (out-of-range and non-finite ones too), advance by odd amounts, reset,
/// play, pause and stop, replace assets, swap artboards and state machines, send pointers,
/// switch to the `layout` fit with odd scale factors (the artboard resized and laid out again
/// at each render's size) and back, and render. A trap ends the process, so what the sweep finds is that it finishes; each
/// step it takes is named in ``Outcome/log`` (and printed as it is taken when `trace` is set),
/// so a seed that traps can be replayed step by step.
package enum HostileOrderSweep {
  /// What one run did.
  package struct Outcome: Sendable {
    /// The steps taken, in order.
    package var steps = 0
    /// The frames rendered to pixels.
    package var renders = 0
    /// The steps the API rejected with an error (typed, as they should be).
    package var rejected = 0
    /// The names of the steps, in order (only kept when asked for).
    package var log: [String] = []
  }

  /// The step kinds, drawn with equal odds (or, favouring binding, a bind every other step).
  enum Step: CaseIterable {
    case bindMachine, bindArtboard, autoBind, setInput, setValue, advance, reset, playback
    case replaceAsset, swapArtboard, swapMachine, pointer, render, textRun, fit

    static func draw(favouringBinding: Bool, using random: inout SeededGenerator) -> Step {
      if favouringBinding, Bool.random(using: &random) {
        return [.bindMachine, .bindArtboard, .autoBind, .setValue].randomElement(using: &random)
          ?? .bindMachine
      }
      return allCases.randomElement(using: &random) ?? .advance
    }
  }

  /// Odd amounts to advance by.
  static let deltas: [Double] = [0, 1.0 / 60, 1.0 / 60, 1.0 / 30, 0.5, 5, -1.0 / 60, .nan, 1e9]
  /// Odd numbers to set.
  static let numbers: [Float] = [0, 1, -1, 42.5, 1e30, -1e30, .infinity, .nan, 3e38]
  /// Odd scale factors of the `layout` fit (the artboard becomes the frame's size divided by
  /// one: zero, negative, tiny and non-finite factors make empty, huge or undefined sizes).
  static let scaleFactors: [Float] = [1, 2, 0.5, 0, -1, 1e-30, 1e30, .infinity, .nan]
  /// Odd coordinates a drag jumps to.
  static let oddCoordinates: [Double] = [.nan, .infinity, -.infinity, 1e30, -1e30, 0]

  /// A drag: a press inside a 400-point square, then 2 to 8 moves, most by up to 150 points,
  /// one in four to an odd coordinate (non-finite, huge); two drags in three are never
  /// released (the next one presses again on top).
  static func drag(using random: inout SeededGenerator) -> (points: [CGPoint], releases: Bool) {
    var point = CGPoint(
      x: Double.random(in: 0...400, using: &random), y: Double.random(in: 0...400, using: &random))
    var points = [point]
    for _ in 0..<Int.random(in: 2...8, using: &random) {
      if Int.random(in: 0..<4, using: &random) == 0 {
        let odd = oddCoordinates.randomElement(using: &random) ?? .nan
        points.append(
          Bool.random(using: &random) ? CGPoint(x: point.x, y: odd) : CGPoint(x: odd, y: point.y))
      } else {
        point.x += Double.random(in: -150...150, using: &random)
        point.y += Double.random(in: -150...150, using: &random)
        points.append(point)
      }
    }
    return (points, Int.random(in: 0..<3, using: &random) == 0)
  }

  /// Odd strings to set.
  static let strings = ["", "a", "Ünïcødé ✓", String(repeating: "x", count: 2000), "\u{0}"]

  /// How many instances a run keeps at most (a random one is let go for a new one), so that
  /// what a run holds stays bounded and a growing footprint means a leak.
  static let keptInstances = 8

  static func keep<Instance>(
    _ instance: Instance, in instances: inout [Instance], random: inout SeededGenerator
  ) {
    if instances.count < keptInstances {
      instances.append(instance)
    } else {
      instances[Int.random(in: 0..<instances.count, using: &random)] = instance
    }
  }

  /// A small image to give image assets and properties.
  static let image: [UInt8] = PNGFixtureEncoder.encode(
    width: 3, height: 2, colorType: .rgba, bitDepth: 8,
    samples: (0..<24).map { UInt16($0 * 37 % 256) })

  // MARK: - Legacy API

  /// Runs `steps` seeded steps of the legacy API on `data`.
  ///
  /// - Parameters:
  ///   - data: A `.riv` file (any bytes: a file that does not load is one rejected step).
  ///   - seed: The seed.
  ///   - steps: How many steps.
  ///   - favouringBinding: Whether every other step binds (or sets a bound value).
  ///   - drags: Whether pointer steps are drags (see ``drag(using:)``).
  ///   - keepsLog: Whether ``Outcome/log`` keeps the steps' names.
  ///   - trace: Called with each step's name before it is taken.
  /// - Returns: What the run did.
  package static func legacy(
    _ data: Data, seed: UInt64, steps: Int, favouringBinding: Bool = false, drags: Bool = false,
    keepsLog: Bool = false, trace: ((String) -> Void)? = nil
  ) -> Outcome {
    var outcome = Outcome()
    var random = SeededGenerator(seed: seed)
    var keptAssets: [RiveFileAsset] = []
    var keptFactory: RiveFactory?
    guard
      let file = try? RiveFile(
        data: data, loadCdn: false,
        customAssetLoader: { asset, _, factory in
          keptAssets.append(asset)
          keptFactory = factory
          return false
        })
    else {
      outcome.rejected = 1
      return outcome
    }
    let model = RiveModel(riveFile: file)
    let viewModel = RiveViewModel(model, stateMachineName: nil, autoPlay: true)
    let view = viewModel.createRiveView()
    var instances: [RiveDataBindingViewModel.Instance] = []
    func note(_ name: String) {
      outcome.steps += 1
      trace?(name)
      if keepsLog { outcome.log.append(name) }
    }
    func anyInstance() -> RiveDataBindingViewModel.Instance? {
      if !instances.isEmpty, Bool.random(using: &random) {
        return instances.randomElement(using: &random)
      }
      let count = file.viewModelCount
      guard count > 0 else { return nil }
      let viewModel = file.viewModel(at: UInt.random(in: 0..<count, using: &random))
      let made: RiveDataBindingViewModel.Instance?
      switch Int.random(in: 0..<4, using: &random) {
      case 0: made = viewModel?.createDefaultInstance()
      case 1: made = viewModel?.createInstance()
      case 2: made = viewModel?.createInstance(fromIndex: UInt.random(in: 0..<4, using: &random))
      default: made = viewModel?.createInstance(fromName: "Instance")
      }
      if let made { keep(made, in: &instances, random: &random) }
      return made
    }
    for _ in 0..<steps {
      switch Step.draw(favouringBinding: favouringBinding, using: &random) {
      case .bindMachine:
        note("bind instance to state machine")
        if let instance = anyInstance() { model.stateMachine?.bind(viewModelInstance: instance) }
      case .bindArtboard:
        note("bind instance to artboard")
        if let instance = anyInstance() { model.artboard?.bind(viewModelInstance: instance) }
      case .autoBind:
        if Bool.random(using: &random) {
          note("enable auto-binding")
          model.enableAutoBind { instance in keep(instance, in: &instances, random: &random) }
        } else {
          note("disable auto-binding")
          model.disableAutoBind()
        }
      case .setInput:
        let names = model.stateMachine?.inputs.map { $0.name } ?? []
        let name = names.randomElement(using: &random) ?? "missing"
        let number = numbers.randomElement(using: &random) ?? 0
        note("set input \(name) to \(number)")
        switch Int.random(in: 0..<3, using: &random) {
        case 0: viewModel.setInput(name, value: number > 0)
        case 1: viewModel.setInput(name, value: number)
        default: viewModel.triggerInput(name)
        }
      case .setValue:
        guard let instance = instances.randomElement(using: &random) else { continue }
        let property = instance.properties.randomElement(using: &random)
        let path = property?.name ?? "missing"
        note("set value \(path)")
        legacySetValue(instance, path: path, random: &random, factory: keptFactory)
      case .advance:
        let delta = deltas.randomElement(using: &random) ?? 0
        note("advance \(delta)")
        view.advance(delta: delta)
      case .reset:
        note("reset")
        viewModel.reset()
      case .playback:
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          note("play")
          viewModel.play()
        case 1:
          note("pause")
          viewModel.pause()
        default:
          note("stop")
          viewModel.stop()
        }
      case .replaceAsset:
        guard let asset = keptAssets.randomElement(using: &random), let factory = keptFactory
        else { continue }
        note("replace asset \(asset.uniqueFilename())")
        switch asset {
        case let image as RiveImageAsset:
          image.renderImage(factory.decodeImage(Data(Self.image)))
        case let font as RiveFontAsset:
          font.font(factory.decodeFont(Data([0, 1, 0, 0])))
        case let audio as RiveAudioAsset:
          audio.audio(factory.decodeAudio(Data()))
        default:
          break
        }
      case .swapArtboard:
        let names = file.artboardNames() + ["missing"]
        let name = names.randomElement(using: &random) ?? "missing"
        note("set artboard \(name)")
        do { try model.setArtboard(name) } catch { outcome.rejected += 1 }
      case .swapMachine:
        let names = (model.artboard?.stateMachineNames() ?? []) + ["missing"]
        let name = names.randomElement(using: &random) ?? "missing"
        note("set state machine \(name)")
        do { try model.setStateMachine(name) } catch { outcome.rejected += 1 }
      case .pointer where drags:
        let drag = Self.drag(using: &random)
        note("drag through \(drag.points.count) points, \(drag.releases ? "released" : "held")")
        view.touch(.began, atLocation: drag.points[0])
        for point in drag.points.dropFirst() { view.touch(.moved, atLocation: point) }
        if drag.releases, let last = drag.points.last { view.touch(.ended, atLocation: last) }
      case .pointer:
        let kinds: [RiveTouchEvent] = [.began, .moved, .ended, .cancelled, .exited]
        let kind = kinds.randomElement(using: &random) ?? .moved
        let point = CGPoint(
          x: Double.random(in: -50...600, using: &random),
          y: Double.random(in: -50...600, using: &random))
        note("touch \(kind) at \(point)")
        view.touch(kind, atLocation: point)
      case .render:
        let width = Int.random(in: 1...64, using: &random)
        note("render \(width)")
        if (try? viewModel.snapshot(width: width, height: width)) != nil {
          outcome.renders += 1
        } else {
          outcome.rejected += 1
        }
      case .textRun:
        note("text run")
        do {
          try viewModel.setTextRunValue("missing", textValue: "x")
        } catch {
          outcome.rejected += 1
        }
      case .fit:
        let fit =
          [RiveFit.layout, .layout, .contain, .cover].randomElement(using: &random) ?? .layout
        let factor = Double(scaleFactors.randomElement(using: &random) ?? 1)
        note("fit \(fit) scale \(factor)")
        viewModel.fit = fit
        viewModel.layoutScaleFactor = factor
      }
    }
    return outcome
  }

  private static func legacySetValue(
    _ instance: RiveDataBindingViewModel.Instance, path: String,
    random: inout SeededGenerator, factory: RiveFactory?
  ) {
    let number = numbers.randomElement(using: &random) ?? 0
    instance.numberProperty(fromPath: path)?.value = number
    instance.stringProperty(fromPath: path)?.value = strings.randomElement(using: &random) ?? ""
    instance.booleanProperty(fromPath: path)?.value = number > 0
    instance.colorProperty(fromPath: path)?.set(
      red: CGFloat(number), green: 0.5, blue: CGFloat(-number))
    instance.enumProperty(fromPath: path)?.value = strings.randomElement(using: &random) ?? ""
    instance.triggerProperty(fromPath: path)?.trigger()
    if let image = instance.imageProperty(fromPath: path) {
      image.setValue(Bool.random(using: &random) ? RiveRenderImage(data: Data(Self.image)) : nil)
    }
    if let list = instance.listProperty(fromPath: path) {
      // A list edited while it shows (perhaps scrolling): an item removed (or an index past
      // the end), the list emptied, an item appended (the instance itself, which nests it), two
      // swapped.
      let count = Int32(clamping: list.count)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: list.remove(at: Int32.random(in: -1...(count + 1), using: &random))
      case 1: for _ in 0..<count { list.remove(at: 0) }
      case 2: list.append(instance)
      default:
        list.swap(
          at: UInt32.random(in: 0...UInt32(count + 1), using: &random),
          with: UInt32.random(in: 0...UInt32(count + 1), using: &random))
      }
    }
    instance.updateListeners()
  }

  /// The current API's list edit of ``legacySetValue(_:path:random:factory:)``.
  @MainActor
  private static func currentEditList(
    _ instance: ViewModelInstance, path: String, others: [ViewModelInstance],
    random: inout SeededGenerator
  ) async {
    let list = ListProperty(path: path)
    let count = Int32(clamping: (try? await instance.size(of: list)) ?? 0)
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      instance.removeInstance(at: Int32.random(in: -1...(count + 1), using: &random), from: list)
    case 1: for _ in 0..<count { instance.removeInstance(at: 0, from: list) }
    case 2:
      if let other = others.randomElement(using: &random) {
        instance.appendInstance(other, to: list)
      }
    default:
      instance.swapInstance(
        atIndex: Int32.random(in: -1...(count + 1), using: &random),
        withIndex: Int32.random(in: 0...(count + 1), using: &random), in: list)
    }
  }

  // MARK: - Current API

  /// Runs `steps` seeded steps of the current API on `data`.
  ///
  /// - Parameters:
  ///   - data: A `.riv` file.
  ///   - seed: The seed.
  ///   - steps: How many steps.
  ///   - favouringBinding: Whether every other step binds (or sets a bound value).
  ///   - drags: Whether pointer steps are drags (see ``drag(using:)``).
  ///   - keepsLog: Whether ``Outcome/log`` keeps the steps' names.
  ///   - trace: Called with each step's name before it is taken.
  /// - Returns: What the run did.
  @MainActor
  package static func current(
    _ data: Data, seed: UInt64, steps: Int, favouringBinding: Bool = false, drags: Bool = false,
    keepsLog: Bool = false, trace: ((String) -> Void)? = nil
  ) async -> Outcome {
    var outcome = Outcome()
    var random = SeededGenerator(seed: seed)
    let worker: Worker
    let file: File
    var rive: Rive
    do {
      worker = try await Worker()
      file = try await File(source: .data(data), worker: worker)
      rive = try await makeRive(file, artboard: try await file.createArtboard())
    } catch {
      outcome.rejected = 1
      return outcome
    }
    let viewModelNames = (try? await file.getViewModelNames()) ?? []
    let artboardNames = (try? await file.getArtboardNames()) ?? []
    let assetNames = ((try? await file.getAssets()) ?? []).map(\.name)
    let image = try? await worker.decodeImage(from: Data(Self.image))
    var instances: [ViewModelInstance] = []
    func note(_ name: String) {
      outcome.steps += 1
      trace?(name)
      if keepsLog { outcome.log.append(name) }
    }
    for _ in 0..<steps {
      switch Step.draw(favouringBinding: favouringBinding, using: &random) {
      case .bindMachine, .bindArtboard, .autoBind:
        let name = viewModelNames.randomElement(using: &random) ?? "missing"
        note("bind an instance of \(name)")
        let source: ViewModelInstanceSource =
          switch Int.random(in: 0..<3, using: &random) {
          case 0: .blank(from: .name(name))
          case 1: .viewModelDefault(from: .name(name))
          default: .viewModelDefault(from: .artboardDefault(rive.artboard))
          }
        if let instance = try? await file.createViewModelInstance(source) {
          keep(instance, in: &instances, random: &random)
          rive.stateMachine.bindViewModelInstance(instance)
        } else if let instance = instances.randomElement(using: &random) {
          rive.stateMachine.bindViewModelInstance(instance)
        } else {
          outcome.rejected += 1
        }
      case .setInput:
        let inputs = rive.stateMachine.inputs.map(\.name) + ["missing"]
        let name = inputs.randomElement(using: &random) ?? "missing"
        let number = numbers.randomElement(using: &random) ?? 0
        note("set input \(name) to \(number)")
        do {
          switch Int.random(in: 0..<3, using: &random) {
          case 0: try rive.stateMachine.setInput(named: name, to: number > 0)
          case 1: try rive.stateMachine.setInput(named: name, to: number)
          default: try rive.stateMachine.fireTrigger(named: name)
          }
        } catch {
          outcome.rejected += 1
        }
      case .setValue:
        guard let instance = instances.randomElement(using: &random),
          let viewModel = try? await instance.viewModelName(),
          let properties = try? await file.getProperties(of: viewModel),
          let property = properties.randomElement(using: &random)
        else { continue }
        note("set value \(property.name)")
        let number = numbers.randomElement(using: &random) ?? 0
        let path = property.name
        switch property.type {
        case .number: instance.setValue(of: NumberProperty(path: path), to: number)
        case .string:
          instance.setValue(
            of: StringProperty(path: path), to: strings.randomElement(using: &random) ?? "")
        case .boolean: instance.setValue(of: BoolProperty(path: path), to: number > 0)
        case .enum:
          instance.setValue(
            of: EnumProperty(path: path), to: strings.randomElement(using: &random) ?? "")
        case .trigger: instance.fire(trigger: TriggerProperty(path: path))
        case .assetImage:
          let given = Bool.random(using: &random) ? image : nil
          instance.setValue(of: ImageProperty(path: path), to: given)
        case .viewModel:
          if let other = instances.randomElement(using: &random) {
            instance.setValue(of: ViewModelInstanceProperty(path: path), to: other)
          }
        case .list:
          await currentEditList(instance, path: path, others: instances, random: &random)
        default:
          instance.setValue(of: NumberProperty(path: path), to: number)
        }
      case .advance:
        let delta = deltas.randomElement(using: &random) ?? 0
        note("advance \(delta)")
        rive.advance(by: delta)
      case .reset, .playback, .textRun:
        note("new state machine")
        if let next = try? await makeRive(file, artboard: rive.artboard, dataBind: .none) {
          rive = next
        }
      case .replaceAsset:
        guard let name = assetNames.randomElement(using: &random) else { continue }
        note("replace asset \(name)")
        if Bool.random(using: &random), let image {
          worker.addGlobalImageAsset(image, name: name)
        } else {
          worker.removeGlobalImageAsset(name: name)
        }
      case .swapArtboard, .swapMachine:
        let name = (artboardNames + ["missing"]).randomElement(using: &random) ?? "missing"
        note("new artboard \(name)")
        do {
          rive = try await makeRive(file, artboard: try await file.createArtboard(name))
        } catch {
          outcome.rejected += 1
        }
      case .pointer where drags:
        let drag = Self.drag(using: &random)
        note("drag through \(drag.points.count) points, \(drag.releases ? "released" : "held")")
        rive.stateMachine.pointerDown(at: drag.points[0])
        for point in drag.points.dropFirst() { rive.stateMachine.pointerMove(at: point) }
        if drag.releases, let last = drag.points.last { rive.stateMachine.pointerUp(at: last) }
      case .pointer:
        let point = CGPoint(
          x: Double.random(in: -50...600, using: &random),
          y: Double.random(in: -50...600, using: &random))
        note("pointer at \(point)")
        switch Int.random(in: 0..<4, using: &random) {
        case 0: rive.stateMachine.pointerDown(at: point)
        case 1: rive.stateMachine.pointerMove(at: point)
        case 2: rive.stateMachine.pointerUp(at: point)
        default: rive.stateMachine.pointerExit(at: point)
        }
      case .render:
        let width = Int.random(in: 1...64, using: &random)
        note("render \(width)")
        if (try? await rive.renderFrame(width: width, height: width)) != nil {
          outcome.renders += 1
        } else {
          outcome.rejected += 1
        }
      case .fit:
        let factor = scaleFactors.randomElement(using: &random) ?? 1
        let fit: Fit =
          switch Int.random(in: 0..<4, using: &random) {
          case 0: .layout(scaleFactor: .automatic)
          case 1: .contain(alignment: .center)
          default: .layout(scaleFactor: .explicit(factor))
          }
        note("fit \(fit)")
        rive.fit = fit
      }
    }
    return outcome
  }

  /// A `Rive` of `artboard` with its default state machine, else its first one.
  @MainActor
  private static func makeRive(_ file: File, artboard: Artboard, dataBind: DataBind = .auto)
    async throws -> Rive
  {
    var machine = try? await artboard.createStateMachine()
    if machine == nil, let first = try await artboard.getStateMachineNames().first {
      machine = try await artboard.createStateMachine(first)
    }
    guard let machine else { return try await Rive(file: file, artboard: artboard) }
    return try await Rive(
      file: file, artboard: artboard, stateMachine: machine, dataBind: dataBind)
  }
}
