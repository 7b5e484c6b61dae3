import Foundation
import RiveCore
import RiveFormat
import RiveLegacy
import RiveTestSupport
import Testing

@Suite("RiveFile loading", SharedCorpus.requirement)
struct RiveFileLoadingTests {
  private func expectError(
    _ code: Int, name: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
  ) -> NSError? {
    do {
      try body()
      Issue.record("no error thrown", sourceLocation: sourceLocation)
      return nil
    } catch let error as NSError {
      #expect(error.domain == "rive.app.ios.runtime", sourceLocation: sourceLocation)
      #expect(error.code == code, sourceLocation: sourceLocation)
      #expect(error.userInfo["name"] as? String == name, sourceLocation: sourceLocation)
      return error
    }
  }

  @Test func junkIsMalformed600() throws {
    let data = try Corpus.data("junk.riv")
    let error = expectError(600, name: "Malformed") {
      _ = try RiveFile(data: data, loadCdn: false)
    }
    let detail = try #require(error?.userInfo[RiveErrorCode.detailKey] as? String)
    #expect(detail.contains("byte"))
    #expect(error?.localizedDescription.contains("Malformed Rive File.") == true)
  }

  @Test func formatSixIsUnsupportedVersion500() throws {
    let data = try Corpus.data("sample6.riv")
    let error = expectError(500, name: "UnsupportedVersion") {
      _ = try RiveFile(byteArray: Array(data), loadCdn: false)
    }
    #expect(error?.localizedDescription.contains("version") == true)
  }

  @Test func multipleArtboardsNamesAndOrder() throws {
    let file = try RiveFile(resource: "multipleartboards", in: Corpus.bundle, loadCdn: false)
    #expect(file.artboardCount() == 2)
    #expect(file.artboardNames() == ["artboard2", "artboard1"])
    #expect(try file.artboard(from: 0).name() == "artboard2")
    #expect(try file.artboard(from: 1).name() == "artboard1")
    #expect(try file.artboard().name() == "artboard2")
    #expect(try file.artboard(fromName: "artboard1").name() == "artboard1")
    #expect(file.isLoaded)
  }

  @Test func noArtboardCodes100And101() throws {
    let file = try RiveFile(name: "noartboard", in: Corpus.bundle, loadCdn: false)
    #expect(file.artboardCount() == 0)
    #expect(file.artboardNames() == [])
    _ = expectError(100, name: "NoArtboardsFound") { _ = try file.artboard() }
    _ = expectError(101, name: "NoArtboardFound") { _ = try file.artboard(from: 0) }
    _ = expectError(101, name: "NoArtboardFound") { _ = try file.artboard(fromName: "boo") }
  }

  @Test func animationCounts() throws {
    let flux = try RiveFile(name: "flux_capacitor", in: Corpus.bundle, loadCdn: false)
    #expect(try flux.artboard().animationCount() == 1)
    let car = try RiveFile(name: "off_road_car_blog", in: Corpus.bundle, loadCdn: false)
    #expect(try car.artboard().animationCount() == 5)
  }

  @Test func animationAndStateMachineLookupErrors() throws {
    let flux = try RiveFile(name: "flux_capacitor", in: Corpus.bundle, loadCdn: false)
    let artboard = try flux.artboard()
    _ = expectError(201, name: "NoAnimationFound") { _ = try artboard.animation(fromName: "x") }
    _ = expectError(201, name: "NoAnimationFound") { _ = try artboard.animation(from: 9) }
    let none = try RiveFile(data: Fixtures.file(), loadCdn: false).artboard()
    _ = expectError(200, name: "NoAnimations") { _ = try none.animation(from: 0) }
    let machines = try RiveFile(name: "multipleartboards", in: Corpus.bundle, loadCdn: false)
    let board = try machines.artboard()
    #expect(board.stateMachineCount() > 0)
    _ = expectError(301, name: "NoStateMachineFound") { _ = try board.stateMachine(fromName: "x") }
  }

  @Test func everyBytesInitializerLoadsTheSameFile() throws {
    let data = Fixtures.file(animations: [.init(name: "spin")])
    var bytes = Array(data)
    let fromData = try RiveFile(data: data, loadCdn: false)
    let fromArray = try RiveFile(byteArray: bytes, loadCdn: false)
    let fromNumbers = try RiveFile(
      byteArray: bytes.map { NSNumber(value: $0) as Any }, loadCdn: false)
    let fromInts = try RiveFile(byteArray: bytes.map { Int($0) as Any }, loadCdn: false)
    let fromPointer = try bytes.withUnsafeMutableBufferPointer { buffer in
      try RiveFile(
        bytes: try #require(buffer.baseAddress), byteLength: UInt64(buffer.count), loadCdn: false)
    }
    for file in [fromData, fromArray, fromNumbers, fromInts, fromPointer] {
      #expect(file.artboardNames() == ["Main"])
      #expect(try file.artboard().animationNames() == ["spin"])
    }
  }

  @Test func byteArrayWithANonByteElementIs600() throws {
    let error = expectError(600, name: "Malformed") {
      _ = try RiveFile(byteArray: [82, 300, 86] as [Any], loadCdn: false)
    }
    #expect(error?.localizedDescription.contains("element 1") == true)
    _ = expectError(600, name: "Malformed") {
      _ = try RiveFile(byteArray: ["R"] as [Any], loadCdn: false)
    }
  }

  @Test(arguments: [".riv", "riv"])
  func resourceExtensionWithOrWithoutDot(_ ext: String) throws {
    let file = try RiveFile(
      resource: "flux_capacitor", withExtension: ext, in: Corpus.bundle, loadCdn: false)
    #expect(file.artboardCount() == 1)
    let named = try RiveFile(name: "flux_capacitor", extension: ext, in: Corpus.bundle)
    #expect(named.artboardCount() == 1)
  }

  @Test func missingResourceThrows700InsteadOfCrashing() throws {
    let bundle = try Corpus.bundle
    let byName = expectError(700, name: "Unknown") {
      _ = try RiveFile(name: "does_not_exist", in: bundle, loadCdn: false)
    }
    #expect(byName?.localizedDescription.contains("does_not_exist.riv") == true)
    _ = expectError(700, name: "Unknown") {
      _ = try RiveFile(resource: "does_not_exist", loadCdn: false)
    }
  }

  @Test func versionsAndViewModelCount() throws {
    #expect(RiveFile.majorVersion == 7)
    #expect(RiveFile.minorVersion >= 0)
    let file = try RiveFile(name: "ios_data_binding_test", in: Corpus.bundle, loadCdn: false)
    #expect(file.viewModelCount == 3)
  }
}
