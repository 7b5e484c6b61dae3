import Foundation
import RiveFixtures
@_spi(RiveFormatInternals) import RiveFormat
import RiveTestSupport
import Testing

@testable import RiveCore

/// The retained frame: display lists refer to each instance's retained paths and paints, which
/// are refreshed only where a frame changed them, while every list keeps the frame it was
/// drawn with.
@Suite("Retained frame")
struct RetainedFrameTests {
  /// A 100 × 100 artboard with a static 20 × 20 box at (25, 50), a 10 × 10 box at (75, 50)
  /// whose width animation `grow` keys from 10 to 40 over 60 frames, and a box `slide` moves
  /// (its x keyed from 10 to 90): only the growing box's geometry changes; the sliding one
  /// moves by its transform.
  static func threeBoxes() -> Data {
    var fixture = RuntimeFixture(artboardWidth: 100, artboardHeight: 100)
    let still = fixture.shape(x: 25, y: 50)
    fixture.parametric(TypeKey.rectangle, parent: still, width: 20, height: 20)
    fixture.fill(still, color: 0xFF00_00FF)
    let growing = fixture.shape(x: 75, y: 50)
    let rectangle = fixture.parametric(TypeKey.rectangle, parent: growing, width: 10, height: 10)
    fixture.fill(growing, color: 0xFFFF_0000)
    let sliding = fixture.shape(x: 10, y: 80)
    fixture.parametric(TypeKey.rectangle, parent: sliding, width: 5, height: 5)
    fixture.fill(sliding, color: 0xFF00_FF00)
    fixture.animation(
      name: "grow", duration: 60, loop: .loop,
      keys: [
        (rectangle, PropertyKey.parametricPathWidth, [(0, 10, 1, nil), (60, 40, 1, nil)]),
        (sliding, PropertyKey.nodeX, [(0, 10, 1, nil), (60, 90, 1, nil)]),
      ])
    return fixture.data
  }

  static func player(_ data: Data) throws -> ArtboardPlayback {
    let file = try RuntimeFile(data: data)
    let artboard = try #require(file.artboards.first)
    return ArtboardPlayback(artboard: artboard, file: file)
  }

  /// The widths of the drawn rectangles' paths (their x extent), in draw order.
  static func pathWidths(_ list: DisplayList) -> [Float] {
    var widths: [Float] = []
    for operation in list {
      guard case .drawPath(let path, _) = operation else { continue }
      var xs: [Float] = []
      path.forEachCommand { command in
        switch command {
        case .move(let x, _), .line(let x, _): xs.append(x)
        case .cubic(_, _, _, _, let x, _): xs.append(x)
        case .close: break
        }
      }
      widths.append((xs.max() ?? 0) - (xs.min() ?? 0))
    }
    return widths
  }

  @Test("only paths whose geometry changed are taken; a still shape is re-emitted by reference")
  func onlyChangedPathsAreTaken() throws {
    var player = try Self.player(Self.threeBoxes())
    player.advance()
    var list = DisplayList()
    player.draw(into: &list, images: DrawImages())
    // The artboard's clip and the three boxes.
    let first = player.withArtboard { $0.retainedPathUpdates }
    #expect(first == 4)
    // Component ids as written: the artboard 0, then each shape and its rectangle.
    let still = 1
    let stillSlot = player.withArtboard { Int($0.geometry.paintPathSlots[still]) }
    let stillGeneration = player.withArtboard { $0.geometry.retained.pathGeneration(stillSlot) }
    #expect(stillGeneration > 0, "the still box was taken on the first frame")
    var previousTransforms: [Transform2D] = []
    for frame in 1...20 {
      _ = player.advance(by: 1.0 / 60)
      list.removeAll(keepingCapacity: true)
      player.draw(into: &list, images: DrawImages())
      // The growing box's path changes; the sliding box's local path is composed again as
      // it moves (as the runtime composes it on a world-transform change); nothing else.
      let copies = player.withArtboard { $0.retainedPathUpdates }
      #expect(copies == first + 2 * frame, "frame \(frame)")
      #expect(
        player.withArtboard { $0.geometry.retained.pathGeneration(stillSlot) } == stillGeneration)
      // Drawn last to first: the sliding box (5 wide), the growing one (10 → 40 over 60
      // frames), the still one (20).
      let widths = Self.pathWidths(list)
      let grown = 10 + 30 * Float(frame) / 60
      #expect(widths.count == 3)
      #expect(
        zip(widths, [5, grown, 20]).allSatisfy { abs($0 - $1) < 1e-3 }, "frame \(frame): \(widths)")
      var transforms: [Transform2D] = []
      for case .transform(let m) in list { transforms.append(m) }
      #expect(transforms != previousTransforms, "frame \(frame): the sliding box moved")
      previousTransforms = transforms
    }
  }

  @Test("a changed path is handed to the frame by its storage, and rebuilt in a second buffer")
  func changedPathsAreHandedOver() throws {
    var player = try Self.player(Self.threeBoxes())
    player.advance()
    var list = DisplayList()
    // The growing box: its local path changes every frame. Component ids as written: the
    // artboard 0, the still box's shape, rectangle, fill and colour 1 to 4, the growing box's
    // shape 5.
    let slot = player.withArtboard { Int($0.geometry.paintPathSlots[5]) }
    #expect(slot >= 0)
    guard slot >= 0 else { return }
    var buffers: Set<UnsafeRawPointer> = []
    for frame in 1...12 {
      _ = player.advance(by: 1.0 / 60)
      list.removeAll(keepingCapacity: true)
      player.draw(into: &list, images: DrawImages())
      let (shared, address) = player.withArtboard { artboard in
        let raw = artboard.geometry.paintPaths[slot].raw
        return (
          artboard.geometry.retained.sharesStorage(path: slot, with: raw),
          raw.points.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map(UnsafeRawPointer.init)
          }
        )
      }
      #expect(shared, "frame \(frame): the frame holds the instance's own storage")
      if frame > 1, let address { buffers.insert(address) }
    }
    // The instance and its frame pass two buffers back and forth: no copy, no new storage.
    #expect(buffers.count == 2)
    // A list kept while the instance goes on still draws the geometry it was drawn with.
    let kept = player.draw(images: DrawImages())
    let keptWidth = Self.pathWidths(kept)[1]
    _ = player.advance(by: 1.0 / 60)
    let next = player.draw(images: DrawImages())
    #expect(Self.pathWidths(kept)[1] == keptWidth)
    #expect(Self.pathWidths(next)[1] > keptWidth)
  }

  @Test("drawing a frame again takes no path and gives an equal list")
  func repeatedDrawTakesNothing() throws {
    var player = try Self.player(Self.threeBoxes())
    player.advance()
    _ = player.advance(by: 0.25)
    let first = player.draw(images: DrawImages())
    let copies = player.withArtboard { $0.retainedPathUpdates }
    let second = player.draw(images: DrawImages())
    #expect(player.withArtboard { $0.retainedPathUpdates } == copies)
    #expect(first == second)
  }

  @Test("a list kept across frames still holds the frame it was drawn with")
  func keptListsAreValues() throws {
    var kept = try Self.player(Self.threeBoxes())
    var fresh = try Self.player(Self.threeBoxes())
    kept.advance()
    fresh.advance()
    var lists: [DisplayList] = []
    var expected: [[DrawOperation]] = []
    for _ in 0..<12 {
      lists.append(kept.draw(images: DrawImages()))
      expected.append(fresh.draw(images: DrawImages()).operations)
      _ = kept.advance(by: 1.0 / 30)
      _ = fresh.advance(by: 1.0 / 30)
    }
    for (index, list) in lists.enumerated() {
      #expect(list.operations == expected[index], "frame \(index)")
    }
    // The growing box grew between the first and the last kept list.
    #expect(Self.pathWidths(lists[0])[1] < Self.pathWidths(lists[11])[1])
  }

  @Test("a copied instance draws its own frames")
  func copiedInstancesDiverge() throws {
    var original = try Self.player(Self.threeBoxes())
    original.advance()
    let before = original.draw(images: DrawImages())
    var copy = original
    _ = copy.advance(by: 0.5)
    let moved = copy.draw(images: DrawImages())
    let still = original.draw(images: DrawImages())
    #expect(still == before)
    #expect(moved != before)
  }

  /// Corpus files: every operation a reused list gives equals what a list of its own gives,
  /// frame by frame, and a second draw of a frame takes no path.
  @Test(
    "a reused list draws what a fresh list draws; drawing again takes no path",
    Corpus.requirement,
    arguments: [
      "Knight_square_2.riv", "off_road_car_blog.riv", "car_widgets_v01.riv",
      "data_binding_lists.riv", "layout_test.riv",
    ].filter { Corpus.rivFiles.contains($0) })
  func corpusFilesReuseLists(_ name: String) throws {
    let file = try RuntimeFile(data: Corpus.data(name))
    let artboard = try #require(file.artboards.first)
    var reused = ArtboardPlayback(artboard: artboard, file: file)
    var fresh = ArtboardPlayback(artboard: artboard, file: file)
    let images = DrawImages(document: file.document)
    reused.advance()
    fresh.advance()
    var list = DisplayList()
    for frame in 0..<40 {
      list.removeAll(keepingCapacity: true)
      reused.draw(into: &list, images: images)
      let copies = reused.withArtboard { $0.retainedPathUpdates }
      // (A second draw may differ from the first in a fill rule: as in the runtime, a fill
      // sets its rule on a renderer path another paint also draws.)
      _ = reused.draw(images: images)
      #expect(reused.withArtboard { $0.retainedPathUpdates } == copies, "frame \(frame)")
      #expect(list.operations == fresh.draw(images: images).operations, "frame \(frame)")
      _ = reused.advance(by: 1.0 / 60)
      _ = fresh.advance(by: 1.0 / 60)
    }
  }
  /// The meshes a list draws, in order.
  private static func meshes(_ list: DisplayList) -> [ImageMesh] {
    list.compactMap { operation -> ImageMesh? in
      guard case .drawImageMesh(_, let mesh, _, _) = operation else { return nil }
      return mesh
    }
  }

  /// The address of an array's storage (nil for an empty one).
  private static func storage(_ values: [Float]) -> UnsafeRawPointer? {
    values.withUnsafeBufferPointer { $0.baseAddress.map { UnsafeRawPointer($0) } }
  }

  /// Every corpus and corpus-extra file whose first artboard has meshes: its path, that
  /// artboard, its images and a player of it advanced once.
  private static func meshFilePlayers()
    -> [(path: String, artboard: ArtboardModel, images: DrawImages, player: ArtboardPlayback)]
  {
    let paths =
      SharedCorpus.rivFiles.map { SharedCorpus.url($0).path }
      + SharedCorpus.extraRivFiles.map { SharedCorpus.anyURL($0).path }
    return paths.compactMap { path in
      guard let data = FileManager.default.contents(atPath: path),
        let file = try? RuntimeFile(data: data), let artboard = file.artboards.first,
        artboard.geometry.kinds.contains(.mesh)
      else { return nil }
      var player = ArtboardPlayback(artboard: artboard, file: file)
      player.advance()
      return (path, artboard, DrawImages(document: file.document), player)
    }
  }

  @Test(
    "a mesh that did not change is handed out again; one that changed equals a fresh instance's",
    SharedCorpus.requirement)
  func keptMeshes() throws {
    var files = 0
    var kept = 0
    var made = 0
    for (path, artboard, images, player) in Self.meshFilePlayers() {
      var player = player
      var previous: [ImageMesh] = []
      for _ in 0..<40 {
        // A copy that forgets the meshes it drew, and walks: its meshes are made anew.
        var fresh = player.artboard
        fresh.replaysSteadyFrames = false
        fresh.geometry.drawnMeshes = []
        let expected = Self.meshes(fresh.draw(images: images))
        let drawn = Self.meshes(player.draw(images: images))
        #expect(drawn == expected, "\(path)")
        made += zip(drawn, previous).filter { $0.vertices != $1.vertices }.count
        previous = drawn
        // Walked again without a change, each mesh is the one just drawn (its storage).
        let again = Self.meshes(fresh.draw(images: images))
        #expect(again == expected)
        for (mesh, first) in zip(again, expected) {
          #expect(Self.storage(mesh.vertices) == Self.storage(first.vertices), "\(path)")
          #expect(Self.storage(mesh.uvs) == Self.storage(first.uvs), "\(path)")
          kept += 1
        }
        _ = player.advance(by: 1.0 / 60)
      }
      // UVs set from outside (read only as a mesh is drawn) are drawn at once.
      let geometry = artboard.geometry
      _ = player.draw(images: images)
      player.withArtboard { instance in
        for mesh in geometry.kinds.indices where geometry.kinds[mesh] == .mesh {
          for vertex in geometry.meshVertices[mesh] {
            _ = instance.setFloat(
              Int(vertex), offset: Slot.meshVertexU, key: PropertyKey.meshVertexU, 0.125)
          }
        }
      }
      let us = Self.meshes(player.draw(images: images)).flatMap { mesh in
        mesh.uvs.indices.filter { $0 % 2 == 0 }.map { mesh.uvs[$0] }
      }
      #expect(!us.isEmpty && us.allSatisfy { $0 == 0.125 }, "\(path)")
      files += 1
    }
    // The corpus has meshes, and meshes that move.
    #expect(files >= 2, "files with meshes: \(files)")
    #expect(kept > 0 && made > 0, "kept \(kept), made \(made)")
  }

  @Test(
    "a mesh that moves is made again in the buffers it was drawn with, vertices and UVs",
    SharedCorpus.requirement)
  func movingMeshesKeepTheirBuffers() throws {
    var moved = 0
    for (path, _, images, player) in Self.meshFilePlayers() {
      var player = player
      // Each frame's meshes: their vertices (copied out) and where their buffers are; the
      // display list is gone before the next frame is drawn, as a renderer's would be.
      var last: [(vertices: [Float], storage: UnsafeRawPointer?, uvs: UnsafeRawPointer?)] = []
      for frame in 0..<30 {
        let meshes = Self.meshes(player.draw(images: images))
        let now = meshes.map {
          ($0.vertices.map { $0 }, Self.storage($0.vertices), Self.storage($0.uvs))
        }
        if frame > 2, now.count == last.count {
          for (mesh, before) in zip(now, last) where mesh.0 != before.vertices {
            #expect(mesh.1 == before.storage, "\(path) frame \(frame): vertices")
            #expect(mesh.2 == before.uvs, "\(path) frame \(frame): UVs")
            moved += 1
          }
        }
        last = now
        _ = player.advance(by: 1.0 / 60)
      }
    }
    #expect(moved > 0, "meshes that moved: \(moved)")
  }

  @Test("a mesh whose triangles name a vertex it lacks is found once per model, and only that one")
  func invalidMeshesFoundOnce() throws {
    var fixture = RuntimeFixture(artboardWidth: 100, artboardHeight: 100)
    func indexBytes(_ indices: [UInt64]) -> [UInt8] {
      var bytes: [UInt8] = []
      for index in indices { bytes.appendVarUInt(index) }
      return bytes
    }
    // Two images with a three-vertex mesh each: the first's triangle is 0 1 2, the second's
    // names vertex 3 (bad input: it has three).
    var meshes: [Int] = []
    for triangle: [UInt64] in [[0, 1, 2], [0, 1, 3]] {
      let image = fixture.component(TypeKey.image)
      let mesh = fixture.component(
        TypeKey.mesh, parent: image,
        [(PropertyKey.meshTriangleIndexBytes, .bytes(indexBytes(triangle)))])
      for (x, y) in [(0, 0), (10, 0), (0, 10)] as [(Float, Float)] {
        fixture.component(
          TypeKey.meshVertex, parent: mesh,
          [(PropertyKey.vertexX, .float(x)), (PropertyKey.vertexY, .float(y))])
      }
      meshes.append(mesh)
    }
    let file = try RuntimeFile(data: fixture.data)
    let geometry = try #require(file.artboards.first).geometry
    #expect(meshes.allSatisfy { geometry.kinds[$0] == .mesh })
    #expect(geometry.invalidMeshes == [Int32(meshes[1])])
    let artboard = ArtboardInstance(model: try #require(file.artboards.first))
    #expect(artboard.meshIsValid(meshes[0], model: geometry))
    #expect(!artboard.meshIsValid(meshes[1], model: geometry))
    // Meshes are numbered among themselves, where an instance keeps what it drew of each;
    // any other id (an image, the artboard, negative, past the last component) has no place.
    #expect(geometry.meshIDs == meshes.map { Int32($0) })
    #expect(meshes.map { geometry.meshOrdinal($0) } == [0, 1])
    for id in [0, meshes[0] - 1, -1, Int(Int32.min), geometry.kinds.count, Int.max] {
      #expect(geometry.meshOrdinal(id) == nil, "\(id)")
    }
  }

  @Test("a mesh without triangles is numbered like any mesh; its vertices and UVs set mark it")
  func meshWithoutTriangles() throws {
    var fixture = RuntimeFixture(artboardWidth: 100, artboardHeight: 100)
    let image = fixture.component(TypeKey.image)
    let mesh = fixture.component(TypeKey.mesh, parent: image)
    for (x, y) in [(0, 0), (10, 0), (0, 10)] as [(Float, Float)] {
      fixture.component(
        TypeKey.meshVertex, parent: mesh,
        [(PropertyKey.vertexX, .float(x)), (PropertyKey.vertexY, .float(y))])
    }
    let model = try #require(try RuntimeFile(data: fixture.data).artboards.first)
    #expect(model.geometry.indices(ofMesh: mesh).isEmpty)
    #expect(model.geometry.meshIDs == [Int32(mesh)])
    #expect(model.geometry.meshOrdinal(mesh) == 0)
    // A vertex's position or UV set before anything was drawn marks nothing, and traps not.
    var artboard = ArtboardInstance(model: model)
    _ = artboard.setFloat(mesh + 1, offset: Slot.meshVertexU, key: PropertyKey.meshVertexU, 0.5)
    _ = artboard.setFloat(mesh + 1, offset: Slot.vertexX, key: PropertyKey.vertexX, 4)
    _ = artboard.updatePass()
    #expect(artboard.geometry.drawnMeshes.isEmpty)
    // Kept as drawn, a UV set marks its UVs, a position set only its vertices.
    artboard.geometry.drawnMeshes = [
      DrawnMesh(
        mesh: ImageMesh(vertices: [], uvs: [], indices: []), isCurrent: true,
        uvsAreCurrent: true)
    ]
    _ = artboard.setFloat(mesh + 1, offset: Slot.vertexX, key: PropertyKey.vertexX, 5)
    #expect(artboard.geometry.drawnMeshes[0]?.isCurrent == false)
    #expect(artboard.geometry.drawnMeshes[0]?.uvsAreCurrent == true)
    _ = artboard.setFloat(mesh + 1, offset: Slot.meshVertexV, key: PropertyKey.meshVertexV, 0.25)
    #expect(artboard.geometry.drawnMeshes[0]?.uvsAreCurrent == false)
  }
}
