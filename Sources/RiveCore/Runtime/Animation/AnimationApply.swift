import Foundation
@_spi(RiveFormatInternals) import RiveFormat

extension LinearAnimationModel {
  /// Applies the animation at `time` (seconds) with `mix` (0…1) to `artboard`.
  func apply(to artboard: inout ArtboardInstance, time: Float, mix: Float) {
    var time = time
    if quantize {
      let frames = Float(fps)
      time = (time * frames).rounded(.down) / frames
    }
    // Objects and properties are plain data (positions in flat arrays): reading them copies
    // nothing that needs retaining.
    for object in keyedObjects {
      let id = object.objectID
      guard artboard.typeKey(of: id) != nil else { continue }
      for position in object.properties {
        let property = keyedProperties[position]
        guard let offset = property.slotOffset, !property.frames.isEmpty else { continue }
        apply(property, to: &artboard, id: id, offset: offset, seconds: time, mix: mix)
      }
    }
  }

  /// Reports the callback keyframes crossed between two times (events fired by keyframes).
  /// Answered inline for the many animations without callbacks (players ask every frame).
  @inline(__always)
  func reportKeyedCallbacks(
    from secondsFrom: Float, to secondsTo: Float, speedDirection: Float, fromPong: Bool,
    into reports: inout [KeyedCallbackReport]
  ) {
    guard hasCallbacks else { return }
    reportCrossedCallbacks(
      from: secondsFrom, to: secondsTo, speedDirection: speedDirection, fromPong: fromPong,
      into: &reports)
  }

  @inline(never)
  private func reportCrossedCallbacks(
    from secondsFrom: Float, to secondsTo: Float, speedDirection: Float, fromPong: Bool,
    into reports: inout [KeyedCallbackReport]
  ) {
    let startingTime = startTime(multiplier: speedDirection)
    let isAtStartFrame = startingTime == secondsFrom
    if isAtStartFrame && fromPong { return }
    for object in keyedObjects {
      for position in object.properties where keyedProperties[position].kind == .callback {
        reportCallbacks(
          keyedProperties[position], objectID: object.objectID, from: secondsFrom, to: secondsTo,
          isAtStartFrame: isAtStartFrame, into: &reports)
      }
    }
  }
}

/// A callback keyframe that playback crossed: the object and property, and how long ago.
struct KeyedCallbackReport: Sendable {
  var objectID: Int
  var propertyKey: UInt16
  var elapsedSeconds: Float
}

extension LinearAnimationModel {
  func reportCallbacks(
    _ property: KeyedProperty, objectID: Int, from secondsFrom: Float, to secondsTo: Float,
    isAtStartFrame: Bool,
    into reports: inout [KeyedCallbackReport]
  ) {
    if secondsFrom == secondsTo || property.frames.isEmpty { return }
    let isForward = secondsFrom <= secondsTo
    var fromOffset = 0
    let toOffset = isForward ? 1 : 0
    if isForward {
      if !isAtStartFrame { fromOffset = 1 }
    } else if isAtStartFrame {
      fromOffset = 1
    }
    var index = closestFrameIndex(property, secondsFrom, exactOffset: fromOffset)
    var indexTo = closestFrameIndex(property, secondsTo, exactOffset: toOffset)
    if indexTo < index { swap(&index, &indexTo) }
    while indexTo > index {
      reports.append(
        KeyedCallbackReport(
          objectID: objectID, propertyKey: property.propertyKey,
          elapsedSeconds: secondsTo - frame(property, index).seconds))
      index += 1
    }
  }

  func apply(
    _ property: KeyedProperty, to artboard: inout ArtboardInstance, id: Int, offset: Int,
    seconds: Float, mix: Float
  ) {
    let index = closestFrameIndex(property, seconds)
    if index == 0 {
      applyFrame(property, 0, to: &artboard, id: id, offset: offset, mix: mix)
    } else if index < property.frames.count {
      let from = frame(property, index - 1)
      let to = frame(property, index)
      if seconds == to.seconds {
        applyFrame(property, index, to: &artboard, id: id, offset: offset, mix: mix)
      } else if from.interpolationType == 0 {
        applyFrame(property, index - 1, to: &artboard, id: id, offset: offset, mix: mix)
      } else {
        applyInterpolation(
          property, from: from, to: to, artboard: &artboard, id: id, offset: offset,
          seconds: seconds,
          mix: mix)
      }
    } else {
      applyFrame(property, index - 1, to: &artboard, id: id, offset: offset, mix: mix)
    }
  }

  private func applyFrame(
    _ property: KeyedProperty, _ index: Int, to artboard: inout ArtboardInstance, id: Int,
    offset: Int, mix: Float
  ) {
    let frame = frame(property, index)
    switch property.kind {
    case .double:
      let value = artboard.keyFrameBits(frame, kind: property.kind)
      applyDouble(
        property, Float(bitPattern: value), to: &artboard, id: id, offset: offset, mix: mix)
    case .color:
      applyColor(
        property,
        artboard.keyFrameBits(frame, kind: property.kind), to: &artboard, id: id, offset: offset,
        mix: mix)
    case .bool:
      artboard.set(
        id, offset: offset, key: property.propertyKey,
        bits: artboard.keyFrameBits(frame, kind: .bool))
    case .id, .int:
      artboard.set(id, offset: offset, key: property.propertyKey, bits: frame.value)
    case .uint:
      if Self.interpolatesUInt(property.propertyKey) {
        applyUInt(property, frame.value, to: &artboard, id: id, offset: offset, mix: mix)
      } else {
        artboard.set(id, offset: offset, key: property.propertyKey, bits: frame.value)
      }
    case .string:
      artboard.setString(
        id, offset: offset, key: property.propertyKey, artboard.keyFrameText(frame))
    case .callback:
      break
    }
  }

  private func applyInterpolation(
    _ property: KeyedProperty, from: KeyFrame, to: KeyFrame, artboard: inout ArtboardInstance,
    id: Int, offset: Int,
    seconds: Float, mix: Float
  ) {
    let factor = (seconds - from.seconds) / (to.seconds - from.seconds)
    switch property.kind {
    case .double:
      let fromValue = Float(bitPattern: artboard.keyFrameBits(from, kind: property.kind))
      let toValue = Float(bitPattern: artboard.keyFrameBits(to, kind: property.kind))
      let value: Float
      if let easing = from.interpolator {
        value = easing.transformValue(from: fromValue, to: toValue, factor: factor)
      } else {
        value = fromValue + (toValue - fromValue) * factor
      }
      applyDouble(property, value, to: &artboard, id: id, offset: offset, mix: mix)
    case .color:
      var f = factor
      if let easing = from.interpolator { f = easing.transform(f) }
      applyColor(
        property,
        ColorMath.lerp(
          artboard.keyFrameBits(from, kind: property.kind),
          artboard.keyFrameBits(to, kind: property.kind), f),
        to: &artboard, id: id, offset: offset, mix: mix)
    case .uint:
      guard Self.interpolatesUInt(property.propertyKey) else {
        artboard.set(id, offset: offset, key: property.propertyKey, bits: from.value)
        return
      }
      let fromValue = Float(from.value)
      let toValue = Float(to.value)
      let value: Float
      if let easing = from.interpolator {
        value = easing.transformValue(from: fromValue, to: toValue, factor: factor)
      } else {
        value = fromValue + (toValue - fromValue) * factor
      }
      applyUInt(property, Self.roundToUInt(value), to: &artboard, id: id, offset: offset, mix: mix)
    case .bool:
      artboard.set(
        id, offset: offset, key: property.propertyKey,
        bits: artboard.keyFrameBits(from, kind: .bool))
    case .id, .int:
      artboard.set(id, offset: offset, key: property.propertyKey, bits: from.value)
    case .string:
      artboard.setString(
        id, offset: offset, key: property.propertyKey, artboard.keyFrameText(from))
    case .callback:
      break
    }
  }

  private func applyDouble(
    _ property: KeyedProperty, _ value: Float, to artboard: inout ArtboardInstance, id: Int,
    offset: Int, mix: Float
  ) {
    if mix == 1 {
      artboard.setFloat(id, offset: offset, key: property.propertyKey, value)
    } else {
      let current = artboard.floatValue(id, offset: offset, key: property.propertyKey)
      artboard.setFloat(
        id, offset: offset, key: property.propertyKey, current * (1 - mix) + value * mix)
    }
  }

  private func applyColor(
    _ property: KeyedProperty, _ value: UInt32, to artboard: inout ArtboardInstance, id: Int,
    offset: Int, mix: Float
  ) {
    if mix == 1 {
      artboard.set(id, offset: offset, key: property.propertyKey, bits: value)
    } else {
      let current = artboard.uint(id, offset)
      artboard.set(
        id, offset: offset, key: property.propertyKey, bits: ColorMath.lerp(current, value, mix))
    }
  }

  private func applyUInt(
    _ property: KeyedProperty, _ value: UInt32, to artboard: inout ArtboardInstance, id: Int,
    offset: Int, mix: Float
  ) {
    if mix == 1 {
      artboard.set(id, offset: offset, key: property.propertyKey, bits: value)
    } else {
      var bits = artboard.uint(id, offset)
      if let shift = ColorMath.channelShift(property.propertyKey) { bits = (bits >> shift) & 0xFF }
      let current = Float(bits)
      artboard.set(
        id, offset: offset, key: property.propertyKey,
        bits: Self.roundToUInt(current * (1 - mix) + Float(value) * mix))
    }
  }

  /// Unsigned properties that tween instead of holding (colour channels).
  static func interpolatesUInt(_ key: UInt16) -> Bool {
    ColorMath.channelKeys.contains(key)
  }

  static func roundToUInt(_ value: Float) -> UInt32 {
    value <= 0 ? 0 : UInt32(clamping: Int64(value.rounded(.toNearestOrAwayFromZero)))
  }
}

/// Colour arithmetic as the official runtime does it (channels rounded half away from zero).
enum ColorMath {
  /// Property keys of the colour channel properties (red, green, blue, alpha).
  static let channelKeys: Set<UInt16> = Set(
    [
      PropertyKey.colorChannelsColorRed, PropertyKey.colorChannelsColorGreen,
      PropertyKey.colorChannelsColorBlue, PropertyKey.colorChannelsColorAlpha,
    ])

  /// Where a colour channel property's byte sits in its host's colour value.
  static func channelShift(_ key: UInt16) -> UInt32? {
    switch key {
    case PropertyKey.colorChannelsColorRed: 16
    case PropertyKey.colorChannelsColorGreen: 8
    case PropertyKey.colorChannelsColorBlue: 0
    case PropertyKey.colorChannelsColorAlpha: 24
    default: nil
    }
  }

  /// The colour value slot of objects of `type` (solid colours, gradient stops), whose colour
  /// channel properties are views of it, or nil for any other type.
  static func hostColorSlot(type: UInt16) -> (offset: Int, key: UInt16)? {
    let table = TypeTable.shared
    for key in [PropertyKey.solidColorColorValue, PropertyKey.gradientStopColorValue] {
      if let offset = table.slotOffset(type: type, key: key) { return (offset, key) }
    }
    return nil
  }

  /// `color` with the channel at `shift` set to `value` (at most 255), as the channel setters
  /// of solid colours and gradient stops change their colour value.
  static func setting(_ value: UInt32, shift: UInt32, in color: UInt32) -> UInt32 {
    (color & ~(0xFF << shift)) | (min(value, 255) << shift)
  }

  @inline(__always)
  static func channel(_ a: UInt32, _ b: UInt32, _ mix: Float) -> UInt32 {
    let value = Float(a) * (1 - mix) + Float(b) * mix
    return UInt32(min(255, max(0, value)).rounded(.toNearestOrAwayFromZero))
  }

  static func lerp(_ from: UInt32, _ to: UInt32, _ mix: Float) -> UInt32 {
    let a = channel(from >> 24, to >> 24, mix)
    let r = channel((from >> 16) & 0xFF, (to >> 16) & 0xFF, mix)
    let g = channel((from >> 8) & 0xFF, (to >> 8) & 0xFF, mix)
    let b = channel(from & 0xFF, to & 0xFF, mix)
    return (a << 24) | (r << 16) | (g << 8) | b
  }
}
