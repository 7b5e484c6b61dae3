import RiveTestSupport

/// The shared corpus (``SharedCorpus`` in RiveTestSupport, the one locator of every test target).
typealias Corpus = SharedCorpus

/// The loose media files of the shared corpus the decoder tests read.
extension SharedCorpus {
  /// Loose images of the corpus that decode.
  static let images = [
    "1.webp", "1x1_jpg.jpg", "1x1_png.png", "eve-317.png", "walle-370.png", "open_source.jpg",
    "placeholder.png",
  ]

  /// Loose images whose headers claim more pixels than the default budget.
  static let oversizedImages = ["bad.jpg", "bad.png"]

  /// Loose fonts of the corpus.
  static let fonts = ["OpenSans-Italic.ttf", "TwemojiMozilla.subset.ttf"]
}
