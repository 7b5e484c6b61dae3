@_spi(RiveFormatInternals) import RiveFormat
import RiveLayout

/// A laid-out component as the layout placed it: its box in its parent layout.
public struct LayoutFrame: Sendable, Hashable {
  /// The component's object id in its artboard (0 is the artboard).
  public var id: Int
  /// The component's name.
  public var name: String
  /// What it is: `artboard`, `layout` or `participant`.
  public var kind: String
  /// How many layouts it sits in (0 for the artboard).
  public var depth: Int
  /// Its box: the corner in its parent layout's space, and its size.
  public var x: Float
  public var y: Float
  public var width: Float
  public var height: Float
}

extension ArtboardInstance {
  /// The laid-out components of this artboard (its layout components and participants, in
  /// layout order, depth first), with their current boxes; empty while layout is not solved.
  public var layoutFrames: [LayoutFrame] {
    guard layout.isOn else { return [] }
    var frames: [LayoutFrame] = []
    func visit(_ item: Int, depth: Int) {
      guard frames.count <= model.layout.items.count, depth <= LayoutTree.maximumDepth else {
        return
      }
      let entry = model.layout.items[item]
      let c = Int(entry.component)
      let box = layout.items[item].box
      var name = ""
      if case .string(let text)? = value(of: c, property: PropertyKey.componentName) { name = text }
      frames.append(
        LayoutFrame(
          id: c, name: name,
          kind: item == 0 ? "artboard" : (entry.participant >= 0 ? "participant" : "layout"),
          depth: depth, x: box.left, y: box.top, width: box.width, height: box.height))
      guard entry.participant < 0 else { return }
      forEachLayoutProvider(of: c) { child, provider in
        if provider == .layout || provider == .participant,
          let childItem = model.layout.item(of: child)
        {
          visit(childItem, depth: depth + 1)
        }
        return true
      }
    }
    // One level of recursion per level of layouts: a deep artboard is walked on a stack that
    // fits it.
    LayoutTree.withStack(forDepth: model.layout.depth) { visit(0, depth: 0) }
    return frames
  }
}

extension ArtboardInstance {
  /// The laid-out components of the artboards this instance nests and lists (depth first,
  /// each with its artboard's name and how deep it is nested), for diagnostics.
  package var hostedLayoutFrames: [(name: String, depth: Int, frames: [LayoutFrame])] {
    var result: [(name: String, depth: Int, frames: [LayoutFrame])] = []
    func visit(_ artboard: ArtboardInstance, depth: Int) {
      guard depth < 16 else { return }
      var children: [ArtboardInstance] = artboard.nested.compactMap(\.artboard)
      for list in artboard.componentLists { children += list.items.compactMap(\.artboard) }
      for child in children {
        result.append((child.model.name, depth, child.layoutFrames))
        visit(child, depth: depth + 1)
      }
    }
    visit(self, depth: 1)
    return result
  }
}

extension ArtboardInstance {
  /// The names of the artboards this instance nests and lists, at any depth (each once, in
  /// the order first met, depth first), for diagnostics.
  package var hostedArtboardNames: [String] {
    var names: [String] = []
    func visit(_ artboard: ArtboardInstance, depth: Int) {
      guard depth < 16 else { return }
      var children: [ArtboardInstance] = artboard.nested.compactMap(\.artboard)
      for list in artboard.componentLists { children += list.items.compactMap(\.artboard) }
      for child in children {
        if !names.contains(child.model.name) { names.append(child.model.name) }
        visit(child, depth: depth + 1)
      }
    }
    visit(self, depth: 1)
    return names
  }
}
