import Foundation
import RiveCore
import RiveFormat
import RiveReliabilitySupport
import RiveRuntime
import Testing

/// 8 workers × 1,000 mixed operations from many tasks; afterwards, per worker and name the last
/// registration wins, nothing leaks into another worker, and every file's report agrees.
@Suite("Concurrency stress")
@MainActor
struct ConcurrencyStressTests {
  nonisolated static let workerCount = 8
  static let operationsPerWorker = 1_000
  static let tasksPerWorker = 10
  static let slotNames = (1...4).map { "slot-\($0)" }

  /// The last registration per worker and name, recorded in the same main-actor turn as the
  /// registration itself, so it is the truth the registry must agree with.
  @MainActor
  final class Ledger {
    var last: [[String: ContentDigest]] = Array(
      repeating: [:], count: ConcurrencyStressTests.workerCount)
    var operations = 0
    var files: [[File]] = []
  }

  @Test("mixed operations keep every invariant")
  func stress() async throws {
    let ledger = Ledger()
    var workers: [Worker] = []
    let data = Generated.file()
    for _ in 0..<Self.workerCount {
      let worker = try await Worker()
      workers.append(worker)
      ledger.files.append([try await File(source: .data(data), worker: worker)])
    }
    // Unstructured main-actor tasks (a task group's `addTask { @MainActor in … }` trips the
    // 6.3 region checker); all are awaited below.
    var tasks: [Task<Void, any Error>] = []
    do {
      for workerIndex in 0..<Self.workerCount {
        for taskIndex in 0..<Self.tasksPerWorker {
          let worker = workers[workerIndex]
          tasks.append(
            Task { @MainActor in
              var generator = SeededGenerator(
                seed: UInt64(workerIndex * 100 + taskIndex))
              for operation in 0..<(Self.operationsPerWorker / Self.tasksPerWorker) {
                let name = Self.slotNames[
                  Int.random(in: 0..<Self.slotNames.count, using: &generator)]
                let seed = workerIndex * 1_000_000 + taskIndex * 10_000 + operation
                switch Int.random(in: 0..<7, using: &generator) {
                case 0, 1:  // register or re-register
                  let image = try await worker.decodeImage(from: Generated.png(seed))
                  worker.addGlobalImageAsset(image, name: name)
                  ledger.last[workerIndex][name] = image.digest
                case 2:  // remove
                  worker.removeGlobalImageAsset(name: name)
                  ledger.last[workerIndex][name] = nil
                case 3:  // a failed decode throws and registers nothing (checked at the end)
                  let failed = try? await worker.decodeImage(
                    from: Data("not an image \(seed)".utf8))
                  #expect(failed == nil)
                case 4:  // load another file on this worker
                  let file = try await File(source: .data(data), worker: worker)
                  ledger.files[workerIndex].append(file)
                case 5:  // resolve
                  let report = await ledger.files[workerIndex][0].resolutionReport()
                  #expect(report.entries.count == Self.slotNames.count + 1)
                default:  // data-bind a fresh image on a fresh instance
                  let file = ledger.files[workerIndex][0]
                  let instance = try await file.createViewModelInstance(
                    .viewModelDefault(from: .name("Card")))
                  let image = try await worker.decodeImage(from: Generated.png(seed))
                  instance.setValue(of: ImageProperty(path: "picture"), to: image)
                  let report = await instance.resolutionReport()
                  #expect(report.entries.first?.content?.digest == image.digest)
                }
                ledger.operations += 1
              }
            })
        }
      }
      for task in tasks { try await task.value }
    }
    #expect(ledger.operations == Self.workerCount * Self.operationsPerWorker)
    for workerIndex in 0..<Self.workerCount {
      for file in ledger.files[workerIndex] {
        let report = await file.resolutionReport()
        for name in Self.slotNames {
          let entry = report.entry(uniqueName: name)
          if let digest = ledger.last[workerIndex][name] {
            #expect(entry?.origin == .globalRegistration, "worker \(workerIndex) \(name)")
            #expect(entry?.content?.digest == digest, "worker \(workerIndex) \(name)")
          } else {
            #expect(entry?.origin == .unresolved, "worker \(workerIndex) \(name)")
          }
        }
        #expect(report.entry(uniqueName: "remote-100")?.origin == .unresolved)
      }
    }
  }
}
