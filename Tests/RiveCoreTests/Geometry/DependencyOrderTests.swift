import RiveFormat
import RiveReliabilitySupport
import Testing

@testable import RiveCore

/// The runtime's dependency sort, which orders an artboard's updates and its draw targets.
@Suite("Dependency order")
struct DependencyOrderTests {
  @Test("each component comes before those that depend on it, depth first from the root")
  func smallGraph() {
    // 0 → 1, 2; 1 → 3; 2 → 3; 4 is not reachable from 0.
    let dependents = IndexLists([[1, 2], [3], [3], [], [0]])
    #expect(
      GeometryModelBuilder.dependencyOrder(from: 0, count: 5, dependents: dependents) == [
        0, 2, 1, 3,
      ])
    #expect(
      GeometryModelBuilder.dependencyOrder(from: 4, count: 5, dependents: dependents) == [
        4, 0, 2, 1, 3,
      ])
    #expect(GeometryModelBuilder.dependencyOrder(from: 5, count: 5, dependents: dependents) == [])
    #expect(GeometryModelBuilder.dependencyOrder(from: 0, count: 0, dependents: IndexLists()) == [])
  }

  @Test("a cycle stops the sort where it is found, keeping what was finished before it")
  func cycleStops() {
    // 0 → 3, 1; 1 → 2; 2 → 1 (a cycle); 3 finishes before the cycle is reached.
    let dependents = IndexLists([[3, 1], [2], [1], []])
    #expect(GeometryModelBuilder.dependencyOrder(from: 0, count: 4, dependents: dependents) == [3])
    // A dependent outside the components is passed over.
    let outside = IndexLists([[9, 1], []])
    #expect(GeometryModelBuilder.dependencyOrder(from: 0, count: 2, dependents: outside) == [0, 1])
  }

  @Test("seeded acyclic graphs: every reachable component once, each before its dependents")
  func seededAcyclicGraphs() {
    var random = SeededGenerator(seed: 1_913)
    for round in 0..<300 {
      // Up to 300 components (past the size kept on the stack), edges only to later ones.
      let count = Int.random(in: 1...300, using: &random)
      var lists = [[Int32]](repeating: [], count: count)
      for from in 0..<count {
        for _ in 0..<Int.random(in: 0...3, using: &random) where from + 1 < count {
          lists[from].append(Int32(Int.random(in: (from + 1)..<count, using: &random)))
        }
      }
      let order = GeometryModelBuilder.dependencyOrder(
        from: 0, count: count, dependents: IndexLists(lists))
      var reachable = Set([0])
      var pending = [0]
      while let next = pending.popLast() {
        for dependent in lists[next] where reachable.insert(Int(dependent)).inserted {
          pending.append(Int(dependent))
        }
      }
      #expect(order.count == reachable.count, "round \(round)")
      #expect(Set(order.map(Int.init)) == reachable, "round \(round)")
      var position = [Int: Int]()
      for (index, component) in order.enumerated() { position[Int(component)] = index }
      var outOfOrder: [(Int, Int32)] = []
      for from in reachable {
        for dependent in lists[from]
        where (position[from] ?? .max) >= (position[Int(dependent)] ?? .min) {
          outOfOrder.append((from, dependent))
        }
      }
      #expect(outOfOrder.isEmpty, "round \(round): \(outOfOrder) come after their dependents")
    }
  }
}
