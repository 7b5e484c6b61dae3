import Foundation

/// A description of a `.riv` file to write: assets, enums, view models and artboards.
///
/// ``bytes`` encodes it in the order the Rive editor uses (backboard, assets each followed by
/// its contents, enums, view models with properties, instances with values, then each artboard
/// with its animations and state machines), so that reading the bytes back gives the same
/// assets, artboards and view models.
public struct RiveFileBlueprint: Sendable, Hashable {
  /// The header's file id.
  public var fileID: UInt64
  /// The header's minor version.
  public var minorVersion: UInt64
  /// Assets, in file order.
  public var assets: [Asset]
  /// Custom enums, in file order.
  public var enums: [DataEnum]
  /// View models, in file order.
  public var viewModels: [ViewModel]
  /// Artboards, in file order.
  public var artboards: [Artboard]

  /// Creates a blueprint.
  public init(
    fileID: UInt64 = 0, minorVersion: UInt64 = RiveHeader.knownMinorVersion, assets: [Asset] = [],
    enums: [DataEnum] = [], viewModels: [ViewModel] = [], artboards: [Artboard] = []
  ) {
    self.fileID = fileID
    self.minorVersion = minorVersion
    self.assets = assets
    self.enums = enums
    self.viewModels = viewModels
    self.artboards = artboards
  }

  /// An asset: embedded when it has contents, hosted when it has a 16-byte CDN uuid, else
  /// referenced.
  public struct Asset: Sendable, Hashable {
    public var kind: RiveDocument.Asset.Kind
    public var name: String
    public var assetID: UInt32
    public var contents: [UInt8]?
    public var cdnUUID: [UInt8]?
    public var cdnBaseURL: String?
    public var width: Float?
    public var height: Float?

    public init(
      kind: RiveDocument.Asset.Kind, name: String, assetID: UInt32, contents: [UInt8]? = nil,
      cdnUUID: [UInt8]? = nil, cdnBaseURL: String? = nil, width: Float? = nil, height: Float? = nil
    ) {
      self.kind = kind
      self.name = name
      self.assetID = assetID
      self.contents = contents
      self.cdnUUID = cdnUUID
      self.cdnBaseURL = cdnBaseURL
      self.width = width
      self.height = height
    }

    /// An embedded asset.
    public static func embedded(
      _ kind: RiveDocument.Asset.Kind, name: String, id: UInt32, bytes: [UInt8],
      width: Float? = nil, height: Float? = nil
    ) -> Asset {
      Asset(kind: kind, name: name, assetID: id, contents: bytes, width: width, height: height)
    }

    /// A referenced asset (the host supplies it).
    public static func referenced(
      _ kind: RiveDocument.Asset.Kind, name: String, id: UInt32, width: Float? = nil,
      height: Float? = nil
    ) -> Asset {
      Asset(kind: kind, name: name, assetID: id, width: width, height: height)
    }

    /// A CDN-hosted asset.
    public static func hosted(
      _ kind: RiveDocument.Asset.Kind, name: String, id: UInt32, uuid: [UInt8],
      baseURL: String? = nil, width: Float? = nil, height: Float? = nil
    ) -> Asset {
      Asset(
        kind: kind, name: name, assetID: id, cdnUUID: uuid, cdnBaseURL: baseURL, width: width,
        height: height)
    }
  }

  /// A custom enum.
  public struct DataEnum: Sendable, Hashable {
    public var name: String
    public var values: [String]
    public init(name: String, values: [String]) {
      self.name = name
      self.values = values
    }
  }

  /// A view model.
  public struct ViewModel: Sendable, Hashable {
    public var name: String
    public var properties: [Property]
    public var instances: [Instance]
    public init(name: String, properties: [Property] = [], instances: [Instance] = []) {
      self.name = name
      self.properties = properties
      self.instances = instances
    }
  }

  /// A view-model property.
  public struct Property: Sendable, Hashable {
    public var name: String
    public var dataType: RiveDocument.ViewModelProperty.DataType
    /// For enum properties: the index of the blueprint's enum.
    public var enumIndex: Int?
    /// For view-model properties: the index of the referenced view model.
    public var viewModelIndex: Int?
    public init(
      name: String, dataType: RiveDocument.ViewModelProperty.DataType, enumIndex: Int? = nil,
      viewModelIndex: Int? = nil
    ) {
      self.name = name
      self.dataType = dataType
      self.enumIndex = enumIndex
      self.viewModelIndex = viewModelIndex
    }

    /// The type key written for this property.
    @_spi(RiveFormatInternals) public var typeKey: UInt32 {
      switch dataType {
      case .none: TypeKey.viewModelProperty
      case .string: TypeKey.viewModelPropertyString
      case .number: TypeKey.viewModelPropertyNumber
      case .boolean: TypeKey.viewModelPropertyBoolean
      case .color: TypeKey.viewModelPropertyColor
      case .list: TypeKey.viewModelPropertyList
      case .enumType: TypeKey.viewModelPropertyEnumCustom
      case .trigger: TypeKey.viewModelPropertyTrigger
      case .viewModel: TypeKey.viewModelPropertyViewModel
      case .symbolListIndex: TypeKey.viewModelPropertySymbolListIndex
      case .assetImage: TypeKey.viewModelPropertyAssetImage
      case .assetFont: TypeKey.viewModelPropertyAssetFont
      case .assetBlob: TypeKey.viewModelPropertyAssetBlob
      case .artboard: TypeKey.viewModelPropertyArtboard
      }
    }
  }

  /// A view-model instance; `assetValues` maps property indices to asset indices, and
  /// `nestedInstances` maps the indices of view-model properties to the index of the instance
  /// (among the referenced view model's instances) they hold.
  public struct Instance: Sendable, Hashable {
    public var name: String
    public var assetValues: [Int: Int]
    public var nestedInstances: [Int: Int]
    public init(name: String, assetValues: [Int: Int] = [:], nestedInstances: [Int: Int] = [:]) {
      self.name = name
      self.assetValues = assetValues
      self.nestedInstances = nestedInstances
    }
  }

  /// An artboard.
  public struct Artboard: Sendable, Hashable {
    public var name: String
    public var width: Float
    public var height: Float
    public var animations: [Animation]
    public var stateMachines: [StateMachine]
    /// Image components drawing the asset with this index, with their blend mode (3 = normal).
    public var images: [Image]
    public var defaultStateMachineIndex: Int?
    public var viewModelIndex: Int?

    public init(
      name: String, width: Float = 500, height: Float = 500, animations: [Animation] = [],
      stateMachines: [StateMachine] = [], images: [Image] = [],
      defaultStateMachineIndex: Int? = nil,
      viewModelIndex: Int? = nil
    ) {
      self.name = name
      self.width = width
      self.height = height
      self.animations = animations
      self.stateMachines = stateMachines
      self.images = images
      self.defaultStateMachineIndex = defaultStateMachineIndex
      self.viewModelIndex = viewModelIndex
    }
  }

  /// An image component of an artboard.
  public struct Image: Sendable, Hashable {
    public var assetIndex: Int
    public var blendMode: UInt64
    /// The position of the image's origin (its centre) in the artboard; (0, 0) is not written.
    public var x: Float
    public var y: Float
    /// The scale along each axis; 1 is not written.
    public var scaleX: Float
    public var scaleY: Float
    public init(
      assetIndex: Int, blendMode: UInt64 = 3, x: Float = 0, y: Float = 0, scaleX: Float = 1,
      scaleY: Float = 1
    ) {
      self.assetIndex = assetIndex
      self.blendMode = blendMode
      self.x = x
      self.y = y
      self.scaleX = scaleX
      self.scaleY = scaleY
    }
  }

  /// A linear animation.
  public struct Animation: Sendable, Hashable {
    public var name: String
    public var fps: UInt32
    public var duration: UInt32
    public var speed: Float
    public var loopValue: UInt32
    public var workStart: UInt32?
    public var workEnd: UInt32?
    public var enableWorkArea: Bool

    public init(
      name: String, fps: UInt32 = 60, duration: UInt32 = 60, speed: Float = 1,
      loopValue: UInt32 = 0,
      workStart: UInt32? = nil, workEnd: UInt32? = nil, enableWorkArea: Bool = false
    ) {
      self.name = name
      self.fps = fps
      self.duration = duration
      self.speed = speed
      self.loopValue = loopValue
      self.workStart = workStart
      self.workEnd = workEnd
      self.enableWorkArea = enableWorkArea
    }
  }

  /// A state machine; each layer is written with its Entry, Any and Exit states.
  public struct StateMachine: Sendable, Hashable {
    public var name: String
    public var inputs: [Input]
    public var layerCount: Int
    public var listenerCount: Int
    public init(name: String, inputs: [Input] = [], layerCount: Int = 1, listenerCount: Int = 0) {
      self.name = name
      self.inputs = inputs
      self.layerCount = layerCount
      self.listenerCount = listenerCount
    }
  }

  /// A state-machine input.
  public struct Input: Sendable, Hashable {
    public var name: String
    public var kind: RiveDocument.StateMachineInput.Kind
    public init(name: String, kind: RiveDocument.StateMachineInput.Kind) {
      self.name = name
      self.kind = kind
    }
  }

  /// The encoded file.
  public var bytes: [UInt8] {
    var writer = RiveObjectWriter(fileID: fileID, minorVersion: minorVersion)
    writer.object(TypeKey.backboard)
    for asset in assets {
      var properties: [(UInt16, RiveObjectWriter.Value)] = [
        (PropertyKey.assetName, .string(asset.name)),
        (PropertyKey.fileAssetAssetId, .uint(UInt64(asset.assetID))),
      ]
      if let uuid = asset.cdnUUID {
        properties.append((PropertyKey.fileAssetCdnUuid, .bytes(uuid)))
      }
      if let url = asset.cdnBaseURL {
        properties.append((PropertyKey.fileAssetCdnBaseUrl, .string(url)))
      }
      if let width = asset.width {
        properties.append((PropertyKey.drawableAssetWidth, .float(width)))
      }
      if let height = asset.height {
        properties.append((PropertyKey.drawableAssetHeight, .float(height)))
      }
      writer.object(asset.kind.typeKey, properties)
      if let contents = asset.contents {
        writer.object(
          TypeKey.fileAssetContents, [(PropertyKey.fileAssetContentsBytes, .bytes(contents))])
      }
    }
    for dataEnum in enums {
      writer.object(
        TypeKey.dataEnumCustom, [(PropertyKey.dataEnumCustomName, .string(dataEnum.name))])
      for value in dataEnum.values {
        writer.object(TypeKey.dataEnumValue, [(PropertyKey.dataEnumValueKey, .string(value))])
      }
    }
    for viewModel in viewModels {
      writer.object(
        TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string(viewModel.name))])
      for property in viewModel.properties {
        var fields: [(UInt16, RiveObjectWriter.Value)] = [
          (PropertyKey.viewModelComponentName, .string(property.name))
        ]
        if let index = property.enumIndex {
          fields.append((PropertyKey.viewModelPropertyEnumCustomEnumId, .uint(UInt64(index))))
        }
        if let index = property.viewModelIndex {
          fields.append(
            (PropertyKey.viewModelPropertyViewModelViewModelReferenceId, .uint(UInt64(index))))
        }
        writer.object(property.typeKey, fields)
      }
    }
    for (viewModelIndex, viewModel) in viewModels.enumerated() {
      for instance in viewModel.instances {
        writer.object(
          TypeKey.viewModelInstance,
          [
            (PropertyKey.componentName, .string(instance.name)),
            (PropertyKey.viewModelInstanceViewModelId, .uint(UInt64(viewModelIndex))),
          ])
        for (propertyIndex, assetIndex) in instance.assetValues.sorted(by: { $0.key < $1.key }) {
          let typeKey: UInt32
          switch viewModel.properties[propertyIndex].dataType {
          case .assetFont: typeKey = TypeKey.viewModelInstanceAssetFont
          case .assetBlob: typeKey = TypeKey.viewModelInstanceAssetBlob
          default: typeKey = TypeKey.viewModelInstanceAssetImage
          }
          writer.object(
            typeKey,
            [
              (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(UInt64(propertyIndex))),
              (PropertyKey.viewModelInstanceAssetPropertyValue, .uint(UInt64(assetIndex))),
            ])
        }
        for (propertyIndex, instanceIndex) in instance.nestedInstances.sorted(by: {
          $0.key < $1.key
        }) {
          writer.object(
            TypeKey.viewModelInstanceViewModel,
            [
              (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(UInt64(propertyIndex))),
              (PropertyKey.viewModelInstanceViewModelPropertyValue, .uint(UInt64(instanceIndex))),
            ])
        }
      }
    }
    for artboard in artboards {
      var fields: [(UInt16, RiveObjectWriter.Value)] = [
        (PropertyKey.layoutComponentWidth, .float(artboard.width)),
        (PropertyKey.layoutComponentHeight, .float(artboard.height)),
      ]
      if let index = artboard.defaultStateMachineIndex {
        fields.append((PropertyKey.artboardDefaultStateMachineId, .uint(UInt64(index))))
      }
      if let index = artboard.viewModelIndex {
        fields.append((PropertyKey.artboardViewModelId, .uint(UInt64(index))))
      }
      fields.append((PropertyKey.componentName, .string(artboard.name)))
      writer.object(TypeKey.artboard, fields)
      for image in artboard.images {
        var fields: [(UInt16, RiveObjectWriter.Value)] = [
          (PropertyKey.componentParentId, .uint(0)),
          (PropertyKey.drawableBlendModeValue, .uint(image.blendMode)),
          (PropertyKey.imageAssetId, .uint(UInt64(image.assetIndex))),
        ]
        if image.x != 0 { fields.append((PropertyKey.nodeX, .float(image.x))) }
        if image.y != 0 { fields.append((PropertyKey.nodeY, .float(image.y))) }
        if image.scaleX != 1 {
          fields.append((PropertyKey.transformComponentScaleX, .float(image.scaleX)))
        }
        if image.scaleY != 1 {
          fields.append((PropertyKey.transformComponentScaleY, .float(image.scaleY)))
        }
        writer.object(TypeKey.image, fields)
      }
      for animation in artboard.animations {
        var fields: [(UInt16, RiveObjectWriter.Value)] = [
          (PropertyKey.animationName, .string(animation.name)),
          (PropertyKey.linearAnimationFps, .uint(UInt64(animation.fps))),
          (PropertyKey.linearAnimationDuration, .uint(UInt64(animation.duration))),
          (PropertyKey.linearAnimationSpeed, .float(animation.speed)),
          (PropertyKey.linearAnimationLoopValue, .uint(UInt64(animation.loopValue))),
        ]
        if let start = animation.workStart {
          fields.append((PropertyKey.linearAnimationWorkStart, .uint(UInt64(start))))
        }
        if let end = animation.workEnd {
          fields.append((PropertyKey.linearAnimationWorkEnd, .uint(UInt64(end))))
        }
        if animation.enableWorkArea {
          fields.append((PropertyKey.linearAnimationEnableWorkArea, .bool(true)))
        }
        writer.object(TypeKey.linearAnimation, fields)
      }
      for machine in artboard.stateMachines {
        writer.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string(machine.name))])
        for input in machine.inputs {
          let name = (
            PropertyKey.stateMachineComponentName, RiveObjectWriter.Value.string(input.name)
          )
          switch input.kind {
          case .boolean(let value):
            writer.object(
              TypeKey.stateMachineBool, [name, (PropertyKey.stateMachineBoolValue, .bool(value))])
          case .number(let value):
            writer.object(
              TypeKey.stateMachineNumber,
              [name, (PropertyKey.stateMachineNumberValue, .float(value))])
          case .trigger:
            writer.object(TypeKey.stateMachineTrigger, [name])
          }
        }
        for layer in 0..<machine.layerCount {
          writer.object(
            TypeKey.stateMachineLayer,
            [(PropertyKey.stateMachineComponentName, .string("Layer \(layer + 1)"))])
          writer.object(TypeKey.entryState)
          writer.object(TypeKey.anyState)
          writer.object(TypeKey.exitState)
        }
        for _ in 0..<machine.listenerCount {
          writer.object(TypeKey.stateMachineListener)
        }
      }
    }
    return writer.bytes
  }

  /// The encoded file as `Data`.
  public var data: Data { Data(bytes) }
}
