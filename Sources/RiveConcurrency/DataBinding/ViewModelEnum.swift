/// An enum of a file, used by enum properties.
public struct ViewModelEnum: Sendable, Equatable, Hashable {
  /// The enum's name.
  public let name: String
  /// Its values, in file order.
  public let values: [String]

  /// Creates an enum description.
  ///
  /// - Parameters:
  ///   - name: The enum's name.
  ///   - values: Its values.
  public init(name: String, values: [String]) {
    self.name = name
    self.values = values
  }
}
