import RiveTestSupport

/// The shared corpus (``SharedCorpus`` in RiveTestSupport, the one locator of every test target).
typealias Corpus = SharedCorpus

extension SharedCorpus {
  /// A sample of files for the slower sweeps: the small and odd ones plus files with assets.
  static let sample: [String] = [
    "junk.riv", "rive_ui_invalid.riv", "sample6.riv", "noartboard.riv", "empty.riv",
    "hosted_image_file.riv",
    "hosted_assets.riv", "embedded_assets.riv", "in_band_asset.riv", "audio_test.riv",
    "referenced_image_asset.riv", "solar-system.riv", "data_binding_image_test.riv",
    "library_with_text_and_image.riv", "inventory_demo_test_v2.riv", "state_machine_triggers.riv",
  ].filter(rivFiles.contains)
}
