import RiveTestSupport

/// The shared corpus (``SharedCorpus`` in RiveTestSupport, the one locator of every test target).
typealias Corpus = SharedCorpus
