import Foundation

extension RiveDocument {
  /// One file asset of a `.riv` file, as the official runtime lists it.
  ///
  /// Names follow the official rules exactly: ``uniqueName`` is ``name`` without its last
  /// extension, a dash and the de-duplicated ``assetID``; ``fileExtension`` is fixed per kind.
  public struct Asset: Sendable, Hashable, Identifiable {
    /// The position in the file's asset list, the index other objects use to refer to it.
    public var index: Int
    /// The asset's kind.
    public var kind: Kind
    /// The asset's name as authored (may carry an extension or a folder).
    public var name: String
    /// The asset id after the official de-duplication rule.
    public var assetID: UInt32
    /// The asset id as stored in the file, before de-duplication.
    public var storedAssetID: UInt32
    /// The CDN uuid as stored (normally 16 bytes; empty when absent).
    public var cdnUUID: [UInt8]
    /// The CDN base URL (the official default when the file does not set one).
    public var cdnBaseURL: String
    /// The authored width of an image asset.
    public var width: Float?
    /// The authored height of an image asset.
    public var height: Float?
    /// The in-band contents, when the file embeds them.
    public var contents: EmbeddedBytes?
    /// The byte offset of the asset object in the file.
    public var byteOffset: Int

    /// Creates an asset description (the reader makes these; tests and tools may too).
    public init(
      index: Int, kind: Kind, name: String, assetID: UInt32, storedAssetID: UInt32,
      cdnUUID: [UInt8] = [], cdnBaseURL: String = Asset.defaultCDNBaseURL, width: Float? = nil,
      height: Float? = nil, contents: EmbeddedBytes? = nil, byteOffset: Int = 0
    ) {
      self.index = index
      self.kind = kind
      self.name = name
      self.assetID = assetID
      self.storedAssetID = storedAssetID
      self.cdnUUID = cdnUUID
      self.cdnBaseURL = cdnBaseURL
      self.width = width
      self.height = height
      self.contents = contents
      self.byteOffset = byteOffset
    }

    /// An asset description for a data-binding entry whose property points at no asset of the
    /// file: index -1 (no asset of the file has it), named after the property.
    ///
    /// - Parameters:
    ///   - kind: The kind of content the property holds.
    ///   - propertyName: The property's name or path.
    /// - Returns: The placeholder description.
    public static func placeholder(kind: Kind, propertyName: String) -> Asset {
      Asset(index: placeholderIndex, kind: kind, name: propertyName, assetID: 0, storedAssetID: 0)
    }

    /// The index of ``placeholder(kind:propertyName:)`` descriptions.
    public static let placeholderIndex = -1

    /// Whether this describes no asset of the file (see ``placeholder(kind:propertyName:)``).
    public var isPlaceholder: Bool { index == Self.placeholderIndex }

    /// The default CDN base URL of the format.
    public static let defaultCDNBaseURL = "https://public.rive.app/cdn/uuid"

    public var id: Int { index }

    /// The kinds of file asset.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
      case image
      case font
      case audio
      case blob
      case script
      case scriptModule
      case shader
      /// A file asset type this reader does not name, with its type key.
      case other(typeKey: UInt32)

      /// The core type key of this kind.
      public var typeKey: UInt32 {
        switch self {
        case .image: TypeKey.imageAsset
        case .font: TypeKey.fontAsset
        case .audio: TypeKey.audioAsset
        case .blob: TypeKey.blobAsset
        case .script: TypeKey.scriptAsset
        case .scriptModule: TypeKey.scriptModuleAsset
        case .shader: TypeKey.shaderAsset
        case .other(let typeKey): typeKey
        }
      }

      /// The kind for a type key.
      public init(typeKey: UInt32) {
        switch typeKey {
        case TypeKey.imageAsset: self = .image
        case TypeKey.fontAsset: self = .font
        case TypeKey.audioAsset: self = .audio
        case TypeKey.blobAsset: self = .blob
        case TypeKey.scriptAsset: self = .script
        case TypeKey.scriptModuleAsset: self = .scriptModule
        case TypeKey.shaderAsset: self = .shader
        default: self = .other(typeKey: typeKey)
        }
      }

      /// The official, fixed file extension of this kind (never sniffed).
      public var fileExtension: String {
        switch self {
        case .image: "png"
        case .font: "ttf"
        case .audio: "wav"
        case .blob: "blob"
        case .script: "lua"
        case .scriptModule: "wasm"
        case .shader: "rstb"
        case .other: "riv"
        }
      }

      /// The kind's name as the reference reports use it.
      public var description: String {
        switch self {
        case .image: "image"
        case .font: "font"
        case .audio: "audio"
        case .blob: "blob"
        case .script: "script"
        case .scriptModule: "script_module"
        case .shader: "shader"
        case .other: "other"
        }
      }

      /// Whether assets of this kind are offered to an asset loader (image, font, audio, blob).
      public var isLoadable: Bool {
        switch self {
        case .image, .font, .audio, .blob: true
        default: false
        }
      }
    }

    /// Where the asset's bytes come from.
    public enum Storage: String, Sendable, Hashable {
      /// The file carries the bytes.
      case embedded
      /// The bytes are hosted on the Rive CDN (16-byte uuid, no contents).
      case hosted
      /// The host application must supply the bytes, conventionally named ``uniqueFilename``.
      case referenced
    }

    /// The name with everything from its last `.` removed, a dash and the asset id.
    public var uniqueName: String {
      let base: Substring
      if let dot = name.lastIndex(of: ".") {
        base = name[..<dot]
      } else {
        base = Substring(name)
      }
      return "\(base)-\(assetID)"
    }

    /// The official extension of this kind, without a dot.
    public var fileExtension: String { kind.fileExtension }

    /// ``uniqueName`` + `.` + ``fileExtension``.
    public var uniqueFilename: String { "\(uniqueName).\(fileExtension)" }

    /// The CDN uuid in the official string form, or an empty string unless it has 16 bytes.
    ///
    /// The bytes are written in the order 3 2 1 0 - 5 4 - 7 6 - 9 8 - 15 14 13 12 11 10,
    /// lowercase, which is the official runtime's form (not the usual GUID layout).
    public var cdnUUIDString: String {
      guard cdnUUID.count == 16 else { return "" }
      let order = [3, 2, 1, 0, -1, 5, 4, -1, 7, 6, -1, 9, 8, -1, 15, 14, 13, 12, 11, 10]
      let digits = Array("0123456789abcdef".utf8)
      var out = [UInt8]()
      out.reserveCapacity(36)
      for index in order {
        if index < 0 {
          out.append(UInt8(ascii: "-"))
        } else {
          out.append(digits[Int(cdnUUID[index] >> 4)])
          out.append(digits[Int(cdnUUID[index] & 0xF)])
        }
      }
      return String(decoding: out, as: UTF8.self)
    }

    /// The URL the CDN loader fetches (`cdnBaseURL/cdnUUIDString`), when the asset is hosted.
    public var cdnURL: String? {
      let uuid = cdnUUIDString
      return uuid.isEmpty ? nil : "\(cdnBaseURL)/\(uuid)"
    }

    /// Where the bytes come from.
    public var storage: Storage {
      if let contents, contents.count > 0 { return .embedded }
      return cdnUUID.count == 16 ? .hosted : .referenced
    }
  }
}
