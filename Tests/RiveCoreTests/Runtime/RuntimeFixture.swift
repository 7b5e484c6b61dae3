import Foundation

@testable import RiveCore

/// Builds small `.riv` files for runtime tests with the package's own writer: one artboard,
/// its components (ids counted as they are added), animations and state machines.
struct RuntimeFixture {
  private(set) var writer = RiveObjectWriter()
  /// The next component id of the current artboard (the artboard itself is 0).
  private(set) var nextID = 0

  init(artboardWidth: Float = 100, artboardHeight: Float = 100) {
    writer.object(TypeKey.backboard)
    artboard(width: artboardWidth, height: artboardHeight)
  }

  /// Starts a new artboard; component ids restart at 0.
  mutating func artboard(name: String = "Artboard", width: Float = 100, height: Float = 100) {
    writer.object(
      TypeKey.artboard,
      [
        (PropertyKey.componentName, .string(name)),
        (PropertyKey.layoutComponentWidth, .float(width)),
        (PropertyKey.layoutComponentHeight, .float(height)),
      ])
    nextID = 1
  }

  /// Adds a component; returns its id.
  @discardableResult
  mutating func component(
    _ type: UInt32, parent: Int = 0, _ properties: [(UInt16, RiveObjectWriter.Value)] = []
  ) -> Int {
    writer.object(type, [(PropertyKey.componentParentId, .uint(UInt64(parent)))] + properties)
    nextID += 1
    return nextID - 1
  }

  /// Adds an object that is not an artboard component (animation parts, machine parts).
  mutating func object(_ type: UInt32, _ properties: [(UInt16, RiveObjectWriter.Value)] = []) {
    writer.object(type, properties)
  }

  /// Adds an interpolator component; returns its id.
  mutating func cubicEase(x1: Float, y1: Float, x2: Float, y2: Float) -> Int {
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
  mutating func animation(
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
      writer.object(
        TypeKey.keyedObject, [(PropertyKey.keyedObjectObjectId, .uint(UInt64(key.object)))])
      writer.object(
        TypeKey.keyedProperty, [(PropertyKey.keyedPropertyPropertyKey, .uint(UInt64(key.property)))]
      )
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

  /// Adds a keyed callback (an event keyframe) to the animation being written.
  mutating func eventKeyframes(event: Int, frames: [UInt32]) {
    writer.object(TypeKey.keyedObject, [(PropertyKey.keyedObjectObjectId, .uint(UInt64(event)))])
    writer.object(
      TypeKey.keyedProperty,
      [(PropertyKey.keyedPropertyPropertyKey, .uint(UInt64(CallbackKey.eventTrigger)))])
    for frame in frames {
      writer.object(TypeKey.keyFrameCallback, [(PropertyKey.keyFrameFrame, .uint(UInt64(frame)))])
    }
  }

  var data: Data { Data(writer.bytes) }

  func file() throws -> RuntimeFile { try RuntimeFile(data: data) }
}

/// Writes one state machine: inputs, then one layer with entry/any/exit and animation states.
struct MachineWriter {
  enum Input {
    case bool(String, Bool)
    case number(String, Float)
    case trigger(String)
  }

  struct Transition {
    var to: Int
    var flags: UInt32 = 0
    var duration: UInt32 = 0
    var exitTime: UInt32 = 0
    var conditions: [Condition] = []
  }

  enum Condition {
    case bool(input: Int, op: UInt32)
    case number(input: Int, op: UInt32, value: Float)
    case trigger(input: Int)
  }

  enum State {
    case entry([Transition])
    case any([Transition])
    case exit
    case animation(Int, [Transition], fireAtStart: [Int] = [], fireAtEnd: [Int] = [])
  }

  static func write(
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
        case .any(let list):
          fixture.object(TypeKey.anyState)
          transitions = list
        case .exit:
          fixture.object(TypeKey.exitState)
        case .animation(let animation, let list, let fireAtStart, let fireAtEnd):
          fixture.object(
            TypeKey.animationState,
            [(PropertyKey.animationStateAnimationId, .uint(UInt64(animation)))])
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
