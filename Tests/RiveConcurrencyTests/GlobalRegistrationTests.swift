import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("Global registration", SharedCorpus.requirement)
@MainActor
struct GlobalRegistrationTests {
  static let rectangle = "rectangle-2222022"

  @Test("a registration reaches files loaded before and after it")
  func beforeAndAfterLoad() async throws {
    let worker = try await Worker()
    let before = try await Corpus.file("referenced_image_asset.riv", worker: worker)
    #expect(await before.resolutionReport().origin(of: Self.rectangle) == .unresolved)

    let image = try await worker.decodeImage(from: Media.png(width: 4, height: 3))
    worker.addGlobalImageAsset(image, name: Self.rectangle)
    let after = try await Corpus.file("referenced_image_asset.riv", worker: worker)
    for file in [before, after] {
      let report = await file.resolutionReport()
      #expect(report.origin(of: Self.rectangle) == .globalRegistration)
      #expect(report.digest(of: Self.rectangle) == image.digest)
      #expect(report.entry(uniqueName: Self.rectangle)?.content?.image?.width == 4)
    }
  }

  @Test("two files sharing a unique name on one worker both take the registration")
  func sharedNameAcrossFiles() async throws {
    let worker = try await Worker()
    let embedded = try await Corpus.file("embedded_assets.riv", worker: worker)
    let hosted = try await Corpus.file("hosted_assets.riv", worker: worker)
    let font = try await worker.decodeFont(from: try Media.font())
    worker.addGlobalFontAsset(font, name: "Inter-45562")
    for file in [embedded, hosted] {
      let report = await file.resolutionReport()
      #expect(report.origin(of: "Inter-45562") == .globalRegistration)
      #expect(report.digest(of: "Inter-45562") == font.digest)
    }
    // Other assets of the files are untouched.
    #expect(await embedded.resolutionReport().origin(of: "1x1-49935") == .embedded)
    #expect(await hosted.resolutionReport().origin(of: "image-49934") == .unresolved)
  }

  @Test("registration overrides embedded content; re-registering replaces; removal falls back")
  func replaceAndRemove() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("embedded_assets.riv", worker: worker)
    let original = await file.resolutionReport()
    #expect(original.origin(of: "1x1-49935") == .embedded)
    let embeddedDigest = try #require(original.digest(of: "1x1-49935"))
    #expect(original.entry(uniqueName: "1x1-49935")?.content?.image?.width == 1)

    let first = try await worker.decodeImage(from: Media.png(width: 2, height: 2, value: 10))
    let second = try await worker.decodeImage(from: Media.png(width: 2, height: 2, value: 200))
    worker.addGlobalImageAsset(first, name: "1x1-49935")
    #expect(await file.resolutionReport().digest(of: "1x1-49935") == first.digest)
    worker.addGlobalImageAsset(second, name: "1x1-49935")
    let replaced = await file.resolutionReport()
    #expect(replaced.origin(of: "1x1-49935") == .globalRegistration)
    #expect(replaced.digest(of: "1x1-49935") == second.digest)

    worker.removeGlobalImageAsset(name: "1x1-49935")
    let restored = await file.resolutionReport()
    #expect(restored.origin(of: "1x1-49935") == .embedded)
    #expect(restored.digest(of: "1x1-49935") == embeddedDigest)

    // A referenced asset falls back to unresolved.
    let referenced = try await Corpus.file("referenced_image_asset.riv", worker: worker)
    worker.addGlobalImageAsset(first, name: Self.rectangle)
    #expect(await referenced.resolutionReport().origin(of: Self.rectangle) == .globalRegistration)
    worker.removeGlobalImageAsset(name: Self.rectangle)
    #expect(await referenced.resolutionReport().origin(of: Self.rectangle) == .unresolved)
  }

  @Test("registrations are per kind: a font name does not match an image, and vice versa")
  func perKind() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("embedded_assets.riv", worker: worker)
    let image = try await worker.decodeImage(from: Media.png())
    worker.addGlobalImageAsset(image, name: "Inter-45562")
    #expect(await file.resolutionReport().origin(of: "Inter-45562") == .embedded)
    let font = try await worker.decodeFont(from: try Media.font())
    worker.addGlobalFontAsset(font, name: "Inter-45562")
    #expect(await file.resolutionReport().origin(of: "Inter-45562") == .globalRegistration)
    worker.removeGlobalFontAsset("Inter-45562")
    #expect(await file.resolutionReport().origin(of: "Inter-45562") == .embedded)
    worker.addGlobalFontAsset(font, name: "Inter-45562")
    worker.removeGlobalFontAsset(name: "Inter-45562")
    #expect(await file.resolutionReport().origin(of: "Inter-45562") == .embedded)
  }

  @Test("audio registration replaces embedded and hosted audio")
  func audio() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("audio_test.riv", worker: worker)
    let names = try await file.getAssets().map(\.uniqueName)
    let report = await file.resolutionReport()
    #expect(names.map { report.origin(of: $0) } == [.embedded, .unresolved])
    let clip = try await worker.decodeAudio(from: try Media.wav())
    for name in names { worker.addGlobalAudioAsset(clip, name: name) }
    let registered = await file.resolutionReport()
    #expect(names.map { registered.digest(of: $0) } == [clip.digest, clip.digest])
    worker.removeGlobalAudioAsset(name: names[0])
    #expect(await file.resolutionReport().origin(of: names[0]) == .embedded)
  }

  @Test("a failed decode leaves the registration intact")
  func failedDecodeKeepsRegistration() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("referenced_image_asset.riv", worker: worker)
    let image = try await worker.decodeImage(from: Media.png())
    worker.addGlobalImageAsset(image, name: Self.rectangle)
    await #expect(throws: ImageError.self) {
      let broken = try await worker.decodeImage(from: try Corpus.data("bad.png"))
      worker.addGlobalImageAsset(broken, name: Self.rectangle)
    }
    let report = await file.resolutionReport()
    #expect(report.origin(of: Self.rectangle) == .globalRegistration)
    #expect(report.digest(of: Self.rectangle) == image.digest)
  }

  @Test("two workers never see each other's registrations")
  func workersAreIsolated() async throws {
    let first = try await Worker()
    let second = try await Worker()
    let fileA = try await Corpus.file("referenced_image_asset.riv", worker: first)
    let fileB = try await Corpus.file("referenced_image_asset.riv", worker: second)
    let image = try await first.decodeImage(from: Media.png())
    first.addGlobalImageAsset(image, name: Self.rectangle)
    #expect(await fileA.resolutionReport().origin(of: Self.rectangle) == .globalRegistration)
    #expect(await fileB.resolutionReport().origin(of: Self.rectangle) == .unresolved)
    second.removeGlobalImageAsset(name: Self.rectangle)
    #expect(await fileA.resolutionReport().origin(of: Self.rectangle) == .globalRegistration)
  }

  @Test("the worker keeps a registered image alive after the caller drops it")
  func registrationKeepsAlive() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("referenced_image_asset.riv", worker: worker)
    var digest: ContentDigest?
    do {
      let image = try await worker.decodeImage(from: Media.png(width: 7, height: 1))
      digest = image.digest
      worker.addGlobalImageAsset(image, name: Self.rectangle)
    }
    let report = await file.resolutionReport()
    #expect(report.digest(of: Self.rectangle) == digest)
    #expect(report.entry(uniqueName: Self.rectangle)?.content?.image?.width == 7)
  }

  @Test("embedded content that does not decode is reported as failed with the reason")
  func failedEmbedded() async throws {
    var blueprint = RiveFileBlueprint()
    blueprint.assets = [.embedded(.image, name: "broken.png", id: 5, bytes: Array("nope".utf8))]
    blueprint.artboards = [.init(name: "A")]
    let worker = try await Worker()
    let file = try await File(source: .data(blueprint.data), worker: worker)
    guard case .failed(let reason) = await file.resolutionReport().origin(of: "broken-5") else {
      Issue.record("expected a failed origin")
      return
    }
    #expect(reason.contains("unknownFormat"))
    let image = try await worker.decodeImage(from: Media.png())
    worker.addGlobalImageAsset(image, name: "broken-5")
    #expect(await file.resolutionReport().origin(of: "broken-5") == .globalRegistration)
  }
}
