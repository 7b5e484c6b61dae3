import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

/// A worker's decoded-content budget: least recently used content with a source is dropped
/// and decoded again, with the same digest, on its next use; content without a source stays.
@Suite("Decoded-content budget")
@MainActor
struct DecodedContentBudgetTests {
  /// 64×64 RGBA: 16 KiB decoded each.
  static let side = 64
  static let imageBytes = side * side * 4

  /// A directory with `count` distinct PNGs named `photo<i>-<100+i>.png`, and a file that
  /// references them.
  static func bundle(count: Int) throws -> (directory: URL, file: Data, expected: [ContentDigest]) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rive-budget-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var blueprint = RiveFileBlueprint()
    var expected: [ContentDigest] = []
    for index in 0..<count {
      let pixels = SyntheticImage.noiseAndShapes(
        width: side, height: side, channelCount: 4, seed: UInt64(index + 1))
      let png = PNGFixtureEncoder.encode(
        width: side, height: side, colorType: .rgba, bitDepth: 8,
        samples: pixels.map(UInt16.init))
      try Data(png).write(to: directory.appendingPathComponent("photo\(index)-\(100 + index).png"))
      expected.append(try DecodedAsset.decode(Data(png), as: .image).digest)
      blueprint.assets.append(
        .referenced(.image, name: "photo\(index).png", id: UInt32(100 + index)))
    }
    blueprint.artboards = [.init(name: "A")]
    return (directory, blueprint.data, expected)
  }

  @Test("registrations over the budget are evicted and decoded again with identical digests")
  func evictAndRedecode() async throws {
    let (directory, data, expected) = try Self.bundle(count: 6)
    defer { try? FileManager.default.removeItem(at: directory) }
    let budget = Self.imageBytes * 2 + Self.imageBytes / 2
    let worker = try await Worker(decodedContentBudget: budget)
    let file = try await File(source: .data(data), worker: worker)
    let registered = await worker.registerBundledAssets(of: file, inDirectory: directory)
    #expect(registered.allSatisfy { if case .registered = $0.outcome { true } else { false } })
    let afterRegistering = try #require(worker.decodedContentUsage)
    #expect(afterRegistering.residentBytes <= budget)
    #expect(afterRegistering.evictionCount == 4)

    // Used in turn: each one is decoded again if it was dropped, always with its digest.
    let assets = try await file.getAssets()
    for round in 0..<2 {
      for (asset, digest) in zip(assets, expected) {
        let entry = await file.resolutionEntry(for: asset)
        #expect(entry.origin == .globalRegistration)
        #expect(entry.content?.digest == digest, "round \(round): \(asset.uniqueName)")
        let usage = try #require(worker.decodedContentUsage)
        #expect(usage.residentBytes <= budget)
      }
    }
    let usage = try #require(worker.decodedContentUsage)
    #expect(usage.redecodeCount >= 8)
    #expect(usage.pinnedBytes == 0)
    #expect(usage.peakResidentBytes <= budget + Self.imageBytes)

    // The report shows what was evicted and decoded again.
    let report = await file.resolutionReport()
    #expect(report.entries.map { $0.content?.digest } == expected)
    let first = try #require(report.entry(uniqueName: "photo0-100")?.activity)
    #expect(first.evictionCount >= 2)
    #expect(first.redecodeCount >= 2)
    #expect(report.description.contains("(evicted "))
    #expect(report.budget?.limit == budget)
    #expect(report.description.contains("budget 40 KiB: 32 KiB resident"))
  }

  @Test("content without a source is never dropped; content the user still holds comes back")
  func pinnedAndHeld() async throws {
    let worker = try await Worker(decodedContentBudget: 1)
    let font = try await worker.decodeFont(from: SystemFont.systemFont(ofSize: 12))
    worker.addGlobalFontAsset(font, name: "Body-1")
    let held = try await worker.decodeImage(from: Media.png(width: 8, height: 8, value: 0x10))
    worker.addGlobalImageAsset(held, name: "held-2")
    let droppedDigest: ContentDigest
    do {
      // Out of scope afterwards: the worker keeps only the registration and its source bytes.
      let dropped = try await worker.decodeImage(
        from: Media.png(width: 8, height: 8, value: 0x20))
      droppedDigest = dropped.digest
      worker.addGlobalImageAsset(dropped, name: "dropped-3")
    }

    var blueprint = RiveFileBlueprint()
    blueprint.assets = [
      .referenced(.font, name: "Body", id: 1), .referenced(.image, name: "held", id: 2),
      .referenced(.image, name: "dropped", id: 3),
    ]
    blueprint.artboards = [.init(name: "A")]
    let file = try await File(source: .data(blueprint.data), worker: worker)
    for _ in 0..<3 {
      for asset in try await file.getAssets() {
        #expect(await file.resolutionEntry(for: asset).origin == .globalRegistration)
      }
    }
    let report = await file.resolutionReport()
    #expect(report.entry(uniqueName: "Body-1")?.activity?.evictionCount == 0)
    #expect(report.entry(uniqueName: "Body-1")?.content?.digest == font.digest)
    #expect(report.entry(uniqueName: "dropped-3")?.content?.digest == droppedDigest)
    #expect((report.entry(uniqueName: "dropped-3")?.activity?.redecodeCount ?? 0) > 0)
    let usage = try #require(worker.decodedContentUsage)
    #expect(usage.pinnedBytes == font.byteCount)
    #expect(usage.sourceBytes > 0)
    // The held image was evicted but never decoded again: the user's copy came back.
    let heldActivity = try #require(report.entry(uniqueName: "held-2")?.activity)
    #expect(heldActivity.evictionCount > 0)
    #expect(heldActivity.redecodeCount == 0)
    #expect(report.entry(uniqueName: "held-2")?.content?.digest == held.digest)
  }

  @Test("embedded content is counted too, and decoded again from the file's bytes")
  func embedded() async throws {
    var blueprint = RiveFileBlueprint()
    blueprint.assets = (0..<3).map { index in
      .embedded(
        .image, name: "inside\(index).png", id: UInt32(index + 1),
        bytes: Array(Media.png(width: 32, height: 32, value: UInt16(index * 40))))
    }
    blueprint.artboards = [.init(name: "A")]
    let worker = try await Worker(decodedContentBudget: 32 * 32 * 4)
    let file = try await File(source: .data(blueprint.data), worker: worker)
    // Only the digests are kept: a report holds its content, and content still held comes
    // back without being decoded again.
    let firstDigests = await file.resolutionReport().entries.map { $0.content?.digest }
    let second = await file.resolutionReport()
    #expect(firstDigests.allSatisfy { $0 != nil })
    #expect(firstDigests == second.entries.map { $0.content?.digest })
    #expect(second.entries.allSatisfy { $0.origin == .embedded })
    #expect(second.entries.contains { ($0.activity?.redecodeCount ?? 0) > 0 })
    #expect((worker.decodedContentUsage?.residentBytes ?? .max) <= 32 * 32 * 4)
  }

  @Test("a dropped registration whose file changed fails with the path and both digests")
  func changedSource() async throws {
    let (directory, data, _) = try Self.bundle(count: 2)
    defer { try? FileManager.default.removeItem(at: directory) }
    let worker = try await Worker(decodedContentBudget: Self.imageBytes)
    let file = try await File(source: .data(data), worker: worker)
    _ = await worker.registerBundledAssets(of: file, inDirectory: directory)
    // photo0 was dropped for photo1; its file now holds other pixels.
    let changed = directory.appendingPathComponent("photo0-100.png")
    try Media.png(width: 4, height: 4).write(to: changed)
    let entry = await file.resolutionEntry(for: try #require(try await file.getAssets().first))
    guard case .failed(let reason) = entry.origin else {
      Issue.record("expected a failure, got \(entry.origin)")
      return
    }
    #expect(reason.contains(changed.path))
    #expect(reason.contains("changed since it was registered"))
    #expect(entry.activity?.rebuildFailure == reason)
  }

  @Test(
    "a budgeted worker fixes glibc's mmap threshold, so dropped pixels leave the process",
    .disabled(
      if: ProcessInfo.processInfo.environment["RIVE_SANITIZER"] != nil,
      "a sanitizer's allocator replaces glibc's malloc, and its mallopt changes nothing"))
  func allocatorTuning() async throws {
    _ = try await Worker(decodedContentBudget: 1 << 20)
    #expect(AllocatorTuning.returnLargeBlocksToTheSystem())
    #expect(AllocatorTuning.mmapThreshold == 1 << 20)
  }

  @Test("a worker without a budget never drops anything")
  func noBudget() async throws {
    let worker = try await Worker()
    #expect(worker.decodedContentUsage == nil)
    let image = try await worker.decodeImage(from: Media.png())
    worker.addGlobalImageAsset(image, name: "a-1")
    var blueprint = RiveFileBlueprint()
    blueprint.assets = [.referenced(.image, name: "a", id: 1)]
    let file = try await File(source: .data(blueprint.data), worker: worker)
    let report = await file.resolutionReport()
    #expect(report.entries.first?.activity == nil)
    #expect(report.budget == nil)
  }
}

extension Font {
  /// The decoded size the budget counts (the font file's bytes).
  fileprivate var byteCount: Int { decodedAsset.decodedByteCount }
}
