import RiveCore
import RiveFormat

extension Worker {
  /// Registers `image` under `name`, replacing any image registered under that name.
  ///
  /// Every file loaded by this worker — before or after this call — that has an image asset
  /// whose unique name (`<name without extension>-<asset id>`) is `name` uses `image` from now
  /// on, even when the file embeds its own bytes.
  ///
  /// - Parameters:
  ///   - image: A decoded image; the worker keeps it alive while registered.
  ///   - name: The asset's unique name, for example `File.Asset.uniqueName`.
  @MainActor
  public func addGlobalImageAsset(_ image: Image, name: String) {
    engine.registry.register(image.decodedAsset, name: name, source: image.source)
  }

  /// Removes the image registered under `name`; matching assets return to their embedded
  /// content, or to unresolved.
  ///
  /// - Parameter name: The unique name it was registered under.
  @MainActor
  public func removeGlobalImageAsset(name: String) {
    engine.registry.remove(name: name, kind: .image)
  }

  /// Registers `font` under `name`, replacing any font registered under that name.
  ///
  /// - Parameters:
  ///   - font: A decoded font; the worker keeps it alive while registered.
  ///   - name: The asset's unique name.
  @MainActor
  public func addGlobalFontAsset(_ font: Font, name: String) {
    engine.registry.register(font.decodedAsset, name: name, source: font.source)
  }

  /// Removes the font registered under `name` (unlabeled, as upstream publishes it).
  ///
  /// - Parameter name: The unique name it was registered under.
  @MainActor
  public func removeGlobalFontAsset(_ name: String) {
    engine.registry.remove(name: name, kind: .font)
  }

  /// Removes the font registered under `name`, labeled like the image and audio siblings.
  ///
  /// - Parameter name: The unique name it was registered under.
  @MainActor
  public func removeGlobalFontAsset(name: String) {
    engine.registry.remove(name: name, kind: .font)
  }

  /// Registers `audio` under `name`, replacing any audio registered under that name.
  ///
  /// - Parameters:
  ///   - audio: A decoded clip; the worker keeps it alive while registered.
  ///   - name: The asset's unique name.
  @MainActor
  public func addGlobalAudioAsset(_ audio: Audio, name: String) {
    engine.registry.register(audio.decodedAsset, name: name, source: audio.source)
  }

  /// Removes the audio registered under `name`.
  ///
  /// - Parameter name: The unique name it was registered under.
  @MainActor
  public func removeGlobalAudioAsset(name: String) {
    engine.registry.remove(name: name, kind: .audio)
  }
}
