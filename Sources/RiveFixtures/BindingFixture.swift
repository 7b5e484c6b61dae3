import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// A file made by the package's writer whose view model reaches every kind of bound object:
/// the host artboard, a nested artboard, an artboard list and a state machine.
///
/// View model `Main` (number `x`, list `items` of view model `Item`, number `w`) has two
/// authored instances, `First` (x 30, items of width 4 and 8) and `Second` (x 70, one item of
/// width 16). Artboard `Main` (100 × 100) draws a green 10 × 10 square at (x, 20); it hosts
/// artboard `Child`, whose blue square is at (20, x), and (in a group, outside the artboard's
/// layout) an artboard list at (60, 50) showing
/// one `Item` artboard per list item, a red square w wide and 10 high centred at (70, 60)
/// (items overlap: the widest shows). State machine `Machine` on `Main` has one layer whose
/// entry goes to an animation state; the machine binds nothing of its own, so it makes a bind
/// container that only holds the machine's place.
///
/// ``probe(rgba:width:)`` reads the three back from a frame drawn at the artboard's size.
public enum BindingFixture {
  /// The instance names and their `x` and widest item.
  public static let instances: [(name: String, x: Int, widestItem: Int, itemCount: Int)] = [
    ("First", 30, 8, 2), ("Second", 70, 16, 1),
  ]

  /// The file's bytes.
  public static var data: Data { Data(encoded) }
  private static let encoded = bytes()

  /// The three bound values read back from a 100 × 100 frame of artboard `Main`: the x of the
  /// green square's centre, the y of the blue square's centre and the width of the red run on
  /// row 60 (nil for any that is not drawn).
  ///
  /// - Parameters:
  ///   - rgba: The frame's pixels, top row first, four bytes a pixel.
  ///   - width: The frame's width in pixels.
  /// - Returns: The three values, each nil when its colour is not found.
  public static func probe(rgba: [UInt8], width: Int) -> (
    mainX: Int?, childY: Int?, itemWidth: Int?
  ) {
    let height = width > 0 ? rgba.count / (4 * width) : 0
    func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
      let at = (y * width + x) * 4
      return (Int(rgba[at]), Int(rgba[at + 1]), Int(rgba[at + 2]))
    }
    func centre(of run: [Int]) -> Int? {
      guard let first = run.first, let last = run.last else { return nil }
      return (first + last + 1) / 2
    }
    guard width >= 100, height >= 100 else { return (nil, nil, nil) }
    let greens = (0..<width).filter { x in pixel(x, 20).1 > 200 && pixel(x, 20).0 < 60 }
    let blues = (0..<height).filter { y in pixel(20, y).2 > 200 && pixel(20, y).0 < 60 }
    let reds = (0..<width).filter { x in pixel(x, 60).0 > 200 && pixel(x, 60).1 < 60 }
    return (centre(of: greens), centre(of: blues), reds.isEmpty ? nil : reds.count)
  }

  private static func bytes() -> [UInt8] {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    // View model 0: Item (w). View model 1: Main (x, items).
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Item"))])
    writer.object(
      TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string("w"))])
    for (index, width) in [Float(4), 8, 16].enumerated() {
      writer.object(
        TypeKey.viewModelInstance,
        [
          (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
          (PropertyKey.componentName, .string("item \(index)")),
        ])
      writer.object(
        TypeKey.viewModelInstanceNumber,
        [
          (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
          (PropertyKey.viewModelInstanceNumberPropertyValue, .float(width)),
        ])
    }
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
    writer.object(
      TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string("x"))])
    writer.object(
      TypeKey.viewModelPropertyList, [(PropertyKey.viewModelComponentName, .string("items"))])
    for (name, x, items) in [("First", Float(30), [0, 1]), ("Second", 70, [2])] {
      writer.object(
        TypeKey.viewModelInstance,
        [
          (PropertyKey.viewModelInstanceViewModelId, .uint(1)),
          (PropertyKey.componentName, .string(name)),
        ])
      writer.object(
        TypeKey.viewModelInstanceNumber,
        [
          (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
          (PropertyKey.viewModelInstanceNumberPropertyValue, .float(x)),
        ])
      writer.object(
        TypeKey.viewModelInstanceList,
        [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(1))])
      for item in items {
        writer.object(
          TypeKey.viewModelInstanceListItem,
          [
            (PropertyKey.viewModelInstanceListItemViewModelId, .uint(0)),
            (PropertyKey.viewModelInstanceListItemViewModelInstanceId, .uint(UInt64(item))),
          ])
      }
    }
    // Artboard 0: Main.
    artboard(&writer, "Main", size: 100, viewModel: 1)
    square(&writer, color: 0xFF00_FF00, at: (0, 20), side: 10, bind: (PropertyKey.nodeX, [1, 0]))
    writer.object(
      TypeKey.nestedArtboard,
      [
        (PropertyKey.componentParentId, .uint(0)),
        (PropertyKey.nestedArtboardArtboardId, .uint(1)),
      ])
    // The list sits in a group: a group's content is outside the artboard's layout, so the
    // items keep their own size and the list its place when layout is solved.
    writer.object(TypeKey.node, [(PropertyKey.componentParentId, .uint(0))])
    writer.object(
      TypeKey.artboardComponentList,
      [
        (PropertyKey.componentParentId, .uint(6)),
        (PropertyKey.nodeX, .float(60)), (PropertyKey.nodeY, .float(50)),
      ])
    bind(&writer, PropertyKey.artboardComponentListListSource, [1, 1])
    writer.object(
      TypeKey.linearAnimation,
      [
        (PropertyKey.animationName, .string("Idle")),
        (PropertyKey.linearAnimationFps, .uint(60)),
        (PropertyKey.linearAnimationDuration, .uint(60)),
        (PropertyKey.linearAnimationLoopValue, .uint(1)),
      ])
    writer.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("Machine"))])
    writer.object(
      TypeKey.stateMachineLayer, [(PropertyKey.stateMachineComponentName, .string("Layer"))])
    writer.object(TypeKey.entryState)
    writer.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
    writer.object(TypeKey.anyState)
    writer.object(TypeKey.exitState)
    writer.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
    // Artboard 1: Child, bound to Main too.
    artboard(&writer, "Child", size: 100, viewModel: 1)
    square(&writer, color: 0xFF00_00FF, at: (20, 0), side: 10, bind: (PropertyKey.nodeY, [1, 0]))
    // Artboard 2: Item.
    artboard(&writer, "Item", size: 20, viewModel: 0)
    writer.object(
      TypeKey.shape,
      [
        (PropertyKey.componentParentId, .uint(0)),
        (PropertyKey.nodeX, .float(10)), (PropertyKey.nodeY, .float(10)),
      ])
    paint(&writer, color: 0xFFFF_0000)
    writer.object(
      TypeKey.rectangle,
      [
        (PropertyKey.componentParentId, .uint(1)),
        (PropertyKey.parametricPathWidth, .float(1)),
        (PropertyKey.parametricPathHeight, .float(10)),
      ])
    bind(&writer, PropertyKey.parametricPathWidth, [0, 0])
    return writer.bytes
  }

  private static func artboard(
    _ writer: inout RiveObjectWriter, _ name: String, size: Float, viewModel: UInt64
  ) {
    writer.object(
      TypeKey.artboard,
      [
        (PropertyKey.componentName, .string(name)),
        (PropertyKey.layoutComponentWidth, .float(size)),
        (PropertyKey.layoutComponentHeight, .float(size)),
        (PropertyKey.artboardViewModelId, .uint(viewModel)),
      ])
  }

  /// A shape (component 1) at `at`, bound as `bind` says, with a solid fill (2, 3) and a
  /// `side` × `side` rectangle (4).
  private static func square(
    _ writer: inout RiveObjectWriter, color: UInt32, at: (Float, Float), side: Float,
    bind binding: (key: UInt16, path: [UInt32])
  ) {
    writer.object(
      TypeKey.shape,
      [
        (PropertyKey.componentParentId, .uint(0)),
        (PropertyKey.nodeX, .float(at.0)), (PropertyKey.nodeY, .float(at.1)),
      ])
    bind(&writer, binding.key, binding.path)
    paint(&writer, color: color)
    writer.object(
      TypeKey.rectangle,
      [
        (PropertyKey.componentParentId, .uint(1)),
        (PropertyKey.parametricPathWidth, .float(side)),
        (PropertyKey.parametricPathHeight, .float(side)),
      ])
  }

  /// A fill (component 2) of shape 1 with a solid colour (3).
  private static func paint(_ writer: inout RiveObjectWriter, color: UInt32) {
    writer.object(TypeKey.fill, [(PropertyKey.componentParentId, .uint(1))])
    writer.object(
      TypeKey.solidColor,
      [
        (PropertyKey.componentParentId, .uint(2)),
        (PropertyKey.solidColorColorValue, .color(color)),
      ])
  }

  /// A context bind of the object written just before to view-model path `path`.
  private static func bind(_ writer: inout RiveObjectWriter, _ key: UInt16, _ path: [UInt32]) {
    writer.object(
      TypeKey.dataBindContext,
      [
        (PropertyKey.dataBindPropertyKey, .uint(UInt64(key))),
        (PropertyKey.dataBindContextSourcePathIds, .bytes(RiveObjectWriter.pathBytes(path))),
      ])
  }
}
