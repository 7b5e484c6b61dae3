import RiveCore
import RiveFormat

extension File {
  /// Where each asset of the file gets its content from now: a global registration on the
  /// worker, its embedded bytes, nothing (unresolved), or a failure with the decoder's reason.
  ///
  /// Resolution reads the worker's registry when called, so a registration or removal made
  /// after loading shows up. Embedded bytes are decoded off the main actor, once per file.
  ///
  /// - Returns: One entry per asset, in file order, with the content summary and digest.
  @MainActor
  public func resolutionReport() async -> ResolutionReport {
    let engine = worker.engine
    let loaded = loaded
    return await engine.run { engine.resolve(loaded) }
  }

  /// Where one asset of the file gets its content from now: the entry
  /// ``resolutionReport()`` would give it, computed alone. On a budgeted worker this is a use
  /// of that content only (the report uses every asset's), so content the budget dropped is
  /// decoded again here.
  ///
  /// - Parameter asset: An asset of this file (from ``getAssets()``).
  /// - Returns: Its entry.
  @MainActor
  public func resolutionEntry(for asset: Asset) async -> ResolutionReport.Entry {
    let engine = worker.engine
    let loaded = loaded
    let core = asset.core
    return await engine.run { engine.resolve(core, of: loaded) }
  }
}
