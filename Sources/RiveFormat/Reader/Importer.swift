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
package struct Importer {
  package let storage: Data
  package var reader: ByteReader
  package let depth: ReadDepth
  package let schemaCodes: [UInt8]
  /// ``ObjectCategory/table``, held once (see ``ObjectCategory/of(_:in:)``).
  package let categories: [ObjectCategory]
  package var tableOfContents: [UInt16: FieldType] = [:]
  /// The current object's kept fields (an append buffer: an array written here checked its
  /// buffer's uniqueness at every value).
  package var fields = AppendBuffer<(key: UInt16, value: FieldValue)>(minimumCapacity: 16)

  // The result being built.
  package var report = RiveImportReport()
  /// When recording, every object and stored property value read also goes into an object
  /// stream (the runtime graph's input), so the bytes are read once for both. (Not optional:
  /// a method called through an optional copied the recorder for every property.)
  package var isRecording = false
  package var recorder = ObjectStream.Recorder(byteCount: 0)

  // Latest importer of each kind (indices into the result), with the order they were made latest.
  package var hasBackboard = false
  package var currentAsset: PendingAsset?
  package var latestAssetIndex: Int?
  package var currentArtboard: Int?
  package var currentStateMachine: (artboard: Int, machine: Int)?
  package var currentLayer: PendingLayer?
  package var currentLayerState: Int?
  package var currentViewModel: Int?
  package var currentInstance: Int?
  package var currentEnum: Int?
  /// When each importer kind was last made current, in the official importer's stack (the
  /// report's indices; the payloads of the current importers are the fields above).
  package var stack = ImportStack()

  // Working state for structure checks.
  package var artboardDrawableBlendModes: [(offset: Int, value: UInt64)] = []
  package var assetIDs = Set<UInt32>()
  package var largestAssetID: UInt32 = 0
  package var pendingInstances: [(viewModelID: UInt64, instance: RiveDocument.ViewModelInstance)] =
    []
  package var pendingProperties: [(viewModel: Int, enumID: UInt64?)] = []

  /// An asset whose importer is current: it is offered to the loader when resolved.
  package struct PendingAsset {
    package var offered: RiveImportReport.OfferedAsset
  }

  package struct PendingLayer {
    package var stateCount = 0
    package var hasAny = false
    package var hasEntry = false
    package var hasExit = false
    package var transitions: [(offset: Int, stateTo: UInt64)] = []
    package var byteOffset: Int
    package var name: String
  }

  package init(storage: Data, buffer: UnsafeRawBufferPointer, depth: ReadDepth) {
    self.storage = storage
    reader = ByteReader(buffer)
    self.depth = depth
    schemaCodes = Schema.fieldTypeCodes
    categories = ObjectCategory.table
  }

  /// Reads the whole file; failures are recorded in the report, never thrown.

  /// One property value the importer keeps (plain bits, so it can sit in an append buffer).
  package enum FieldValue: BitwiseCopyable {
    case uint(UInt64)
    /// A string or byte array: the byte range `lower..<upper` of the file.
    case range(lower: Int, upper: Int)
    case float(Float)
    case bool(Bool)

    /// A string or byte-array value at `range` of the file.
    package static func bytes(_ range: Range<Int>) -> FieldValue {
      .range(lower: range.lowerBound, upper: range.upperBound)
    }
  }

  package mutating func run() {
    ReadInstrumentation.walks?.record()
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
  /// Hands a captured object to the importer of its family.
  package mutating func importObject(_ category: ObjectCategory, typeKey: UInt32, offset: Int)
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
  package mutating func resolveAtEnd() throws(RiveError) {
    // The pending importers in the order the stack made them current, newest first.
    for kind in stack.kindsNewestFirst() {
      switch kind {
      case .fileAsset: resolveAsset()
      case .artboard: try resolveArtboard()
      case .layer: try resolveLayer()
      default: continue
      }
    }
  }

  /// Links what the stream gave by index once it has all been read (structure depth only).
  package mutating func finishStructure() {
    guard depth == .structure else { return }
    finishViewModels()
    addAutoGeneratedStateMachines()
  }
}
