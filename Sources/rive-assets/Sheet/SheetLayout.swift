import RiveFrames

/// The geometry of a contact sheet: a title strip, then a grid of cells, each a square
/// thumbnail box above a label strip.
///
/// With `columns` = min(requested columns, image count) and `rows` = ⌈count ÷ columns⌉:
/// width = margin + columns × (thumbnail + margin) and
/// height = title + margin + rows × (thumbnail + label + margin).
struct SheetLayout {
  /// The gap around and between cells.
  static let margin = 12
  /// The side of a thumbnail box.
  static let thumbnail = 160
  /// The height of a label strip under a thumbnail (three lines of text).
  static let label = 48
  /// The height of the title strip at the top.
  static let title = 28

  /// The number of cells.
  let count: Int
  /// The number of columns.
  let columns: Int

  /// A layout for `count` cells in at most `maximumColumns` columns.
  ///
  /// - Parameters:
  ///   - count: The number of cells (at least 1 is laid out).
  ///   - maximumColumns: The most columns.
  init(count: Int, maximumColumns: Int) {
    self.count = max(1, count)
    columns = max(1, min(maximumColumns, self.count))
  }

  /// The number of rows.
  var rows: Int { (count + columns - 1) / columns }

  /// The sheet's width in pixels.
  var width: Int { Self.margin + columns * (Self.thumbnail + Self.margin) }

  /// The sheet's height in pixels.
  var height: Int {
    Self.title + Self.margin + rows * (Self.thumbnail + Self.label + Self.margin)
  }

  /// The thumbnail box of cell `index`.
  ///
  /// - Parameter index: The cell, in reading order.
  /// - Returns: The box.
  func thumbnailBox(_ index: Int) -> RasterCanvas.Rect {
    let x = Self.margin + (index % columns) * (Self.thumbnail + Self.margin)
    let y =
      Self.title + Self.margin + (index / columns) * (Self.thumbnail + Self.label + Self.margin)
    return RasterCanvas.Rect(x: x, y: y, width: Self.thumbnail, height: Self.thumbnail)
  }

  /// The label strip of cell `index`, right under its thumbnail box.
  ///
  /// - Parameter index: The cell, in reading order.
  /// - Returns: The strip.
  func labelStrip(_ index: Int) -> RasterCanvas.Rect {
    let box = thumbnailBox(index)
    return RasterCanvas.Rect(x: box.x, y: box.y + box.height, width: box.width, height: Self.label)
  }
}

/// The sheet's colours, `0xAARRGGBB`.
enum SheetColor {
  static let background: UInt32 = 0xFFFF_FFFF
  static let text: UInt32 = 0xFF20_2028
  static let secondaryText: UInt32 = 0xFF50_505A
  static let border: UInt32 = 0xFFB0_B0B8
  static let checkerLight: UInt32 = 0xFFFF_FFFF
  static let checkerDark: UInt32 = 0xFFD8_D8DC
  static let missingFill: UInt32 = 0xFFFB_E9E9
  static let missingStroke: UInt32 = 0xFFC0_3030
  static let undecodableFill: UInt32 = 0xFFFD_F1DF
  static let undecodableStroke: UInt32 = 0xFFC0_7010
}
