import Foundation
import RiveCore
import RiveFormat

/// The verdict of `check` on one asset of one `.riv` file.
struct AssetCheck: Sendable {
  /// What the check found.
  enum Status: String, Sendable {
    /// The file embeds the asset; nothing to supply.
    case embedded
    /// A bundle file was found and decodes.
    case found
    /// No candidate file is in the bundle.
    case missing
    /// A bundle file was found but does not decode.
    case undecodable
    /// A bundle image decodes, but its size is not the authored size (a warning).
    case sizeDiffers = "size_differs"

    /// The status in words for the table.
    var text: String { self == .sizeDiffers ? "size differs" : rawValue }
  }

  /// The asset.
  var asset: RiveDocument.Asset
  /// The verdict.
  var status: Status
  /// The bundle file used, if one was found.
  var bundleFile: String?
  /// The decoded image size of the supplied (or embedded) image.
  var decodedWidth: Int?
  /// The decoded image height of the supplied (or embedded) image.
  var decodedHeight: Int?
  /// The content digest of the supplied or embedded bytes, when they decode.
  var contentDigest: String?
  /// The decoder's reason for an undecodable file.
  var reason: String?
  /// The candidate paths tried, for a missing asset.
  var tried: [String] = []

  /// Checks `asset` against `bundle`.
  ///
  /// - Parameters:
  ///   - asset: An asset of a `.riv` file.
  ///   - bundle: The bundle directory.
  ///   - isDecodingEmbedded: Whether to decode embedded bytes for their content digest.
  /// - Returns: The verdict.
  static func check(
    _ asset: RiveDocument.Asset, in bundle: BundleDirectory, isDecodingEmbedded: Bool
  ) -> AssetCheck {
    var result = AssetCheck(asset: asset, status: .embedded)
    if asset.storage == .embedded, let contents = asset.contents {
      if isDecodingEmbedded {
        let outcome = contents.withUnsafeBytes { AssetDecoding.decode($0, as: asset.kind) }
        // Bytes that do not decode are still compared, by a digest of the bytes themselves.
        result.contentDigest =
          outcome.decoded?.digest.hexString ?? "sha256:" + contents.sha256.hexString
        result.record(outcome.decoded?.image)
      }
      return result
    }
    guard let fileName = bundle.fileName(for: asset) else {
      result.status = .missing
      result.tried = bundle.lookup.candidatePaths(for: asset)
      return result
    }
    result.bundleFile = fileName
    guard let data = bundle.contents(of: fileName) else {
      result.status = .undecodable
      result.reason = "cannot read \(bundle.url.appendingPathComponent(fileName).path)"
      return result
    }
    switch AssetDecoding.decode(data, as: asset.kind) {
    case .decoded(let decoded):
      result.status = .found
      result.contentDigest = decoded.digest.hexString
      result.record(decoded.image)
      if let image = decoded.image, let width = asset.width, let height = asset.height,
        width > 0, height > 0,
        Int(width.rounded()) != image.width || Int(height.rounded()) != image.height
      {
        result.status = .sizeDiffers
      }
    case .failed(let error):
      result.status = .undecodable
      result.reason = "\(error)"
    case .notMedia:
      result.status = .found
      result.contentDigest = "sha256:" + SHA256.hash(data).hexString
    }
    return result
  }

  private mutating func record(_ image: DecodedImage?) {
    decodedWidth = image?.width
    decodedHeight = image?.height
  }

  /// The detail column: the file used, sizes, or the decoder's reason.
  var detail: String {
    switch status {
    case .embedded:
      return ""
    case .missing:
      if tried.isEmpty { return "no lookup rule gives a candidate" }
      return "tried " + tried.prefix(3).joined(separator: ", ") + (tried.count > 3 ? ", …" : "")
    case .undecodable:
      return "\(bundleFile ?? "?"): \(reason ?? "does not decode")"
    case .found:
      guard let width = decodedWidth, let height = decodedHeight else { return bundleFile ?? "" }
      return "\(bundleFile ?? "?") \(width)×\(height)"
    case .sizeDiffers:
      return "\(bundleFile ?? "?") is \(decodedWidth ?? 0)×\(decodedHeight ?? 0), authored "
        + "\(InspectText.formatted(asset.width ?? 0))×\(InspectText.formatted(asset.height ?? 0))"
    }
  }

  /// The check as a JSON object.
  var jsonValue: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("unique_name", .string(asset.uniqueName)), ("kind", .string(asset.kind.description)),
      ("storage", .string(asset.storage.rawValue)), ("status", .string(status.rawValue)),
      ("bundle_file", bundleFile.map(JSONValue.string) ?? .null),
    ]
    if let width = asset.width, let height = asset.height {
      fields += [
        ("authored_width", .number(Double(width))), ("authored_height", .number(Double(height))),
      ]
    }
    if let decodedWidth, let decodedHeight {
      fields += [
        ("width", .integer(Int64(decodedWidth))), ("height", .integer(Int64(decodedHeight))),
      ]
    }
    if let contentDigest { fields.append(("content_digest", .string(contentDigest))) }
    if let reason { fields.append(("reason", .string(reason))) }
    if status == .missing { fields.append(("tried", .array(tried.map(JSONValue.string)))) }
    return .object(fields)
  }
}
