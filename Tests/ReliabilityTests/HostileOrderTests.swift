import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat
import RiveReliabilitySupport
import RiveTestSupport
import Testing

/// Both public APIs driven in seeded random orders, favouring binding and rebinding random
/// view-model instances, over the writer-made binding file and a seeded sample of the corpus
/// files that have view models. A trap would end the test process; every run must finish, and
/// the same seed must take the same steps.
@Suite("Reliability: hostile API orders")
struct HostileOrderTests {
  /// Corpus files with view models, a seeded sample of 16.
  static let sample: [String] = {
    let withViewModels = SharedCorpus.rivFiles.filter { name in
      guard let data = try? SharedCorpus.data(name),
        let document = try? RiveDocument(data: data)
      else { return false }
      return !document.viewModels.isEmpty
    }
    var random = SeededGenerator(seed: 32)
    return Array(withViewModels.shuffled(using: &random).prefix(16)).sorted()
  }()

  @Test(
    "the binding fixture survives 400 seeded steps of each API", arguments: [1, 2, 3] as [UInt64])
  @MainActor
  func bindingFixture(_ seed: UInt64) async {
    let legacy = HostileOrderSweep.legacy(
      BindingFixture.data, seed: seed, steps: 400, favouringBinding: true, keepsLog: true)
    let current = await HostileOrderSweep.current(
      BindingFixture.data, seed: seed, steps: 400, favouringBinding: true, keepsLog: true)
    // Steps that find nothing to act on (no instance made yet, no asset) are not counted.
    #expect(legacy.steps >= 300 && current.steps >= 300)
    #expect(legacy.renders > 0 && current.renders > 0)
    // The same seed takes the same steps.
    let again = HostileOrderSweep.legacy(
      BindingFixture.data, seed: seed, steps: 400, favouringBinding: true, keepsLog: true)
    #expect(again.log == legacy.log)
  }

  /// Layout files of the writer's catalog, a seeded sample of 6 (with the hostile ones).
  static let layoutSample: [String] = {
    var random = SeededGenerator(seed: 46)
    let names = LayoutFixture.catalog(font: nil).map(\.name)
    let hostile = ["layout-negative-sizes", "layout-deep", "layout-grid-10000-tracks"]
    let others = names.filter { !hostile.contains($0) }.shuffled(using: &random).prefix(3)
    return (hostile + others).sorted()
  }()

  @Test(
    "layout files survive seeded random orders with odd layout fits and scale factors",
    arguments: layoutSample)
  @MainActor
  func layoutFile(_ name: String) async throws {
    let data = try #require(LayoutFixture.catalog(font: nil).first { $0.name == name }?.data)
    let seed = UInt64(name.utf8.reduce(11) { $0 &* 31 &+ UInt64($1) })
    let legacy = HostileOrderSweep.legacy(data, seed: seed, steps: 120, keepsLog: true)
    let current = await HostileOrderSweep.current(data, seed: seed, steps: 120, keepsLog: true)
    #expect(legacy.renders > 0 && current.renders > 0)
    // The fit changed and frames were drawn after it, in both generations.
    for log in [legacy.log, current.log] {
      let firstFit = log.firstIndex { $0.hasPrefix("fit") }
      let lastRender = log.lastIndex { $0.hasPrefix("render") }
      #expect((firstFit ?? .max) < (lastRender ?? .min), "steps: \(log)")
    }
  }

  /// Scroll files: the writer's lists (elastic, clamped, snapping and infinite, with a scroll
  /// bar, and a virtualized list of 10,000 items) and the corpus files with a scroll
  /// constraint, a seeded sample of 6.
  static let scrollFiles: [(name: String, data: Data)] = {
    var files: [(name: String, data: Data)] = [
      ("list-elastic", ScrollFixture.list(scrollBar: .init()).data),
      ("list-clamped-snap", ScrollFixture.list(physics: .clamped, snap: true).data),
      ("list-infinite", ScrollFixture.list(count: 4, infinite: true).data),
      ("list-virtualized-10000", ScrollFixture.virtualizedList(count: 10_000, buffer: 2).data),
    ]
    let scrolling = SharedCorpus.rivFiles.filter { name in
      guard let data = try? SharedCorpus.data(name), let file = try? RuntimeFile(data: data)
      else { return false }
      return file.artboards.contains { model in
        let artboard = model.instance()
        return (0..<artboard.objectCount).contains {
          artboard.typeKey(of: $0) == UInt16(TypeKey.scrollConstraint)
        }
      }
    }
    var random = SeededGenerator(seed: 47)
    for name in scrolling.shuffled(using: &random).prefix(6).sorted() {
      if let data = try? SharedCorpus.data(name) { files.append((name, data)) }
    }
    return files
  }()

  @Test("scroll files survive drags that never end, non-finite points and odd advances")
  @MainActor
  func scrollFiles() async throws {
    // The writer's four, and six corpus files when the shared corpus is there.
    #expect(Self.scrollFiles.count == (SharedCorpus.isAvailable ? 10 : 4))
    for (name, data) in Self.scrollFiles {
      let seed = UInt64(name.utf8.reduce(47) { $0 &* 31 &+ UInt64($1) })
      let legacy = HostileOrderSweep.legacy(
        data, seed: seed, steps: 150, drags: true, keepsLog: true)
      let current = await HostileOrderSweep.current(
        data, seed: seed, steps: 150, drags: true, keepsLog: true)
      #expect(legacy.renders > 0 && current.renders > 0, "\(name)")
      // Drags were played, some never released, in both generations.
      for log in [legacy.log, current.log] {
        #expect(log.contains { $0.hasPrefix("drag") && $0.hasSuffix("held") }, "\(name)")
      }
    }
  }

  @Test(
    "corpus files with view models survive seeded random binding orders",
    SharedCorpus.requirement, arguments: sample)
  @MainActor
  func corpusFile(_ name: String) async throws {
    let data = try SharedCorpus.data(name)
    let seed = UInt64(name.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })
    let legacy = HostileOrderSweep.legacy(data, seed: seed, steps: 60, favouringBinding: true)
    let current = await HostileOrderSweep.current(
      data, seed: seed, steps: 60, favouringBinding: true)
    #expect(legacy.steps > 0 && current.steps > 0)
  }
}
