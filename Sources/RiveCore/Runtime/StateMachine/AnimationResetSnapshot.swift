import RiveFormat

/// Values captured when a transition starts (or a resetting blend state is made), written back
/// before every apply while it lasts, so that properties keyed by only one side of a mix start
/// from where they were.
///
/// Only number and colour properties take part. Values are kept as 32-bit floats, colours
/// included (as signed 32-bit integers converted to float), exactly as the official runtime
/// keeps them, so a colour can lose its low bits on the way back.
struct AnimationResetSnapshot: Sendable {
  struct Entry: Sendable {
    var objectID: Int
    var offset: Int
    var key: UInt16
    var isColor: Bool
    var value: Float
  }

  var entries: [Entry] = []

  /// Captures the properties keyed by `animations` (the first one's own first keyframes as the
  /// baseline when `useFirstAsBaseline`, the artboard's current values otherwise).
  init(
    animations: [LinearAnimationModel], artboard: borrowing ArtboardInstance,
    useFirstAsBaseline: Bool
  ) {
    // Group by object in order of first appearance; within an object, each property once.
    var objectOrder: [Int] = []
    var byObject:
      [Int: [(property: LinearAnimationModel.KeyedProperty, first: KeyFrame?, baseline: Bool)]] =
        [:]
    var seen: [Int: Set<UInt16>] = [:]
    for (position, animation) in animations.enumerated() {
      let isBaseline = useFirstAsBaseline && position == 0
      for object in animation.keyedObjects {
        if byObject[object.objectID] == nil {
          objectOrder.append(object.objectID)
          byObject[object.objectID] = []
        }
        for property in animation.properties(of: object)
        where property.kind == .double || property.kind == .color {
          if seen[object.objectID, default: []].contains(property.propertyKey) { continue }
          seen[object.objectID, default: []].insert(property.propertyKey)
          byObject[object.objectID]?.append(
            (property, animation.frames(of: property).first, isBaseline))
        }
      }
    }
    for objectID in objectOrder {
      guard artboard.typeKey(of: objectID) != nil else { continue }
      for (property, firstFrame, isBaseline) in byObject[objectID] ?? [] {
        guard let offset = property.slotOffset else { continue }
        let isColor = property.kind == .color
        var value: Float
        if isBaseline {
          guard let first = firstFrame else { continue }
          value = isColor ? Float(Int32(bitPattern: first.value)) : Float(bitPattern: first.value)
        } else {
          // Read as the official getters read (a nested number is its nested input's value).
          value =
            isColor
            ? Float(Int32(bitPattern: artboard.uint(objectID, offset)))
            : artboard.floatValue(objectID, offset: offset, key: property.propertyKey)
        }
        entries.append(
          Entry(
            objectID: objectID, offset: offset, key: property.propertyKey, isColor: isColor,
            value: value))
      }
    }
  }

  func apply(to artboard: inout ArtboardInstance) {
    for entry in entries {
      if entry.isColor {
        artboard.set(
          entry.objectID, offset: entry.offset, key: entry.key,
          bits: AnimationResetSnapshot.colorBits(entry.value))
      } else {
        artboard.setFloat(entry.objectID, offset: entry.offset, key: entry.key, entry.value)
      }
    }
  }

  /// A float converted back to a colour as a C float-to-int conversion on x86 does it (out of
  /// range gives 0x80000000).
  static func colorBits(_ value: Float) -> UInt32 {
    guard value.isFinite, value < 2_147_483_648, value >= -2_147_483_648 else {
      return 0x8000_0000
    }
    return UInt32(bitPattern: Int32(value))
  }
}
