import Foundation
import RiveCore
import RiveFormat

/// The per-file, per-asset state of a ``RiveFile``: what each asset's content is now, the
/// downloads in flight and the images bound through data binding.
///
/// Asset objects, data-binding instances and download tasks hold this store, never the file, so
/// pending work does not keep a released file alive. Everything is behind one lock (`Locked`); waiting
/// for the pending work uses an `NSCondition` (synchronous waiters) and continuations
/// (asynchronous waiters), both signalled after the state changes.
final class FileAssetStore: AssetAssignmentSink {
  /// Where one asset's content comes from now.
  struct Assignment: Sendable {
    var origin: ResolutionReport.Origin
    var content: DecodedAsset?
    /// Where a download delivered the content from, when it came through an `AssetCache`.
    var delivery: ContentDelivery?
  }

  /// An image bound to an instance's property.
  struct Binding: Sendable {
    var asset: RiveDocument.Asset
    var origin: ResolutionReport.Origin
    var content: DecodedAsset?
  }

  private struct BindingKey: Hashable, Sendable {
    var instance: Int
    var path: String
  }

  private struct State {
    var loaded: LoadedFile?
    var assignments: [Int: Assignment] = [:]
    var tasks: [Int: Task<Void, Never>] = [:]
    var nextTaskID = 0
    var pending = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var cancelledWaiters: Set<Int> = []
    var nextWaiterID = 0
    var bindings: [BindingKey: Binding] = [:]
    var isCancelled = false
  }

  private let state = Locked(State())
  private let idle = NSCondition()

  init(loaded: LoadedFile?) {
    state.withLock { $0.loaded = loaded }
  }

  /// The parsed file, once loaded.
  var loaded: LoadedFile? {
    get { state.withLock { $0.loaded } }
    set { state.withLock { $0.loaded = newValue } }
  }

  // MARK: Assignments

  /// The current assignment of the asset at `index`, if anything decided one.
  func assignment(ofAssetAt index: Int) -> Assignment? {
    state.withLock { $0.assignments[index] }
  }

  /// Records where the asset at `index` gets its content from.
  func assign(_ assignment: Assignment, toAssetAt index: Int) {
    state.withLock { $0.assignments[index] = assignment }
  }

  /// Forgets the assignment of the asset at `index` (its embedded bytes, if any, apply).
  func clearAssignment(ofAssetAt index: Int) {
    _ = state.withLock { $0.assignments.removeValue(forKey: index) }
  }

  // MARK: Data binding

  /// Records the image bound at `path` of the instance numbered `instance`.
  func bind(_ binding: Binding, instance: Int, path: String) {
    state.withLock { $0.bindings[BindingKey(instance: instance, path: path)] = binding }
  }

  /// Forgets every binding of the instance numbered `instance`.
  func removeBindings(ofInstance instance: Int) {
    state.withLock { state in
      state.bindings = state.bindings.filter { $0.key.instance != instance }
    }
  }

  /// The bindings, ordered by instance and path.
  var bindings: [(path: String, binding: Binding)] {
    state.withLock { state in
      state.bindings.sorted { ($0.key.instance, $0.key.path) < ($1.key.instance, $1.key.path) }
        .map { (path: $0.key.path, binding: $0.value) }
    }
  }

  // MARK: Pending work

  /// Starts `work` as pending work of the file; ``cancelAll()`` cancels it.
  func startPendingWork(_ work: @escaping @Sendable () async -> Void) {
    state.withLock { state in
      guard !state.isCancelled else { return }
      let id = state.nextTaskID
      state.nextTaskID += 1
      state.pending += 1
      state.tasks[id] = Task { [self] in
        await work()
        self.finishPendingWork(id)
      }
    }
  }

  private func finishPendingWork(_ id: Int) {
    let resumed: [CheckedContinuation<Void, Never>] = state.withLock { state in
      state.tasks.removeValue(forKey: id)
      state.pending -= 1
      guard state.pending == 0 else { return [] }
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in resumed { waiter.resume() }
    idle.lock()
    idle.broadcast()
    idle.unlock()
  }

  /// The number of downloads still in flight.
  var pendingCount: Int { state.withLock { $0.pending } }

  /// Cancels every pending download (the file is going away).
  func cancelAll() {
    let tasks = state.withLock { state in
      state.isCancelled = true
      return Array(state.tasks.values)
    }
    for task in tasks { task.cancel() }
  }

  /// Whether ``cancelAll()`` was called.
  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Blocks until no work is pending or `timeout` seconds pass.
  ///
  /// - Returns: Whether all pending work finished.
  func waitUntilIdle(timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: max(timeout, 0))
    idle.lock()
    defer { idle.unlock() }
    while pendingCount > 0 {
      if !idle.wait(until: deadline) { return pendingCount == 0 }
    }
    return true
  }

  /// Suspends until no work is pending or `timeout` seconds pass.
  ///
  /// - Returns: Whether all pending work finished.
  func waitUntilIdle(timeout: TimeInterval) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await self.waitUntilIdle()
        return true
      }
      group.addTask {
        try? await Task.sleep(nanoseconds: UInt64(max(timeout, 0) * 1_000_000_000))
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first || pendingCount == 0
    }
  }

  /// Suspends until no work is pending or the task is cancelled.
  private func waitUntilIdle() async {
    let id = state.withLock { state in
      defer { state.nextWaiterID += 1 }
      return state.nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state in
          if state.pending == 0 || state.cancelledWaiters.remove(id) != nil { return true }
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
        state.cancelledWaiters.insert(id)
        return nil
      }
      waiter?.resume()
    }
  }
}
