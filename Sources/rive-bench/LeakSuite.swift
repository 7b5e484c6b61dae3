import CRiveAllocationCounter
import Foundation
import RiveConcurrency
import RiveCore
import RiveFixtures
import RiveFormat
import RiveLegacy
import RiveReliabilitySupport

/// Creates and releases files, workers, view models and images many times and reports how much
/// resident memory and the live heap grew. Run in its own process (the tests do), so nothing
/// else allocates.
enum LeakSuite {
  static func run(arguments: [String]) -> Int32 {
    var iterations = 10_000
    if let index = arguments.firstIndex(of: "--iterations"), index + 1 < arguments.count {
      iterations = Int(arguments[index + 1]) ?? iterations
    }
    let count = iterations
    let semaphore = DispatchSemaphore(value: 0)
    let outcome = Locked<(before: Int, after: Int, heap: Int64)?>(nil)
    Task { @MainActor in
      defer { semaphore.signal() }
      do {
        let data = fixtureFile()
        let png = Data(
          PNGFixtureEncoder.compressed(
            rgb: [UInt8](repeating: 90, count: 32 * 32 * 3), width: 32, height: 32) ?? [])
        let font = refusedFont()
        for _ in 0..<200 { try await cycle(data: data, png: png, font: font) }
        let before = ResidentMemory.settled()
        CRiveAllocationCounter_start()
        for _ in 0..<count { try await cycle(data: data, png: png, font: font) }
        let heap = CRiveAllocationCounter_stop().netBytes
        let after = ResidentMemory.settled()
        outcome.withLock { $0 = (before, after, heap) }
      } catch {
        FileHandle.standardError.write(Data("leaks: \(error)\n".utf8))
      }
    }
    // The main thread serves the main actor while the task runs.
    while semaphore.wait(timeout: .now()) == .timedOut {
      RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.01))
    }
    guard let (before, after, heap) = outcome.withLock({ $0 }) else { return 1 }
    print("iterations: \(iterations)")
    print("resident memory before: \(before) bytes, after: \(after) bytes")
    print("growth: \(after - before) bytes")
    // The live heap blocks' growth over the cycles (exact, unlike resident memory, which moves
    // with what the allocator keeps cached); unavailable under a sanitizer.
    if CRiveAllocationCounter_isAvailable() { print("heap growth: \(heap) bytes") }
    return 0
  }

  static func fixtureFile() -> Data {
    RiveFileBlueprint(
      assets: [.referenced(.image, name: "slot.png", id: 1, width: 32, height: 32)],
      viewModels: [
        .init(
          name: "Card", properties: [.init(name: "picture", dataType: .assetImage)],
          instances: [.init(name: "Default")])
      ],
      artboards: [
        .init(
          name: "Main", animations: [.init(name: "spin")], stateMachines: [.init(name: "Machine")],
          defaultStateMachineIndex: 0, viewModelIndex: 0)
      ]
    ).data
  }

  /// A font file HarfBuzz reads (an OpenType table directory with no tables) but finds no
  /// glyphs in, padded to 64 KiB: text refuses it, and a refused face that kept its copy of
  /// the bytes would grow resident memory by 64 KiB a cycle.
  static func refusedFont() -> Data {
    var bytes: [UInt8] = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    bytes += [UInt8](repeating: 0, count: (64 << 10) - bytes.count)
    return Data(bytes)
  }

  @MainActor
  static func cycle(data: Data, png: Data, font: Data) async throws {
    let worker = try await Worker()
    let file = try await File(source: .data(data), worker: worker)
    let image = try await worker.decodeImage(from: png)
    worker.addGlobalImageAsset(image, name: "slot-1")
    let instance = try await file.createViewModelInstance(.viewModelDefault(from: .name("Card")))
    instance.setValue(of: ImageProperty(path: "picture"), to: image)
    _ = try await file.createArtboard().createStateMachine()
    let legacy = try RiveFile(data: data, loadCdn: false)
    let model = RiveModel(riveFile: legacy)
    let viewModel = RiveViewModel(model, stateMachineName: nil)
    _ = viewModel.createRiveView()
    _ = RiveRenderImage(data: png)
    do {
      _ = try TextFont(bytes: font)
      throw LeakSuiteError.refusedFontAccepted
    } catch let error as TextFontError where error.reason == .noGlyphs {}
  }
}

enum LeakSuiteError: Error {
  /// The font each cycle decodes was read as a font with glyphs: the cycle no longer tests
  /// what it was written for.
  case refusedFontAccepted
}
