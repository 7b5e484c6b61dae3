import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Binding one view-model instance after another to the same artboard and state machine, in
/// every order, with each instance in a store of its own (as both APIs hold them): the binds
/// of the host artboard, its nested artboard, its artboard list and its machine follow the
/// instance bound last, and no order traps.
@Suite("Runtime: rebinding view-model instances")
struct RebindTests {
  /// One step of a binding sequence.
  enum Step: CaseIterable, CustomStringConvertible {
    /// Binds instance `First` (in its own store) to the artboard only.
    case artboardFirst
    /// Binds instance `Second` (in its own store) to the artboard only.
    case artboardSecond
    /// Binds `First` to the artboard and the machine.
    case machineFirst
    /// Binds `Second` to the artboard and the machine.
    case machineSecond
    /// Binds a second instance of the view model, made in the store bound now.
    case sameStoreOther
    /// Takes the store out of the artboard (nothing bound).
    case unbind

    var description: String {
      switch self {
      case .artboardFirst: "artboard←First"
      case .artboardSecond: "artboard←Second"
      case .machineFirst: "machine←First"
      case .machineSecond: "machine←Second"
      case .sameStoreOther: "same store←other"
      case .unbind: "unbind"
      }
    }
  }

  /// Every sequence of three steps.
  static let sequences: [[Step]] = Step.allCases.flatMap { a in
    Step.allCases.flatMap { b in Step.allCases.map { c in [a, b, c] } }
  }

  /// The host's square x, the nested square's y, and the list's item count and widest item.
  struct Observed: Equatable, CustomStringConvertible {
    var mainX: Float
    var childY: Float
    var itemWidths: [Float]
    var description: String { "x \(mainX), child y \(childY), items \(itemWidths)" }
  }

  private static func observe(_ artboard: ArtboardInstance) -> Observed {
    let child = artboard.nested.first?.artboard
    let items = artboard.componentLists.first?.items ?? []
    return Observed(
      mainX: artboard.float(1, Slot.nodeX), childY: child?.float(1, Slot.nodeY) ?? -1,
      itemWidths: items.map { $0.artboard?.float(4, Slot.parametricPathWidth) ?? -1 })
  }

  private static func expected(_ authored: Int) -> Observed {
    authored == 0
      ? Observed(mainX: 30, childY: 30, itemWidths: [4, 8])
      : Observed(mainX: 70, childY: 70, itemWidths: [16])
  }

  /// A player holding its instances as the APIs do: one store per authored instance, moved
  /// into the artboard for each piece of work and back out after it.
  struct Player {
    let file: RuntimeFile
    var artboard: ArtboardInstance
    var machine: StateMachineInstance?
    var stores: [ViewModelStore]
    var roots: [ViewModelInstanceHandle]
    /// Which store is bound now (nil when none).
    var bound: Int?
    /// Which authored instance the last bind used (what the artboard shows).
    var shown: Int?
    /// Whether binding another store first unbinds the one bound now (as both APIs do).
    let unbindsFirst: Bool

    init(unbindsFirst: Bool) throws {
      self.unbindsFirst = unbindsFirst
      file = try RuntimeFile(data: BindingFixture.data)
      artboard = file.artboards[0].instance()
      machine = StateMachineInstance(artboard: artboard, index: 0)
      stores = []
      roots = []
      for authored in 0..<2 {
        var store = ViewModelStore(file: file)
        let root = store.makeInstance(viewModelAt: 1, authoredIndex: authored)
        roots.append(try #require(root))
        stores.append(store)
      }
    }

    mutating func apply(_ step: Step) {
      switch step {
      case .artboardFirst: bind(0, withMachine: false)
      case .artboardSecond: bind(1, withMachine: false)
      case .machineFirst: bind(0, withMachine: true)
      case .machineSecond: bind(1, withMachine: true)
      case .sameStoreOther:
        guard let bound, let shown else { return }
        let other = 1 - shown
        guard let root = stores[bound].makeInstance(viewModelAt: 1, authoredIndex: other) else {
          return
        }
        var none: StateMachineInstance?
        artboard.bind(root, in: stores[bound], machine: &none)
        stores[bound] = artboard.removeViewModels() ?? stores[bound]
        self.shown = other
      case .unbind:
        bound = nil
      }
    }

    private mutating func bind(_ index: Int, withMachine: Bool) {
      if unbindsFirst, let bound, bound != index {
        artboard.installViewModels(stores[bound])
        stores[bound] = artboard.unbindViewModels(machine: &machine) ?? stores[bound]
      }
      if withMachine {
        artboard.bind(roots[index], in: stores[index], machine: &machine)
      } else {
        var none: StateMachineInstance?
        artboard.bind(roots[index], in: stores[index], machine: &none)
      }
      stores[index] = artboard.removeViewModels() ?? stores[index]
      bound = index
      shown = index
    }

    /// Advances the machine (or the artboard alone when it has none) with the bound store
    /// installed.
    mutating func advance() {
      if let bound { artboard.installViewModels(stores[bound]) }
      if var running = machine {
        machine = nil
        _ = running.advanceAndApply(1.0 / 60, artboard: &artboard)
        machine = running
      } else {
        _ = artboard.advance(1.0 / 60)
      }
      if let bound { stores[bound] = artboard.removeViewModels() ?? stores[bound] }
    }
  }

  @Test(
    "every order of bind, rebind and unbind shows the instance bound last",
    arguments: sequences, [false, true])
  func everyOrder(_ steps: [Step], unbindsFirst: Bool) throws {
    var player = try Player(unbindsFirst: unbindsFirst)
    var last: Observed?
    for step in steps {
      player.apply(step)
      player.advance()
      player.advance()
      let observed = Self.observe(player.artboard)
      if let shown = player.shown, player.bound != nil {
        #expect(observed == Self.expected(shown), "after \(steps)")
      } else if let last {
        // Unbound: the artboard keeps what it showed.
        #expect(observed.mainX == last.mainX, "after \(steps)")
      }
      last = observed
    }
  }

  @Test("binding two instances in turn, unbinding each first, grows neither store")
  func manyRebinds() throws {
    var player = try Player(unbindsFirst: true)
    for round in 0..<200 {
      player.apply(round.isMultiple(of: 2) ? .machineFirst : .machineSecond)
      player.advance()
    }
    #expect(Self.observe(player.artboard) == Self.expected(1))
    // Each store keeps one set of containers for the artboard tree it was last bound to.
    let counts = player.stores.map(\.containers.count)
    player.apply(.machineFirst)
    player.advance()
    player.apply(.machineSecond)
    player.advance()
    #expect(player.stores.map(\.containers.count) == counts)
  }
}
