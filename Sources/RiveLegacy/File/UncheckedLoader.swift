/// The loader closure of a URL file, kept until the download finishes.
struct UncheckedLoader: @unchecked Sendable {
  // @unchecked: the closure is called exactly once, on the main actor, after the download.
  let load: LoadAsset

  init(_ load: @escaping LoadAsset) {
    self.load = load
  }
}
