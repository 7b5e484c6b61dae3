import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite(
  "Concurrent decodes and registrations", SharedCorpus.requirement)
@MainActor
struct ConcurrencyStressTests {
  @Test("8 tasks × 50 operations on two workers keep every invariant")
  func stress() async throws {
    let workers = [try await Worker(), try await Worker()]
    let files = [
      try await Corpus.file("referenced_image_asset.riv", worker: workers[0]),
      try await Corpus.file("referenced_image_asset.riv", worker: workers[1]),
    ]
    let pngs = (0..<4).map { Media.png(width: 2 + $0, height: 2, value: UInt16(40 * $0)) }
    let reference = try await workers[0].decodeImage(from: pngs[0])
    let taskCount = 8
    let operations = 50

    // Each task decodes, registers under its own name and under a shared one, and removes.
    let finalDigests = try await withThrowingTaskGroup(of: (Int, ContentDigest?, Int).self) {
      group in
      for task in 0..<taskCount {
        let worker = workers[task % 2]
        group.addTask {
          try await Self.run(task: task, operations: operations, worker: worker, pngs: pngs)
        }
      }
      var digests: [Int: ContentDigest?] = [:]
      for try await (task, digest, failures) in group {
        digests[task] = digest
        #expect(failures == (operations + 9) / 10, "every broken input must fail to decode")
      }
      return digests
    }

    // Every decode of the same bytes gives the same digest.
    let again = try await workers[1].decodeImage(from: pngs[0])
    #expect(again.digest == reference.digest)
    let allowed = Set(try await pngsDigests(pngs, worker: workers[0]))
    for (index, worker) in workers.enumerated() {
      let entries = worker.engine.registry.entries
      let names = Set(entries.map(\.name))
      // Only this worker's tasks' names, plus the shared name.
      let own = (0..<taskCount).filter { $0 % 2 == index }
      for task in 0..<taskCount {
        let name = "task-\(task)"
        let expected = own.contains(task) ? finalDigests[task] ?? nil : nil
        #expect(entries.first { $0.name == name }?.asset.digest == expected)
        if !own.contains(task) { #expect(!names.contains(name)) }
      }
      let shared = try #require(entries.first { $0.name == "rectangle-2222022" })
      #expect(allowed.contains(shared.asset.digest))
      let report = await files[index].resolutionReport()
      #expect(report.origin(of: "rectangle-2222022") == .globalRegistration)
      #expect(report.digest(of: "rectangle-2222022") == shared.asset.digest)
    }
  }

  /// Decodes, registers under the task's own name and a shared one, removes every 7th time and
  /// decodes a broken input every 10th time. Returns the task's final registration and the
  /// number of failed decodes.
  private static func run(task: Int, operations: Int, worker: Worker, pngs: [Data]) async throws
    -> (Int, ContentDigest?, Int)
  {
    var last: ContentDigest?
    var failures = 0
    for operation in 0..<operations {
      let image = try await worker.decodeImage(from: pngs[(task + operation) % pngs.count])
      worker.addGlobalImageAsset(image, name: "task-\(task)")
      worker.addGlobalImageAsset(image, name: "rectangle-2222022")
      last = image.digest
      if operation % 7 == 6 {
        worker.removeGlobalImageAsset(name: "task-\(task)")
        last = nil
      }
      if operation % 10 == 0 {
        do {
          _ = try await worker.decodeImage(from: Data("broken \(task)".utf8))
        } catch is ImageError {
          failures += 1
        }
      }
    }
    return (task, last, failures)
  }

  private func pngsDigests(_ pngs: [Data], worker: Worker) async throws -> [ContentDigest] {
    var digests: [ContentDigest] = []
    for png in pngs { digests.append(try await worker.decodeImage(from: png).digest) }
    return digests
  }
}
