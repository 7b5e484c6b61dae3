import Foundation

/// What a disk-cache entry records beside the body: the URL, the validators, when it was
/// stored, until when it is fresh, and the body's length and SHA-256.
struct CacheEntryMetadata: Codable, Sendable, Equatable {
  var url: String
  var etag: String?
  var lastModified: String?
  var storedAt: Double
  var freshUntil: Double
  var bodyLength: Int
  var bodySHA256: String

  enum CodingKeys: String, CodingKey {
    case url
    case etag
    case lastModified = "last_modified"
    case storedAt = "stored_at"
    case freshUntil = "fresh_until"
    case bodyLength = "body_length"
    case bodySHA256 = "body_sha256"
  }

  /// Whether the entry may be served without asking the server.
  func isFresh(now: Date) -> Bool { now.timeIntervalSince1970 < freshUntil }

  /// The conditional request headers for revalidating the entry.
  var conditionalHeaders: [String: String] {
    var headers: [String: String] = [:]
    if let etag { headers["If-None-Match"] = etag }
    if let lastModified { headers["If-Modified-Since"] = lastModified }
    return headers
  }
}

/// How long an answer may be served without asking again, from its `Cache-Control` header.
enum Freshness {
  /// The decision for one answer.
  struct Decision: Equatable {
    /// Whether the answer may be stored at all (`no-store` says no).
    var isStorable: Bool
    /// Seconds it is fresh for (0 with `no-cache`: revalidate every time).
    var lifetime: TimeInterval
  }

  /// Reads `Cache-Control` (`no-store`, `no-cache`, `max-age=N`); without it, the cache's
  /// default lifetime applies. `Expires` is not read.
  ///
  /// - Parameters:
  ///   - cacheControl: The header's value, if present.
  ///   - defaultLifetime: The lifetime when the header says nothing.
  /// - Returns: The decision.
  static func decide(cacheControl: String?, defaultLifetime: TimeInterval) -> Decision {
    guard let cacheControl else { return Decision(isStorable: true, lifetime: defaultLifetime) }
    var lifetime = defaultLifetime
    var isStorable = true
    var sawNoCache = false
    for directive in cacheControl.split(separator: ",") {
      let parts = directive.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      }
      switch parts.first {
      case "no-store": isStorable = false
      case "no-cache": sawNoCache = true
      case "max-age":
        if parts.count == 2, let seconds = Double(parts[1].trimmingCharacters(in: ["\""])),
          seconds >= 0
        {
          lifetime = seconds
        }
      default: break
      }
    }
    return Decision(isStorable: isStorable, lifetime: sawNoCache ? 0 : lifetime)
  }
}
