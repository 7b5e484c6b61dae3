import RiveCore

extension ViewModelInstance {
  /// Where each image, font and blob property of this instance gets its content from now.
  ///
  /// For each asset-typed property (and those of nested view models, with `Nested/…` paths):
  /// a value given through data binding (origin `dataBinding(path:)`, or `unresolved` when
  /// `nil` was given), else what the file's resolution gives for the asset the file's stored
  /// value points at (a global registration, embedded bytes…), else `unresolved`. Every entry
  /// carries its property path; entries with no file asset carry a placeholder asset with index
  /// -1 named after the path.
  ///
  /// - Returns: The report, in property order.
  @MainActor
  public func resolutionReport() async -> ResolutionReport {
    let fileReport = await file.resolutionReport()
    var entries: [ResolutionReport.Entry] = []
    collect(
      viewModel: viewModelIndex, stored: stored, storage: storage, keyPrefix: prefix,
      pathPrefix: "", depth: 0, fileReport: fileReport, into: &entries)
    let name = stored?.name ?? ""
    let viewModelName = document.viewModels[viewModelIndex].name
    return ResolutionReport(
      subject: "\(fileReport.subject) \(viewModelName) instance \"\(name)\"", entries: entries)
  }

  @MainActor
  private func collect(
    viewModel: Int, stored: RiveDocument.ViewModelInstance?, storage: ViewModelInstanceStorage,
    keyPrefix: String, pathPrefix: String, depth: Int, fileReport: ResolutionReport,
    into entries: inout [ResolutionReport.Entry]
  ) {
    let properties = document.viewModels[viewModel].properties
    for (index, property) in properties.enumerated() {
      let path = pathPrefix + property.name
      let key = keyPrefix + property.name
      let kind: RiveDocument.Asset.Kind
      switch property.dataType {
      case .assetImage: kind = .image
      case .assetFont: kind = .font
      case .assetBlob: kind = .blob
      case .viewModel:
        guard depth < 4, let reference = property.viewModelReferenceIndex,
          document.viewModels.indices.contains(reference)
        else { continue }
        if let replacement = storage.nested[key] {
          collect(
            viewModel: replacement.viewModelIndex, stored: replacement.stored,
            storage: replacement.storage, keyPrefix: replacement.prefix,
            pathPrefix: path + "/", depth: depth + 1, fileReport: fileReport, into: &entries)
        } else {
          collect(
            viewModel: reference, stored: nil, storage: storage, keyPrefix: key + "/",
            pathPrefix: path + "/", depth: depth + 1, fileReport: fileReport, into: &entries)
        }
        continue
      default: continue
      }
      let referenced = stored?.assetReferences.last { $0.propertyIndex == index }?.assetIndex
      let fileEntry = referenced.flatMap { assetIndex in
        fileReport.entries.first { $0.asset.index == assetIndex }
      }
      let asset =
        fileEntry?.asset
        ?? RiveDocument.Asset.placeholder(kind: kind, propertyName: path)
      switch storage.assets[key] {
      case .content(let content):
        entries.append(
          .init(
            asset: asset, origin: .dataBinding(path: path), content: content, propertyPath: path))
      case .cleared:
        entries.append(.init(asset: asset, origin: .unresolved, content: nil, propertyPath: path))
      case nil:
        entries.append(
          .init(
            asset: asset, origin: fileEntry?.origin ?? .unresolved, content: fileEntry?.content,
            propertyPath: path))
      }
    }
  }
}
