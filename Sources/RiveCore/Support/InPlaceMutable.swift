import RiveFormat

/// A value that can be worked on where it is through optional chaining:
/// `optional?.inPlace { … }` mutates the wrapped value without binding (copying) it out.
///
/// The runtime's large values (artboard instances, state machines) live in optionals inside
/// other values; binding one with `if var` copied it whole, every reference it holds retained and
/// released, several times a frame.
protocol InPlaceMutable {}

extension InPlaceMutable {
  /// Runs `body` on this value in place.
  @discardableResult
  mutating func inPlace<Result>(_ body: (inout Self) -> Result) -> Result {
    body(&self)
  }
}

extension ArtboardInstance: InPlaceMutable {}
extension StateMachineInstance: InPlaceMutable {}
