import RiveFormat

/// How a linear animation plays past its end.
public enum LoopMode: UInt32, Sendable, Hashable {
  case oneShot = 0
  case loop = 1
  case pingPong = 2
}

/// A linear animation of an artboard: timing and the keyframes of every property it keys.
///
/// A class: every player of the animation (each state of each machine instance) refers to the
/// one model, so a player stays a few words that copy without copying the model's fields.
package final class LinearAnimationModel: Sendable {
  package let name: String
  package let fps: UInt32
  package let duration: UInt32
  package let speed: Float
  package let loop: LoopMode
  package let workStart: UInt32
  package let workEnd: UInt32
  package let enableWorkArea: Bool
  let quantize: Bool
  /// Keyed objects that resolved to an object of the artboard, in file order.
  let keyedObjects: [KeyedObject]
  /// Every keyed object's properties, object after object (see ``KeyedObject/properties``).
  let keyedProperties: [KeyedProperty]
  /// Every keyed property's keyframes, property after property (see ``KeyedProperty/frames``).
  ///
  /// Flat, so that objects and properties are plain data that copy without retaining
  /// anything: nested arrays made each property's apply retain and release its keyframes.
  let keyFrames: [KeyFrame]
  /// Whether any keyed property is a callback (events and nested triggers fired by keyframes):
  /// players look for crossed callbacks only then.
  let hasCallbacks: Bool

  init(
    name: String, fps: UInt32, duration: UInt32, speed: Float, loop: LoopMode, workStart: UInt32,
    workEnd: UInt32, enableWorkArea: Bool, quantize: Bool, keyedObjects: [KeyedObject] = [],
    keyedProperties: [KeyedProperty] = [], keyFrames: [KeyFrame] = []
  ) {
    self.name = name
    self.fps = fps
    self.duration = duration
    self.speed = speed
    self.loop = loop
    self.workStart = workStart
    self.workEnd = workEnd
    self.enableWorkArea = enableWorkArea
    self.quantize = quantize
    self.keyedObjects = keyedObjects
    self.keyedProperties = keyedProperties
    self.keyFrames = keyFrames
    hasCallbacks = keyedProperties.contains { $0.kind == .callback }
    startSeconds = (enableWorkArea ? Float(workStart) : 0) / Float(fps)
    endSeconds = Float(enableWorkArea ? workEnd : duration) / Float(fps)
    durationSeconds = abs(endSeconds - startSeconds)
  }

  /// One keyed object: the artboard-local object id and where its keyed properties are.
  struct KeyedObject: Sendable {
    var objectID: Int
    /// Positions in ``LinearAnimationModel/keyedProperties``.
    var properties: Range<Int>
  }

  /// One keyed property and where its keyframes are (in file order).
  struct KeyedProperty: Sendable {
    var propertyKey: UInt16
    /// The slot offset within the keyed object's layout (nil for callbacks).
    var slotOffset: Int?
    var kind: KeyFrameKind
    /// Positions in ``LinearAnimationModel/keyFrames``.
    var frames: Range<Int>
  }

  /// The keyed properties of `object`.
  func properties(of object: KeyedObject) -> ArraySlice<KeyedProperty> {
    keyedProperties[object.properties]
  }

  /// The keyframes of `property`.
  func frames(of property: KeyedProperty) -> ArraySlice<KeyFrame> { keyFrames[property.frames] }

  /// Where the (work area of the) animation starts and ends, in seconds: kept, not computed,
  /// because players ask several times a frame and each asking divided.
  let startSeconds: Float
  let endSeconds: Float
  /// Where playback starts for a positive (or zero) speed.
  var startTime: Float { speed >= 0 ? startSeconds : endSeconds }
  func startTime(multiplier: Float) -> Float { speed * multiplier >= 0 ? startSeconds : endSeconds }
  var endTime: Float { speed >= 0 ? endSeconds : startSeconds }
  let durationSeconds: Float
}

/// The value type a keyframe holds.
enum KeyFrameKind: Sendable {
  case double, color, bool, id, string, uint, int, callback
}

/// One keyframe: its time, value bits and easing.
struct KeyFrame: Sendable {
  var frame: UInt32
  var seconds: Float
  /// The value: float bits, colour, 0/1, id, uint, int bits, or an artboard string index.
  var value: UInt32
  /// 0 hold, 1 linear, 2 cubic (with `interpolator`).
  var interpolationType: UInt32
  var interpolator: Interpolator?
  /// The record of the data bind that gives this keyframe its value from a view model, or -1.
  var bindRecord: Int32 = -1
}

extension LinearAnimationModel {
  /// Keyframe `index` of `property`.
  @inline(__always)
  func frame(_ property: KeyedProperty, _ index: Int) -> KeyFrame {
    keyFrames[property.frames.lowerBound + index]
  }

  /// The index (within `property`'s keyframes) of the first keyframe at or after `seconds`
  /// (binary search as the official runtime does; `exactOffset` is added on an exact hit).
  func closestFrameIndex(_ property: KeyedProperty, _ seconds: Float, exactOffset: Int = 0) -> Int {
    let end = property.frames.count - 1
    if seconds > frame(property, end).seconds { return end + 1 }
    var start = 0
    var high = end
    while start <= high {
      let middle = (start + high) >> 1
      let candidate = frame(property, middle).seconds
      if candidate < seconds {
        start = middle + 1
      } else if candidate > seconds {
        high = middle - 1
      } else {
        return middle + exactOffset
      }
    }
    return start
  }
}

extension ArtboardModel {
  /// Every (object id, property key) pair any animation of the artboard keys, sorted.
  package var keyedPropertyPairs: [(id: Int, key: UInt16)] {
    var pairs = Set<Int>()
    for animation in animations {
      for object in animation.keyedObjects {
        for property in animation.properties(of: object) {
          pairs.insert(object.objectID << 16 | Int(property.propertyKey))
        }
      }
    }
    return pairs.sorted().map { (id: $0 >> 16, key: UInt16($0 & 0xFFFF)) }
  }
}
