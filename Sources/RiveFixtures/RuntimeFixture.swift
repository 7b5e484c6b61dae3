import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Builds small `.riv` files for tests with the package's own writer: one artboard,
/// its components (ids counted as they are added), animations and state machines.
public struct RuntimeFixture: Sendable {
  public private(set) var writer = RiveObjectWriter()
  /// The next component id of the current artboard (the artboard itself is 0).
  public private(set) var nextID = 0

  /// Starts the file and its first artboard.
  ///
  /// - Parameters:
  ///   - artboardWidth: The first artboard's width.
  ///   - artboardHeight: Its height.
  ///   - viewModel: The index of the view model the first artboard is bound to, if any.
  ///   - defaultStateMachine: The index of the first artboard's default state machine, if it
  ///     has one.
  ///   - artboardProperties: More properties of the first artboard (its layout style, clip).
  ///   - preamble: Objects written before the first artboard (view models, assets).
  public init(
    artboardWidth: Float = 100, artboardHeight: Float = 100, viewModel: Int? = nil,
    defaultStateMachine: Int? = nil, artboardProperties: [(UInt16, RiveObjectWriter.Value)] = [],
    preamble: (inout RiveObjectWriter) -> Void = { _ in }
  ) {
    writer.object(TypeKey.backboard)
    preamble(&writer)
    artboard(
      width: artboardWidth, height: artboardHeight, viewModel: viewModel,
      defaultStateMachine: defaultStateMachine, properties: artboardProperties)
  }

  /// Starts a new artboard (bound to view model `viewModel`, with default state machine
  /// `defaultStateMachine`, when given, and any more `properties`); component ids restart at 0.
  public mutating func artboard(
    name: String = "Artboard", width: Float = 100, height: Float = 100, viewModel: Int? = nil,
    defaultStateMachine: Int? = nil, properties more: [(UInt16, RiveObjectWriter.Value)] = []
  ) {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.componentName, .string(name)),
      (PropertyKey.layoutComponentWidth, .float(width)),
      (PropertyKey.layoutComponentHeight, .float(height)),
    ]
    if let viewModel {
      properties.append((PropertyKey.artboardViewModelId, .uint(UInt64(viewModel))))
    }
    if let defaultStateMachine {
      properties.append(
        (PropertyKey.artboardDefaultStateMachineId, .uint(UInt64(defaultStateMachine))))
    }
    writer.object(TypeKey.artboard, properties + more)
    nextID = 1
  }

  /// A context data bind of the object written just before to view-model path `path` (view
  /// model index, then property indices).
  public mutating func bind(_ key: UInt16, to path: [UInt32], flags: UInt64 = 0) {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.dataBindPropertyKey, .uint(UInt64(key))),
      (PropertyKey.dataBindContextSourcePathIds, .bytes(RiveObjectWriter.pathBytes(path))),
    ]
    if flags != 0 { properties.append((PropertyKey.dataBindFlags, .uint(flags))) }
    writer.object(TypeKey.dataBindContext, properties)
  }

  /// Adds a component; returns its id.
  @discardableResult
  public mutating func component(
    _ type: UInt32, parent: Int = 0, _ properties: [(UInt16, RiveObjectWriter.Value)] = []
  ) -> Int {
    writer.object(type, [(PropertyKey.componentParentId, .uint(UInt64(parent)))] + properties)
    nextID += 1
    return nextID - 1
  }

  /// Adds an object that is not an artboard component (animation parts, machine parts).
  public mutating func object(_ type: UInt32, _ properties: [(UInt16, RiveObjectWriter.Value)] = [])
  {
    writer.object(type, properties)
  }

  /// Adds an interpolator component; returns its id.
  public mutating func cubicEase(x1: Float, y1: Float, x2: Float, y2: Float) -> Int {
    writer.object(
      TypeKey.cubicEaseInterpolator,
      [
        (PropertyKey.cubicInterpolatorX1, .float(x1)),
        (PropertyKey.cubicInterpolatorY1, .float(y1)),
        (PropertyKey.cubicInterpolatorX2, .float(x2)),
        (PropertyKey.cubicInterpolatorY2, .float(y2)),
      ])
    nextID += 1
    return nextID - 1
  }

  /// Adds a linear animation (fps 60) keying the given properties with double keyframes.
  public mutating func animation(
    name: String, duration: UInt32 = 60, loop: LoopMode = .oneShot, fps: UInt32 = 60,
    workArea: (start: UInt32, end: UInt32)? = nil,
    keys: [(
      object: Int, property: UInt16,
      frames: [(frame: UInt32, value: Float, interpolation: UInt32, interpolator: Int?)]
    )]
  ) {
    var properties: [(UInt16, RiveObjectWriter.Value)] = [
      (PropertyKey.animationName, .string(name)),
      (PropertyKey.linearAnimationFps, .uint(UInt64(fps))),
      (PropertyKey.linearAnimationDuration, .uint(UInt64(duration))),
      (PropertyKey.linearAnimationLoopValue, .uint(UInt64(loop.rawValue))),
    ]
    if let workArea {
      properties += [
        (PropertyKey.linearAnimationWorkStart, .uint(UInt64(workArea.start))),
        (PropertyKey.linearAnimationWorkEnd, .uint(UInt64(workArea.end))),
        (PropertyKey.linearAnimationEnableWorkArea, .bool(true)),
      ]
    }
    writer.object(TypeKey.linearAnimation, properties)
    for key in keys {
      keyed(key.object, key.property)
      for frame in key.frames {
        var values: [(UInt16, RiveObjectWriter.Value)] = [
          (PropertyKey.keyFrameFrame, .uint(UInt64(frame.frame))),
          (PropertyKey.keyFrameDoubleValue, .float(frame.value)),
          (PropertyKey.interpolatingKeyFrameInterpolationType, .uint(UInt64(frame.interpolation))),
        ]
        if let interpolator = frame.interpolator {
          values.append(
            (PropertyKey.interpolatingKeyFrameInterpolatorId, .uint(UInt64(interpolator))))
        }
        writer.object(TypeKey.keyFrameDouble, values)
      }
    }
  }

  /// Adds a linear animation (fps 60) keying id properties (a run's style, …) with id
  /// keyframes: each holds its value from its frame on.
  public mutating func idAnimation(
    name: String, duration: UInt32 = 60,
    keys: [(object: Int, property: UInt16, frames: [(frame: UInt32, value: UInt32)])]
  ) {
    // The missing id is the value's default: left out, as the editor writes it.
    heldAnimation(name: name, duration: duration, keys: keys, type: TypeKey.keyFrameId) {
      $0 == UInt32.max ? [] : [(PropertyKey.keyFrameIdValue, .uint(UInt64($0)))]
    }
  }

  /// Adds a linear animation (fps 60) keying string properties (a run's text, …) with string
  /// keyframes: each holds its value from its frame on.
  public mutating func stringAnimation(
    name: String, duration: UInt32 = 60,
    keys: [(object: Int, property: UInt16, frames: [(frame: UInt32, value: String)])]
  ) {
    heldAnimation(name: name, duration: duration, keys: keys, type: TypeKey.keyFrameString) {
      [(PropertyKey.keyFrameStringValue, .string($0))]
    }
  }

  /// A linear animation whose keyframes of type `type` hold their values: each keyframe its
  /// frame, then what `value` writes for its value.
  private mutating func heldAnimation<Value>(
    name: String, duration: UInt32,
    keys: [(object: Int, property: UInt16, frames: [(frame: UInt32, value: Value)])],
    type: UInt32, value: (Value) -> [(UInt16, RiveObjectWriter.Value)]
  ) {
    heldAnimation(name: name, duration: duration)
    for key in keys {
      keyed(key.object, key.property)
      for frame in key.frames {
        writer.object(
          type, [(PropertyKey.keyFrameFrame, .uint(UInt64(frame.frame)))] + value(frame.value))
      }
    }
  }

  /// Starts a linear animation at 60 fps whose keyframes hold their values (ids, strings).
  private mutating func heldAnimation(name: String, duration: UInt32) {
    writer.object(
      TypeKey.linearAnimation,
      [
        (PropertyKey.animationName, .string(name)),
        (PropertyKey.linearAnimationFps, .uint(60)),
        (PropertyKey.linearAnimationDuration, .uint(UInt64(duration))),
      ])
  }

  /// Starts the keyframes of `property` of `object` in the animation being written.
  private mutating func keyed(_ object: Int, _ property: UInt16) {
    writer.object(TypeKey.keyedObject, [(PropertyKey.keyedObjectObjectId, .uint(UInt64(object)))])
    writer.object(
      TypeKey.keyedProperty, [(PropertyKey.keyedPropertyPropertyKey, .uint(UInt64(property)))])
  }

  /// Adds a keyed callback (an event keyframe) to the animation being written.
  public mutating func eventKeyframes(event: Int, frames: [UInt32]) {
    keyed(event, CallbackKey.eventTrigger)
    for frame in frames {
      writer.object(TypeKey.keyFrameCallback, [(PropertyKey.keyFrameFrame, .uint(UInt64(frame)))])
    }
  }

  public var data: Data { Data(writer.bytes) }

  public func file() throws -> RuntimeFile { try RuntimeFile(data: data) }
}

/// Writes one state machine: inputs, then one layer with entry/any/exit and animation states.
public enum MachineWriter {
  public enum Input: Sendable {
    case bool(String, Bool)
    case number(String, Float)
    case trigger(String)
  }

  public struct Transition: Sendable {
    public var to: Int
    public var flags: UInt32
    public var duration: UInt32
    public var exitTime: UInt32
    public var conditions: [Condition]

    public init(
      to: Int, flags: UInt32 = 0, duration: UInt32 = 0, exitTime: UInt32 = 0,
      conditions: [Condition] = []
    ) {
      self.to = to
      self.flags = flags
      self.duration = duration
      self.exitTime = exitTime
      self.conditions = conditions
    }
  }

  public enum Condition: Sendable {
    case bool(input: Int, op: UInt32)
    case number(input: Int, op: UInt32, value: Float)
    case trigger(input: Int)
  }

  public enum State: Sendable {
    case entry([Transition])
    /// An entry state that takes one of its allowed transitions at random (weighed by their
    /// random weights, 1 each unless set).
    case randomEntry([Transition])
    case any([Transition])
    case exit
    /// An animation state; `speed` is the state's own speed (written only when not 1).
    case animation(
      Int, [Transition], fireAtStart: [Int] = [], fireAtEnd: [Int] = [], speed: Float = 1)
  }

  public static func write(
    into fixture: inout RuntimeFixture, name: String = "Machine", inputs: [Input],
    layers: [[State]]
  ) {
    fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string(name))])
    for input in inputs {
      switch input {
      case .bool(let name, let value):
        fixture.object(
          TypeKey.stateMachineBool,
          [
            (PropertyKey.stateMachineComponentName, .string(name)),
            (PropertyKey.stateMachineBoolValue, .bool(value)),
          ])
      case .number(let name, let value):
        fixture.object(
          TypeKey.stateMachineNumber,
          [
            (PropertyKey.stateMachineComponentName, .string(name)),
            (PropertyKey.stateMachineNumberValue, .float(value)),
          ])
      case .trigger(let name):
        fixture.object(
          TypeKey.stateMachineTrigger, [(PropertyKey.stateMachineComponentName, .string(name))])
      }
    }
    for (layerIndex, states) in layers.enumerated() {
      fixture.object(
        TypeKey.stateMachineLayer,
        [(PropertyKey.stateMachineComponentName, .string("Layer \(layerIndex)"))])
      for state in states {
        var transitions: [Transition] = []
        switch state {
        case .entry(let list):
          fixture.object(TypeKey.entryState)
          transitions = list
        case .randomEntry(let list):
          fixture.object(TypeKey.entryState, [(PropertyKey.layerStateFlags, .uint(1))])
          transitions = list
        case .any(let list):
          fixture.object(TypeKey.anyState)
          transitions = list
        case .exit:
          fixture.object(TypeKey.exitState)
        case .animation(let animation, let list, let fireAtStart, let fireAtEnd, let speed):
          var properties: [(UInt16, RiveObjectWriter.Value)] = [
            (PropertyKey.animationStateAnimationId, .uint(UInt64(animation)))
          ]
          if speed != 1 { properties.append((PropertyKey.advanceableStateSpeed, .float(speed))) }
          fixture.object(TypeKey.animationState, properties)
          for event in fireAtStart {
            fixture.object(
              TypeKey.stateMachineFireEvent,
              [
                (PropertyKey.stateMachineFireEventEventId, .uint(UInt64(event))),
                (PropertyKey.stateMachineFireActionOccursValue, .uint(0)),
              ])
          }
          for event in fireAtEnd {
            fixture.object(
              TypeKey.stateMachineFireEvent,
              [
                (PropertyKey.stateMachineFireEventEventId, .uint(UInt64(event))),
                (PropertyKey.stateMachineFireActionOccursValue, .uint(1)),
              ])
          }
          transitions = list
        }
        for transition in transitions {
          fixture.object(
            TypeKey.stateTransition,
            [
              (PropertyKey.stateTransitionStateToId, .uint(UInt64(transition.to))),
              (PropertyKey.stateTransitionFlags, .uint(UInt64(transition.flags))),
              (PropertyKey.stateTransitionDuration, .uint(UInt64(transition.duration))),
              (PropertyKey.stateTransitionExitTime, .uint(UInt64(transition.exitTime))),
            ])
          for condition in transition.conditions {
            switch condition {
            case .bool(let input, let op):
              fixture.object(
                TypeKey.transitionBoolCondition,
                [
                  (PropertyKey.transitionInputConditionInputId, .uint(UInt64(input))),
                  (PropertyKey.transitionValueConditionOpValue, .uint(UInt64(op))),
                ])
            case .number(let input, let op, let value):
              fixture.object(
                TypeKey.transitionNumberCondition,
                [
                  (PropertyKey.transitionInputConditionInputId, .uint(UInt64(input))),
                  (PropertyKey.transitionValueConditionOpValue, .uint(UInt64(op))),
                  (PropertyKey.transitionNumberConditionValue, .float(value)),
                ])
            case .trigger(let input):
              fixture.object(
                TypeKey.transitionTriggerCondition,
                [(PropertyKey.transitionInputConditionInputId, .uint(UInt64(input)))])
            }
          }
        }
      }
    }
  }
}

/// Geometry: shapes, paints and parametric paths.
extension RuntimeFixture {
  /// Adds a shape at (`x`, `y`) under `parent`; returns its id.
  @discardableResult
  public mutating func shape(parent: Int = 0, x: Float = 0, y: Float = 0) -> Int {
    component(
      TypeKey.shape, parent: parent,
      [(PropertyKey.nodeX, .float(x)), (PropertyKey.nodeY, .float(y))])
  }

  /// Adds a solid fill (with its colour) to `shape`; returns the fill's id.
  @discardableResult
  public mutating func fill(_ shape: Int, color: UInt32 = 0xFF11_2233, rule: UInt64 = 0) -> Int {
    let fill = component(TypeKey.fill, parent: shape, [(PropertyKey.fillFillRule, .uint(rule))])
    component(TypeKey.solidColor, parent: fill, [(PropertyKey.solidColorColorValue, .color(color))])
    return fill
  }

  /// Adds a solid stroke to `shape`; returns the stroke's id.
  @discardableResult
  public mutating func stroke(
    _ shape: Int, thickness: Float = 2, color: UInt32 = 0xFF00_00FF,
    transformAffectsStroke: Bool = true
  ) -> Int {
    let stroke = component(
      TypeKey.stroke, parent: shape,
      [
        (PropertyKey.strokeThickness, .float(thickness)),
        (PropertyKey.strokeTransformAffectsStroke, .bool(transformAffectsStroke)),
      ])
    component(
      TypeKey.solidColor, parent: stroke, [(PropertyKey.solidColorColorValue, .color(color))])
    return stroke
  }

  /// Adds a parametric path of `type` with a size and origin.
  @discardableResult
  public mutating func parametric(
    _ type: UInt32, parent: Int, width: Float, height: Float, originX: Float = 0.5,
    originY: Float = 0.5, _ extra: [(UInt16, RiveObjectWriter.Value)] = []
  ) -> Int {
    component(
      type, parent: parent,
      [
        (PropertyKey.parametricPathWidth, .float(width)),
        (PropertyKey.parametricPathHeight, .float(height)),
        (PropertyKey.parametricPathOriginX, .float(originX)),
        (PropertyKey.parametricPathOriginY, .float(originY)),
      ] + extra)
  }
}

/// Listener actions a test writes.
public enum ListenerActionSpec: Sendable {
  /// Sets boolean input `input` to false (0), true (1) or its opposite (2).
  case setBool(input: Int, value: UInt32)
  case setNumber(input: Int, value: Float)
  case fire(input: Int)
  case reportEvent(Int)
}

extension RuntimeFixture {
  /// Adds a pointer listener of `type` (enter 0, exit 1, down 2, up 3, move 4, click 6) on
  /// `target` to the state machine being written.
  public mutating func listener(target: Int, type: UInt32, actions: [ListenerActionSpec]) {
    object(
      TypeKey.stateMachineListenerSingle,
      [
        (PropertyKey.stateMachineListenerTargetId, .uint(UInt64(target))),
        (PropertyKey.stateMachineListenerSingleListenerTypeValue, .uint(UInt64(type))),
      ])
    for action in actions {
      switch action {
      case .setBool(let input, let value):
        object(
          TypeKey.listenerBoolChange,
          [
            (PropertyKey.listenerInputChangeInputId, .uint(UInt64(input))),
            (PropertyKey.listenerBoolChangeValue, .uint(UInt64(value))),
          ])
      case .setNumber(let input, let value):
        object(
          TypeKey.listenerNumberChange,
          [
            (PropertyKey.listenerInputChangeInputId, .uint(UInt64(input))),
            (PropertyKey.listenerNumberChangeValue, .float(value)),
          ])
      case .fire(let input):
        object(
          TypeKey.listenerTriggerChange,
          [(PropertyKey.listenerInputChangeInputId, .uint(UInt64(input)))])
      case .reportEvent(let event):
        object(
          TypeKey.listenerFireEvent, [(PropertyKey.listenerFireEventEventId, .uint(UInt64(event)))])
      }
    }
  }
}
