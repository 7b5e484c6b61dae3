import Foundation

/// Where a ``File``'s bytes come from.
public enum Source: Sendable {
  /// A `.riv` resource of a bundle: the name without `.riv`, and the bundle (`nil` means
  /// `Bundle.main`; on Linux a package's resources are in `Bundle.module`).
  case local(String, Bundle?)
  /// A `file:` or `http(s):` URL.
  ///
  /// HTTP bodies are fetched with the ``File`` initializer's fetcher. Unlike upstream, a status
  /// outside 200...299 is an error (``FileError/missingData(_:)`` naming the URL and the
  /// status) rather than a body handed to the parser; an empty body is an error as upstream.
  case url(URL)
  /// The file's bytes.
  case data(Data)
}
