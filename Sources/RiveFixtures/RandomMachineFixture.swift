import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// Seeded random files for differential tests of the state-machine runtime: shapes keyed by
/// animations of every loop mode, speed, work area and interpolation, and a state machine of
/// animation states, 1D blend states (resetting or not) and direct blend states (mixed by a
/// constant or by an input), with transitions of every flag (durations in time or percent,
/// exit times, pause on exit, early exit, random weights, eased mixes), conditions on every
/// kind of input, any-state transitions that re-enter states, and events fired by states,
/// transitions and keyframes.
///
/// The same seed always writes the same bytes. The files are meant to be played by the
/// package's runtime and by the official runtime and compared; nothing about them is chosen
/// to make the two agree.
public enum RandomMachineFixture {
  /// What the files may contain beyond shapes, animations and the machine's states and
  /// transitions.
  public struct Features: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A nested artboard with its own machine, keyed nested inputs and host listeners on it.
    public static let nested = Features(rawValue: 1)
    /// Listener actions of states and transitions, and listeners on reported events.
    public static let listenerActions = Features(rawValue: 2)
    /// Custom number, string and boolean properties and text runs, keyed.
    public static let customProperties = Features(rawValue: 4)
    /// A view model (a string, a number, a boolean) bound to the artboard: a text run's text,
    /// a shape's y and opacity bound to it, keyed too; a 1D blend state on its number.
    public static let dataBinding = Features(rawValue: 8)
    /// The nested artboard (with ``nested``) also plays the child's first animation through a
    /// remapped animation (its time and mix keyed) and a simple animation (its speed and mix
    /// keyed).
    public static let nestedAnimations = Features(rawValue: 16)
    /// Animation states with a speed of their own, negative ones among them (a state playing
    /// backwards starts at its animation's end).
    public static let stateSpeeds = Features(rawValue: 32)
    /// Listener actions (with ``listenerActions`` and ``nested``) that set the nested artboard's
    /// inputs instead of the host's.
    public static let nestedInputActions = Features(rawValue: 64)
    /// Everything.
    public static let all: Features = [
      .nested, .listenerActions, .customProperties, .dataBinding, .nestedAnimations,
      .stateSpeeds, .nestedInputActions,
    ]
  }

  /// The file for `seed`.
  ///
  /// - Parameters:
  ///   - seed: Any number.
  ///   - features: What the file may contain besides states and transitions.
  /// - Returns: The file's bytes.
  public static func data(seed: UInt64, features: Features = .all) -> Data {
    var generator = Generator(state: seed ^ 0x5EED_F00D, features: features)
    return generator.file()
  }

  private struct Generator {
    var state: UInt64
    let features: Features
    var fixture: RuntimeFixture
    /// The nested artboard's boolean, number and trigger inputs in the host, when it has one.
    var nestedInputs: (bool: Int, number: Int, trigger: Int)?

    init(state: UInt64, features: Features) {
      self.state = state
      self.features = features
      let binds = features.contains(.dataBinding)
      var strings = ["", "bound", "Ünïcødé"]
      let seed = state
      fixture = RuntimeFixture(
        artboardWidth: 200, artboardHeight: 200, viewModel: binds ? 0 : nil
      ) { writer in
        guard binds else { return }
        // View model 0: label (string), amount (number), flag (boolean), one instance.
        writer.object(TypeKey.viewModel, [(PropertyKey.viewModelComponentName, .string("Main"))])
        for (type, name) in [
          (TypeKey.viewModelPropertyString, "label"), (TypeKey.viewModelPropertyNumber, "amount"),
          (TypeKey.viewModelPropertyBoolean, "flag"),
        ] {
          writer.object(type, [(PropertyKey.viewModelComponentName, .string(name))])
        }
        writer.object(
          TypeKey.viewModelInstance,
          [
            (PropertyKey.viewModelInstanceViewModelId, .uint(0)),
            (PropertyKey.componentName, .string("Instance")),
          ])
        strings.append("seed \(seed % 97)")
        writer.object(
          TypeKey.viewModelInstanceString,
          [
            (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(0)),
            (PropertyKey.viewModelInstanceStringPropertyValue, .string(strings[Int(seed % 4)])),
          ])
        writer.object(
          TypeKey.viewModelInstanceNumber,
          [
            (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(1)),
            (PropertyKey.viewModelInstanceNumberPropertyValue, .float(Float(seed % 80))),
          ])
        writer.object(
          TypeKey.viewModelInstanceBoolean,
          [
            (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(2)),
            (PropertyKey.viewModelInstanceBooleanPropertyValue, .bool(seed % 2 == 0)),
          ])
      }
    }

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    /// A value in `range`, in steps of 1/16 (exact in binary, short in JSON).
    mutating func float(_ range: ClosedRange<Float>) -> Float {
      let unit = Float(next() >> 40) / Float(1 << 24)
      return ((range.lowerBound + (range.upperBound - range.lowerBound) * unit) * 16).rounded() / 16
    }

    /// A keyable property: its object, key and keyframe kind.
    struct Target {
      enum Kind { case double, color, string, bool, trigger }
      var object: Int
      var key: UInt16
      var kind: Kind
    }

    /// The nested artboard's components in the host, when the file has one.
    struct Nested {
      var component: Int
      var childEvents: [Int]
    }

    mutating func file() -> Data {
      let hasNested = features.contains(.nested) && chance(40)
      // The child's events are its first components (1, 2), so the host can name them.
      let childEvents = hasNested ? [1, 2] : []
      var targets: [Target] = []
      var nested: Nested?
      if hasNested {
        let component = fixture.component(
          TypeKey.nestedArtboard,
          [
            (PropertyKey.nestedArtboardArtboardId, .uint(1)),
            (PropertyKey.nodeX, .float(float(0...50))),
          ])
        let machine = fixture.component(
          TypeKey.nestedStateMachine, parent: component,
          [(PropertyKey.nestedAnimationAnimationId, .uint(0))])
        // The child's inputs: a boolean (0), a number (2) and a trigger (4).
        let bool = fixture.component(
          TypeKey.nestedBool, parent: machine, [(PropertyKey.nestedInputInputId, .uint(0))])
        let number = fixture.component(
          TypeKey.nestedNumber, parent: machine, [(PropertyKey.nestedInputInputId, .uint(2))])
        let trigger = fixture.component(
          TypeKey.nestedTrigger, parent: machine, [(PropertyKey.nestedInputInputId, .uint(4))])
        targets += [
          Target(object: bool, key: PropertyKey.nestedBoolNestedValue, kind: .bool),
          Target(object: number, key: PropertyKey.nestedNumberNestedValue, kind: .double),
          Target(object: trigger, key: CallbackKey.nestedTriggerFire, kind: .trigger),
        ]
        if features.contains(.nestedAnimations) {
          let remap = fixture.component(
            TypeKey.nestedRemapAnimation, parent: component,
            [
              (PropertyKey.nestedAnimationAnimationId, .uint(0)),
              (PropertyKey.nestedRemapAnimationTime, .float(float(0...1))),
            ])
          let simple = fixture.component(
            TypeKey.nestedSimpleAnimation, parent: component,
            [
              (PropertyKey.nestedAnimationAnimationId, .uint(0)),
              (PropertyKey.nestedSimpleAnimationIsPlaying, .bool(chance(70))),
            ])
          targets += [
            Target(object: remap, key: PropertyKey.nestedRemapAnimationTime, kind: .double),
            Target(object: remap, key: PropertyKey.nestedLinearAnimationMix, kind: .double),
            Target(object: simple, key: PropertyKey.nestedSimpleAnimationSpeed, kind: .double),
            Target(object: simple, key: PropertyKey.nestedLinearAnimationMix, kind: .double),
          ]
        }
        nested = Nested(component: component, childEvents: childEvents)
        nestedInputs = (bool, number, trigger)
      }
      content(targets: targets, nested: nested)
      if hasNested {
        // The child's own actions change its own inputs (it has no nested inputs).
        nestedInputs = nil
        fixture.artboard(name: "Child", width: 100, height: 100)
        for index in 0..<2 {
          fixture.component(TypeKey.event, [(PropertyKey.componentName, .string("child \(index)"))])
        }
        content(targets: [], nested: nil, events: childEvents)
      }
      return fixture.data
    }

    /// Shapes, events (unless given), animations and a machine for the artboard begun last.
    mutating func content(targets given: [Target], nested: Nested?, events known: [Int]? = nil) {
      var targets = given
      for _ in 0..<int(2...3) {
        let shape = fixture.shape(x: float(20...180), y: float(20...180))
        if features.contains(.dataBinding), chance(50) {
          fixture.bind(PropertyKey.nodeY, to: [0, 1])
        }
        fixture.parametric(
          TypeKey.rectangle, parent: shape, width: float(10...60), height: float(10...60))
        let fill = fixture.fill(shape, color: 0xFF00_0000 | UInt32(truncatingIfNeeded: next()))
        targets += [
          Target(object: shape, key: PropertyKey.nodeX, kind: .double),
          Target(object: shape, key: PropertyKey.nodeY, kind: .double),
          Target(object: shape, key: PropertyKey.transformComponentRotation, kind: .double),
          Target(object: shape, key: PropertyKey.transformComponentScaleX, kind: .double),
          Target(object: shape, key: PropertyKey.worldTransformComponentOpacity, kind: .double),
          // The solid colour is the component written right after the fill.
          Target(object: fill + 1, key: PropertyKey.solidColorColorValue, kind: .color),
        ]
        if features.contains(.customProperties), chance(40) {
          let number = fixture.component(
            TypeKey.customPropertyNumber, parent: shape,
            [(PropertyKey.customPropertyNumberPropertyValue, .float(float(0...10)))])
          let text = fixture.component(
            TypeKey.customPropertyString, parent: shape,
            [(PropertyKey.customPropertyStringPropertyValue, .string("authored"))])
          let flag = fixture.component(TypeKey.customPropertyBoolean, parent: shape)
          // A text run (text is never shaped here nor in the reference runtime; its string
          // is what is keyed).
          let paragraph = fixture.component(TypeKey.text, parent: shape)
          let style = fixture.component(TypeKey.textStylePaint, parent: paragraph)
          let run = fixture.component(
            TypeKey.textValueRun, parent: paragraph,
            [
              (PropertyKey.textValueRunStyleId, .uint(UInt64(style))),
              (PropertyKey.textValueRunText, .string("run")),
            ])
          if features.contains(.dataBinding), chance(70) {
            fixture.bind(PropertyKey.textValueRunText, to: [0, 0])
          }
          targets.append(Target(object: run, key: PropertyKey.textValueRunText, kind: .string))
          targets += [
            Target(
              object: number, key: PropertyKey.customPropertyNumberPropertyValue, kind: .double),
            Target(object: text, key: PropertyKey.customPropertyStringPropertyValue, kind: .string),
            Target(object: flag, key: PropertyKey.customPropertyBooleanPropertyValue, kind: .bool),
          ]
        }
      }
      let events =
        known
        ?? (0..<int(1...2)).map { index in
          fixture.component(TypeKey.event, [(PropertyKey.componentName, .string("event \(index)"))])
        }
      let easings = (0..<2).map { _ in
        fixture.cubicEase(x1: float(0...1), y1: float(-1...2), x2: float(0...1), y2: float(-1...2))
      }
      let animationCount = int(2...5)
      for index in 0..<animationCount {
        animation(index, targets: targets, events: events, easings: easings)
      }
      machine(animations: animationCount, events: events, easings: easings, nested: nested)
    }

    mutating func animation(_ index: Int, targets: [Target], events: [Int], easings: [Int]) {
      let fps = UInt64(pick([60, 30, 24]))
      let duration = UInt64(int(6...90))
      var properties: [(UInt16, RiveObjectWriter.Value)] = [
        (PropertyKey.animationName, .string("animation \(index)")),
        (PropertyKey.linearAnimationFps, .uint(fps)),
        (PropertyKey.linearAnimationDuration, .uint(duration)),
        (PropertyKey.linearAnimationLoopValue, .uint(UInt64(int(0...2)))),
        (PropertyKey.linearAnimationSpeed, .float(pick([1, 1, 1, 0.5, 2, -1]))),
      ]
      if chance(20) {
        let start = UInt64(int(0...Int(duration / 2)))
        properties += [
          (PropertyKey.linearAnimationWorkStart, .uint(start)),
          (PropertyKey.linearAnimationWorkEnd, .uint(start + UInt64(int(2...Int(duration))))),
          (PropertyKey.linearAnimationEnableWorkArea, .bool(true)),
        ]
      }
      fixture.object(TypeKey.linearAnimation, properties)
      var used = Set<Int>()
      for _ in 0..<int(1...4) {
        let position = int(0...(targets.count - 1))
        guard used.insert(position).inserted else { continue }
        let target = targets[position]
        fixture.object(
          TypeKey.keyedObject, [(PropertyKey.keyedObjectObjectId, .uint(UInt64(target.object)))])
        fixture.object(
          TypeKey.keyedProperty, [(PropertyKey.keyedPropertyPropertyKey, .uint(UInt64(target.key)))]
        )
        var frame = 0
        for _ in 0..<int(1...4) {
          let interpolation = UInt64(int(0...2))
          var values: [(UInt16, RiveObjectWriter.Value)] = [
            (PropertyKey.keyFrameFrame, .uint(UInt64(frame))),
            (PropertyKey.interpolatingKeyFrameInterpolationType, .uint(interpolation)),
          ]
          if interpolation == 2 {
            values.append(
              (PropertyKey.interpolatingKeyFrameInterpolatorId, .uint(UInt64(pick(easings)))))
          }
          switch target.kind {
          case .color:
            values.append(
              (PropertyKey.keyFrameColorValue, .color(UInt32(truncatingIfNeeded: next()))))
            fixture.object(TypeKey.keyFrameColor, values)
          case .double:
            values.append((PropertyKey.keyFrameDoubleValue, .float(value(for: target.key))))
            fixture.object(TypeKey.keyFrameDouble, values)
          case .string:
            values.append((PropertyKey.keyFrameStringValue, .string(pick(["a", "bb", "", "ccc"]))))
            fixture.object(TypeKey.keyFrameString, values)
          case .bool:
            values.append((PropertyKey.keyFrameBoolValue, .bool(chance(50))))
            fixture.object(TypeKey.keyFrameBool, values)
          case .trigger:
            fixture.object(
              TypeKey.keyFrameCallback, [(PropertyKey.keyFrameFrame, .uint(UInt64(frame)))])
          }
          frame += int(1...Int(duration))
        }
      }
      if chance(40), let event = events.first {
        fixture.eventKeyframes(event: event, frames: [UInt32(int(0...Int(duration)))])
      }
    }

    mutating func value(for key: UInt16) -> Float {
      switch key {
      case PropertyKey.transformComponentRotation: float(-6...6)
      case PropertyKey.transformComponentScaleX: float(0...3)
      case PropertyKey.worldTransformComponentOpacity, PropertyKey.nestedRemapAnimationTime,
        PropertyKey.nestedLinearAnimationMix:
        float(0...100) / 100
      case PropertyKey.nestedSimpleAnimationSpeed: float(-2...2)
      default: float(0...200)
      }
    }

    enum StateKind { case animation, blend1D, blendDirect }

    mutating func machine(animations: Int, events: [Int], easings: [Int], nested: Nested?) {
      fixture.object(TypeKey.stateMachine, [(PropertyKey.animationName, .string("Machine"))])
      // Inputs: 0 bool, 1 number, 2 trigger, 3 bool, 4 number, 5 trigger (each kind twice).
      for (index, type) in [
        TypeKey.stateMachineBool, TypeKey.stateMachineNumber, TypeKey.stateMachineTrigger,
      ].enumerated() {
        for copy in 0..<2 {
          var properties: [(UInt16, RiveObjectWriter.Value)] = [
            (PropertyKey.stateMachineComponentName, .string("input \(index * 2 + copy)"))
          ]
          if type == TypeKey.stateMachineNumber {
            properties.append((PropertyKey.stateMachineNumberValue, .float(float(0...100))))
          } else if type == TypeKey.stateMachineBool {
            properties.append((PropertyKey.stateMachineBoolValue, .bool(chance(50))))
          }
          fixture.object(type, properties)
        }
      }
      // Written in kind order: bools 0, 1; numbers 2, 3; triggers 4, 5.
      let bools = [0, 1]
      let numbers = [2, 3]
      let triggers = [4, 5]
      for layer in 0..<int(1...2) {
        fixture.object(
          TypeKey.stateMachineLayer,
          [(PropertyKey.stateMachineComponentName, .string("layer \(layer)"))])
        let stateCount = int(2...5)
        let kinds: [StateKind] = (0..<stateCount).map { _ in
          pick([.animation, .animation, .blend1D, .blendDirect])
        }
        // Entry (0), any (1), exit (2), then the states (3…).
        fixture.object(TypeKey.entryState)
        transition(
          to: 3 + int(0...(stateCount - 1)), fromBlend: nil, stateCount: stateCount,
          bools: bools, numbers: numbers, triggers: triggers, easings: easings, conditions: false)
        fixture.object(TypeKey.anyState)
        for _ in 0..<int(0...2) {
          transition(
            to: 3 + int(0...(stateCount - 1)), fromBlend: nil, stateCount: stateCount,
            bools: bools, numbers: numbers, triggers: triggers, easings: easings,
            conditions: true)
        }
        fixture.object(TypeKey.exitState)
        for kind in kinds {
          let blendCount = state(kind, animations: animations, numbers: numbers, events: events)
          listenerActions(parentKind: 2, bools: bools, numbers: numbers, triggers: triggers)
          for _ in 0..<int(0...3) {
            let target = chance(10) ? 2 : 3 + int(0...(stateCount - 1))
            transition(
              to: target, fromBlend: kind == .animation ? nil : blendCount, stateCount: stateCount,
              bools: bools, numbers: numbers, triggers: triggers, easings: easings,
              conditions: chance(80))
          }
        }
      }
      // Listeners on reported events: the artboard's own, and the nested artboard's.
      var sources: [(target: Int, event: Int)] = events.map { (0, $0) }
      if let nested { sources += nested.childEvents.map { (nested.component, $0) } }
      for source in sources where features.contains(.listenerActions) && chance(60) {
        fixture.object(
          TypeKey.stateMachineListenerSingle,
          [
            (PropertyKey.stateMachineListenerTargetId, .uint(UInt64(source.target))),
            (PropertyKey.stateMachineListenerSingleListenerTypeValue, .uint(5)),
            (PropertyKey.stateMachineListenerSingleEventId, .uint(UInt64(source.event))),
          ])
        listenerActions(parentKind: 0, bools: bools, numbers: numbers, triggers: triggers)
      }
    }

    /// Input changes of a listener (parent kind 0), a transition (1) or a state (2); those of
    /// states and transitions run at the start or the end.
    mutating func listenerActions(parentKind: UInt64, bools: [Int], numbers: [Int], triggers: [Int])
    {
      guard features.contains(.listenerActions) else { return }
      let count = parentKind == 0 ? int(1...2) : (chance(25) ? 1 : 0)
      for _ in 0..<count {
        let flags = UInt64(int(0...1)) | parentKind << 1
        // The input changed: the host's, or (sometimes) the nested artboard's of that kind.
        let nested =
          features.contains(.nestedInputActions) && nestedInputs != nil && chance(30)
          ? nestedInputs : nil
        func input(_ own: Int, _ nestedInput: Int?) -> (UInt16, RiveObjectWriter.Value) {
          if let nestedInput {
            return (PropertyKey.listenerInputChangeNestedInputId, .uint(UInt64(nestedInput)))
          }
          return (PropertyKey.listenerInputChangeInputId, .uint(UInt64(own)))
        }
        switch int(0...2) {
        case 0:
          fixture.object(
            TypeKey.listenerBoolChange,
            [
              input(pick(bools), nested?.bool),
              (PropertyKey.listenerBoolChangeValue, .uint(UInt64(int(0...2)))),
              (PropertyKey.listenerActionFlags, .uint(flags)),
            ])
        case 1:
          fixture.object(
            TypeKey.listenerNumberChange,
            [
              input(pick(numbers), nested?.number),
              (PropertyKey.listenerNumberChangeValue, .float(float(0...100))),
              (PropertyKey.listenerActionFlags, .uint(flags)),
            ])
        default:
          fixture.object(
            TypeKey.listenerTriggerChange,
            [
              input(pick(triggers), nested?.trigger),
              (PropertyKey.listenerActionFlags, .uint(flags)),
            ])
        }
      }
    }

    /// Writes a state; returns how many blend animations it has (0 for an animation state).
    mutating func state(_ kind: StateKind, animations: Int, numbers: [Int], events: [Int]) -> Int {
      let flags = UInt64((chance(30) ? 2 : 0) | (chance(10) ? 1 : 0))
      var blends = 0
      switch kind {
      case .animation:
        var properties: [(UInt16, RiveObjectWriter.Value)] = [
          (PropertyKey.animationStateAnimationId, .uint(UInt64(int(0...(animations - 1))))),
          (PropertyKey.layerStateFlags, .uint(flags)),
        ]
        if features.contains(.stateSpeeds), chance(30) {
          let speed = pick([Float(-2), -1, -0.5, 0.5, 2])
          properties.append((PropertyKey.advanceableStateSpeed, .float(speed)))
        }
        fixture.object(TypeKey.animationState, properties)
      case .blend1D:
        fixture.object(
          TypeKey.blendState1DInput,
          [
            (PropertyKey.blendState1DInputInputId, .uint(UInt64(pick(numbers)))),
            (PropertyKey.layerStateFlags, .uint(flags)),
          ])
        blends = int(2...3)
        var value = float(0...40)
        for _ in 0..<blends {
          fixture.object(
            TypeKey.blendAnimation1D,
            [
              (PropertyKey.blendAnimationAnimationId, .uint(UInt64(int(0...(animations - 1))))),
              (PropertyKey.blendAnimation1DValue, .float(value)),
            ])
          value += float(0...60)
        }
      case .blendDirect:
        fixture.object(TypeKey.blendStateDirect, [(PropertyKey.layerStateFlags, .uint(flags))])
        blends = int(2...3)
        for _ in 0..<blends {
          let source = UInt64(int(0...1))
          fixture.object(
            TypeKey.blendAnimationDirect,
            [
              (PropertyKey.blendAnimationAnimationId, .uint(UInt64(int(0...(animations - 1))))),
              (PropertyKey.blendAnimationDirectBlendSource, .uint(source)),
              (PropertyKey.blendAnimationDirectInputId, .uint(UInt64(pick(numbers)))),
              (PropertyKey.blendAnimationDirectMixValue, .float(float(0...120))),
            ])
        }
      }
      if chance(30), let event = events.last {
        fixture.object(
          TypeKey.stateMachineFireEvent,
          [
            (PropertyKey.stateMachineFireEventEventId, .uint(UInt64(event))),
            (PropertyKey.stateMachineFireActionOccursValue, .uint(UInt64(int(0...1)))),
          ])
      }
      return blends
    }

    mutating func transition(
      to target: Int, fromBlend blends: Int?, stateCount: Int, bools: [Int], numbers: [Int],
      triggers: [Int], easings: [Int], conditions: Bool
    ) {
      // Disabled 1, duration in percent 2, exit time 4, exit time in percent 8, pause on
      // exit 16, early exit 32.
      var flags: UInt64 = 0
      if chance(5) { flags |= 1 }
      if chance(20) { flags |= 2 }
      if chance(40) { flags |= 4 }
      if chance(30) { flags |= 8 }
      if chance(25) { flags |= 16 }
      if chance(25) { flags |= 32 }
      let duration = UInt64(flags & 2 != 0 ? pick([0, 25, 50, 100]) : pick([0, 0, 100, 250, 500]))
      let exitTime = UInt64(flags & 8 != 0 ? pick([0, 50, 100, 150]) : pick([0, 200, 500, 1200]))
      var properties: [(UInt16, RiveObjectWriter.Value)] = [
        (PropertyKey.stateTransitionStateToId, .uint(UInt64(target))),
        (PropertyKey.stateTransitionFlags, .uint(flags)),
        (PropertyKey.stateTransitionDuration, .uint(duration)),
        (PropertyKey.stateTransitionExitTime, .uint(exitTime)),
      ]
      if chance(20) {
        properties += [
          (PropertyKey.stateTransitionInterpolationType, .uint(2)),
          (PropertyKey.stateTransitionInterpolatorId, .uint(UInt64(pick(easings)))),
        ]
      }
      if chance(10) {
        properties.append((PropertyKey.stateTransitionRandomWeight, .uint(UInt64(int(1...3)))))
      }
      if let blends {
        properties.append(
          (
            PropertyKey.blendStateTransitionExitBlendAnimationId,
            .uint(chance(50) ? UInt64(int(0...(blends - 1))) : UInt64(UInt32.max))
          ))
        fixture.object(TypeKey.blendStateTransition, properties)
      } else {
        fixture.object(TypeKey.stateTransition, properties)
      }
      listenerActions(parentKind: 1, bools: bools, numbers: numbers, triggers: triggers)
      guard conditions else { return }
      for _ in 0..<int(1...2) {
        switch int(0...2) {
        case 0:
          fixture.object(
            TypeKey.transitionBoolCondition,
            [
              (PropertyKey.transitionInputConditionInputId, .uint(UInt64(pick(bools)))),
              (PropertyKey.transitionValueConditionOpValue, .uint(UInt64(int(0...1)))),
            ])
        case 1:
          fixture.object(
            TypeKey.transitionNumberCondition,
            [
              (PropertyKey.transitionInputConditionInputId, .uint(UInt64(pick(numbers)))),
              (PropertyKey.transitionValueConditionOpValue, .uint(UInt64(int(0...5)))),
              (PropertyKey.transitionNumberConditionValue, .float(float(0...101))),
            ])
        default:
          fixture.object(
            TypeKey.transitionTriggerCondition,
            [(PropertyKey.transitionInputConditionInputId, .uint(UInt64(pick(triggers))))])
        }
      }
    }
  }
}
