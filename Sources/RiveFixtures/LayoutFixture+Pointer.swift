import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

extension LayoutFixture {
  /// For pointer events under the `layout` fit: a 200 × 100 artboard (a row aligned to the
  /// bottom right) holding layout `B` 20 × 10, so `B` sits at x 180…200, y 90…100 at the
  /// artboard's own size, and at x 130…150, y 70…80 when the fit gives the artboard 150 × 80.
  /// Its default state machine `Machine` (one layer playing the empty animation "Idle") has the
  /// boolean input `pressed` and a listener on `B`: a pointer down sets `pressed` and reports
  /// the event `pressed`.
  public static func fitListener() -> Data {
    var fixture = RuntimeFixture(
      layoutWidth: 200, height: 100, style: Style(direction: .row, alignment: .bottomRight),
      defaultStateMachine: 0)
    let target = box(&fixture, "B", 20, 10)
    let event = fixture.component(TypeKey.event, [(PropertyKey.componentName, .string("pressed"))])
    fixture.animation(name: "Idle", keys: [])
    MachineWriter.write(
      into: &fixture, inputs: [.bool("pressed", false)],
      layers: [[.entry([.init(to: 3)]), .any([]), .exit, .animation(0, [])]])
    fixture.listener(
      target: target, type: 2, actions: [.setBool(input: 0, value: 1), .reportEvent(event)])
    return fixture.data
  }
}
