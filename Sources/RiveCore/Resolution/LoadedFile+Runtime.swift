import RiveFormat

extension LoadedFile {
  /// The runtime's object graph of the file (artboards, animations, state machines), linked
  /// from the object stream recorded when the file was read, the first time it is asked for,
  /// and shared afterwards.
  ///
  /// Files only read for their assets never link it. Safe to call from any thread.
  ///
  /// - Returns: The graph.
  /// - Throws: `RiveError` when a stored value does not fit its property (the one failure the
  ///   runtime's reading has and the structure reader's does not).
  public func runtimeFile() throws(RiveError) -> RuntimeFile {
    let result = runtime.withLock { stage -> Result<RuntimeFile, RiveError> in
      switch stage {
      case .linked(let built):
        return built
      case .recorded(let stream):
        let built = stream.map { RuntimeFile(stream: $0, document: document) }
        stage = .linked(built)
        return built
      }
    }
    return try result.get()
  }

  /// The runtime's model of artboard `index`, or `nil` when there is no such artboard or the
  /// file cannot be evaluated.
  ///
  /// - Parameter index: The artboard's position in the file.
  /// - Returns: The model.
  public func runtimeArtboard(at index: Int) -> ArtboardModel? {
    guard let artboards = (try? runtimeFile())?.artboards, artboards.indices.contains(index)
    else { return nil }
    return artboards[index]
  }
}
