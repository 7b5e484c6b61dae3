import Foundation
import RiveCore

/// Why a download failed, naming the asset, the URL and (when there was one) the HTTP status,
/// and keeping the error underneath (a `URLError`, a `DecodingError`) as ``cause``, in the
/// style of swift-nio's `FileSystemError`.
public struct AssetDownloadError: CodedError, Sendable, Equatable {
  /// The kinds of failure.
  public enum Reason: Hashable, Sendable, CustomStringConvertible {
    /// The server answered with a status outside 200...299.
    case httpStatus(Int)
    /// The body was empty.
    case emptyBody
    /// The body was larger than the cap.
    case tooLarge(limit: Int)
    /// No answer within the timeout.
    case timedOut(seconds: TimeInterval)
    /// The connection failed (refused, reset, DNS…); ``AssetDownloadError/cause`` holds the
    /// transport's error.
    case transport
    /// The download was cancelled.
    case cancelled
    /// The body did not decode as the asset's kind; ``AssetDownloadError/cause`` holds the
    /// `DecodingError`.
    case undecodable
    /// The asset's kind cannot be registered globally (blobs and unknown kinds): there is no
    /// `addGlobal…Asset` for it.
    case unsupportedKind
    /// The asset has no CDN uuid, so there is nothing to fetch.
    case notHosted
    /// The ``AssetCache`` is offline and holds no usable copy (none, or a corrupt one, then
    /// ``AssetDownloadError/cause`` is the ``AssetCacheError``): nothing was requested.
    case offline

    /// The failure in words: `HTTP status 404`, `empty body`.
    public var description: String {
      switch self {
      case .httpStatus(let status): "HTTP status \(status)"
      case .emptyBody: "empty body"
      case .tooLarge(let limit): "body larger than \(limit) bytes"
      case .timedOut(let seconds): "no answer within \(seconds) s"
      case .transport: "transport error"
      case .cancelled: "cancelled"
      case .undecodable: "undecodable"
      case .unsupportedKind: "this kind of asset cannot be registered globally"
      case .notHosted: "the asset has no CDN uuid"
      case .offline: "offline and not in the cache"
      }
    }
  }

  /// The asset's unique name (for a file fetched by URL, the URL's last path component).
  public var assetName: String
  /// The URL fetched.
  public var url: String
  /// What went wrong.
  public var reason: Reason
  /// The error underneath, when there is one: the transport's error for
  /// ``Reason/transport``, the `DecodingError` for ``Reason/undecodable``.
  public var cause: (any Error)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - assetName: The asset's unique name.
  ///   - url: The URL fetched.
  ///   - reason: What went wrong.
  ///   - cause: The error underneath, if any.
  public init(
    assetName: String, url: String, reason: Reason, cause: (any Error)? = nil
  ) {
    self.assetName = assetName
    self.url = url
    self.reason = reason
    self.cause = cause
  }

  /// Errors are equal when they name the same asset, URL and reason; the causes are not
  /// compared (most underlying errors are not `Equatable`).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.assetName == rhs.assetName && lhs.url == rhs.url && lhs.reason == rhs.reason
  }

  /// The ``reason``.
  public var code: Reason { reason }
  /// The reason in words.
  public var message: String { reason.description }
  /// The asset and the URL: `asset "Inter" from https://…`.
  public var place: String? { "asset \"\(assetName)\" from \(url)" }

  public var description: String {
    let because = cause.map { ": \($0)" } ?? ""
    return "asset \"\(assetName)\" from \(url): \(reason)\(because)"
  }
}
