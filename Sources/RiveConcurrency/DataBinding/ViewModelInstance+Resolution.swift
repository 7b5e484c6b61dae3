import RiveCore
import RiveFormat

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
    collect(node, pathPrefix: "", depth: 0, fileReport: fileReport, into: &entries)
    let viewModelName = node.failure == nil ? node.viewModel.name : "?"
    return ResolutionReport(
      subject: "\(fileReport.subject) \(viewModelName) instance \"\(node.name)\"",
      entries: entries)
  }

  @MainActor
  private func collect(
    _ node: ViewModelInstanceNode, pathPrefix: String, depth: Int,
    fileReport: ResolutionReport, into entries: inout [ResolutionReport.Entry]
  ) {
    guard node.failure == nil else { return }
    for (index, property) in node.viewModel.properties.enumerated() {
      let path = pathPrefix + property.name
      let kind: RiveDocument.Asset.Kind
      switch property.dataType {
      case .assetImage: kind = .image
      case .assetFont: kind = .font
      case .assetBlob: kind = .blob
      case .viewModel:
        guard depth < 4, let child = node.child(named: property.name) else { continue }
        collect(
          child, pathPrefix: path + "/", depth: depth + 1, fileReport: fileReport, into: &entries)
        continue
      default: continue
      }
      let referenced = node.stored?.assetReferences.last { $0.propertyIndex == index }?.assetIndex
      let fileEntry = referenced.flatMap { assetIndex in
        fileReport.entries.first { $0.asset.index == assetIndex }
      }
      let asset =
        fileEntry?.asset
        ?? RiveDocument.Asset.placeholder(kind: kind, propertyName: path)
      let key = node.prefix + property.name
      switch node.store.read({ $0.assets[key] }) {
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
