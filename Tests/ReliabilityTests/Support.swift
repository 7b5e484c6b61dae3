import Foundation
import RiveCore
import RiveFormat
import RiveTestSupport

/// Generated content for the reliability tests.
enum Generated {
  /// A small PNG whose pixels depend on `seed`.
  static func png(_ seed: Int, width: Int = 4, height: Int = 3) -> Data {
    var rgb = [UInt8](repeating: UInt8(truncatingIfNeeded: seed &* 37), count: width * height * 3)
    rgb[0] = UInt8(truncatingIfNeeded: seed)
    rgb[1] = UInt8(truncatingIfNeeded: seed >> 8)
    return Data(PNGFixtureEncoder.compressed(rgb: rgb, width: width, height: height) ?? [])
  }

  /// A file with referenced images `slot-1…slot-N`, a hosted image and a view model whose
  /// `picture` property is an image.
  static func file(slots: Int = 4, hostedBase: String = "http://127.0.0.1:9/cdn") -> Data {
    var assets: [RiveFileBlueprint.Asset] = (1...slots).map {
      .referenced(.image, name: "slot.png", id: UInt32($0), width: 4, height: 3)
    }
    assets.append(
      .hosted(
        .image, name: "remote.png", id: 100, uuid: Array(1...16), baseURL: hostedBase, width: 4,
        height: 3))
    return RiveFileBlueprint(
      assets: assets,
      viewModels: [
        .init(
          name: "Card", properties: [.init(name: "picture", dataType: .assetImage)],
          instances: [.init(name: "Default")])
      ],
      artboards: [
        .init(
          name: "Main", stateMachines: [.init(name: "Machine")], defaultStateMachineIndex: 0,
          viewModelIndex: 0)
      ]
    ).data
  }
}
