import Testing

@testable import RiveCore

/// Playing a writer-made file whose artboard "Main" is bound to view model "Main", and setting
/// the numbers of the items of one of its lists: what the list-drawing tests do.
enum BoundListPlaying {
  /// The file's first artboard, bound to its default view model ("Main") and advanced by 0.
  static func play(_ file: RuntimeFile) -> ArtboardInstance {
    var artboard = file.artboards[0].instance()
    #expect(artboard.bindDefaultViewModel(file: file) == "Main")
    _ = artboard.advance(0)
    return artboard
  }

  /// Sets number `name` of item `item` of list `list`; false when it is not there.
  static func setItemNumber(
    _ artboard: inout ArtboardInstance, list: String, item: Int, _ name: String, _ value: Float
  ) -> Bool {
    artboard.withViewModels { store -> Bool in
      guard let handle = store.handle(at: list) else { return false }
      let items = store.values[Int(handle.index)].items
      guard item < items.count,
        let number = store.handle(at: name, from: ViewModelInstanceHandle(index: items[item]))
      else { return false }
      return store.setValue(.number(value), for: number)
    } ?? false
  }
}
