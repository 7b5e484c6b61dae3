import Foundation
import RiveConcurrency
import RiveCore
import RiveFormat
import RiveTestSupport
import Testing

@Suite("Worker decoding")
@MainActor
struct WorkerTests {
  @Test("images decode off the main actor with their size and a stable digest")
  func decodeImage() async throws {
    let worker = try await Worker()
    let data = Media.png(width: 3, height: 5)
    let first = try await worker.decodeImage(from: data)
    let second = try await worker.decodeImage(from: data)
    #expect(first.width == 3)
    #expect(first.height == 5)
    #expect(first.digest == second.digest)
    #expect(first != second, "equality is identity, as upstream compares handles")
    #expect(first == first)
    let other = try await worker.decodeImage(from: Media.png(width: 3, height: 5, value: 1))
    #expect(other.digest != first.digest)
  }

  @Test(
    "JPEG and WebP from the corpus decode", SharedCorpus.requirement)
  func decodeCorpusImages() async throws {
    let worker = try await Worker()
    let jpeg = try await worker.decodeImage(from: try Corpus.data("1x1_jpg.jpg"))
    let webp = try await worker.decodeImage(from: try Corpus.data("1.webp"))
    #expect(jpeg.width == 1 && jpeg.height == 1)
    #expect(webp.width > 0)
  }

  @Test(
    "a bad image fails with the decoder's reason",
    SharedCorpus.requirement)
  func badImage() async throws {
    let worker = try await Worker()
    let error = await #expect(throws: ImageError.self) {
      _ = try await worker.decodeImage(from: try Corpus.data("bad.png"))
    }
    guard case .failedDecoding(let reason) = error else {
      Issue.record("expected failedDecoding, got \(String(describing: error))")
      return
    }
    #expect(reason.message.contains("image"))
    #expect(reason.cause is DecodingError)
    #expect(error?.errorDescription?.hasPrefix("Failed to decode image: ") == true)
    let garbage = await #expect(throws: ImageError.self) {
      _ = try await worker.decodeImage(from: Data("not an image".utf8))
    }
    #expect(garbage?.errorDescription?.contains("unknownFormat") == true)
  }

  @Test("fonts decode from data and from a system font request")
  func decodeFonts() async throws {
    let worker = try await Worker()
    if Corpus.isAvailable {
      let font = try await worker.decodeFont(from: try Media.font())
      #expect(font.familyName == "Open Sans")
      #expect(font.glyphCount > 0)
    }
    let system = try await worker.decodeFont(from: SystemFont.systemFont(ofSize: 12))
    #expect(!system.familyName.isEmpty)
    let missing = await #expect(throws: FontError.self) {
      _ = try await worker.decodeFont(from: SystemFont(name: "No Such Family 9f2c", size: 12))
    }
    guard case .failedDecoding = missing else {
      Issue.record("expected failedDecoding, got \(String(describing: missing))")
      return
    }
    await #expect(throws: FontError.self) {
      _ = try await worker.decodeFont(from: Data([0, 1, 2, 3]))
    }
  }

  @Test("audio decodes with rate, channels and frames; bad audio fails")
  func decodeAudio() async throws {
    let worker = try await Worker()
    let audio = try await worker.decodeAudio(from: try Media.wav(frames: 441, sampleRate: 22_050))
    #expect(audio.sampleRate == 22_050)
    #expect(audio.channelCount == 1)
    #expect(audio.frameCount == 441)
    let error = await #expect(throws: AudioError.self) {
      _ = try await worker.decodeAudio(from: Data(repeating: 7, count: 64))
    }
    #expect(error?.errorDescription?.hasPrefix("Failed to decode audio: ") == true)
  }

  @Test("blobs keep their bytes")
  func decodeBlob() async throws {
    let worker = try await Worker()
    let blob = try await worker.decodeBlob(from: Data([1, 2, 3, 4, 5]))
    #expect(blob.count == 5)
    let same = try await worker.decodeBlob(from: Data([1, 2, 3, 4, 5]))
    #expect(blob.digest == same.digest)
  }

  @Test("a task cancelled before decoding throws CancellationError")
  func cancelledBeforeStart() async throws {
    let worker = try await Worker()
    let data = Media.png()
    let task = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await worker.decodeImage(from: data)
    }
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test("two workers decode in parallel on their own queues")
  func workersAreIndependentExecutors() async throws {
    let first = try await Worker()
    let second = try await Worker()
    let data = Media.png(width: 64, height: 64)
    async let a = first.decodeImage(from: data)
    async let b = second.decodeImage(from: data)
    let (imageA, imageB) = try await (a, b)
    #expect(imageA.digest == imageB.digest)
  }
}
