extension Importer {
  /// Adds a view model and makes it current.
  @_spi(RiveFormatInternals) public mutating func importViewModel() {
    report.viewModels.append(
      RiveDocument.ViewModel(
        name: string(PropertyKey.viewModelComponentName, of: TypeKey.viewModel), properties: [],
        instances: []),
      firstCapacity: 4)
    currentViewModel = report.viewModels.count - 1
  }

  /// Adds a property to the current view model; an enum property names its enum later.
  @_spi(RiveFormatInternals) public mutating func importViewModelProperty(typeKey: UInt32) {
    guard let viewModel = currentViewModel else { return }
    // The reference is the runtime's default (view model 0) when the file leaves it out.
    let referenceID = uint(
      PropertyKey.viewModelPropertyViewModelViewModelReferenceId,
      of: TypeKey.viewModelPropertyViewModel)
    let reference = referenceID >= UInt64(UInt32.max) ? nil : Int(referenceID)
    report.viewModels[viewModel].properties.append(
      RiveDocument.ViewModelProperty(
        name: string(PropertyKey.viewModelComponentName, of: typeKey), typeKey: typeKey,
        dataType: RiveDocument.ViewModelProperty.DataType(typeKey: typeKey), enumName: nil,
        viewModelReferenceIndex: typeKey == TypeKey.viewModelPropertyViewModel ? reference : nil),
      firstCapacity: 8)
    pendingProperties.append(
      (
        viewModel,
        typeKey == TypeKey.viewModelPropertyEnumCustom
          ? uint(PropertyKey.viewModelPropertyEnumCustomEnumId, of: typeKey) : nil
      ), firstCapacity: 8)
  }

  /// Starts an instance; it attaches to its view model when the stream ends.
  @_spi(RiveFormatInternals) public mutating func importViewModelInstance(offset: Int) {
    guard hasBackboard else { return }
    let instance = RiveDocument.ViewModelInstance(
      name: string(PropertyKey.componentName, of: TypeKey.viewModelInstance), assetReferences: [],
      byteOffset: offset)
    pendingInstances.append(
      (uint(PropertyKey.viewModelInstanceViewModelId, of: TypeKey.viewModelInstance), instance),
      firstCapacity: 4)
    currentInstance = pendingInstances.count - 1
  }

  /// Adds a value or an asset reference to the current instance.
  @_spi(RiveFormatInternals) public mutating func importViewModelInstanceValue(typeKey: UInt32) {
    guard let pending = currentInstance else { return }
    switch typeKey {
    case TypeKey.viewModelInstanceAssetImage, TypeKey.viewModelInstanceAssetFont,
      TypeKey.viewModelInstanceAssetBlob, TypeKey.viewModelInstanceAsset:
      let property = Int(
        clamping: uint(PropertyKey.viewModelInstanceValueViewModelPropertyId, of: typeKey))
      let assetID = uint(PropertyKey.viewModelInstanceAssetPropertyValue, of: typeKey)
      let asset = assetID >= UInt64(UInt32.max) ? nil : Int(assetID)
      pendingInstances[pending].instance.assetReferences.append(
        .init(propertyIndex: property, assetIndex: asset), firstCapacity: 4)
    default:
      if let content = instanceValueContent(typeKey: typeKey) {
        let property = Int(
          clamping: uint(PropertyKey.viewModelInstanceValueViewModelPropertyId, of: typeKey))
        pendingInstances[pending].instance.values.append(
          .init(propertyIndex: property, content: content), firstCapacity: 8)
      }
    }
  }

  /// Adds an enum and makes it current.
  @_spi(RiveFormatInternals) public mutating func importDataEnum() {
    report.enums.append(
      RiveDocument.DataEnum(
        name: string(PropertyKey.dataEnumCustomName, of: TypeKey.dataEnumCustom), values: []),
      firstCapacity: 4)
    currentEnum = report.enums.count - 1
  }

  /// Adds a value to the current enum.
  @_spi(RiveFormatInternals) public mutating func importDataEnumValue() {
    guard let current = currentEnum else { return }
    report.enums[current].values.append(
      string(PropertyKey.dataEnumValueKey, of: TypeKey.dataEnumValue), firstCapacity: 8)
  }

  /// The stored value of a string, number, boolean, color or enum instance value (the
  /// schema's default for the value's type when the file leaves it out, as the official
  /// runtime's instance value starts with it).
  @_spi(RiveFormatInternals) public func instanceValueContent(typeKey: UInt32) -> RiveDocument
    .ViewModelInstance.Value
    .Content?
  {
    switch typeKey {
    case TypeKey.viewModelInstanceString:
      .string(string(PropertyKey.viewModelInstanceStringPropertyValue, of: typeKey))
    case TypeKey.viewModelInstanceNumber:
      .number(float(PropertyKey.viewModelInstanceNumberPropertyValue, of: typeKey))
    case TypeKey.viewModelInstanceBoolean:
      .boolean(bool(PropertyKey.viewModelInstanceBooleanPropertyValue, of: typeKey))
    case TypeKey.viewModelInstanceColor:
      .color(
        UInt32(
          truncatingIfNeeded: uint(PropertyKey.viewModelInstanceColorPropertyValue, of: typeKey)))
    case TypeKey.viewModelInstanceEnum:
      .enumIndex(
        Int(clamping: uint(PropertyKey.viewModelInstanceEnumPropertyValue, of: typeKey)))
    default: nil
    }
  }

  /// Attaches instances to their view models and names enum properties' enums, by index.
  @_spi(RiveFormatInternals) public mutating func finishViewModels() {
    // Instances attach to their view model by index, wherever they appear.
    for (viewModelID, instance) in pendingInstances
    where viewModelID < UInt64(report.viewModels.count) {
      report.viewModels[Int(viewModelID)].instances.append(instance, firstCapacity: 4)
    }
    // Enum properties name their enum by index into the file's enum list.
    var propertyCursor = [Int](filling: 0, count: report.viewModels.count)
    for (viewModel, enumID) in pendingProperties {
      let propertyIndex = propertyCursor[viewModel]
      propertyCursor[viewModel] += 1
      if let enumID, enumID < UInt64(report.enums.count) {
        report.viewModels[viewModel].properties[propertyIndex].enumName =
          report.enums[Int(enumID)].name
      }
    }
  }
}
