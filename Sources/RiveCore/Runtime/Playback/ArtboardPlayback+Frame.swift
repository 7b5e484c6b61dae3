import RiveFormat

extension ArtboardPlayback {
  /// What a frame drawn before the first advance shows: the frame an advance of 0 s of this
  /// machine or animation would give, drawn from copies (nothing advances).
  public enum FirstFrame: Sendable {
    case machine(StateMachineInstance)
    case animation(AnimationInstance)
  }

  /// Draws the current frame with `assets`: layout is readied for their fonts and images and
  /// the artboard takes the `layout` fit's size, or its own again after one
  /// (``prepareFrame(text:images:layoutSize:)``), then the artboard is drawn with the images'
  /// drawing ids and (when `drawsText`) the fonts. The one frame step of every player: both
  /// APIs' frames and files played from their bytes.
  ///
  /// - Parameters:
  ///   - assets: What the frame draws with.
  ///   - drawsText: Whether text is drawn (and laid out) with the assets' fonts.
  ///   - layoutSize: The artboard's size under the `layout` fit, or nil for another fit.
  ///   - unadvanced: For a frame before the first advance, the machine or animation whose
  ///     first frame to show.
  /// - Returns: The display list and the artboard's size.
  public mutating func drawFrame(
    with assets: ResolvedAssets, drawsText: Bool = true,
    layoutSize: (width: Float, height: Float)?, firstFrameOf unadvanced: FirstFrame? = nil
  ) -> DrawnArtboard {
    let text = drawsText ? assets.textFonts : nil
    let images = assets.drawImages
    prepareFrame(text: text, images: images, layoutSize: layoutSize)
    return withArtboard { artboard in
      switch unadvanced {
      case .machine(let machine)?:
        machine.drawnFirstFrame(artboard: artboard, images: images, text: text)
      case .animation(let animation)?:
        animation.drawnFirstFrame(artboard: artboard, images: images, text: text)
      case nil:
        artboard.drawn(images: images, text: text)
      }
    }
  }
}
