import Foundation
@_spi(RiveFormatInternals) import RiveFormat
import Testing

@testable import RiveCore

/// Binds to source from computed node properties (sizes and positions the runtime derives),
/// in files made by the package's writer.
@Suite("Computed value binds")
struct ComputedValueBindTests {
  /// View model "Main" with numbers `a` and `b`, bound to source from computed properties
  /// `keys` of an image (asset 40 × 30, scale 2 × 3) inside a group at (10, 20); the image
  /// sits at (5, 6).
  private func file(keys: (UInt16, UInt16)) throws -> RuntimeFile {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(
      TypeKey.imageAsset,
      [
        (PropertyKey.fileAssetAssetId, .uint(1)),
        (PropertyKey.drawableAssetWidth, .float(40)),
        (PropertyKey.drawableAssetHeight, .float(30)),
      ])
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
    for name in ["a", "b"] {
      writer.object(
        TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string(name))])
    }
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
        (PropertyKey.componentName, .string("")),
      ])
    for property in [UInt64(0), 1] {
      writer.object(
        TypeKey.viewModelInstanceNumber,
        [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(property))])
    }
    writer.boundArtboard("Main", width: 100, height: 100, viewModel: 0)
    writer.object(
      TypeKey.node,
      [
        (PropertyKey.componentParentId, .uint(0)),
        (PropertyKey.nodeX, .float(10)), (PropertyKey.nodeY, .float(20)),
      ])
    writer.object(
      TypeKey.image,
      [
        (PropertyKey.componentParentId, .uint(1)),
        (PropertyKey.imageAssetId, .uint(0)),
        (PropertyKey.nodeX, .float(5)), (PropertyKey.nodeY, .float(6)),
        (PropertyKey.transformComponentScaleX, .float(2)),
        (PropertyKey.transformComponentScaleY, .float(3)),
      ])
    for (key, property) in [(keys.0, UInt32(0)), (keys.1, 1)] {
      writer.object(
        TypeKey.dataBindContext,
        [
          (PropertyKey.dataBindPropertyKey, .uint(UInt64(key))),
          (PropertyKey.dataBindFlags, .uint(UInt64(BindFlags.toSource))),
          (
            PropertyKey.dataBindContextSourcePathIds,
            .bytes(RiveObjectWriter.pathBytes([0, property]))
          ),
        ])
    }
    return try RuntimeFile(data: Data(writer.bytes))
  }

  /// The view-model numbers `a` and `b` after two frames.
  private func bound(_ keys: (UInt16, UInt16)) throws -> [ViewModelValue?] {
    let file = try file(keys: keys)
    var artboard = file.artboards[0].instance()
    #expect(artboard.bindDefaultViewModel(file: file) == "Main")
    _ = artboard.advance(0)
    _ = artboard.advance(1 / 60)
    return [artboard.viewModels?.value(at: "a"), artboard.viewModels?.value(at: "b")]
  }

  @Test("an image's computed size is its asset's size times its scale")
  func imageSize() throws {
    #expect(
      try bound((PropertyKey.nodeComputedWidth, PropertyKey.nodeComputedHeight))
        == [.number(80), .number(90)])
  }

  @Test("computed positions come from the local and world transforms")
  func positions() throws {
    #expect(
      try bound((PropertyKey.nodeComputedLocalX, PropertyKey.nodeComputedLocalY))
        == [.number(5), .number(6)])
    #expect(
      try bound((PropertyKey.nodeComputedWorldX, PropertyKey.nodeComputedWorldY))
        == [.number(15), .number(26)])
    #expect(
      try bound((PropertyKey.nodeComputedRootX, PropertyKey.nodeComputedRootY))
        == [.number(15), .number(26)])
  }

  /// View model "Main" with numbers `a` and `b`; artboard "Main" (bound to it) hosts, through a
  /// node at (10, 20), a nested artboard at (30, 40) showing "Child", whose node at (5, 6) binds
  /// its computed root position to `a` and `b` (the nested artboard shares the host's data
  /// context).
  private func nestedFile() throws -> RuntimeFile {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
    for name in ["a", "b"] {
      writer.object(
        TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string(name))])
    }
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
        (PropertyKey.componentName, .string("")),
      ])
    for property in [UInt64(0), 1] {
      writer.object(
        TypeKey.viewModelInstanceNumber,
        [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(property))])
    }
    writer.boundArtboard("Main", width: 200, height: 200, viewModel: 0)
    writer.object(
      TypeKey.node,
      [
        (PropertyKey.componentParentId, .uint(0)),
        (PropertyKey.nodeX, .float(10)), (PropertyKey.nodeY, .float(20)),
      ])
    writer.object(
      TypeKey.nestedArtboard,
      [
        (PropertyKey.componentParentId, .uint(1)),
        (PropertyKey.nestedArtboardArtboardId, .uint(1)),
        (PropertyKey.nodeX, .float(30)), (PropertyKey.nodeY, .float(40)),
      ])
    writer.boundArtboard("Child", width: 50, height: 50, viewModel: 0)
    writer.object(
      TypeKey.node,
      [
        (PropertyKey.componentParentId, .uint(0)),
        (PropertyKey.nodeX, .float(5)), (PropertyKey.nodeY, .float(6)),
      ])
    for (key, property) in [
      (PropertyKey.nodeComputedRootX, UInt32(0)), (PropertyKey.nodeComputedRootY, 1),
    ] {
      writer.object(
        TypeKey.dataBindContext,
        [
          (PropertyKey.dataBindPropertyKey, .uint(UInt64(key))),
          (PropertyKey.dataBindFlags, .uint(UInt64(BindFlags.toSource))),
          (
            PropertyKey.dataBindContextSourcePathIds,
            .bytes(RiveObjectWriter.pathBytes([0, property]))
          ),
        ])
    }
    return try RuntimeFile(data: Data(writer.bytes))
  }

  @Test("a nested artboard's computed root position goes through its host up to the root")
  func rootThroughHost() throws {
    let file = try nestedFile()
    var artboard = file.artboards[0].instance()
    #expect(artboard.bindDefaultViewModel(file: file) == "Main")
    for _ in 0..<3 { _ = artboard.advance(1 / 60) }
    // (5, 6) in the child, whose origin sits at the host node's (10, 20) plus (30, 40).
    #expect(artboard.viewModels?.value(at: "a") == .number(45))
    #expect(artboard.viewModels?.value(at: "b") == .number(66))
  }

  @Test("a shape's length is its paths' length in world space, bound to source")
  func shapeLength() throws {
    var writer = RiveObjectWriter()
    writer.object(TypeKey.backboard)
    writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
    writer.object(
      TypeKey.viewModelPropertyNumber, [(PropertyKey.viewModelComponentName, .string("a"))])
    writer.object(
      TypeKey.viewModelInstance,
      [
        (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
        (PropertyKey.componentName, .string("")),
      ])
    writer.object(
      TypeKey.viewModelInstanceNumber,
      [(PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0))])
    writer.boundArtboard("Main", width: 100, height: 100, viewModel: 0)
    // A node scaled 2 holding a shape with a 30 × 20 rectangle (perimeter 100) and a
    // 10 × 5 one (perimeter 30), both without paint: 260 in world space.
    writer.object(
      TypeKey.node,
      [
        (PropertyKey.componentParentId, .uint(0)),
        (PropertyKey.transformComponentScaleX, .float(2)),
        (PropertyKey.transformComponentScaleY, .float(2)),
      ])
    writer.object(TypeKey.shape, [(PropertyKey.componentParentId, .uint(1))])
    writer.object(
      TypeKey.dataBindContext,
      [
        (PropertyKey.dataBindPropertyKey, .uint(UInt64(PropertyKey.shapeLength))),
        (PropertyKey.dataBindFlags, .uint(UInt64(BindFlags.toSource))),
        (PropertyKey.dataBindContextSourcePathIds, .bytes(RiveObjectWriter.pathBytes([0, 0]))),
      ])
    for (width, height) in [(Float(30), Float(20)), (10, 5)] {
      writer.object(
        TypeKey.rectangle,
        [
          (PropertyKey.componentParentId, .uint(2)),
          (PropertyKey.parametricPathWidth, .float(width)),
          (PropertyKey.parametricPathHeight, .float(height)),
        ])
    }
    let file = try RuntimeFile(data: Data(writer.bytes))
    var artboard = file.artboards[0].instance()
    #expect(artboard.bindDefaultViewModel(file: file) == "Main")
    _ = artboard.advance(0)
    _ = artboard.advance(1 / 60)
    guard case .number(let length) = artboard.viewModels?.value(at: "a") else {
      Issue.record("no number bound")
      return
    }
    #expect(abs(length - 260) < 1e-3)
  }
}
