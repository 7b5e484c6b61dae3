import RiveRuntime

/// `import RiveRuntime` as this file's only import. Each member issue 14 names on the legacy
/// side, called in upstream's exact shape (implicitly unwrapped artboard, `UInt` counts,
/// `Int` returns, optional results used with `if let`), returning what it saw so that the
/// suite checks values, not only that this compiles.
enum LegacyMemberShapes {
  /// A delegate with every method of both legacy delegate protocols.
  final class EveryMethodDelegate: RivePlayerDelegate, RiveStateMachineDelegate {
    var log: [String] = []

    func player(playedWithModel riveModel: RiveModel?) { log.append("played") }
    func player(pausedWithModel riveModel: RiveModel?) { log.append("paused") }
    func player(loopedWithModel riveModel: RiveModel?, type: Int) { log.append("looped") }
    func player(stoppedWithModel riveModel: RiveModel?) { log.append("stopped") }
    func player(didAdvanceby seconds: Double, riveModel: RiveModel?) {}
    func touchBegan(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
    func touchMoved(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
    func touchEnded(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
    func touchCancelled(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
    func touchExited(onArtboard artboard: RiveArtboard?, atLocation location: CGPoint) {}
    func stateMachine(
      _ stateMachine: RiveStateMachineInstance, receivedInput input: StateMachineInput
    ) {}
    func stateMachine(_ stateMachine: RiveStateMachineInstance, didChangeState stateName: String) {
      log.append("state \(stateName)")
    }
    func stateMachine(
      _ stateMachine: RiveStateMachineInstance, didReceiveHitResult hitResult: RiveHitResult,
      from event: RiveTouchEvent
    ) {}
    func onRiveEventReceived(onRiveEvent riveEvent: RiveEvent) {
      if let general = riveEvent as? RiveGeneralEvent {
        log.append("event \(general.name()) type \(general.type()) \(general.properties().count)")
      } else if let open = riveEvent as? RiveOpenUrlEvent {
        log.append("url \(open.url()) \(open.target())")
      }
    }
  }

  struct DataBinding {
    var artboardName = ""
    var counts: (viewModels: UInt, properties: UInt, instances: UInt) = (0, 0, 0)
    var blankMade = false
    var propertyNames: [String] = []
    var defaults: [String] = []
    var written: [String] = []
    var listenerValues: [Float] = []
    var autoBound: [String] = []
    var nestedNumber: Float = -1
    var listCount: UInt = 0
    var bindable = ""
    var fps = 0
    var typeChecks: [Bool] = []
  }

  /// Data binding in upstream's shapes on `viewmodel_runtime_file.riv`.
  static func dataBinding(bundle: Bundle) throws -> DataBinding {
    var result = DataBinding()
    let file = try RiveFile(name: "viewmodel_runtime_file", in: bundle)
    let model = RiveModel(riveFile: file)
    model.enableAutoBind { instance in
      result.autoBound.append(instance.name)
    }
    try model.setArtboard()
    result.artboardName = model.artboard.name()  // implicitly unwrapped, as upstream
    try model.setStateMachine()
    model.disableAutoBind()

    let viewModelCount: UInt = file.viewModelCount
    guard let viewModel = file.viewModel(at: viewModelCount - 1) ?? file.viewModelNamed("vm")
    else { return result }
    let propertyCount: UInt = viewModel.propertyCount
    let instanceCount: UInt = viewModel.instanceCount
    result.counts = (viewModelCount, propertyCount, instanceCount)
    result.typeChecks.append(viewModel.createInstance(fromIndex: 0) == nil)  // none authored

    guard let instance = viewModel.createInstance() else { return result }  // optional
    result.blankMade = true
    result.propertyNames = instance.properties.map(\.name)

    if let string = instance.stringProperty(fromPath: "str"),
      let number = instance.numberProperty(fromPath: "num"),
      let boolean = instance.booleanProperty(fromPath: "boo"),
      let color = instance.colorProperty(fromPath: "col"),
      let enumeration = instance.enumProperty(fromPath: "enu"),
      let trigger = instance.triggerProperty(fromPath: "tri"),
      let list = instance.listProperty(fromPath: "lis"),
      let artboard = instance.artboardProperty(fromPath: "art"),
      let image = instance.imageProperty(fromPath: "ima"),
      let child = instance.viewModelInstanceProperty(fromPath: "chi")
    {
      result.defaults = [
        string.value, "\(number.value)", "\(boolean.value)", "\(color.value)",
        enumeration.value,
      ]
      string.value = "hello"
      number.value = 12.5
      boolean.value = true
      color.value = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
      enumeration.value = enumeration.values.last ?? ""
      trigger.trigger()
      image.setValue(nil)
      result.written = [
        string.value, "\(number.value)", "\(boolean.value)", "\(color.value)",
        enumeration.value,
      ]
      result.listCount = list.count
      result.bindable = try file.defaultBindableArtboard().name
      artboard.setValue(try file.bindableArtboard(withName: "Artboard"))
      if let childNumber = child.numberProperty(fromPath: "chi-num") {
        childNumber.value = 3
        result.nestedNumber = instance.numberProperty(fromPath: "chi/chi-num")?.value ?? -1
      }
      if let replacement = file.viewModelNamed("child")?.createInstance() {
        result.typeChecks.append(
          instance.setViewModelInstanceProperty(fromPath: "chi", to: replacement))
      }
      // Wrong type at a path: nil, as upstream.
      result.typeChecks.append(instance.numberProperty(fromPath: "str") == nil)
      result.typeChecks.append(instance.stringProperty(fromPath: "missing") == nil)

      // Listeners fire from the view's advances of the bound state machine.
      let player = RiveViewModel(model, stateMachineName: nil)
      let view = player.createRiveView()
      _ = number.addListener { value in result.listenerValues.append(value) }
      model.stateMachine?.bind(viewModelInstance: instance)
      model.artboard.bind(viewModelInstance: instance)
      number.value = 20
      result.listenerValues.append(-1)  // nothing heard before the advance
      view.advance(delta: 1.0 / 60)
    }
    result.fps = model.animation?.fps() ?? 60
    return result
  }

  struct Player {
    var isLoaded: [Bool] = []
    var data = 0
    var bytes = 0
    var scale = 0.0
    var forwards = false
    var textRun: String?
    var log: [String] = []
    var webLoaded = true
    var fallbackCount = 0
    var styled: [Bool] = []
    var semibold = 0.0
    var renderImageMade = false
  }

  /// The view model, file, font and image members in upstream's shapes.
  static func player(bundle: Bundle, png: Data) throws -> Player {
    var result = Player()
    let data: Data = RiveFile.getData(
      fileName: "timeline_event_test", extension: ".riv", in: bundle)
    let bytes: [UInt8] = RiveFile.getBytes(fileName: "timeline_event_test", in: bundle)
    result.data = data.count
    result.bytes = bytes.count
    let file = try RiveFile(data: data, loadCdn: false)
    result.isLoaded.append(file.isLoaded)
    file.isLoaded = false  // settable, as upstream
    result.isLoaded.append(file.isLoaded)

    let viewModel = RiveViewModel(RiveModel(riveFile: file), stateMachineName: nil)
    let view = RiveView()
    viewModel.setRiveView(view: view)  // registers the view, as upstream, without the model
    viewModel.setView(view)
    viewModel.layoutScaleFactor = 2
    viewModel.forwardsListenerEvents = true
    viewModel.setPreferredFramesPerSecond(preferredFramesPerSecond: 30)
    result.scale = viewModel.layoutScaleFactor
    result.forwards = viewModel.forwardsListenerEvents
    result.textRun = viewModel.getTextRunValue("missing")
    viewModel.setInput("missing", value: true, path: "nested")
    viewModel.setInput("missing", value: Float(1), path: "nested")
    viewModel.triggerInput("missing", path: "nested")
    let delegate = EveryMethodDelegate()
    view.playerDelegate = delegate
    view.stateMachineDelegate = delegate
    let dt = Double(Float(1.0 / 60.0))
    for frame in 0...62 { view.advance(delta: frame == 0 ? 0 : dt) }
    result.log = delegate.log

    let web = RiveViewModel(
      webURL: "http://127.0.0.1:9/unreachable.riv", stateMachineName: nil, loadCdn: false)
    result.webLoaded = web.riveModel?.riveFile.isLoaded ?? true

    RiveFont.fallbackFonts = [RiveFallbackFontDescriptor(), UIFont.systemFont(ofSize: 16)]
    result.fallbackCount = RiveFont.fallbackFonts.count
    RiveFont.fallbackFontsCallback = { style in
      style.weight == .bold ? [RiveFallbackFontDescriptor(weight: .bold)] : []
    }
    result.styled = [
      !RiveFont.fallbackFontsCallback(RiveFontStyle(weight: .bold)).isEmpty,
      RiveFont.fallbackFontsCallback(RiveFontStyle(weight: .regular)).isEmpty,
    ]
    RiveFont.fallbackFonts = []
    result.semibold = Double(UIFont.systemFont(ofSize: 16, weight: .semibold).weight.rawValue)
    if let image = UIImage(data: png) {
      result.renderImageMade = RiveRenderImage(image: image, format: .png) != nil
    }
    return result
  }

  /// The hosted-asset recipe's networking shape: `URLSession.shared` reached through
  /// `import RiveRuntime` alone (FoundationNetworking on Linux).
  static func fetch(_ url: URL) async throws -> Int {
    let (data, _) = try await URLSession.shared.data(from: url)
    return data.count
  }
}
