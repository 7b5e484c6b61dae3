import Foundation
@_spi(RiveFormatInternals) import RiveFormat

/// A data converter as the file describes it.
struct ConverterDefinition: Sendable {
  enum Kind: Sendable {
    case booleanNegate
    case toString(flags: UInt32, decimals: UInt32, colorFormat: String)
    case trigger
    /// Operation with a value (also the degrees-to-radians and normalizer system converters,
    /// which run backwards when their bind goes to source).
    case operation(op: UInt32, value: Float, isSystem: Bool)
    case rangeMapper(RangeMapper)
    case rounder(decimals: UInt32)
    case toNumber
    case group(items: [Int])
    case interpolator(duration: Float, interpolator: Interpolator?)
    case formula(tokens: [FormulaToken], randomMode: UInt32)
    case listToLength
    case numberToList(viewModel: Int)
    case stringPad(length: UInt32, text: String, padType: UInt32)
    case stringTrim(type: UInt32)
    case stringRemoveZeros
    /// A converter this runtime does not run (scripted ones): passes values through.
    case passThrough
  }

  struct RangeMapper: Sendable {
    var interpolationType: UInt32
    var interpolator: Interpolator?
    var flags: UInt32
    var minInput: Float
    var maxInput: Float
    var minOutput: Float
    var maxOutput: Float
  }

  /// One token of a formula in output (reverse Polish) order.
  struct FormulaToken: Sendable {
    enum Kind: Sendable {
      case value(Float)
      case input
      case operation(UInt32)
      case function(UInt32, arguments: Int)
    }
    var kind: Kind
    /// The token's record (binds may target it).
    var record: Int
  }

  var record: Int
  var kind: Kind
  /// Binds targeting this converter or its tokens (indices in the model's binds).
  var binds: [Int]
}

/// A bind's own copy of a converter: its current parameters and interpolation state.
struct ConverterState: Sendable {
  /// What advancing a converter does, kept beside its kind: reading the kind to find out copies
  /// it through its value witness (it may hold tokens, lists and text), every frame.
  enum Advancing: Sendable {
    case nothing
    case group
    case interpolator(duration: Float, interpolator: Interpolator?)

    init(_ kind: ConverterDefinition.Kind) {
      switch kind {
      case .group: self = .group
      case .interpolator(let duration, let interpolator):
        self = .interpolator(duration: duration, interpolator: interpolator)
      default: self = .nothing
      }
    }
  }

  var definition: Int
  var kind: ConverterDefinition.Kind {
    didSet { advancing = Advancing(kind) }
  }
  private(set) var advancing: Advancing
  /// Group items (indices in the store's converters).
  var children: [Int32] = []
  /// The converter's own binds' container, or -1.
  var container: Int32 = -1
  /// The bind this converter converts for.
  var parentBind: Int32 = -1
  var advancer = InterpolatorAdvancer()
  var advanceCount: UInt8 = 0
  var randoms: [Float] = []
  /// Instances a number-to-list converter made.
  var listItems: [Int32] = []

  init(definition: Int, kind: ConverterDefinition.Kind, parentBind: Int32) {
    self.definition = definition
    self.kind = kind
    self.parentBind = parentBind
    advancing = Advancing(kind)
  }
}

/// The time-based state of an interpolating converter (two animations so that a new target
/// mid-way smooths from the current motion).
struct InterpolatorAdvancer: Sendable {
  struct Animation: Sendable {
    var elapsed: Float = 0
    var from: DataValue = .none
    var to: DataValue = .none
  }
  var isInitialized = false
  var isSmoothing = false
  var a = Animation()
  var b = Animation()
  var current: DataValue = .none

  var currentAnimation: Animation {
    get { isSmoothing ? b : a }
    set {
      if isSmoothing { b = newValue } else { a = newValue }
    }
  }

  mutating func initialize(_ zero: DataValue) {
    isInitialized = true
    a = Animation(elapsed: 0, from: zero, to: zero)
    b = a
    current = zero
  }

  mutating func resetValues(_ input: DataValue) {
    var animation = currentAnimation
    animation.from = input
    animation.to = input
    currentAnimation = animation
    current = input
  }

  mutating func updateValues(_ input: DataValue) {
    guard input != currentAnimation.to else { return }
    if currentAnimation.elapsed != 0 {
      if isSmoothing { a = b }
      isSmoothing = true
    } else {
      isSmoothing = false
    }
    var animation = currentAnimation
    animation.from = current
    animation.to = input
    animation.elapsed = 0
    currentAnimation = animation
  }

  static func interpolate(_ from: DataValue, _ to: DataValue, _ f: Float) -> DataValue {
    switch (from, to) {
    case (.number(let x), .number(let y)):
      return .number(y * f + x * (1 - f))
    case (.color(let x), .color(let y)):
      return .color(ColorMath.lerp(x, y, f))
    default:
      return from
    }
  }

  /// Advances the running animation; returns (keep going, whether it was before its end).
  mutating func advance(_ elapsed: Float, duration: Float, interpolator: Interpolator?) -> (
    Bool, Bool
  ) {
    if currentAnimation.to == current || elapsed == 0 { return (false, false) }
    let previous = currentAnimation.elapsed
    advanceAnimation(elapsed, duration: duration, interpolator: interpolator)
    return (currentAnimation.elapsed < duration, previous < duration)
  }

  private mutating func advanceAnimation(
    _ elapsed: Float, duration: Float, interpolator: Interpolator?
  ) {
    if isSmoothing {
      var f = min(1, duration > 0 ? a.elapsed / duration : 1)
      if let interpolator { f = interpolator.transform(f) }
      b.from = InterpolatorAdvancer.interpolate(a.from, a.to, f)
      if f == 1 {
        a = b
        isSmoothing = false
      } else {
        a.elapsed += elapsed
      }
    }
    if currentAnimation.elapsed >= duration {
      current = currentAnimation.to
      if isSmoothing {
        isSmoothing = false
        a = b
        a.elapsed = 0
        b.elapsed = 0
      } else {
        a.elapsed = 0
      }
      return
    }
    var animation = currentAnimation
    animation.elapsed += elapsed
    currentAnimation = animation
    var f = min(1, duration > 0 ? animation.elapsed / duration : 1)
    if let interpolator { f = interpolator.transform(f) }
    current = InterpolatorAdvancer.interpolate(animation.from, animation.to, f)
  }
}

extension ViewModelStore {
  /// The type a converter outputs (`.input` when it passes its input's type through).
  func converterOutputType(_ converter: Int32) -> DataValueType {
    guard converter >= 0, Int(converter) < converters.count else { return .none }
    switch converters[Int(converter)].kind {
    case .booleanNegate: return .boolean
    case .toString, .stringPad, .stringTrim, .stringRemoveZeros: return .string
    case .trigger: return .trigger
    case .operation, .rangeMapper, .rounder, .toNumber, .formula, .listToLength: return .number
    case .interpolator: return .input
    case .numberToList: return .list
    case .passThrough: return .none
    case .group:
      for child in converters[Int(converter)].children.reversed() {
        let type = converterOutputType(child)
        if type != .input { return type }
      }
      return .none
    }
  }

  /// Converts a value through a converter, forwards (source to target) or backwards.
  mutating func convert(
    _ converter: Int32, _ input: DataValue, forward: Bool, bind: Int32
  ) -> DataValue {
    guard converter >= 0, Int(converter) < converters.count else { return input }
    let index = Int(converter)
    switch converters[index].kind {
    case .group:
      var value = input
      let children = converters[index].children
      for child in forward ? children : children.reversed() {
        value = convert(child, value, forward: forward, bind: bind)
      }
      return value
    case .booleanNegate:
      if case .boolean(let flag) = input { return .boolean(!flag) }
      return .boolean(false)
    case .toString(let flags, let decimals, let colorFormat):
      return forward
        ? toString(input, flags: flags, decimals: decimals, colorFormat: colorFormat)
        : input
    case .trigger:
      guard forward else { return input }
      if let number = input.integerValue { return .trigger(number &+ 1) }
      return .trigger(0)
    case .operation(let op, let value, let isSystem):
      var forwards = forward
      if isSystem {
        // System converters follow their bind's main direction rather than the call's.
        let toSource = binds[Int(bind)].isMainToSource
        forwards = forward ? !toSource : !toSource
      }
      return forwards
        ? ConverterMath.operation(input, op: op, value: value)
        : ConverterMath.reverseOperation(input, op: op, value: value)
    case .rangeMapper(let mapper):
      return forward
        ? ConverterMath.range(
          input, mapper, minIn: mapper.minInput, maxIn: mapper.maxInput,
          minOut: mapper.minOutput, maxOut: mapper.maxOutput)
        : ConverterMath.range(
          input, mapper, minIn: mapper.minOutput, maxIn: mapper.maxOutput,
          minOut: mapper.minInput, maxOut: mapper.maxInput)
    case .rounder(let decimals):
      guard forward else { return input }
      guard case .number(let value) = input else { return .number(0) }
      let scale = powf(10, Float(decimals))
      return .number((value * scale).rounded() / scale)
    case .toNumber:
      return forward ? ConverterMath.toNumber(input) : input
    case .interpolator(let duration, _):
      return interpolate(converter: index, input, duration: duration)
    case .formula(let tokens, let randomMode):
      return formula(converter: index, input, tokens: tokens, randomMode: randomMode)
    case .listToLength:
      guard forward else { return input }
      if case .list(let items) = input { return .number(Float(items.count)) }
      return .number(0)
    case .numberToList(let viewModel):
      guard forward else { return input }
      return numberToList(converter: index, input, viewModel: viewModel)
    case .stringPad(let length, let text, let padType):
      guard forward else { return input }
      return ConverterMath.pad(input, length: Int(length), text: text, padType: padType)
    case .stringTrim(let type):
      guard forward else { return input }
      guard case .string(let text) = input else { return .string("") }
      return .string(ConverterMath.trim(text, type: type))
    case .stringRemoveZeros:
      guard forward else { return input }
      guard case .string(let text) = input else { return .string("") }
      return .string(ConverterMath.removeZeros(text))
    case .passThrough:
      return input
    }
  }

  private mutating func interpolate(converter index: Int, _ input: DataValue, duration: Float)
    -> DataValue
  {
    if duration == 0 && converters[index].advancer.isInitialized {
      converters[index].advancer.isInitialized = true
      converters[index].advancer.resetValues(input)
      converters[index].advancer.isSmoothing = false
      converters[index].advancer.a.elapsed = 0
      converters[index].advancer.b.elapsed = 0
      return input
    }
    if !converters[index].advancer.isInitialized {
      switch input {
      case .number: converters[index].advancer.initialize(.number(0))
      case .color: converters[index].advancer.initialize(.color(0))
      default: return input
      }
    }
    switch input {
    case .number, .color:
      if converters[index].advanceCount < 2 {
        converters[index].advancer.resetValues(input)
      } else {
        converters[index].advancer.updateValues(input)
      }
      return converters[index].advancer.current
    default:
      return input
    }
  }

  /// Advances a converter by `seconds`; true while it still animates.
  mutating func advanceConverter(_ converter: Int32, seconds: Float) -> Bool {
    guard converter >= 0, Int(converter) < converters.count else { return false }
    let index = Int(converter)
    switch converters[index].advancing {
    case .group:
      // By position: iterating the children list retained it.
      var didUpdate = false
      var position = 0
      while position < converters[index].children.count {
        let child = converters[index].children[position]
        position += 1
        if advanceConverter(child, seconds: seconds) { didUpdate = true }
      }
      return didUpdate
    case .interpolator(let duration, let interpolator):
      if converters[index].advanceCount < 2 && seconds > 0 {
        converters[index].advanceCount += 1
      }
      guard converters[index].advancer.isInitialized else { return true }
      let (keepGoing, wasRunning) = converters[index].advancer.advance(
        seconds, duration: duration, interpolator: interpolator)
      if wasRunning { markConverterDirty(converter) }
      return keepGoing
    case .nothing:
      return false
    }
  }

  /// Resets a converter's state when its bind binds again.
  mutating func resetConverter(_ converter: Int32) {
    guard converter >= 0, Int(converter) < converters.count else { return }
    for child in converters[Int(converter)].children { resetConverter(child) }
    if case .interpolator = converters[Int(converter)].kind {
      converters[Int(converter)].advanceCount = 0
      converters[Int(converter)].advancer = InterpolatorAdvancer()
    }
  }

  /// Sets a converter parameter a bind targets; true when it changed.
  mutating func setConverterProperty(_ converter: Int32, key: UInt16, _ value: DataValue)
    -> Bool
  {
    guard converter >= 0, Int(converter) < converters.count else { return false }
    let index = Int(converter)
    let number: Float? = value.numberValue ?? value.integerValue.map { Float($0) }
    switch (converters[index].kind, key) {
    case (
      .operation(let op, let current, let isSystem),
      PropertyKey.dataConverterOperationValueOperationValue
    ):
      guard let number, number != current else { return false }
      converters[index].kind = .operation(op: op, value: number, isSystem: isSystem)
      return true
    case (
      .interpolator(let current, let interpolator), PropertyKey.dataConverterInterpolatorDuration
    ):
      guard let number, number != current else { return false }
      converters[index].kind = .interpolator(duration: number, interpolator: interpolator)
      return true
    case (.rangeMapper(var mapper), _):
      guard let number else { return false }
      switch key {
      case PropertyKey.dataConverterRangeMapperMinInput:
        if mapper.minInput == number { return false }
        mapper.minInput = number
      case PropertyKey.dataConverterRangeMapperMaxInput:
        if mapper.maxInput == number { return false }
        mapper.maxInput = number
      case PropertyKey.dataConverterRangeMapperMinOutput:
        if mapper.minOutput == number { return false }
        mapper.minOutput = number
      case PropertyKey.dataConverterRangeMapperMaxOutput:
        if mapper.maxOutput == number { return false }
        mapper.maxOutput = number
      default:
        return false
      }
      converters[index].kind = .rangeMapper(mapper)
      return true
    default:
      return false
    }
  }

  /// Sets the value of a formula's value token; true when it changed.
  mutating func setFormulaToken(_ converter: Int32, token: Int32, _ value: DataValue) -> Bool {
    guard converter >= 0, Int(converter) < converters.count,
      case .formula(var tokens, let randomMode) = converters[Int(converter)].kind,
      token >= 0, Int(token) < tokens.count, case .value(let current) = tokens[Int(token)].kind
    else { return false }
    let number: Float? = value.numberValue ?? value.integerValue.map { Float($0) }
    guard let number, number != current else { return false }
    tokens[Int(token)].kind = .value(number)
    converters[Int(converter)].kind = .formula(tokens: tokens, randomMode: randomMode)
    return true
  }

  mutating func resetFormulaRandoms(_ converter: Int32) {
    guard converter >= 0, Int(converter) < converters.count,
      case .formula(_, let randomMode) = converters[Int(converter)].kind, randomMode == 2
    else { return }
    converters[Int(converter)].randoms.removeAll(keepingCapacity: true)
  }

  private mutating func formula(
    converter index: Int, _ input: DataValue, tokens: [ConverterDefinition.FormulaToken],
    randomMode: UInt32
  ) -> DataValue {
    let inputValue: Float
    switch input {
    case .number(let value): inputValue = value
    case .symbolListIndex(let value): inputValue = Float(value)
    default: return .number(0)
    }
    var stack: [Float] = []
    stack.reserveCapacity(tokens.count)
    for token in tokens {
      switch token.kind {
      case .operation(let op):
        if stack.count > 1 {
          let right = stack.removeLast()
          let left = stack.removeLast()
          stack.append(ConverterMath.formulaOperation(left, right, op: op))
        }
      case .function(let type, let count):
        var arguments: [Float] = []
        for _ in 0..<max(0, count) where !stack.isEmpty { arguments.append(stack.removeLast()) }
        stack.append(
          formulaFunction(index, type: type, arguments: arguments, randomMode: randomMode))
      case .input:
        stack.append(inputValue)
      case .value(let value):
        stack.append(value)
      }
    }
    return .number(stack.count == 1 ? stack[0] : inputValue)
  }

  private mutating func formulaFunction(
    _ index: Int, type: UInt32, arguments: [Float], randomMode: UInt32
  ) -> Float {
    if type == ConverterMath.randomFunction {
      // Mode 1 draws every time; otherwise the first draw is kept (until the source changes,
      // in mode 2). Every random call of one conversion uses the first slot, as upstream.
      let random: Float
      if randomMode == 1 {
        random = testBuildRandom() ?? self.random.nextFloat()
      } else {
        if converters[index].randoms.isEmpty {
          converters[index].randoms.append(testBuildRandom() ?? self.random.nextFloat())
        }
        random = converters[index].randoms[0]
      }
      var lower: Float = 0
      var upper: Float = 1
      if arguments.count == 1 {
        upper = arguments[arguments.count - 1]
      } else if arguments.count > 1 {
        lower = arguments[arguments.count - 1]
        upper = arguments[arguments.count - 2]
      }
      return lower + (upper - lower) * random
    }
    return ConverterMath.formulaFunction(type, arguments: arguments)
  }

  private mutating func numberToList(converter index: Int, _ input: DataValue, viewModel: Int)
    -> DataValue
  {
    if case .list = input { return input }
    guard case .number(let number) = input else { return .none }
    // NaN, infinities and huge values from a hostile file saturate instead of trapping.
    let count = min(max(0, number.rounded(.down).saturatingInt), 1024)
    if viewModel >= 0 && viewModel < model.viewModels.count {
      while converters[index].listItems.count < count {
        let instance = defaultInstance(of: viewModel)
        if instance < 0 { break }
        converters[index].listItems.append(instance)
      }
      if converters[index].listItems.count > count {
        converters[index].listItems.removeLast(converters[index].listItems.count - count)
      }
    } else {
      converters[index].listItems.removeAll()
    }
    return .list(converters[index].listItems)
  }

  private func toString(_ input: DataValue, flags: UInt32, decimals: UInt32, colorFormat: String)
    -> DataValue
  {
    switch input {
    case .number(let value):
      // "%f" has 6 decimals.
      var text = ConverterMath.fixed(
        Double(value), decimals: flags & 1 != 0 ? min(decimals, 20) : 6)
      if flags & 2 != 0 { text = ConverterMath.removeZeros(text) }
      if flags & 4 != 0 { text = ConverterMath.withCommas(text) }
      return .string(text)
    case .enumeration(let value, let enumIndex):
      return .string(model.enumValueName(enumIndex, value))
    case .string:
      return input
    case .color(let color):
      return .string(
        colorFormat.isEmpty
          ? String(Int32(bitPattern: color)) : ConverterMath.formatColor(color, colorFormat))
    case .boolean(let flag):
      return .string(flag ? "1" : "0")
    case .trigger(let value), .symbolListIndex(let value):
      return .string(String(value))
    default:
      return .string("")
    }
  }
}
