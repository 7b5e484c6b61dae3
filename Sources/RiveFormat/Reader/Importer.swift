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
@_spi(RiveFormatInternals) public struct Importer {
  @_spi(RiveFormatInternals) public let storage: Data
  @_spi(RiveFormatInternals) public var reader: ByteReader
  @_spi(RiveFormatInternals) public let depth: ReadDepth
  @_spi(RiveFormatInternals) public let schemaCodes: [UInt8]
  /// ``ObjectCategory/table``, held once (see ``ObjectCategory/of(_:in:)``).
  @_spi(RiveFormatInternals) public let categories: [ObjectCategory]
  @_spi(RiveFormatInternals) public var tableOfContents: [UInt16: FieldType] = [:]
  /// The current object's kept fields (an append buffer: an array written here checked its
  /// buffer's uniqueness at every value).
  @_spi(RiveFormatInternals) public var fields = AppendBuffer<(key: UInt16, value: FieldValue)>(
    minimumCapacity: 16)

  // The result being built.
  @_spi(RiveFormatInternals) public var report = RiveImportReport()
  /// When recording, every object and stored property value read also goes into an object
  /// stream (the runtime graph's input), so the bytes are read once for both. (Not optional:
  /// a method called through an optional copied the recorder for every property.)
  @_spi(RiveFormatInternals) public var isRecording = false
  @_spi(RiveFormatInternals) public var recorder = ObjectStream.Recorder(byteCount: 0)

  // Latest importer of each kind (indices into the result), with the order they were made latest.
  @_spi(RiveFormatInternals) public var hasBackboard = false
  @_spi(RiveFormatInternals) public var currentAsset: PendingAsset?
  @_spi(RiveFormatInternals) public var latestAssetIndex: Int?
  @_spi(RiveFormatInternals) public var currentArtboard: Int?
  @_spi(RiveFormatInternals) public var currentStateMachine: (artboard: Int, machine: Int)?
  @_spi(RiveFormatInternals) public var currentLayer: PendingLayer?
  @_spi(RiveFormatInternals) public var currentLayerState: Int?
  @_spi(RiveFormatInternals) public var currentViewModel: Int?
  @_spi(RiveFormatInternals) public var currentInstance: Int?
  @_spi(RiveFormatInternals) public var currentEnum: Int?
  /// When each importer kind was last made current, in the official importer's stack (the
  /// report's indices; the payloads of the current importers are the fields above).
  @_spi(RiveFormatInternals) public var stack = ImportStack()

  // Working state for structure checks.
  @_spi(RiveFormatInternals) public var artboardDrawableBlendModes: [(offset: Int, value: UInt64)] =
    []
  @_spi(RiveFormatInternals) public var assetIDs = Set<UInt32>()
  @_spi(RiveFormatInternals) public var largestAssetID: UInt32 = 0
  @_spi(RiveFormatInternals) public var pendingInstances:
    [(viewModelID: UInt64, instance: RiveDocument.ViewModelInstance)] =
      []
  @_spi(RiveFormatInternals) public var pendingProperties: [(viewModel: Int, enumID: UInt64?)] = []

  /// An asset whose importer is current: it is offered to the loader when resolved.
  @_spi(RiveFormatInternals) public struct PendingAsset {
    @_spi(RiveFormatInternals) public var offered: RiveImportReport.OfferedAsset
  }

  @_spi(RiveFormatInternals) public struct PendingLayer {
    @_spi(RiveFormatInternals) public var stateCount = 0
    @_spi(RiveFormatInternals) public var hasAny = false
    @_spi(RiveFormatInternals) public var hasEntry = false
    @_spi(RiveFormatInternals) public var hasExit = false
    @_spi(RiveFormatInternals) public var transitions: [(offset: Int, stateTo: UInt64)] = []
    @_spi(RiveFormatInternals) public var byteOffset: Int
    @_spi(RiveFormatInternals) public var name: String
  }

  @_spi(RiveFormatInternals) public init(
    storage: Data, buffer: UnsafeRawBufferPointer, depth: ReadDepth
  ) {
    self.storage = storage
    reader = ByteReader(buffer)
    self.depth = depth
    schemaCodes = Schema.fieldTypeCodes
    categories = ObjectCategory.table
  }

  /// Reads the whole file; failures are recorded in the report, never thrown.

  /// One property value the importer keeps (plain bits, so it can sit in an append buffer).
  @_spi(RiveFormatInternals) public enum FieldValue: BitwiseCopyable {
    case uint(UInt64)
    /// A string or byte array: the byte range `lower..<upper` of the file.
    case range(lower: Int, upper: Int)
    case float(Float)
    case bool(Bool)

    /// A string or byte-array value at `range` of the file.
    @_spi(RiveFormatInternals) public static func bytes(_ range: Range<Int>) -> FieldValue {
      .range(lower: range.lowerBound, upper: range.upperBound)
    }
  }

  @_spi(RiveFormatInternals) public mutating func run() {
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
  @_spi(RiveFormatInternals) public mutating func importObject(
    _ category: ObjectCategory, typeKey: UInt32, offset: Int
  )
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
  @_spi(RiveFormatInternals) public mutating func resolveAtEnd() throws(RiveError) {
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
  @_spi(RiveFormatInternals) public mutating func finishStructure() {
    guard depth == .structure else { return }
    finishViewModels()
    addAutoGeneratedStateMachines()
  }
}
