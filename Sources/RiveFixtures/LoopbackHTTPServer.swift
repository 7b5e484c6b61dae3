import Dispatch
import Foundation
import RiveCore
import RiveFormat

#if canImport(Glibc)
  import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: each path answers with a scripted behaviour
/// (a status and body, a slow drip, a truncated body, a hang…). It only ever listens on the
/// loopback address, on a port the system picks, and stops when asked or deinitialised.
///
/// Call ``stop()`` when done (a `defer` right after creating it): that also keeps the server
/// alive while clients still use it, since Swift may release an object after its last use.
public final class LoopbackHTTPServer: Sendable {
  /// How the server answers a path.
  public enum Behavior: Sendable {
    /// A complete response.
    case respond(status: Int, body: [UInt8], contentType: String = "application/octet-stream")
    /// The body sent in `chunk`-byte pieces, `interval` seconds apart.
    case drip(status: Int, body: [UInt8], chunk: Int, interval: TimeInterval)
    /// A `Content-Length` of `declaredLength` but only `body` sent before the connection closes.
    case truncated(status: Int, body: [UInt8], declaredLength: Int)
    /// Accept the request and never answer (until the server stops).
    case hang
    /// Close the connection without answering.
    case close
    /// A 200 answer with validators and caching headers; a request whose `If-None-Match`
    /// equals `etag` or whose `If-Modified-Since` equals `lastModified` gets a 304 without a
    /// body instead.
    case cacheable(
      body: [UInt8], etag: String?, lastModified: String?, cacheControl: String? = nil)
    /// Wait until ``LoopbackHTTPServer/release(_:)`` is called for the path (or the server
    /// stops), then answer as `then`.
    indirect case held(then: Behavior)
  }

  /// One request the server received.
  public struct Request: Sendable {
    /// The path requested.
    public var path: String
    /// The request headers, with lowercased names.
    public var headers: [String: String]
  }

  private let core: Core
  /// The port the server listens on.
  public let port: Int

  /// Starts a server.
  ///
  /// - Parameters:
  ///   - routes: Behaviours by path (for example `"/cdn/uuid/abc"`).
  ///   - fallback: The behaviour for other paths (404 by default).
  /// - Throws: `POSIXError` when the socket cannot be opened, bound or listened on.
  public init(
    routes: [String: Behavior] = [:],
    fallback: Behavior = .respond(
      status: 404, body: Array("not found".utf8), contentType: "text/plain")
  ) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 64) == 0 else {
      close(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    let core = Core(listener: descriptor, routes: routes, fallback: fallback)
    self.core = core
    // The accepting thread holds the core, not the server, so releasing the server stops it.
    Thread { core.acceptLoop() }.start()
  }

  deinit { core.stop() }

  /// The URL of `path` on this server.
  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path.hasPrefix("/") ? path : "/" + path)")
      ?? URL(fileURLWithPath: "/")
  }

  /// Sets the behaviour of a path.
  public func route(_ path: String, _ behavior: Behavior) {
    core.state.withLock { $0.routes[path] = behavior }
  }

  /// The paths requested so far, in order.
  public var requestedPaths: [String] { core.state.withLock { $0.requests.map(\.path) } }

  /// The requests received so far, in order, with their headers.
  public var requests: [Request] { core.state.withLock { $0.requests } }

  /// The number of requests received for `path`.
  public func requestCount(_ path: String) -> Int {
    core.state.withLock { $0.requests.filter { $0.path == path }.count }
  }

  /// Lets requests for `path` held by ``Behavior/held(then:)`` (now and later) be answered.
  public func release(_ path: String) {
    core.state.withLock { _ = $0.released.insert(path) }
  }

  /// Stops listening; connections that hang are closed.
  public func stop() { core.stop() }
}

/// The listening socket, the routes and the connection handling, shared by the accepting
/// thread and the connections' threads.
private final class Core: Sendable {
  struct State {
    var routes: [String: LoopbackHTTPServer.Behavior]
    var requests: [LoopbackHTTPServer.Request] = []
    var released: Set<String> = []
    var isStopped = false
  }
  typealias Behavior = LoopbackHTTPServer.Behavior

  let listener: Int32
  let state: Locked<State>
  let fallback: Behavior

  init(listener: Int32, routes: [String: Behavior], fallback: Behavior) {
    self.listener = listener
    self.state = Locked(State(routes: routes))
    self.fallback = fallback
  }

  func stop() {
    let wasStopped = state.withLock { state in
      defer { state.isStopped = true }
      return state.isStopped
    }
    guard !wasStopped else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private var isStopped: Bool { state.withLock { $0.isStopped } }

  func acceptLoop() {
    while !isStopped {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if isStopped { return }
        continue
      }
      // A plain thread per connection, not libdispatch's global queue: on Linux that queue
      // starts no new worker while as many of its threads as there are cores are busy, and
      // the Swift concurrency pool's threads are its threads. Tests that compute on the pool
      // for minutes would leave every request unanswered until they finish.
      Thread { [self] in handle(connection) }.start()
    }
  }

  private func handle(_ connection: Int32) {
    defer { close(connection) }
    var request = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !request.ends(with: [13, 10, 13, 10]), request.count < 65536 {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return }
      request += buffer[0..<count]
    }
    let lines = String(decoding: request, as: UTF8.self).components(separatedBy: "\r\n")
    let parts = (lines.first ?? "").split(separator: " ")
    let path = parts.count > 1 ? String(parts[1]) : "/"
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    let behavior = state.withLock { state -> Behavior in
      state.requests.append(LoopbackHTTPServer.Request(path: path, headers: headers))
      return state.routes[path] ?? fallback
    }
    answer(connection, path: path, headers: headers, behavior)
  }

  private func answer(
    _ connection: Int32, path: String, headers: [String: String], _ behavior: Behavior
  ) {
    switch behavior {
    case .respond(let status, let body, let contentType):
      send(connection, head(status: status, length: body.count, contentType: contentType) + body)
    case .drip(let status, let body, let chunk, let interval):
      send(
        connection,
        head(status: status, length: body.count, contentType: "application/octet-stream"))
      var offset = 0
      while offset < body.count, !isStopped {
        let end = min(offset + max(chunk, 1), body.count)
        guard send(connection, Array(body[offset..<end])) else { return }
        offset = end
        Thread.sleep(forTimeInterval: interval)
      }
    case .truncated(let status, let body, let declaredLength):
      send(
        connection,
        head(status: status, length: declaredLength, contentType: "application/octet-stream") + body
      )
    case .hang:
      while !isStopped { Thread.sleep(forTimeInterval: 0.02) }
    case .close:
      return
    case .cacheable(let body, let etag, let lastModified, let cacheControl):
      var extra: [(String, String)] = []
      if let etag { extra.append(("ETag", etag)) }
      if let lastModified { extra.append(("Last-Modified", lastModified)) }
      if let cacheControl { extra.append(("Cache-Control", cacheControl)) }
      let matchesTag = etag != nil && headers["if-none-match"] == etag
      let matchesDate = lastModified != nil && headers["if-modified-since"] == lastModified
      if matchesTag || matchesDate {
        send(connection, head(status: 304, length: nil, contentType: nil, extra: extra))
      } else {
        send(
          connection,
          head(
            status: 200, length: body.count, contentType: "application/octet-stream", extra: extra)
            + body)
      }
    case .held(let then):
      while !isStopped, !state.withLock({ $0.released.contains(path) }) {
        Thread.sleep(forTimeInterval: 0.005)
      }
      guard !isStopped else { return }
      answer(connection, path: path, headers: headers, then)
    }
  }

  private func head(
    status: Int, length: Int?, contentType: String?, extra: [(String, String)] = []
  ) -> [UInt8] {
    let reason = status == 200 ? "OK" : status == 304 ? "Not Modified" : "Status"
    var text = "HTTP/1.1 \(status) \(reason)\r\n"
    if let contentType { text += "Content-Type: \(contentType)\r\n" }
    if let length { text += "Content-Length: \(length)\r\n" }
    for (name, value) in extra { text += "\(name): \(value)\r\n" }
    text += "Connection: close\r\n\r\n"
    return Array(text.utf8)
  }

  @discardableResult
  private func send(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        Glibc.send(
          connection, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent <= 0 { return false }
      offset += sent
    }
    return true
  }
}

extension [UInt8] {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
