import Foundation
import RiveCore

extension RiveDataBindingViewModel.Instance {
  /// An image property of an instance.
  public final class ImageProperty: Property {
    private let path: String
    private let asset: RiveDocument.Asset
    private let store: FileAssetStore
    private let instance: Int

    init(
      name: String, path: String, asset: RiveDocument.Asset, store: FileAssetStore, instance: Int
    ) {
      self.path = path
      self.asset = asset
      self.store = store
      self.instance = instance
      super.init(name: name)
    }

    /// Sets the image (nil clears it) and marks the property changed.
    ///
    /// An empty image (bytes that did not decode) is recorded as `.failed(reason:)` in
    /// ``RiveFile/resolutionReport()`` and logged.
    public func setValue(_ image: RiveRenderImage?) {
      let origin: ResolutionReport.Origin
      if let image, image.isEmpty {
        let reason = "the image set at \(path) is empty: \(image.failureReason)"
        RiveLogger.log(.error, "dataBinding", reason)
        origin = .failed(reason: reason)
      } else {
        origin = .dataBinding(path: path)
      }
      store.bind(
        .init(asset: asset, origin: origin, content: image?.decodedAsset), instance: instance,
        path: path)
      hasChanged = true
    }

    /// Adds a listener called by ``RiveDataBindingViewModel/Instance/updateListeners()`` after
    /// the value changed.
    ///
    /// - Returns: The id to pass to ``RiveDataBindingViewModel/Instance/Property/removeListener(_:)``.
    @discardableResult
    public func addListener(_ listener: @escaping () -> Void) -> UUID {
      addListenerBlock(listener)
    }
  }
}
