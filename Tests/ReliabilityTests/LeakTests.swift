import Foundation
import RiveCore
import RiveRuntime
import Testing

/// Creating and releasing files, workers, view models and images many times does not grow
/// resident memory beyond a bound.
@Suite("Leaks")
@MainActor
struct LeakTests {
  static let iterations = 10_000
  /// Growth allowed over 10,000 iterations: 48 MiB, far below what a leak of any of these
  /// objects would cost (each holds at least the parsed file or decoded pixels).
  static let bound = 48 << 20

  @Test("10,000 files, workers, view models and images")
  func createAndRelease() async throws {
    let data = Generated.file()
    let png = Generated.png(1, width: 32, height: 32)
    // Warm up allocator pools before measuring.
    for _ in 0..<200 { try await cycle(data: data, png: png) }
    let before = Generated.residentMemory()
    for _ in 0..<Self.iterations { try await cycle(data: data, png: png) }
    let growth = Generated.residentMemory() - before
    print("leaks: resident memory grew by \(growth / 1024) KiB over \(Self.iterations) iterations")
    #expect(growth < Self.bound)
  }

  private func cycle(data: Data, png: Data) async throws {
    let worker = try await Worker()
    let file = try await File(source: .data(data), worker: worker)
    let image = try await worker.decodeImage(from: png)
    worker.addGlobalImageAsset(image, name: "slot-1")
    let instance = try await file.createViewModelInstance(.viewModelDefault(from: .name("Card")))
    instance.setValue(of: ImageProperty(path: "picture"), to: image)
    let legacy = try RiveFile(data: data, loadCdn: false)
    let model = RiveModel(riveFile: legacy)
    let viewModel = RiveViewModel(model, stateMachineName: nil)
    _ = viewModel.createRiveView()
    _ = RiveRenderImage(data: png)
  }
}
