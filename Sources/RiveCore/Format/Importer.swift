import Foundation

/// Reads the object stream of a `.riv` file, emulating the official importer's nesting rules.
///
/// The official importer keeps, for each importer kind, only the most recent object of that kind,
/// and never pops: an object attaches to the most recent importer of the kind it needs. This type
/// keeps the same "latest of each kind" state, so files that nest oddly give the same result.
///
/// The reading is split by object family: the object stream and field access
/// (`Importer+ObjectStream.swift`), assets (`Importer+Assets.swift`), artboards and their
/// animations (`Importer+Artboards.swift`), state machines (`Importer+StateMachines.swift`) and
/// view models and enums (`Importer+ViewModels.swift`).
struct Importer {
  let storage: Data
  var reader: ByteReader
  let depth: ReadDepth
  let schemaCodes: [UInt8]
  /// ``ObjectCategory/table``, held once (see ``ObjectCategory/of(_:in:)``).
  let categories: [ObjectCategory]
  var tableOfContents: [UInt16: FieldType] = [:]
  /// The current object's kept fields (an append buffer: an array written here checked its
  /// buffer's uniqueness at every value).
  var fields = AppendBuffer<(key: UInt16, value: FieldValue)>(minimumCapacity: 16)

  // The result being built.
  var report = RiveImportReport()
  /// When recording, every object and stored property value read also goes into an object
  /// stream (the runtime graph's input), so the bytes are read once for both. (Not optional:
  /// a method called through an optional copied the recorder for every property.)
  var isRecording = false
  var recorder = ObjectStream.Recorder(byteCount: 0)

  // Latest importer of each kind (indices into the result), with the order they were made latest.
  var hasBackboard = false
  var currentAsset: PendingAsset?
  var latestAssetIndex: Int?
  var currentArtboard: Int?
  var currentStateMachine: (artboard: Int, machine: Int)?
  var currentLayer: PendingLayer?
  var currentLayerState: Int?
  var currentViewModel: Int?
  var currentInstance: Int?
  var currentEnum: Int?
  var sequence = 0
  var artboardSequence = 0
  var layerSequence = 0
  var assetSequence = 0
  var stateMachineSequence = 0

  // Working state for structure checks.
  var artboardDrawableBlendModes: [(offset: Int, value: UInt64)] = []
  var assetIDs = Set<UInt32>()
  var largestAssetID: UInt32 = 0
  var pendingInstances: [(viewModelID: UInt64, instance: RiveDocument.ViewModelInstance)] =
    []
  var pendingProperties: [(viewModel: Int, enumID: UInt64?)] = []

  /// An asset whose importer is current: it is offered to the loader when resolved.
  struct PendingAsset {
    var offered: RiveImportReport.OfferedAsset
  }

  struct PendingLayer {
    var stateCount = 0
    var hasAny = false
    var hasEntry = false
    var hasExit = false
    var transitions: [(offset: Int, stateTo: UInt64)] = []
    var byteOffset: Int
    var name: String
  }

  init(storage: Data, buffer: UnsafeRawBufferPointer, depth: ReadDepth) {
    self.storage = storage
    reader = ByteReader(buffer)
    self.depth = depth
    schemaCodes = Schema.fieldTypeCodes
    categories = ObjectCategory.table
  }

  /// Reads the whole file; failures are recorded in the report, never thrown.

  /// One property value the importer keeps (plain bits, so it can sit in an append buffer).
  enum FieldValue: BitwiseCopyable {
    case uint(UInt64)
    /// A string or byte array: the byte range `lower..<upper` of the file.
    case range(lower: Int, upper: Int)
    case float(Float)
    case bool(Bool)

    /// A string or byte-array value at `range` of the file.
    static func bytes(_ range: Range<Int>) -> FieldValue {
      .range(lower: range.lowerBound, upper: range.upperBound)
    }
  }

  /// The importers that can still be current when the stream ends, each resolved in turn.
  enum PendingImporter {
    /// The asset importer: its asset is offered.
    case asset
    /// The artboard importer: its drawables' blend modes are checked.
    case artboard
    /// The state-machine layer importer: its transitions and special states are checked.
    case layer
  }

  mutating func run() {
    do throws(RiveError) {
      let header = try RiveHeader.parse(from: &reader)
      report.header = header
      try header.checkVersion()
      // Only keys the schema does not know are ever looked up here (the schema's type wins),
      // so only those are kept: most files then need no table at all.
      for entry in header.tableOfContents where FieldType.schema(UInt64(entry.key)) == nil {
        tableOfContents[entry.key] = entry.fieldType
      }
      try readObjects()
      try resolveAtEnd()
      finishStructure()
      report.importResult = .success
    } catch {
      report.error = error
      report.importResult = error.code.importResult
    }
  }
  mutating func nextSequence() -> Int {
    sequence += 1
    return sequence
  }

  /// Hands a captured object to the importer of its family.
  mutating func importObject(_ category: ObjectCategory, typeKey: UInt32, offset: Int)
    throws(RiveError)
  {
    switch category {
    case .backboard: hasBackboard = true
    case .listedAsset, .manifestAsset: try importAsset(category, typeKey: typeKey, offset: offset)
    case .fileAssetContents: importContents(offset: offset)
    case .artboard: try importArtboard(offset: offset)
    case .linearAnimation: try importLinearAnimation(offset: offset)
    case .stateMachine: importStateMachine()
    case .stateMachineInput: importStateMachineInput(typeKey: typeKey)
    case .stateMachineLayer: try importStateMachineLayer(offset: offset)
    case .layerState: importLayerState(typeKey: typeKey, offset: offset)
    case .stateTransition: importStateTransition(offset: offset)
    case .stateMachineListener: importStateMachineListener()
    case .viewModel: importViewModel()
    case .viewModelProperty: importViewModelProperty(typeKey: typeKey)
    case .viewModelInstance: importViewModelInstance(offset: offset)
    case .viewModelInstanceValue: importViewModelInstanceValue(typeKey: typeKey)
    case .dataEnum: importDataEnum()
    case .dataEnumValue: importDataEnumValue()
    case .unknown, .other, .drawable: break
    }
  }

  /// Resolves the importers still current at the end of the stream, newest first.
  mutating func resolveAtEnd() throws(RiveError) {
    // At most three, so picked newest first in place (no array to sort).
    var done = (
      asset: currentAsset == nil, artboard: currentArtboard == nil,
      layer: currentLayer == nil
    )
    while true {
      var newest: (sequence: Int, importer: PendingImporter)?
      if !done.asset, assetSequence > newest?.sequence ?? Int.min {
        newest = (assetSequence, .asset)
      }
      if !done.artboard, artboardSequence > newest?.sequence ?? Int.min {
        newest = (artboardSequence, .artboard)
      }
      if !done.layer, layerSequence > newest?.sequence ?? Int.min {
        newest = (layerSequence, .layer)
      }
      guard let newest else { return }
      switch newest.importer {
      case .asset:
        done.asset = true
        resolveAsset()
      case .artboard:
        done.artboard = true
        try resolveArtboard()
      case .layer:
        done.layer = true
        try resolveLayer()
      }
    }
  }

  /// Links what the stream gave by index once it has all been read (structure depth only).
  mutating func finishStructure() {
    guard depth == .structure else { return }
    finishViewModels()
    addAutoGeneratedStateMachines()
  }
}
