@_spi(RiveFormatInternals) import RiveFormat

extension ArtboardInstance {
  /// Whether every joystick can apply before the components update (none follows a handle).
  var joysticksApplyBeforeUpdate: Bool {
    model.joystickIDs.allSatisfy { !hasHandleSource($0) }
  }

  func hasHandleSource(_ joystick: Int) -> Bool {
    uint(joystick, Slot.joystickHandleSourceId) != UInt32.max
  }

  /// Joysticks that follow a handle take their x and y (−1…1 across their bounds) from the
  /// handle's world position, as the official runtime's joystick update does whenever the
  /// handle or the joystick's parent moved.
  mutating func updateJoystickHandles() {
    let g = geometryModel
    for joystick in model.joystickIDs where hasHandleSource(joystick) {
      let handle = Int(uint(joystick, Slot.joystickHandleSourceId))
      guard handle >= 0, handle < g.objectCount, g.kinds[handle].isTransform else { continue }
      let parent = Int(g.parents[joystick])
      let parentWorld =
        parent >= 0 && parent < g.objectCount && g.kinds[parent].isTransform
        ? geometry.worldTransforms[parent] : Transform2D.identity
      let inputs = JoystickHandleInputs(
        parentWorld: parentWorld, x: float(joystick, Slot.joystickPosX),
        y: float(joystick, Slot.joystickPosY),
        handle: geometry.worldTransforms[handle].translationPart)
      if geometry.joystickInputs[joystick] == inputs { continue }
      geometry.joystickInputs[joystick] = inputs
      let world = parentWorld * Transform2D.translation(inputs.x, inputs.y)
      let position = world.invertedOrIdentity().map(inputs.handle)
      let width = float(joystick, Slot.joystickWidth)
      let height = float(joystick, Slot.joystickHeight)
      let left = -width * float(joystick, Slot.joystickOriginX)
      let top = -height * float(joystick, Slot.joystickOriginY)
      // A zero-sized axis reads as centred (the official runtime divides by zero for y).
      let x = width == 0 ? 0 : (position.x - left) * 2 / width - 1
      let y = height == 0 ? 0 : (position.y - top) * 2 / height - 1
      setFloat(joystick, offset: Slot.joystickX, key: PropertyKey.joystickX, x)
      setFloat(joystick, offset: Slot.joystickY, key: PropertyKey.joystickY, y)
    }
  }

  /// Applies a joystick's two animations at the times its x and y (−1…1) select, then the
  /// remapped nested animations those animations key.
  mutating func applyJoystick(_ id: Int) {
    let flags = uint(id, Slot.joystickJoystickFlags)
    let animations = model.animations
    let xIndex = Int(uint(id, Slot.joystickXId))
    let yIndex = Int(uint(id, Slot.joystickYId))
    var dependents: [Int] = []
    for (index, axis, invert) in [
      (xIndex, float(id, Slot.joystickX), flags & 1 != 0),
      (yIndex, float(id, Slot.joystickY), flags & 2 != 0),
    ] where index >= 0 && index < animations.count {
      let animation = animations[index]
      let value = invert ? -axis : axis
      animation.apply(to: &self, time: (value + 1) / 2 * animation.durationSeconds, mix: 1)
      for object in animation.keyedObjects
      where model.isA(object.objectID, TypeKey.nestedRemapAnimation) {
        dependents.append(object.objectID)
      }
    }
    // Remapped nested animations keyed by the joystick's animations apply again at their new
    // time (y's dependents first, as the official runtime lists them).
    for remap in dependents.reversed() { applyNestedRemap(remap) }
  }

  /// Applies a remapped nested animation at its current time and mix.
  mutating func applyNestedRemap(_ componentID: Int) {
    let hostID = model.parents[componentID]
    guard hostID >= 0, let hostIndex = model.nestedHostIndex[hostID],
      let index = nested.firstIndex(where: { $0.hostIndex == hostIndex }),
      let player = model.nestedHosts[hostIndex].animations.firstIndex(where: {
        $0.id == componentID
      }),
      let animation = nested[index].animations[player].animation
    else { return }
    let mix = float(componentID, Slot.nestedLinearAnimationMix)
    // Applied where the nested instance lives (a copy out and back moved all of it).
    let dirtied =
      nested[index].mount.withValue { artboard -> Bool in
        if mix != 0 { animation.apply(to: &artboard, mix: mix) }
        return artboard.needsUpdate
      } ?? false
    if dirtied {
      nested[index].isDirty = true
      needsUpdate = true
    }
  }
}

/// What a handle-following joystick's position was last computed from.
struct JoystickHandleInputs: Sendable, Equatable {
  var parentWorld: Transform2D
  var x: Float
  var y: Float
  var handle: Vec2
}
