import Foundation
import RiveFixtures
import RiveLegacy
import RiveRuntime
import Testing

/// A font swapped through each resolution path changes the drawn text, and both API
/// generations draw the same frame for the same swap.
///
/// The file is ``FontSwapFixture``: one line of text in its embedded font asset (DejaVu Sans,
/// read from the system through fontconfig), bound to a view-model font property. The swap is
/// to DejaVu Sans Mono: wider glyphs, so the text's ink reaches further right.
@Suite("Font swaps drawn in both generations")
@MainActor
struct FontSwapFrameTests {
  static func fontBytes(_ family: String) throws -> [UInt8] {
    let font = try SystemFont(name: family, size: 12).decode()
    try #require(font.familyName == family, "fontconfig gave \(font.familyName) for \(family)")
    return font.bytes
  }

  static let sans = Result { try fontBytes("DejaVu Sans") }
  static let mono = Result { try fontBytes("DejaVu Sans Mono") }

  static func fixture(text: String = FontSwapFixture.text) throws -> Data {
    FontSwapFixture.data(embedding: try sans.get(), text: text)
  }

  /// The legacy frame after one advance, the file loaded with `loader`.
  static func legacyFrame(
    text: String = FontSwapFixture.text,
    loader: ((RiveFileAsset, Data, RiveFactory) -> Bool)? = nil,
    bind: (@MainActor (RiveDataBindingViewModel.Instance) async throws -> Void)? = nil
  ) async throws -> RiveFrame {
    let data = try fixture(text: text)
    let file =
      if let loader {
        try RiveFile(data: data, loadCdn: false, customAssetLoader: loader)
      } else {
        try RiveFile(data: data, loadCdn: false)
      }
    let model = RiveModel(riveFile: file)
    try model.setArtboard()
    try model.setStateMachine()
    if let bind {
      let instance = try #require(file.viewModelNamed("Main")?.createDefaultInstance())
      try #require(model.stateMachine).bind(viewModelInstance: instance)
      try await bind(instance)
    }
    let view = RiveView()
    try view.setModel(model, autoPlay: false)
    view.advance(delta: 1 / 60)
    return try view.snapshot()
  }

  /// The current frame after one advance; `prepare` registers fonts or sets properties first.
  static func currentFrame(
    text: String = FontSwapFixture.text,
    prepare: @MainActor (Worker, Rive) async throws -> Void = { _, _ in }
  ) async throws -> RiveFrame {
    let worker = try await Worker()
    let file = try await File(source: .data(try fixture(text: text)), worker: worker)
    let rive = try await Rive(file: file)
    try await prepare(worker, rive)
    rive.stateMachine.advance(by: 1 / 60)
    return try await rive.renderFrame()
  }

  static func extent(_ frame: RiveFrame) -> Int? {
    FontSwapFixture.inkExtent(rgba: frame.rgba, width: frame.width)
  }

  @Test("the embedded font draws the text, the same in both generations")
  func embedded() async throws {
    let current = try await Self.currentFrame()
    let legacy = try await Self.legacyFrame()
    #expect(current == legacy)
    #expect(FontSwapFixture.inkPixels(rgba: current.rgba) > 300)
    // The line starts at x 10 and is well under the artboard's width at 24 px in DejaVu Sans.
    let right = try #require(Self.extent(current))
    #expect(right > 100 && right < 250)
  }

  @Test("a legacy loader's font(...) and a global registration draw the same swapped frame")
  func loaderAndRegistration() async throws {
    let mono = try Self.mono.get()
    let original = try await Self.currentFrame()
    let legacy = try await Self.legacyFrame { asset, _, factory in
      guard let font = asset as? RiveFontAsset else { return false }
      font.font(factory.decodeFont(Data(mono)))
      return true
    }
    let current = try await Self.currentFrame { worker, _ in
      worker.addGlobalFontAsset(
        try await worker.decodeFont(from: Data(mono)), name: FontSwapFixture.fontUniqueName)
    }
    #expect(legacy == current)
    #expect(legacy != original)
    // Monospaced "i"s are twice as wide as DejaVu Sans's narrow ones: the ink reaches
    // further right.
    let swapped = try #require(Self.extent(current))
    let authored = try #require(Self.extent(original))
    #expect(swapped > authored + 10)
  }

  @Test("a system font (the UIFont path) through either generation draws the same swap")
  func systemFont() async throws {
    let byBytes = try await Self.currentFrame { worker, _ in
      worker.addGlobalFontAsset(
        try await worker.decodeFont(from: Data(try Self.mono.get())),
        name: FontSwapFixture.fontUniqueName)
    }
    let current = try await Self.currentFrame { worker, _ in
      worker.addGlobalFontAsset(
        try await worker.decodeFont(from: UIFont(name: "DejaVu Sans Mono", size: 12)),
        name: FontSwapFixture.fontUniqueName)
    }
    let legacy = try await Self.legacyFrame { asset, _, factory in
      guard let font = asset as? RiveFontAsset,
        let system = factory.decodeFont(UIFont(name: "DejaVu Sans Mono", size: 12))
      else { return false }
      font.font(system)
      return true
    }
    #expect(current == byBytes)
    #expect(legacy == current)
  }

  @Test("a font given to a bound FontProperty draws, set on either generation's instance")
  func fontProperty() async throws {
    let original = try await Self.currentFrame()
    let registered = try await Self.currentFrame { worker, _ in
      worker.addGlobalFontAsset(
        try await worker.decodeFont(from: Data(try Self.mono.get())),
        name: FontSwapFixture.fontUniqueName)
    }
    let current = try await Self.currentFrame { worker, rive in
      let instance = try #require(rive.viewModelInstance)
      let font = try await worker.decodeFont(from: Data(try Self.mono.get()))
      instance.setValue(of: FontProperty(path: "font"), to: font)
    }
    #expect(current != original)
    #expect(current == registered)
    // The legacy instance seen through the current API (the migration bridge) takes the
    // same property, and the legacy view draws it.
    let legacy = try await Self.legacyFrame(bind: { instance in
      let worker = try await Worker()
      let bridged = ViewModelInstance(instance, worker: worker)
      let font = try await worker.decodeFont(from: Data(try Self.mono.get()))
      bridged.setValue(of: FontProperty(path: "font"), to: font)
    })
    #expect(legacy == current)
  }

  @Test("fallback fonts draw what the style's font lacks; both generations take the same list")
  func fallbacks() async throws {
    let sans = try TextFont(bytes: Self.sans.get())
    let mono = try TextFont(bytes: Self.mono.get())
    // A character DejaVu Sans has and DejaVu Sans Mono lacks, found by asking both fonts.
    let candidates: [Unicode.Scalar] = ["\u{0628}", "\u{05D0}", "\u{0531}", "\u{10D0}", "\u{2230}"]
    let missing = try #require(
      candidates.first { sans.hasGlyph(for: $0) && !mono.hasGlyph(for: $0) },
      "no candidate character is in DejaVu Sans and not in DejaVu Sans Mono")
    let text = String(Character(missing))
    let monoBytes = try Self.mono.get()

    func current(_ fallbacks: [Font]?) async throws -> RiveFrame {
      try await Self.currentFrame(text: text) { worker, _ in
        worker.addGlobalFontAsset(
          try await worker.decodeFont(from: Data(monoBytes)), name: FontSwapFixture.fontUniqueName)
        if let fallbacks { worker.fallbackFonts = fallbacks }
      }
    }
    let none = try await current([])
    let withSans = try await current([
      try await Worker().decodeFont(from: Data(try Self.sans.get()))
    ])
    #expect(none != withSans)
    // The default of both generations is the system's sans-serif, DejaVu Sans here.
    let byDefault = try await current(nil)
    #expect(byDefault == withSans)
    let legacy = try await Self.legacyFrame(text: text) { asset, _, factory in
      guard let font = asset as? RiveFontAsset else { return false }
      font.font(factory.decodeFont(Data(monoBytes)))
      return true
    }
    #expect(legacy == byDefault)
  }
}
