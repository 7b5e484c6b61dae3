import RiveCore
import RiveFormat

/// Merges concurrent requests for one key into one operation: the first caller starts it, the
/// others wait for its result.
///
/// A waiter that is cancelled stops waiting at once (its result is `cancelled`); the shared
/// operation is cancelled only when every waiter has gone, and a new caller then starts a new
/// one.
final class RequestCoalescer<Value: Sendable>: Sendable {
  typealias Outcome = Result<Value, AssetDownloadError>

  private struct Flight {
    var serial: UInt64
    var waiters: [UInt64: CheckedContinuation<Outcome, Never>] = [:]
    var task: Task<Void, Never>?
  }

  private struct State {
    var flights: [String: Flight] = [:]
    /// Callers between `run` and joining a flight.
    var arriving: Set<UInt64> = []
    /// Arriving callers cancelled before they joined.
    var cancelledWaiters: Set<UInt64> = []
    var nextID: UInt64 = 0
    var merged = 0
  }

  private let state = Locked(State())

  /// Callers that joined an operation already in flight, so far.
  var mergedCount: Int { state.withLock { $0.merged } }

  /// Callers waiting now, over all keys.
  var waitingCount: Int { state.withLock { $0.flights.values.reduce(0) { $0 + $1.waiters.count } } }

  /// Runs `operation` for `key`, or joins the run already in flight for it.
  ///
  /// - Parameters:
  ///   - key: What makes two requests the same.
  ///   - cancelled: The error a cancelled waiter gets.
  ///   - operation: The work; it runs in a task of its own, not the caller's.
  /// - Returns: The operation's result.
  func run(
    key: String, cancelled: @autoclosure @escaping @Sendable () -> AssetDownloadError,
    operation: @escaping @Sendable () async -> Outcome
  ) async -> Outcome {
    let id = state.withLock { state in
      state.nextID &+= 1
      state.arriving.insert(state.nextID)
      return state.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let start: UInt64? = state.withLock { state in
          state.arriving.remove(id)
          if state.cancelledWaiters.remove(id) != nil {
            continuation.resume(returning: .failure(cancelled()))
            return nil
          }
          if state.flights[key] != nil {
            state.flights[key]?.waiters[id] = continuation
            state.merged += 1
            return nil
          }
          state.nextID &+= 1
          var flight = Flight(serial: state.nextID)
          flight.waiters[id] = continuation
          state.flights[key] = flight
          return flight.serial
        }
        guard let serial = start else { return }
        let task = Task { [self] in
          let outcome = await operation()
          finish(key: key, serial: serial, outcome)
        }
        state.withLock { state in
          if state.flights[key]?.serial == serial {
            state.flights[key]?.task = task
          } else {
            // Every waiter left before the task was stored.
            task.cancel()
          }
        }
      }
    } onCancel: {
      let (waiter, orphan): (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?) =
        state.withLock { state in
          for (flightKey, flight) in state.flights {
            guard let waiter = flight.waiters[id] else { continue }
            state.flights[flightKey]?.waiters.removeValue(forKey: id)
            if state.flights[flightKey]?.waiters.isEmpty == true {
              let task = state.flights.removeValue(forKey: flightKey)?.task
              return (waiter, task)
            }
            return (waiter, nil)
          }
          if state.arriving.contains(id) { state.cancelledWaiters.insert(id) }
          return (nil, nil)
        }
      waiter?.resume(returning: .failure(cancelled()))
      orphan?.cancel()
    }
  }

  private func finish(key: String, serial: UInt64, _ outcome: Outcome) {
    let waiters: [CheckedContinuation<Outcome, Never>] = state.withLock { state in
      guard let flight = state.flights[key], flight.serial == serial else { return [] }
      state.flights.removeValue(forKey: key)
      return Array(flight.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: outcome) }
  }
}
