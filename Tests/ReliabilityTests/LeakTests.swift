import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveRuntime
import RiveTestSupport
import Testing

/// Creating and releasing files, workers, view models and images does not leak.
@Suite("Leaks")
@MainActor
struct LeakTests {
  /// Growth allowed over 10,000 cycles: 48 MiB — far below what leaking any of these objects
  /// would cost (each cycle parses a file, decodes a 32×32 image and refuses a 64 KiB font;
  /// 10,000 leaked images alone would be 40 MiB of pixels, the refused fonts' bytes 640 MiB,
  /// plus the files, workers and instances).
  static let bound = 48 << 20

  @Test(
    "10,000 create/release cycles in their own process stay under the bound",
    .disabled(
      if: ProcessInfo.processInfo.environment["RIVE_SANITIZER"] != nil,
      "resident-memory bounds do not apply under a sanitizer; LeakSanitizer checks leaks there"))
  func residentMemoryInAProcessOfItsOwn() async throws {
    // Resident memory is per process; the other tests allocate concurrently, so the cycles
    // run in `rive-bench leaks`, beside the test bundle.
    let executable = try #require(BuiltProgram.locate("rive-bench"))
    let result = try await BuiltProgram.run(
      executable, arguments: ["leaks", "--iterations", "10000"])
    #expect(result.status == 0, "\(result.standardError)")
    let text = result.standardOutput
    let growth = try #require(
      text.split(separator: "\n").first { $0.hasPrefix("growth: ") }
        .flatMap { Int($0.dropFirst("growth: ".count).split(separator: " ")[0]) })
    print("leaks: resident memory grew by \(growth / 1024) KiB over 10,000 cycles")
    #expect(growth < Self.bound)
  }

  @Test("released objects are freed: weak references become nil")
  func objectsAreFreed() async throws {
    weak var weakWorker: Worker?
    weak var weakFile: File?
    weak var weakImage: Image?
    weak var weakLegacy: RiveFile?
    weak var weakViewModel: RiveViewModel?
    do {
      let worker = try await Worker()
      let file = try await File(source: .data(Generated.file()), worker: worker)
      let image = try await worker.decodeImage(from: Generated.png(1))
      worker.addGlobalImageAsset(image, name: "slot-1")
      worker.removeGlobalImageAsset(name: "slot-1")
      let legacy = try RiveFile(data: Generated.file(), loadCdn: false)
      let viewModel = RiveViewModel(RiveModel(riveFile: legacy), stateMachineName: nil)
      (weakWorker, weakFile, weakImage, weakLegacy, weakViewModel) = (
        worker, file, image, legacy, viewModel
      )
    }
    #expect(weakFile == nil)
    #expect(weakWorker == nil)
    #expect(weakImage == nil)
    #expect(weakLegacy == nil)
    #expect(weakViewModel == nil)
  }
}
