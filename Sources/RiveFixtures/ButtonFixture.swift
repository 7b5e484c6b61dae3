import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// A file made by the package's writer with a button a pointer can press.
///
/// A 200 × 200 artboard with a 100 × 50 button centred at (100, 100) (x 50…150, y 75…125), an
/// event named `clicked`, animations `idle`, `hovered` and `pressed`, and state machine
/// `Machine` with boolean inputs `hover` (0) and `pressed` (1), states idle (3), hovered (4) and
/// pressed (5), and listeners on the button: enter → hover, exit → not hover, down → pressed,
/// up → not pressed, click → the event.
public struct ButtonFixture: Sendable {
  /// The file's writer, with everything written.
  public let fixture: RuntimeFixture
  /// The button's component id.
  public let button: Int
  /// The event's component id.
  public let event: Int

  /// Writes the file.
  ///
  /// - Parameter opaque: Whether the button's shape is marked opaque to hits.
  public init(opaque: Bool = false) {
    var fixture = RuntimeFixture(artboardWidth: 200, artboardHeight: 200)
    let button = fixture.component(
      TypeKey.shape, parent: 0,
      [
        (PropertyKey.componentName, .string("button")),
        (PropertyKey.nodeX, .float(100)), (PropertyKey.nodeY, .float(100)),
        (PropertyKey.drawableDrawableFlags, .uint(opaque ? 8 : 0)),
      ])
    fixture.parametric(TypeKey.rectangle, parent: button, width: 100, height: 50)
    fixture.fill(button)
    let event = fixture.component(TypeKey.event, [(PropertyKey.componentName, .string("clicked"))])
    for name in ["idle", "hovered", "pressed"] {
      fixture.animation(
        name: name, keys: [(button, PropertyKey.nodeY, [(0, 100, 1, nil), (60, 100, 1, nil)])])
    }
    MachineWriter.write(
      into: &fixture, inputs: [.bool("hover", false), .bool("pressed", false)],
      layers: [
        [
          .entry([.init(to: 3)]), .any([]), .exit,
          .animation(0, [.init(to: 4, conditions: [.bool(input: 0, op: 0)])]),
          .animation(
            1,
            [
              .init(to: 5, conditions: [.bool(input: 1, op: 0)]),
              .init(to: 3, conditions: [.bool(input: 0, op: 1)]),
            ]),
          .animation(2, [.init(to: 4, conditions: [.bool(input: 1, op: 1)])]),
        ]
      ])
    fixture.listener(target: button, type: 0, actions: [.setBool(input: 0, value: 1)])
    fixture.listener(target: button, type: 1, actions: [.setBool(input: 0, value: 0)])
    fixture.listener(target: button, type: 2, actions: [.setBool(input: 1, value: 1)])
    fixture.listener(target: button, type: 3, actions: [.setBool(input: 1, value: 0)])
    fixture.listener(target: button, type: 6, actions: [.reportEvent(event)])
    self.fixture = fixture
    self.button = button
    self.event = event
  }

  /// The file's bytes.
  public var data: Data { fixture.data }

  /// The file, parsed for the runtime.
  ///
  /// - Returns: The file.
  /// - Throws: The reader's `RiveError` (none for the file as written).
  public func file() throws -> RuntimeFile { try fixture.file() }
}
