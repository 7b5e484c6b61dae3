import Foundation
import RiveMigrationTesting
import RiveRuntime
import RiveTestSupport
import Testing
import XCTest

/// Written only against the public API of `RiveMigrationTesting` and `RiveRuntime`, as a user's
/// test suite would be: a legacy closure compared with a ported registration.
@Suite(
  "RiveMigrationTesting as a user writes it",
  SharedCorpus.requirement)
struct MigrationTestingUsageTests {
  static var rectangle: Data { Fixtures.image(width: 320, height: 240, seed: "rectangle") }
  static var wrong: Data { Fixtures.image(width: 320, height: 240, seed: "not the rectangle") }

  static func legacyLoader() -> LoadAsset {
    { asset, _, factory in
      guard let image = asset as? RiveImageAsset, asset.uniqueName() == "rectangle-2222022" else {
        return false
      }
      image.renderImage(factory.decodeImage(rectangle))
      return true
    }
  }

  static func ported(registering bytes: Data) -> SideBySide.CurrentPath {
    .ported { worker, file in
      for asset in try await file.getAssets() where asset.type == .image {
        worker.addGlobalImageAsset(
          try await worker.decodeImage(from: bytes), name: asset.uniqueName)
      }
    }
  }

  @Test("the ported registration is equivalent to the legacy closure")
  @MainActor
  func equivalent() async throws {
    let comparison = try await SideBySide.compare(
      data: Fixtures.data("referenced_image_asset.riv"), name: "referenced_image_asset.riv",
      legacyLoader: Self.legacyLoader(), current: Self.ported(registering: Self.rectangle))
    expectEquivalent(comparison)
    #expect(comparison.isEquivalent)
    #expect(comparison.description.contains("resolve all 1 assets identically"))
  }

  @Test("registering the wrong image is reported with a readable diff")
  @MainActor
  func wrongImage() async throws {
    let comparison = try await SideBySide.compare(
      data: Fixtures.data("referenced_image_asset.riv"), name: "referenced_image_asset.riv",
      legacyLoader: Self.legacyLoader(), current: Self.ported(registering: Self.wrong))
    #expect(!comparison.isEquivalent)
    #expect(comparison.differences.map(\.uniqueName) == ["rectangle-2222022"])
    #expect(comparison.description.contains("- legacy:  customLoader"))
    #expect(comparison.description.contains("+ current: global"))
  }
}

/// The same check from XCTest.
final class MigrationTestingXCTests: XCTestCase {
  @MainActor
  func testPortedRegistrationMatchesLegacyLoader() async throws {
    try XCTSkipUnless(
      SharedCorpus.isAvailable || SharedCorpus.isRequired, "\(SharedCorpus.absentMessage)")
    let comparison = try await SideBySide.compare(
      data: Fixtures.data("referenced_image_asset.riv"), name: "referenced_image_asset.riv",
      legacyLoader: MigrationTestingUsageTests.legacyLoader(),
      current: MigrationTestingUsageTests.ported(registering: MigrationTestingUsageTests.rectangle))
    XCTAssertEquivalent(comparison)
  }
}
