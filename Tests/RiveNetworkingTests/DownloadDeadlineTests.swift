import Foundation
import RiveNetworking
import Testing

/// `AssetDownloader.downloadConcurrently(_:deadline:_:)`: results in order, `nil` for what
/// the deadline cut off, and any deadline value accepted.
@Suite("Concurrent downloads with a deadline")
struct DownloadDeadlineTests {
  /// An operation that never finishes on its own: it ends only when its task is cancelled.
  static func never(_ item: Int) async throws(AssetDownloadError) -> Int {
    let (stream, _) = AsyncStream<Int>.makeStream()
    for await _ in stream {}
    throw AssetDownloadError(assetName: "item \(item)", url: "", reason: .cancelled)
  }

  static func value(_ result: Result<Int, AssetDownloadError>?) -> Int? {
    if case .success(let value)? = result { return value }
    return nil
  }

  @Test("finished operations give results; one that never finishes is cut off at the deadline")
  func mixed() async {
    let results = await AssetDownloader.downloadConcurrently([1, 2, 3], deadline: 0.2) {
      (item) throws(AssetDownloadError) -> Int in
      if item == 2 { return try await Self.never(item) }
      if item == 3 {
        throw AssetDownloadError(assetName: "item 3", url: "u", reason: .httpStatus(500))
      }
      return item * 10
    }
    #expect(results.count == 3)
    #expect(Self.value(results[0]) == 10)
    #expect(results[1] == nil)
    guard case .failure(let error)? = results[2] else {
      Issue.record("expected a failure, got \(String(describing: results[2]))")
      return
    }
    #expect(error.reason == .httpStatus(500))
  }

  @Test(
    "NaN, negative, zero and enormous deadlines are accepted",
    arguments: [Double.nan, -5, 0, 1e300, .infinity])
  func anyDeadline(_ deadline: Double) async {
    let hasPassed = deadline.isNaN || deadline <= 0
    let results = await AssetDownloader.downloadConcurrently([1, 2], deadline: deadline) {
      (item) throws(AssetDownloadError) -> Int in
      // With a deadline already passed, nothing finishes on its own; otherwise all at once.
      hasPassed ? try await Self.never(item) : item
    }
    #expect(results.count == 2)
    if hasPassed {
      #expect(results.allSatisfy { $0 == nil })
    } else {
      #expect(results.map(Self.value) == [1, 2])
    }
  }
}
