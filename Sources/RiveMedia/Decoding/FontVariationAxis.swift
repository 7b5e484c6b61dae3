/// One design axis of a variable font, such as weight (`wght`) or width (`wdth`).
public struct FontVariationAxis: Hashable, Sendable {
  /// The four-character OpenType axis tag, such as `"wght"`.
  public let tag: String

  /// The smallest value the axis accepts.
  public let minimum: Double

  /// The value used when the axis is not set.
  public let defaultValue: Double

  /// The largest value the axis accepts.
  public let maximum: Double

  /// Creates an axis description.
  ///
  /// - Parameters:
  ///   - tag: The four-character axis tag.
  ///   - minimum: The smallest value.
  ///   - defaultValue: The default value.
  ///   - maximum: The largest value.
  public init(tag: String, minimum: Double, defaultValue: Double, maximum: Double) {
    self.tag = tag
    self.minimum = minimum
    self.defaultValue = defaultValue
    self.maximum = maximum
  }
}
