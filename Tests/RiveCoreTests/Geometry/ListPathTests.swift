import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// A file made by the package's writer: view models "Plain" (numbers `x` and `y` with the
/// vertex roles) and "Curvy" (also `rotation`, `distance` and an in point `inX`, `inY`), and
/// "Main" with a list "points" of a Plain at (10, 0), a Curvy at (10, 10) turned 90° with
/// distance 5 and in point (-3, 4), and a Plain at (0, 10). Artboard "Main" draws a shape whose
/// list path (closed when `closed`) takes its vertices from "points".
private func listPathFile(closed: Bool = true) throws -> RuntimeFile {
  var writer = RiveObjectWriter()
  writer.object(TypeKey.backboard)
  func viewModel(_ name: String, _ properties: [(String, UInt64)]) {
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string(name))])
    for (property, role) in properties {
      writer.object(
        TypeKey.viewModelPropertyNumber,
        [
          (PropertyKey.viewModelComponentName, .string(property)),
          (PropertyKey.viewModelPropertySymbolTypeValue, .uint(role)),
        ])
    }
  }
  func instance(of viewModel: UInt64, _ numbers: [Float]) {
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(viewModel)),
        (PropertyKey.componentName, .string("")),
      ])
    for (property, number) in numbers.enumerated() {
      writer.object(
        TypeKey.viewModelInstanceNumber,
        [
          (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(UInt64(property))),
          (PropertyKey.viewModelInstanceNumberPropertyValue, .float(number)),
        ])
    }
  }
  viewModel("Plain", [("x", 1), ("y", 2)])
  viewModel(
    "Curvy", [("x", 1), ("y", 2), ("rotation", 7), ("distance", 10), ("inX", 3), ("inY", 4)])
  writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
  writer.object(
    TypeKey.viewModelPropertyList, [(PropertyKey.viewModelComponentName, .string("points"))])
  instance(of: 0, [10, 0])
  instance(of: 0, [0, 10])
  instance(of: 1, [10, 10, 90, 5, -3, 4])
  instance(of: 2, [])
  writer.object(
    TypeKey.viewModelInstanceList,
    [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0))])
  for (viewModel, index) in [(0, 0), (1, 0), (0, 1)] as [(UInt64, UInt64)] {
    writer.object(
      TypeKey.viewModelInstanceListItem,
      [
        (PropertyKey.viewModelInstanceListItemViewModelId, .uint(viewModel)),
        (PropertyKey.viewModelInstanceListItemViewModelInstanceId, .uint(index)),
      ])
  }
  // Artboard "Main": shape 1, its list path 2 (bound to Main's "points"), a fill 3 with its
  // colour 4.
  writer.boundArtboard("Main", width: 100, height: 100, viewModel: 2)
  writer.object(TypeKey.shape, [(PropertyKey.componentParentId, .uint(0))])
  writer.object(
    TypeKey.listPath,
    [
      (PropertyKey.componentParentId, .uint(1)),
      (PropertyKey.pointsCommonPathIsClosed, .bool(closed)),
    ])
  writer.bind(PropertyKey.listPathListSource, to: [2, 0])
  writer.object(TypeKey.fill, [(PropertyKey.componentParentId, .uint(1))])
  writer.object(
    TypeKey.solidColor,
    [
      (PropertyKey.componentParentId, .uint(3)),
      (PropertyKey.solidColorColorValue, .color(0xFF00_FF00)),
    ])
  return try RuntimeFile(data: Data(writer.bytes))
}

/// The commands of the one path `list` draws, rounded to thousandths.
private func drawnPath(_ list: DisplayList) -> [PathCommand] {
  func round(_ value: Float) -> Float { (value * 1000).rounded() / 1000 + 0 }
  for case .drawPath(let path, _) in list.operations {
    return path.commands.map { command in
      switch command {
      case .move(let x, let y): return .move(round(x), round(y))
      case .line(let x, let y): return .line(round(x), round(y))
      case .cubic(let a, let b, let c, let d, let e, let f):
        return .cubic(round(a), round(b), round(c), round(d), round(e), round(f))
      case .close: return .close
      }
    }
  }
  return []
}

@Suite("List paths")
struct ListPathTests {
  private func play(_ file: RuntimeFile) -> ArtboardInstance { BoundListPlaying.play(file) }

  /// Sets number `name` of item `item` of Main's "points".
  private func set(_ artboard: inout ArtboardInstance, item: Int, _ name: String, _ value: Float)
    -> Bool
  {
    BoundListPlaying.setItemNumber(&artboard, list: "points", item: item, name, value)
  }

  @Test("each item is a cubic vertex its roles write: position, rotation, distance, in point")
  func verticesFromItems() throws {
    var artboard = play(try listPathFile())
    // The Curvy vertex: rotation 90° and distance 5 for both controls, then its in point
    // (-3, 4) for the in control (written after them, as the runtime writes it).
    #expect(
      drawnPath(artboard.draw()) == [
        .move(10, 0), .cubic(10, 0, 7, 14, 10, 10), .cubic(10, 15, 0, 10, 0, 10),
        .cubic(0, 10, 10, 0, 10, 0), .close,
      ])
    var open = play(try listPathFile(closed: false))
    #expect(
      drawnPath(open.draw()) == [
        .move(10, 0), .cubic(10, 0, 7, 14, 10, 10), .cubic(10, 15, 0, 10, 0, 10),
      ])
  }

  @Test("a changed role writes its fields again; a list edit keeps what a new item does not write")
  func changesAndEdits() throws {
    var artboard = play(try listPathFile())
    // The rotation changes last: both controls turn to 0°, the in point's length stays.
    #expect(set(&artboard, item: 1, "rotation", 0))
    _ = artboard.advance(1.0 / 60)
    #expect(
      drawnPath(artboard.draw()) == [
        .move(10, 0), .cubic(10, 0, 15, 10, 10, 10), .cubic(15, 10, 0, 10, 0, 10),
        .cubic(0, 10, 10, 0, 10, 0), .close,
      ])
    // The first item goes: the first vertex reads the Curvy item in full, the second the last
    // Plain item, which writes only its position (the controls it had stay), the third goes.
    let edited = artboard.withViewModels { store -> Bool in
      guard let list = store.handle(at: "points") else { return false }
      let items = store.values[Int(list.index)].items
      return store.setItems(Int32(list.index), Array(items.dropFirst()))
    }
    #expect(edited == true)
    _ = artboard.advance(1.0 / 60)
    #expect(
      drawnPath(artboard.draw()) == [
        .move(10, 10), .cubic(15, 10, 5, 10, 0, 10), .cubic(5, 10, 7, 14, 10, 10), .close,
      ])
  }
}
