import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// A `.riv` file parsed once into everything the runtime needs to play it: artboards with their
/// objects, animations and state machines.
///
/// Parse a file once and make as many ``ArtboardInstance`` values from it as you like; each
/// instance shares the authored values and copies them only when it changes one.
public final class RuntimeFile: Sendable {
  /// The artboards, in file order (the first is the default).
  public let artboards: [ArtboardModel]
  /// The structure report of the same bytes (assets, view models, import result).
  public let document: RiveDocument
  /// View models, instances, converters and data binds, as the runtime binds them.
  let dataBinding: DataBindingModel

  /// Parses `data`.
  ///
  /// - Throws: the `RiveError` the structure reader gives (bad header, malformed stream,
  ///   unsupported version, invalid object).
  public convenience init(data: Data) throws(RiveError) {
    let recorded = try RecordedFile(data: data)
    try self.init(stream: recorded.stream.get(), document: recorded.document)
  }

  /// Links the graph of a file read once (see ``RecordedFile``).
  package init(stream: consuming ObjectStream, document: RiveDocument) {
    let graph = ObjectGraph.Shared(ObjectGraph.linking(stream))
    var builder = ModelBuilder(graph: graph)
    artboards = builder.allArtboards()
    dataBinding = DataBindingModel(graph: graph, artboards: artboards)
    self.document = document
  }

  /// Parses the file at `url`.
  public convenience init(contentsOf url: URL) throws(RiveError) {
    try self.init(data: try RiveDocument.mappedData(at: url))
  }

  /// The artboard named `name`, if any.
  public func artboard(named name: String) -> ArtboardModel? {
    artboards.first { $0.name == name }
  }
}

extension RuntimeFile {
  /// For a colour channel key on a solid colour or gradient stop: the slot of the colour value
  /// the channel is a view of (keyframes write their byte of it; see `ArtboardInstance.set`).
  static func colorChannelHostOffset(type: UInt16, key: UInt16) -> Int? {
    guard ColorMath.channelShift(key) != nil else { return nil }
    return ColorMath.hostColorSlot(type: type)?.offset
  }
}
