@_spi(RiveFormatInternals) import RiveFormat

/// One `Int32` per component, read by id: a window of a buffer that all of an artboard's link
/// columns share, so the links cost one allocation instead of one each.
struct Column: RandomAccessCollection, Sendable {
  private let storage: [Int32]
  private let offset: Int
  let count: Int

  fileprivate init(storage: [Int32], offset: Int, count: Int) {
    self.storage = storage
    self.offset = offset
    self.count = count
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  /// The value of component `id` (which must be below ``count``).
  @inline(__always)
  subscript(id: Int) -> Int32 {
    precondition(UInt(bitPattern: id) < UInt(bitPattern: count), "column index out of range")
    return storage[offset + id]
  }
}

/// The per-component links of an artboard's geometry that name one other component (or -1).
enum LinkColumn: Int, CaseIterable {
  case composers, parentTransforms, pathShapes, pathDeformers, vertexWeights, skins
  case tendonBones, paintMutators, mutatorPaints, paintFeathers, paintContainers
  case gradientNodes, constraintTargets, imageMeshes
}

/// Every ``LinkColumn`` of an artboard, `stride` values each, in one buffer (all -1 at first).
struct LinkColumns {
  private var values: [Int32]
  let stride: Int

  init(stride: Int) {
    self.stride = stride
    values = [Int32](filling: -1, count: stride * LinkColumn.allCases.count)
  }

  @inline(__always)
  subscript(column: LinkColumn, id: Int) -> Int32 {
    get {
      precondition(UInt(bitPattern: id) < UInt(bitPattern: stride), "link index out of range")
      return values[column.rawValue * stride + id]
    }
    set {
      precondition(UInt(bitPattern: id) < UInt(bitPattern: stride), "link index out of range")
      values[column.rawValue * stride + id] = newValue
    }
  }

  /// The first `count` values of `column`, sharing the buffer.
  func column(_ column: LinkColumn, count: Int) -> Column {
    Column(storage: values, offset: column.rawValue * stride, count: min(count, stride))
  }
}
