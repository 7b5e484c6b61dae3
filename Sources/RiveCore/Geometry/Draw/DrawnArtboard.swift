import RiveFormat

/// One drawn state of a playing artboard: its display list and the artboard's size then
/// (layout can change it), what a frame of a live instance is rasterised from.
public struct DrawnArtboard: Sendable, Hashable {
  /// The draw calls.
  public var displayList: DisplayList
  /// The artboard's width when drawn.
  public var width: Float
  /// The artboard's height when drawn.
  public var height: Float

  public init(displayList: DisplayList, width: Float, height: Float) {
    self.displayList = displayList
    self.width = width
    self.height = height
  }
}

extension ArtboardInstance {
  /// Draws the instance as it is now (its components updated first, nothing advanced).
  ///
  /// - Parameters:
  ///   - images: The ids of the images the file's assets resolved to.
  ///   - text: The fonts text draws with; nil leaves text undrawn.
  /// - Returns: The display list and the artboard's size.
  public mutating func drawn(images: DrawImages, text: TextFonts? = nil) -> DrawnArtboard {
    let list = draw(images: images, text: text)
    let size = currentSize
    return DrawnArtboard(displayList: list, width: size.width, height: size.height)
  }
}

extension StateMachineInstance {
  /// The first frame of a machine that has not been advanced: copies of the machine and of
  /// `artboard` advanced by 0 s and drawn, as a player's first display frame would be; the
  /// machine and the artboard themselves are left as they are.
  ///
  /// - Parameters:
  ///   - artboard: The artboard the machine plays.
  ///   - images: The ids of the images the file's assets resolved to.
  ///   - text: The fonts text draws with; nil leaves text undrawn.
  /// - Returns: The display list and the artboard's size.
  public func drawnFirstFrame(
    artboard: ArtboardInstance, images: DrawImages, text: TextFonts? = nil
  ) -> DrawnArtboard {
    var machine = self
    var artboard = artboard
    _ = machine.advanceAndApply(0, artboard: &artboard)
    return artboard.drawn(images: images, text: text)
  }
}

extension AnimationInstance {
  /// The first frame of an animation that has not been advanced (see
  /// ``StateMachineInstance/drawnFirstFrame(artboard:images:text:)``).
  public func drawnFirstFrame(
    artboard: ArtboardInstance, images: DrawImages, text: TextFonts? = nil
  ) -> DrawnArtboard {
    var animation = self
    var artboard = artboard
    _ = animation.advanceAndApply(0, artboard: &artboard)
    return artboard.drawn(images: images, text: text)
  }
}
