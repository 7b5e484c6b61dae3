import Foundation

/// Everything the reader learnt from one file, including what it offered before a failure.
///
/// This is the reader's counterpart of the official runtime's import: ``importResult`` is its
/// verdict, ``offeredAssets`` the calls a loader would have seen (in call order), and the lists
/// are filled for files that import successfully.
public struct RiveImportReport: Sendable {
  /// The header, when it parsed (also for unsupported versions).
  public var header: RiveHeader?
  /// The official runtime's verdict on the file.
  public var importResult: ImportResult = .malformed
  /// Why the import failed, with the byte offset.
  public var error: RiveError?
  /// The assets a loader is offered, in call order, with the in-band bytes it would see.
  ///
  /// This follows a runtime built without scripting, as the reference reports were made:
  /// script and shader assets are not offered and a manifest is.
  public var offeredAssets: [OfferedAsset] = []
  /// The file's asset list, in file order (scripts and shaders included, the manifest not).
  public var assets: [RiveDocument.Asset] = []
  /// The artboards, in file order.
  public var artboards: [RiveDocument.Artboard] = []
  /// The view models, in file order.
  public var viewModels: [RiveDocument.ViewModel] = []
  /// The file's enums, in file order.
  public var enums: [RiveDocument.DataEnum] = []
  /// The manifest asset (names and paths for data binding), when the file has one.
  public var manifest: RiveDocument.Asset?

  /// One call of the asset loader.
  public struct OfferedAsset: Sendable, Hashable {
    /// The asset as described at the time of the call.
    public var asset: RiveDocument.Asset
    /// The kind's name as the reference reports use it (`image`, …, `manifest`).
    public var kindName: String
    /// The core type key.
    public var typeKey: UInt32
    /// The in-band bytes offered with the call, if any.
    public var contents: EmbeddedBytes?
  }

  /// Reads `data`, never throwing: failures are in ``error`` and ``importResult``.
  public static func read(_ data: Data, depth: ReadDepth = .structure) -> RiveImportReport {
    data.withUnsafeBytes { buffer in
      var importer = Importer(storage: data, buffer: buffer, depth: depth)
      importer.run()
      return importer.report
    }
  }

  /// Reads `data` at ``ReadDepth/structure`` and records its object stream in the same walk.
  @_spi(RiveFormatInternals) public static func readRecordingStream(_ data: Data) -> (
    RiveImportReport, ObjectStream.Recorder
  ) {
    data.withUnsafeBytes { buffer in
      var importer = Importer(storage: data, buffer: buffer, depth: .structure)
      importer.isRecording = true
      var recorder = ObjectStream.Recorder(byteCount: buffer.count)
      // The recorder is moved in for the walk and back out, so it is not copied.
      swap(&importer.recorder, &recorder)
      importer.run()
      swap(&importer.recorder, &recorder)
      // Moved out too (returning `importer.report` copied it, retaining each of its arrays).
      var report = RiveImportReport()
      swap(&report, &importer.report)
      return (report, recorder)
    }
  }
}
