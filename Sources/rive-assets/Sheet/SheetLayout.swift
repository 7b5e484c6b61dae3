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
  func thumbnailBox(_ index: Int) -> Canvas.Rect {
    let x = Self.margin + (index % columns) * (Self.thumbnail + Self.margin)
    let y =
      Self.title + Self.margin + (index / columns) * (Self.thumbnail + Self.label + Self.margin)
    return Canvas.Rect(x: x, y: y, width: Self.thumbnail, height: Self.thumbnail)
  }

  /// The label strip of cell `index`, right under its thumbnail box.
  ///
  /// - Parameter index: The cell, in reading order.
  /// - Returns: The strip.
  func labelStrip(_ index: Int) -> Canvas.Rect {
    let box = thumbnailBox(index)
    return Canvas.Rect(x: box.x, y: box.y + box.height, width: box.width, height: Self.label)
  }
}
