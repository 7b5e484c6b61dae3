import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// A file made by the package's writer: view model "Node" with a list "children", whose
/// instance `level` lists instance `level + 1` twice (the last lists none), and artboard
/// "Node", bound to it, holding an artboard list of the children (each item shows artboard
/// "Node" again, a level down) and a machine whose layer goes back and forth between two
/// states with no conditions: it takes a transition at every step it may.
private func nestedListFile(levels: Int) throws -> RuntimeFile {
  var writer = RiveObjectWriter()
  writer.object(TypeKey.backboard)
  writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Node"))])
  writer.object(
    TypeKey.viewModelPropertyList, [(PropertyKey.viewModelComponentName, .string("children"))])
  for level in 0..<levels {
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
        (PropertyKey.componentName, .string("level \(level)")),
      ])
    writer.object(
      TypeKey.viewModelInstanceList,
      [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0))])
    guard level + 1 < levels else { continue }
    for _ in 0..<2 {
      writer.object(
        TypeKey.viewModelInstanceListItem,
        [
          (PropertyKey.viewModelInstanceListItemViewModelId, .uint(0)),
          (PropertyKey.viewModelInstanceListItemViewModelInstanceId, .uint(UInt64(level + 1))),
        ])
    }
  }
  writer.boundArtboard("Node", width: 100, height: 100, viewModel: 0)
  writer.object(TypeKey.node, [(PropertyKey.componentParentId, .uint(0))])
  writer.object(TypeKey.artboardComponentList, [(PropertyKey.componentParentId, .uint(0))])
  writer.bind(PropertyKey.artboardComponentListListSource, to: [0, 0])
  writer.object(
    TypeKey.linearAnimation,
    [
      (PropertyKey.animationName, .string("move")),
      (PropertyKey.linearAnimationFps, .uint(60)),
      (PropertyKey.linearAnimationDuration, .uint(60)),
      (PropertyKey.linearAnimationLoopValue, .uint(UInt64(LoopMode.loop.rawValue))),
    ])
  writer.object(TypeKey.keyedObject, [(PropertyKey.keyedObjectObjectId, .uint(1))])
  writer.object(
    TypeKey.keyedProperty,
    [(PropertyKey.keyedPropertyPropertyKey, .uint(UInt64(PropertyKey.nodeX)))])
  for (frame, value) in [(UInt64(0), Float(0)), (60, 100)] {
    writer.object(
      TypeKey.keyFrameDouble,
      [(PropertyKey.keyFrameFrame, .uint(frame)), (PropertyKey.keyFrameDoubleValue, .float(value))])
  }
  writer.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("Machine"))])
  writer.object(TypeKey.stateMachineLayer, [(PropertyKey.stateMachineComponentName, .string("L"))])
  // States: 0 entry (to 3), 1 any, 2 exit, 3 and 4 playing "move", each going to the other.
  writer.object(TypeKey.entryState)
  writer.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(3))])
  writer.object(TypeKey.anyState)
  writer.object(TypeKey.exitState)
  for target in [UInt64(4), 3] {
    writer.object(TypeKey.animationState, [(PropertyKey.animationStateAnimationId, .uint(0))])
    writer.object(TypeKey.stateTransition, [(PropertyKey.stateTransitionStateToId, .uint(target))])
  }
  return try RuntimeFile(data: Data(writer.bytes))
}

/// The list items under `artboard`, at every depth.
private func itemCount(_ artboard: ArtboardInstance) -> Int {
  artboard.componentLists.reduce(0) { total, list in
    total + list.items.count
      + list.items.reduce(0) { $0 + ($1.artboard.map { itemCount($0) } ?? 0) }
  }
}

@Suite("List transition budget")
struct ListTransitionBudgetTests {
  /// The root artboard of `file` with its machine bound to the default instance, after the
  /// first advance (by 0) and one frame.
  private func playOneFrame(_ file: RuntimeFile) throws -> ArtboardInstance {
    var artboard = file.artboards[0].instance()
    var machine = try #require(StateMachineInstance(artboard: artboard, index: 0))
    machine.bindDefaultViewModel(file: file, artboard: &artboard)
    _ = machine.advanceAndApply(0, artboard: &artboard)
    _ = machine.advanceAndApply(ArtboardPlayback.frameStep, artboard: &artboard)
    return artboard
  }

  @Test("items' machines that loop through their states stop at the frame's budget")
  func loopingItemsSpendTheBudget() throws {
    // 2 + 4 + 8 + 16 + 32 items, each layer taking up to 100 transitions an advance: far more
    // than the frame's budget.
    let artboard = try playOneFrame(try nestedListFile(levels: 6))
    #expect(itemCount(artboard) == 62)
    #expect(artboard.viewModels?.listTransitionBudget == 0)
  }

  @Test("the root's own machine, looping the same way, spends none of the items' budget")
  func rootIsNotCounted() throws {
    let artboard = try playOneFrame(try nestedListFile(levels: 1))
    #expect(itemCount(artboard) == 0)
    #expect(artboard.viewModels?.listTransitionBudget == ViewModelStore.listTransitionsPerFrame)
  }

  @Test("a few items' transitions are counted and leave budget")
  func fewItemsKeepBudget() throws {
    let artboard = try playOneFrame(try nestedListFile(levels: 2))
    #expect(itemCount(artboard) == 2)
    let left = try #require(artboard.viewModels?.listTransitionBudget)
    #expect(left > 0)
    #expect(left < ViewModelStore.listTransitionsPerFrame)
  }
}
