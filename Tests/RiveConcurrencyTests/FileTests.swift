import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveNetworking
import RiveTestSupport
import Testing

@Suite("File loading and queries", SharedCorpus.requirement)
@MainActor
struct FileTests {
  @Test("a .local source loads from a bundle; a missing one is missingFile(name)")
  func localSource() async throws {
    let worker = try await Worker()
    let bundle = try Corpus.bundle
    let file = try await File(source: .local("defaultstatemachine", bundle), worker: worker)
    #expect(try await file.getArtboardNames() == ["New Artboard"])
    let error = await #expect(throws: FileError.self) {
      _ = try await File(source: .local("404", bundle), worker: worker)
    }
    #expect(error == .missingFile("404"))
    #expect(error?.errorDescription == "File not found: 404")
  }

  @Test("empty data is missingData; junk is invalidFile with the reader's context")
  func dataSource() async throws {
    let worker = try await Worker()
    let empty = await #expect(throws: FileError.self) {
      _ = try await File(source: .data(Data()), worker: worker)
    }
    guard case .missingData = empty else {
      Issue.record("expected missingData, got \(String(describing: empty))")
      return
    }
    let junk = await #expect(throws: FileError.self) {
      _ = try await File(source: .data(Data("RIVE\u{7}".utf8)), worker: worker)
    }
    guard case .invalidFile(let message) = junk else {
      Issue.record("expected invalidFile, got \(String(describing: junk))")
      return
    }
    #expect(message.message.contains("truncated"))
    #expect((message.cause as? RiveError)?.code == .truncated)
    #expect(message.message.contains("at byte"))
    let notRive = await #expect(throws: FileError.self) {
      _ = try await File(source: .data(Data("hello world".utf8)), worker: worker)
    }
    #expect(notRive?.errorDescription?.contains("not a Rive file") == true)
  }

  @Test("a file: URL and an http URL load; 404, empty body and a dead server are missingData")
  func urlSource() async throws {
    let worker = try await Worker()
    let fromFile = try await File(source: .url(Corpus.url("multipleartboards.riv")), worker: worker)
    #expect(try await fromFile.getArtboardNames() == ["artboard2", "artboard1"])

    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let bytes = Array(try Corpus.data("multipleartboards.riv"))
    server.route("/file.riv", .respond(status: 200, body: bytes))
    server.route("/empty.riv", .respond(status: 200, body: []))
    server.route("/error.riv", .respond(status: 404, body: Array("<html>gone</html>".utf8)))
    let fetched = try await File(source: .url(server.url("/file.riv")), worker: worker)
    #expect(try await fetched.getArtboardNames() == ["artboard2", "artboard1"])

    let empty = await #expect(throws: FileError.self) {
      _ = try await File(source: .url(server.url("/empty.riv")), worker: worker)
    }
    #expect(empty == .missingData(.init(server.url("/empty.riv").absoluteString)))
    #expect((empty?.cause as? AssetDownloadError)?.reason == .emptyBody)
    let notFound = await #expect(throws: FileError.self) {
      _ = try await File(source: .url(server.url("/error.riv")), worker: worker)
    }
    #expect(
      notFound == .missingData("\(server.url("/error.riv").absoluteString) (HTTP status 404)"))
    #expect((notFound?.cause as? AssetDownloadError)?.reason == .httpStatus(404))
    server.stop()
    let refused = await #expect(throws: FileError.self) {
      _ = try await File(source: .url(server.url("/file.riv")), worker: worker)
    }
    #expect(refused == .missingData(.init(server.url("/file.riv").absoluteString)))
    #expect((refused?.cause as? AssetDownloadError)?.reason == .transport)
  }

  @Test("getAssets lists embedded, referenced and hosted assets in file order")
  func assets() async throws {
    let worker = try await Worker()
    let hosted = try await Corpus.file("hosted_assets.riv", worker: worker).getAssets()
    #expect(hosted.map(\.name) == ["image.png", "Inter"])
    #expect(hosted.map(\.uniqueName) == ["image-49934", "Inter-45562"])
    #expect(hosted.map(\.type) == [.image, .font])
    #expect(hosted.map(\.fileExtension) == ["png", "ttf"])
    let cdn = try #require(hosted.first?.cdn)
    #expect(cdn.uuid.hasPrefix("eadb7ed8"))
    #expect(URL(string: cdn.baseURL) != nil)
    #expect(hosted.allSatisfy { !$0.isEmbedded })

    let embedded = try await Corpus.file("embedded_assets.riv", worker: worker).getAssets()
    #expect(embedded.map(\.uniqueName) == ["1x1-49935", "Inter-45562"])
    #expect(embedded.allSatisfy { $0.cdn == nil && $0.isEmbedded })

    let referenced = try await Corpus.file("referenced_image_asset.riv", worker: worker).getAssets()
    #expect(referenced.map(\.uniqueName) == ["rectangle-2222022"])
    #expect(referenced.first?.assetID == 2_222_022)
    #expect(referenced.first?.cdn == nil)
    #expect(referenced.first?.isEmbedded == false)

    let audio = try await Corpus.file("audio_test.riv", worker: worker).getAssets()
    #expect(audio.map(\.type) == [.audio, .audio])
    #expect(audio.map(\.fileExtension) == ["wav", "wav"])
    #expect(audio.last?.cdn?.uuid.hasPrefix("79b65f1e") == true)

    let scripted = try await Corpus.file("data_bind_blob_test.riv", worker: worker).getAssets()
    #expect(scripted.map(\.type).contains(.blob))
    let unknown = scripted.filter { if case .unknown = $0.type { true } else { false } }
    #expect(!unknown.isEmpty, "script assets are listed as .unknown with their type key")
    #expect(unknown.allSatisfy { $0.type != .image })
  }

  @Test("artboards: names, default is the first, invalid names and files without artboards")
  func artboards() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("multipleartboards.riv", worker: worker)
    #expect(try await file.getArtboardNames() == ["artboard2", "artboard1"])
    #expect(try await file.createArtboard().name == "artboard2")
    #expect(try await file.createArtboard("").name == "artboard2")
    #expect(try await file.createArtboard("artboard1").name == "artboard1")
    let invalid = await #expect(throws: FileError.self) {
      _ = try await file.createArtboard("Nope")
    }
    guard case .invalidArtboard(let message) = invalid else {
      Issue.record("expected invalidArtboard, got \(String(describing: invalid))")
      return
    }
    #expect(message.message.contains("not found"))

    let empty = try await Corpus.file("empty.riv", worker: worker)
    #expect(try await empty.getArtboardNames() == [])
    let none = await #expect(throws: FileError.self) { _ = try await empty.createArtboard() }
    guard case .invalidArtboard = none else {
      Issue.record("expected invalidArtboard, got \(String(describing: none))")
      return
    }
    let noMachine = try await Corpus.file("no_state_machine.riv", worker: worker)
    await #expect(throws: FileError.self) { _ = try await noMachine.createArtboard("Nonexistent") }
  }

  @Test("state machines: editor default only, no fallback; names; invalid names")
  func stateMachines() async throws {
    let worker = try await Worker()
    let multiple = try await Corpus.file("multiple_state_machines.riv", worker: worker)
    let artboard = try await multiple.createArtboard()
    #expect(try await artboard.getStateMachineNames() == ["four", "three", "two", "one"])
    let noDefault = await #expect(throws: ArtboardError.self) {
      _ = try await artboard.createStateMachine()
    }
    guard case .invalidStateMachine = noDefault else {
      Issue.record("expected invalidStateMachine, got \(String(describing: noDefault))")
      return
    }
    #expect(try await artboard.createStateMachine("one").name == "one")

    let designated = try await Corpus.file("defaultstatemachine.riv", worker: worker)
    let designatedArtboard = try await designated.createArtboard()
    #expect(try await designatedArtboard.createStateMachine().name == "DefaultSM")
    #expect(try await designatedArtboard.createStateMachine(.default).name == "DefaultSM")

    let noMachine = try await Corpus.file("no_state_machine.riv", worker: worker)
    let bare = try await noMachine.createArtboard()
    await #expect(throws: ArtboardError.self) { _ = try await bare.createStateMachine() }
    let named = await #expect(throws: ArtboardError.self) {
      _ = try await bare.createStateMachine("Nonexistent")
    }
    #expect(named?.errorDescription?.contains("\"Nonexistent\"") == true)
  }

  @Test("instances are new every time and share the file's parsed data")
  func independentInstances() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("defaultstatemachine.riv", worker: worker)
    let artboard: String? = nil
    let stateMachine: String? = nil
    let first = try await file.createArtboard(artboard ?? .default)
    let second = try await file.createArtboard(artboard ?? .default)
    #expect(first != second)
    #expect(first.name == second.name)
    let machineA = try await first.createStateMachine(stateMachine ?? .default)
    let machineB = try await first.createStateMachine(stateMachine ?? .default)
    #expect(machineA != machineB)
    machineA.advance(by: 0.5)
    #expect(machineA.elapsedTime == 0.5)
    #expect(machineB.elapsedTime == 0)
    first.setVolume(0.25)
    #expect(try await first.volume() == 0.25)
    #expect(try await second.volume() == 1)
  }

  @Test("view models, instances, properties, enums and default view model info")
  func viewModels() async throws {
    let worker = try await Worker()
    let file = try await Corpus.file("data_binding_test.riv", worker: worker)
    #expect(try await file.getViewModelNames() == ["vm1", "vm3", "vm2", "vm5", "vm4"])
    #expect(try await file.getInstanceNames(of: "vm1") == [""])
    let properties = try await file.getProperties(of: "vm2")
    #expect(properties.map(\.name) == ["trigger-prop", "state"])
    #expect(properties.map(\.type) == [.trigger, .enum])
    #expect(properties.last?.metaData == "states")
    #expect(
      try await file.getViewModelEnums()
        == [ViewModelEnum(name: "states", values: ["state-red", "state-green", "state-blue"])])
    let artboard = try await file.createArtboard("artboard-1")
    let info = try await file.getDefaultViewModelInfo(for: artboard)
    #expect(info.viewModelName == "vm1")
    #expect(info.instanceName == "")
    let other = try await file.createArtboard("artboard-5")
    #expect(try await file.getDefaultViewModelInfo(for: other).viewModelName == "vm5")
    await #expect(throws: FileError.self) { _ = try await file.getInstanceNames(of: "Nope") }

    let noViewModel = try await Corpus.file("no_view_model.riv", worker: worker)
    let plain = try await noViewModel.createArtboard()
    await #expect(throws: ArtboardError.self) {
      _ = try await noViewModel.getDefaultViewModelInfo(for: plain)
    }
    let sources: [ViewModelInstanceSource] = [
      .blank(from: .artboardDefault(plain)), .viewModelDefault(from: .artboardDefault(plain)),
      .name("Nonexistent", from: .artboardDefault(plain)), .blank(from: .name("Nonexistent")),
      .viewModelDefault(from: .name("Nonexistent")),
      .name("Nonexistent", from: .name("Nonexistent")),
    ]
    for source in sources {
      let error = await #expect(throws: FileError.self) {
        _ = try await noViewModel.createViewModelInstance(source)
      }
      guard case .invalidViewModelInstance = error else {
        Issue.record("expected invalidViewModelInstance, got \(String(describing: error))")
        continue
      }
    }
    let instance = try await file.createViewModelInstance(
      .viewModelDefault(from: .artboardDefault(artboard)))
    #expect(try await instance.viewModelName() == info.viewModelName)
    #expect(try await instance.name() == info.instanceName)
    let named = try await Corpus.file("data_bind_font_test.riv", worker: worker)
    let byName = try await named.createViewModelInstance(
      .name("Instance", from: .name("ViewModel1")))
    #expect(try await byName.name() == "Instance")
    let blank = try await named.createViewModelInstance(.blank(from: .name("ViewModel1")))
    #expect(try await blank.name() == "")
  }

  @Test("an artboard from another file is rejected")
  func foreignArtboard() async throws {
    let worker = try await Worker()
    let one = try await Corpus.file("data_binding_test.riv", worker: worker)
    let two = try await Corpus.file("data_binding_test.riv", worker: worker)
    let artboard = try await one.createArtboard()
    #expect(one != two)
    await #expect(throws: ArtboardError.self) {
      _ = try await two.getDefaultViewModelInfo(for: artboard)
    }
    await #expect(throws: FileError.self) {
      _ = try await two.createViewModelInstance(.viewModelDefault(from: .artboardDefault(artboard)))
    }
  }
}
