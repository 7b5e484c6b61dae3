import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// Linear animations, their keyed objects, properties and keyframes, and interpolators.
extension ModelBuilder {
  func interpolator(_ id: UInt32, artboard: PartialArtboard) -> Interpolator?? {
    if id == UInt32.max { return .some(nil) }
    let target = Int(id)
    guard target < artboard.components.count, artboard.components[target] >= 0,
      isA(artboard, target, TypeKey.keyFrameInterpolator)
    else { return nil }
    return .some(makeInterpolator(record: artboard.components[target]))
  }

  func makeInterpolator(record: Int) -> Interpolator? {
    ModelBuilder.makeInterpolator(record: record, stream: stream)
  }

  /// The interpolator object `record` of `stream` describes (static, so a caller without a
  /// builder need not make one: making one copied the stream, retaining its arrays).
  static func makeInterpolator(record: Int, stream: ObjectStream) -> Interpolator? {
    guard let type = stream.records[record].typeKey else { return nil }
    switch UInt32(type) {
    case TypeKey.cubicEaseInterpolator:
      return .cubicEase(
        CubicCurve(
          x1: stream.float(record, Slot.cubicInterpolatorX1),
          x2: stream.float(record, Slot.cubicInterpolatorX2)),
        y1: stream.float(record, Slot.cubicInterpolatorY1),
        y2: stream.float(record, Slot.cubicInterpolatorY2))
    case TypeKey.cubicValueInterpolator:
      return .cubicValue(
        CubicCurve(
          x1: stream.float(record, Slot.cubicInterpolatorX1),
          x2: stream.float(record, Slot.cubicInterpolatorX2)),
        y1: stream.float(record, Slot.cubicInterpolatorY1),
        y2: stream.float(record, Slot.cubicInterpolatorY2))
    case TypeKey.elasticInterpolator:
      return .elastic(
        ElasticCurve(
          easing: ElasticCurve.Easing(
            rawValue: stream.uint(record, Slot.elasticInterpolatorEasingValue)) ?? .easeOut,
          amplitude: stream.float(record, Slot.elasticInterpolatorAmplitude),
          period: stream.float(record, Slot.elasticInterpolatorPeriod)))
    default:
      return nil
    }
  }

  func animation(_ record: Int, artboard: PartialArtboard, strings: inout [String])
    -> LinearAnimationModel
  {
    let fps = stream.uint(record, Slot.linearAnimationFps)
    // Collected flat: objects hold ranges of properties, properties ranges of keyframes.
    var keyedObjects: [LinearAnimationModel.KeyedObject] = []
    var properties: [LinearAnimationModel.KeyedProperty] = []
    var frames: [KeyFrame] = []
    // Room for everything the animation holds, counted first (each array then allocates once).
    var propertyCount = 0
    var frameCount = 0
    // (Children read by position throughout: see `ObjectGraph.childPositions(_:)`. And through
    // `shared` each time: a local copy of the graph retained every one of its arrays.)
    for keyedPosition in shared.graph.childPositions(record) {
      let keyedRecord = shared.graph.child(at: keyedPosition)
      guard keyedRecord >= 0 else { continue }
      for propertyPosition in shared.graph.childPositions(keyedRecord) {
        let propertyRecord = shared.graph.child(at: propertyPosition)
        guard propertyRecord >= 0 else { continue }
        propertyCount += 1
        frameCount += shared.graph.childPositions(propertyRecord).count
      }
    }
    keyedObjects.reserveCapacity(shared.graph.childPositions(record).count)
    properties.reserveCapacity(propertyCount)
    frames.reserveCapacity(frameCount)
    let hasKeyFrameBinds = !shared.graph.keyFrameBinds.isEmpty
    for keyedPosition in shared.graph.childPositions(record) {
      let keyedRecord = shared.graph.child(at: keyedPosition)
      guard keyedRecord >= 0 else { continue }
      let objectID = Int(stream.uint(keyedRecord, Slot.keyedObjectObjectId))
      guard objectID < artboard.components.count, artboard.components[objectID] >= 0 else {
        continue
      }
      let objectType = artboard.types[objectID]
      let firstProperty = properties.count
      let firstFrameOfObject = frames.count
      var failed = false
      for propertyPosition in shared.graph.childPositions(keyedRecord) {
        let propertyRecord = shared.graph.child(at: propertyPosition)
        guard propertyRecord >= 0 else { continue }
        let key = UInt16(
          truncatingIfNeeded: stream.uint(propertyRecord, Slot.keyedPropertyPropertyKey))
        guard
          table.supports(type: objectType, key: key)
            || RuntimeFile.colorChannelHostOffset(type: objectType, key: key) != nil
        else { continue }
        let firstFrame = frames.count
        var kind: KeyFrameKind = .callback
        for framePosition in shared.graph.childPositions(propertyRecord) {
          let frameRecord = shared.graph.child(at: framePosition)
          guard frameRecord >= 0, let frameType = stream.records[frameRecord].typeKey else {
            continue
          }
          let frame = stream.uint(frameRecord, Slot.keyFrameFrame)
          var value: UInt32 = 0
          var interpolationType: UInt32 = 0
          var easing: Interpolator?
          switch UInt32(frameType) {
          case TypeKey.keyFrameDouble:
            kind = .double
            value = stream.uint(frameRecord, Slot.keyFrameDoubleValue)
          case TypeKey.keyFrameColor:
            kind = .color
            value = stream.uint(frameRecord, Slot.keyFrameColorValue)
          case TypeKey.keyFrameBool:
            kind = .bool
            value = stream.uint(frameRecord, Slot.keyFrameBoolValue)
          case TypeKey.keyFrameId:
            kind = .id
            value = stream.uint(frameRecord, Slot.keyFrameIdValue)
          case TypeKey.keyFrameUint:
            kind = .uint
            value = stream.uint(frameRecord, Slot.keyFrameUintValue)
          case TypeKey.keyFrameInt:
            kind = .int
            value = stream.uint(frameRecord, Slot.keyFrameIntValue)
          case TypeKey.keyFrameString:
            kind = .string
            value = UInt32(strings.count)
            strings.append(stream.string(frameRecord, Slot.keyFrameStringValue))
          default:
            kind = .callback
          }
          if table.isA(frameType, UInt16(TypeKey.interpolatingKeyFrame)) {
            interpolationType = stream.uint(
              frameRecord, Slot.interpolatingKeyFrameInterpolationType)
            let id = stream.uint(frameRecord, Slot.interpolatingKeyFrameInterpolatorId)
            guard let resolved = interpolator(id, artboard: artboard) else {
              failed = true
              break
            }
            easing = resolved
          }
          frames.append(
            KeyFrame(
              frame: frame, seconds: Float(frame) / Float(fps), value: value,
              interpolationType: interpolationType, interpolator: easing,
              bindRecord: hasKeyFrameBinds
                ? Int32(shared.graph.keyFrameBinds[frameRecord] ?? -1) : -1))
        }
        if failed { break }
        properties.append(
          LinearAnimationModel.KeyedProperty(
            propertyKey: key,
            slotOffset: table.slotOffset(type: objectType, key: key)
              ?? RuntimeFile.colorChannelHostOffset(type: objectType, key: key),
            kind: table.isCallback(key) ? .callback : kind, frames: firstFrame..<frames.count))
      }
      if failed {
        // The object is dropped with everything collected for it.
        properties.removeSubrange(firstProperty...)
        frames.removeSubrange(firstFrameOfObject...)
        continue
      }
      keyedObjects.append(
        LinearAnimationModel.KeyedObject(
          objectID: objectID, properties: firstProperty..<properties.count))
    }
    return LinearAnimationModel(
      name: stream.string(record, Slot.animationName), fps: fps,
      duration: stream.uint(record, Slot.linearAnimationDuration),
      speed: stream.float(record, Slot.linearAnimationSpeed),
      loop: LoopMode(rawValue: stream.uint(record, Slot.linearAnimationLoopValue)) ?? .oneShot,
      workStart: stream.uint(record, Slot.linearAnimationWorkStart),
      workEnd: stream.uint(record, Slot.linearAnimationWorkEnd),
      enableWorkArea: stream.bool(record, Slot.linearAnimationEnableWorkArea),
      quantize: stream.bool(record, Slot.linearAnimationQuantize),
      keyedObjects: consume keyedObjects, keyedProperties: consume properties,
      keyFrames: consume frames)
  }
}
