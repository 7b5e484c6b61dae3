extension LoadedFile {
  /// The runtime's object graph of the file (artboards, animations, state machines), built from
  /// the file's bytes the first time it is asked for and shared afterwards.
  ///
  /// Files only read for their assets never pay for it. Safe to call from any thread.
  ///
  /// - Returns: The graph; `nil` when the file was made from a document without its bytes.
  /// - Throws: ``RiveError`` when the object stream cannot be read (the structure reader already
  ///   accepted the same bytes, so this does not happen for a file that loaded).
  public func runtimeFile() throws(RiveError) -> RuntimeFile? {
    guard let data else { return nil }
    let result = runtime.withLock { cached in
      if let cached { return cached }
      // The document was read from the same bytes at structure depth: not read again.
      let built = Result { () throws(RiveError) in
        try RuntimeFile(data: data, document: document)
      }
      cached = built
      return built
    }
    return try result.get()
  }

  /// The runtime's model of artboard `index`, or `nil` when the file cannot be evaluated.
  ///
  /// - Parameter index: The artboard's position in the file.
  /// - Returns: The model.
  public func runtimeArtboard(at index: Int) -> ArtboardModel? {
    guard let artboards = (try? runtimeFile())?.artboards, artboards.indices.contains(index)
    else { return nil }
    return artboards[index]
  }
}
