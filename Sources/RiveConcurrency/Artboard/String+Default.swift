extension String {
  /// The name that means "the default": the file's default artboard for
  /// ``File/createArtboard(_:)``, the artboard's editor-designated default state machine for
  /// ``Artboard/createStateMachine(_:)``.
  ///
  /// It is the empty string, which both methods already read as "default", so this shape works
  /// with `artboard` and `stateMachine` of type `String?`:
  ///
  /// ```swift
  /// let artboardInstance = try await file.createArtboard(artboard ?? .default)
  /// let machine = try await artboardInstance.createStateMachine(stateMachine ?? .default)
  /// ```
  public static var `default`: String { "" }
}
