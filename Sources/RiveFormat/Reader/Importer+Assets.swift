extension Importer {
  @_spi(RiveFormatInternals) public mutating func importAsset(
    _ category: ObjectCategory, typeKey: UInt32, offset: Int
  )
    throws(RiveError)
  {
    let kind = RiveDocument.Asset.Kind(typeKey: typeKey)
    if category == .listedAsset, !hasBackboard {
      // The official runtime drops an asset that comes before the backboard.
      return
    }
    let storedID = try uint32(PropertyKey.fileAssetAssetId, of: typeKey, objectOffset: offset)
    var asset = RiveDocument.Asset(
      index: report.assets.count, kind: kind, name: string(PropertyKey.assetName, of: typeKey),
      assetID: storedID,
      storedAssetID: storedID,
      cdnUUID: range(PropertyKey.fileAssetCdnUuid).map { reader.bytes(in: $0) } ?? [],
      cdnBaseURL: string(PropertyKey.fileAssetCdnBaseUrl, of: typeKey),
      width: typeKey == TypeKey.imageAsset
        ? float(PropertyKey.drawableAssetWidth, of: typeKey) : nil,
      height: typeKey == TypeKey.imageAsset
        ? float(PropertyKey.drawableAssetHeight, of: typeKey) : nil,
      contents: nil, byteOffset: offset)
    if category == .manifestAsset || kind.isLoadable {
      // A new asset importer replaces the current one, which is then resolved (offered).
      resolveAsset()
    }
    if category == .manifestAsset {
      let offered = RiveImportReport.OfferedAsset(
        asset: asset, kindName: "manifest", typeKey: typeKey, contents: nil)
      currentAsset = PendingAsset(offered: offered)
      latestAssetIndex = nil
      stack[.fileAsset] = asset.index
      report.manifest = asset
      return
    }
    // De-duplicate the id as the official runtime does when it adds the asset.
    if assetIDs.contains(asset.assetID) {
      asset.assetID = max(largestAssetID &+ 1, 1)
    }
    assetIDs.insert(asset.assetID)
    largestAssetID = max(largestAssetID, asset.assetID)
    report.assets.append(asset, firstCapacity: 4)
    latestAssetIndex = asset.index
    if kind.isLoadable {
      currentAsset = PendingAsset(
        offered: .init(asset: asset, kindName: kind.description, typeKey: typeKey, contents: nil))
      stack[.fileAsset] = asset.index
    }
    // Runtimes built without scripting (as the reference reports were made) have no importer
    // for scripts and shaders: the current asset importer stays, so their contents replace
    // what it will offer. The document itself attaches contents to the asset they follow.
  }

  @_spi(RiveFormatInternals) public mutating func importContents(offset: Int) {
    let bytes = range(PropertyKey.fileAssetContentsBytes).map {
      EmbeddedBytes(storage: storage, range: $0)
    }
    let contents = (bytes?.count ?? 0) > 0 ? bytes : nil
    if currentAsset != nil {
      currentAsset?.offered.contents = contents
    }
    if let index = latestAssetIndex {
      report.assets[index].contents = contents
    } else if report.manifest != nil, currentAsset != nil {
      report.manifest?.contents = contents
    }
  }

  @_spi(RiveFormatInternals) public mutating func resolveAsset() {
    guard let pending = currentAsset else { return }
    report.offeredAssets.append(pending.offered, firstCapacity: 4)
    currentAsset = nil
  }
}
