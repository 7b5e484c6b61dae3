import RiveRuntime
import RiveTestSupport
import Testing

/// Runs `UpstreamAppProgram.swift` (whose only import is `RiveRuntime`) and checks that each
/// part behaves as upstream's documentation says. Every expected name, size, id and byte count
/// comes from the official runtime's reference report of the file (`../shared/reference/expected`)
/// or from the content the test itself hands the program (solid-colour pictures, a sine clip,
/// the loopback server's answer); the frames are checked for the colours of those pictures.
/// The only other expectations are UIKit's semibold weight (0.3) and that a system font filled
/// late is the platform's system font.
@Suite("An upstream-style app through import RiveRuntime", SharedCorpus.requirement)
@MainActor
struct UpstreamAppProgramTests {
  /// The parts of a reference report these checks read.
  struct Reference: Decodable {
    struct Asset: Decodable {
      var kind: String
      var name: String
      var uniqueName: String
      var uniqueFilename: String
      var cdnUuid: String
      var cdnBaseUrl: String
      var width: Double?
      var height: Double?
      var inBandBytes: Int?
    }
    struct StateMachine: Decodable {
      var name: String
    }
    struct Artboard: Decodable {
      var name: String
      var width: Double
      var height: Double
      var stateMachines: [StateMachine]
    }
    struct Property: Decodable {
      var name: String
      var type: String
    }
    struct ViewModel: Decodable {
      var name: String
      var properties: [Property]
    }
    var assetsOffered: [Asset]
    var fileAssets: [Asset]
    var artboards: [Artboard]
    var viewModels: [ViewModel]
  }

  /// The reference report of a corpus file.
  static func reference(_ name: String) throws -> Reference {
    let data = try Data(
      contentsOf: SharedCorpus.expectedDirectory.appendingPathComponent(name + ".json"))
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(Reference.self, from: data)
  }

  /// A PNG of one opaque colour at an image asset's authored size.
  static func picture(_ rgb: [UInt8], for asset: Reference.Asset) throws -> Data {
    let width = try #require(asset.width.map { Int($0) })
    let height = try #require(asset.height.map { Int($0) })
    let png = PNGFixtureEncoder.compressed(
      rgb: Array([[UInt8]](repeating: rgb, count: width * height).joined()), width: width,
      height: height)
    return Data(try #require(png))
  }

  /// How many opaque pixels of `frame` are exactly `rgb`.
  static func count(_ rgb: [UInt8], in frame: RiveFrame) -> Int {
    let bytes = frame.rgba
    var count = 0
    var index = 0
    while index + 3 < bytes.count {
      if bytes[index] == rgb[0], bytes[index + 1] == rgb[1], bytes[index + 2] == rgb[2],
        bytes[index + 3] == 255
      {
        count += 1
      }
      index += 4
    }
    return count
  }

  /// How many pixels of two frames of one size differ (a count, so that a failure does not
  /// print the frames).
  static func differingPixels(_ one: RiveFrame, _ other: RiveFrame) throws -> Int {
    try one.raster.difference(from: other.raster).differingPixelCount
  }

  static let red: [UInt8] = [255, 0, 0]
  static let green: [UInt8] = [0, 255, 0]
  static let blue: [UInt8] = [0, 0, 255]

  @Test("legacy: out-of-band images kept by the loader and filled after load are what is drawn")
  func lateImages() throws {
    let reference = try Self.reference("out_of_band_walle.riv")
    let images = reference.assetsOffered.filter { $0.kind == "image" }
    try #require(images.count == 2)
    // Every image is referenced: no bytes in the file, nothing on the CDN.
    #expect(images.allSatisfy { $0.inBandBytes == 0 && $0.cdnUuid.isEmpty })
    let first = images[0]
    let second = images[1]
    let arrived = [
      first.uniqueFilename: try Self.picture(Self.red, for: first),
      second.uniqueFilename: try Self.picture(Self.blue, for: second),
    ]
    let replacement = [first.uniqueFilename: try Self.picture(Self.green, for: first)]

    let result = try UpstreamAppProgram.lateImages(
      bundle: try SharedCorpus.bundle, arrived: arrived, replacement: replacement)
    #expect(result.loadError == nil)
    // The loader is offered every image, in file order, with no bytes, and keeps them all.
    #expect(result.offers == images.map { "\($0.uniqueFilename) \($0.inBandBytes ?? -1)" })
    #expect(result.kept == images.map(\.uniqueFilename).sorted())
    #expect(result.filled == images.map(\.uniqueFilename).sorted())
    #expect(result.refilled == [first.uniqueFilename])
    for image in images {
      // Claimed without content, the asset stays empty (nothing is downloaded or decoded)
      // until the app fills it; then its content is the loader's.
      #expect(result.originsBeforeFill[image.uniqueName] == .unresolved)
      #expect(result.originsAfterFill[image.uniqueName] == .customLoader)
    }

    try #require(result.frames.count == 3)
    let (empty, filled, refilled) = (result.frames[0], result.frames[1], result.frames[2])
    let artboard = try #require(reference.artboards.first)
    #expect(filled.width == Int(artboard.width.rounded(.up)))
    #expect(filled.height == Int(artboard.height.rounded(.up)))
    // Before the content arrives neither picture is drawn.
    for colour in [Self.red, Self.green, Self.blue] {
      #expect(Self.count(colour, in: empty) == 0)
    }
    // Filled after load, both pictures are drawn.
    let firstDrawn = Self.count(Self.red, in: filled)
    let secondDrawn = Self.count(Self.blue, in: filled)
    #expect(firstDrawn > 0)
    #expect(secondDrawn > 0)
    #expect(try Self.differingPixels(filled, empty) > 0)
    // Given new content later, the first image is drawn with it, in the same place; the
    // second is untouched.
    #expect(try Self.differingPixels(refilled, filled) > 0)
    #expect(Self.count(Self.red, in: refilled) == 0)
    #expect(Self.count(Self.green, in: refilled) == firstDrawn)
    #expect(Self.count(Self.blue, in: refilled) == secondDrawn)
  }

  @Test("legacy: out-of-band audio given to a RiveViewModel after load")
  func outOfBandAudio() throws {
    let reference = try Self.reference("audio_test.riv")
    let sounds = reference.assetsOffered.filter { $0.kind == "audio" }
    let outOfBand = sounds.filter { $0.inBandBytes == 0 }
    let embedded = sounds.filter { ($0.inBandBytes ?? 0) > 0 }
    try #require(!outOfBand.isEmpty && !embedded.isEmpty)
    let frameCount = 2_205
    let sampleRate = 22_050
    let wav = try AudioFixtureEncoder.encode(
      samples: AudioFixtureEncoder.sine(
        frameCount: frameCount, channelCount: 1, sampleRate: sampleRate),
      channelCount: 1, sampleRate: sampleRate, format: .wav
    ).get()
    let arrived = Dictionary(uniqueKeysWithValues: outOfBand.map { ($0.uniqueFilename, Data(wav)) })

    let result = UpstreamAppProgram.outOfBandAudio(
      bundle: try SharedCorpus.bundle, arrived: arrived)
    // Both sounds are offered in file order; the embedded one with its bytes.
    #expect(result.offers == sounds.map { "\($0.uniqueFilename) \($0.inBandBytes ?? 0)" })
    #expect(result.kept == outOfBand.map(\.uniqueFilename).sorted())
    #expect(result.filled == result.kept)
    let artboard = try #require(reference.artboards.first)
    #expect(result.stateMachine == artboard.stateMachines.first?.name)
    for sound in outOfBand {
      #expect(result.originsBeforeFill[sound.uniqueName] == .unresolved)
      #expect(result.originsAfterFill[sound.uniqueName] == .customLoader)
      let clip = result.clips[sound.uniqueName]
      #expect(clip?.frames == frameCount)
      #expect(clip?.sampleRate == sampleRate)
    }
    for sound in embedded {
      // Declined by the loader, the embedded sound is decoded by the runtime.
      #expect(result.originsBeforeFill[sound.uniqueName] == .embedded)
      #expect(result.originsAfterFill[sound.uniqueName] == .embedded)
      #expect((result.clips[sound.uniqueName]?.frames ?? 0) > 0)
    }
  }

  @Test("legacy: a hosted font filled after load with UIFont.systemFont(ofSize:weight:)")
  func lateSystemFont() throws {
    let reference = try Self.reference("hosted_font_file.riv")
    let fonts = reference.assetsOffered.filter { $0.kind == "font" }
    try #require(!fonts.isEmpty)
    #expect(fonts.allSatisfy { !$0.cdnUuid.isEmpty })

    let result = try UpstreamAppProgram.lateSystemFont(bundle: try SharedCorpus.bundle)
    #expect(result.kept == fonts.map(\.uniqueFilename).sorted())
    #expect(result.filled == result.kept)
    for font in fonts {
      #expect(result.originsBeforeFill[font.uniqueName] == .unresolved)
      #expect(result.originsAfterFill[font.uniqueName] == .customLoader)
    }
    // UIKit's semibold weight; the font is the platform's system font (weight ignored).
    #expect(abs(result.weight - 0.3) < 1e-9)
    let system = RiveFactory().decodeFont(UIFont.systemFont(ofSize: 12))?.familyName
    #expect(system != nil)
    #expect(result.family == system)
  }

  @Test(
    "current API: one worker, several files, a system font and hosted images fetched with URLSession"
  )
  func sharedWorker() async throws {
    let hosted = try Self.reference("hosted_assets.riv")
    let embedded = try Self.reference("embedded_assets.riv")
    let hostedImages = hosted.assetsOffered.filter { $0.kind == "image" && !$0.cdnUuid.isEmpty }
    let fonts = hosted.assetsOffered.filter { $0.kind == "font" }
    try #require(hostedImages.count == 1 && !fonts.isEmpty)
    let image = hostedImages[0]

    // The loopback server answers the path of each hosted image's documented URL.
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let picture = try Self.picture(Self.green, for: image)
    let documented = "\(image.cdnBaseUrl)/\(image.cdnUuid)"
    let path = try #require(URL(string: documented)).path
    server.route(path, .respond(status: 200, body: Array(picture)))

    let result = try await UpstreamAppProgram.sharedWorker(
      bundle: try SharedCorpus.bundle, mirror: server.url("/"))
    #expect(
      result.catalog
        == hosted.fileAssets.filter { ["image", "font", "audio"].contains($0.kind) }
        .map { "\($0.kind) \($0.uniqueName)" })
    // The recipe fetched the documented URL's path once, and registered what it got.
    #expect(server.requestedPaths == [path])
    #expect(result.hosted.map(\.uniqueName) == [image.uniqueName])
    #expect(result.hosted.first?.documentedURL.absoluteString == documented)
    #expect(result.hosted.first?.bytes == picture.count)
    #expect(result.hosted.first?.width == image.width.map { Int($0) })
    #expect(result.hosted.first?.height == image.height.map { Int($0) })
    #expect(result.fontNames == fonts.map(\.uniqueName))
    #expect(!result.fontFamily.isEmpty)
    #expect(result.oneWorker)

    // Every file loaded afterwards on the worker sees the registrations under the assets'
    // unique names, embedded or not (a registration overrides embedded bytes, as upstream);
    // assets of other names keep their embedded bytes.
    let fontDigest = try #require(result.fontDigest)
    let imageDigest = try #require(result.hosted.first?.digest)
    var registered = [image.uniqueName: imageDigest]
    for font in fonts { registered[font.uniqueName] = fontDigest }
    let loaded = [
      ("embedded_assets#1", embedded), ("hosted_assets#2", hosted), ("hosted_assets#3", hosted),
    ]
    for (name, reference) in loaded {
      let entries = try #require(result.files[name])
      #expect(entries.count == reference.fileAssets.count)
      for asset in reference.fileAssets {
        let entry = entries[asset.uniqueName]
        if let digest = registered[asset.uniqueName] {
          #expect(entry?.origin == .globalRegistration, "\(name) \(asset.uniqueName)")
          #expect(entry?.digest == digest, "\(name) \(asset.uniqueName)")
        } else {
          let offered = reference.assetsOffered.first { $0.uniqueName == asset.uniqueName }
          #expect((offered?.inBandBytes ?? 0) > 0)
          #expect(entry?.origin == .embedded, "\(name) \(asset.uniqueName)")
        }
      }
    }

    // The fetched picture is what the hosted file draws; unregistered, it draws nothing there.
    let frame = try #require(result.frame)
    #expect(Self.count(Self.green, in: frame) > 0)
    let bare = try await File(
      source: .data(SharedCorpus.data("hosted_assets.riv")), worker: try await Worker())
    let bareRive = try await Rive(file: bare)
    bareRive.stateMachine.advance(by: 0)
    let bareFrame = try await bareRive.renderFrame()
    #expect(Self.count(Self.green, in: bareFrame) == 0)
    #expect(try Self.differingPixels(bareFrame, frame) > 0)
  }

  @Test("quick start: the default artboard, state machine and view model, in both generations")
  func quickStart() async throws {
    let reference = try Self.reference("data_binding_image_test.riv")
    let artboard = try #require(reference.artboards.first)
    let viewModel = try #require(reference.viewModels.first)
    try #require(reference.artboards.count == 1 && artboard.stateMachines.count == 1)
    try #require(reference.viewModels.count == 1)
    let property = try #require(viewModel.properties.first { $0.type == "assetImage" })
    let authored = try #require(reference.assetsOffered.first { $0.kind == "image" })
    let picture = try Self.picture(Self.blue, for: authored)

    let current = try await UpstreamAppProgram.quickStart(
      bundle: try SharedCorpus.bundle, imagePath: property.name, picture: picture)
    let legacy = try UpstreamAppProgram.legacyQuickStart(
      bundle: try SharedCorpus.bundle, imagePath: property.name, picture: picture)
    for result in [current, legacy] {
      #expect(result.artboard == artboard.name)
      #expect(result.stateMachine == artboard.stateMachines[0].name)
      #expect(result.viewModel == viewModel.name)
      #expect(result.autoBound == 1)
      try #require(result.frames.count == 2)
      // As authored the property holds no picture; given one, the artboard draws it.
      #expect(Self.count(Self.blue, in: result.frames[0]) == 0)
      #expect(Self.count(Self.blue, in: result.frames[1]) > 0)
    }
    // Both generations draw the same frames.
    for (currentFrame, legacyFrame) in zip(current.frames, legacy.frames) {
      #expect(try Self.differingPixels(currentFrame, legacyFrame) == 0)
    }
  }
}
