import CRiveFormat
import Foundation
import RiveFormat

/// The arithmetic and text rules of the data converters, as the official runtime computes them
/// (32-bit floats, C library functions).
enum ConverterMath {
  static let randomFunction: UInt32 = 16

  /// A floating-point remainder that is never negative.
  static func positiveMod(_ value: Float, _ range: Float) -> Float {
    let range = range < 0 ? -range : range
    var result = fmodf(value, range)
    if result < 0 { result += range }
    return result
  }

  /// An operation converter's forward conversion (numbers and list indices only).
  static func operation(_ input: DataValue, op: UInt32, value: Float) -> DataValue {
    let x: Float
    switch input {
    case .number(let number): x = number
    case .symbolListIndex(let index): x = Float(index)
    default: return .number(0)
    }
    let result: Float
    switch op {
    case 0: result = x + value
    case 1: result = x - value
    case 2: result = x * value
    case 3: result = x / value
    case 4: result = positiveMod(x, value)
    case 5: result = sqrtf(x)
    case 6: result = powf(x, value)
    case 7: result = Float(exp(Double(x)))
    case 8: result = Float(log(Double(x)))
    case 9: result = Float(cos(Double(x)))
    case 10: result = Float(sin(Double(x)))
    case 11: result = Float(tan(Double(x)))
    case 12: result = Float(acos(Double(x)))
    case 13: result = Float(asin(Double(x)))
    case 14: result = Float(atan(Double(x)))
    case 15: result = Float(atan2(Double(x), Double(value)))
    case 16: result = roundf(x)
    case 17: result = floorf(x)
    case 18: result = ceilf(x)
    default: result = value
    }
    return .number(result)
  }

  /// An operation converter's backward conversion (the inverse operation where there is one).
  static func reverseOperation(_ input: DataValue, op: UInt32, value: Float) -> DataValue {
    guard case .number(let x) = input else { return .number(0) }
    let result: Float
    switch op {
    case 0: result = x - value
    case 1: result = x + value
    case 2: result = x / value
    case 3: result = x * value
    case 5: result = powf(x, 2)
    case 6: result = powf(x, 1 / value)
    case 7: result = Float(log(Double(x)))
    case 8: result = Float(exp(Double(x)))
    case 9: result = Float(acos(Double(x)))
    case 10: result = Float(asin(Double(x)))
    case 11: result = Float(atan(Double(x)))
    case 12: result = Float(cos(Double(x)))
    case 13: result = Float(sin(Double(x)))
    case 14: result = Float(tan(Double(x)))
    case 4, 15, 16, 17, 18: result = x
    default: result = value
    }
    return .number(result)
  }

  /// A range mapper's conversion from one range to the other.
  static func range(
    _ input: DataValue, _ mapper: ConverterDefinition.RangeMapper, minIn: Float, maxIn: Float,
    minOut: Float, maxOut: Float
  ) -> DataValue {
    guard case .number(var value) = input else { return .number(0) }
    if minOut == maxOut { return .number(minOut) }
    let flags = mapper.flags
    if value < minIn && flags & 1 != 0 {
      value = minIn
    } else if value > maxIn && flags & 2 != 0 {
      value = maxIn
    }
    if (value < minIn || value > maxIn) && flags & 4 != 0 {
      value = abs(positiveMod(value, maxIn - minIn) + minIn)
    }
    var percent = (value - minIn) / (maxIn - minIn)
    if flags & 8 != 0 { percent = 1 - percent }
    if let interpolator = mapper.interpolator, percent > 0 && percent < 1 {
      percent = interpolator.transform(percent)
    } else if mapper.interpolationType == 0 {
      percent = percent <= 0 ? 0 : 1
    }
    return .number(percent * maxOut + (1 - percent) * minOut)
  }

  /// The to-number converter.
  static func toNumber(_ input: DataValue) -> DataValue {
    switch input {
    case .string(let text): return .number(Float(atof(text)))
    case .enumeration(let index, _): return .number(Float(index))
    case .number: return input
    case .color(let color): return .number(Float(Int32(bitPattern: color)))
    case .boolean(let flag): return .number(flag ? 1 : 0)
    case .symbolListIndex(let index): return .number(Float(index))
    default: return .number(0)
    }
  }

  /// `value` with `decimals` digits after the point, rounded as the C library's "%.*f" (the
  /// official runtime's formatting). Written into a stack buffer: a short result is then a
  /// String that needs no heap (Foundation's `String(format:)` allocated several objects per
  /// call, and a bound number is formatted every frame it changes).
  static func fixed(_ value: Double, decimals: UInt32) -> String {
    // 309 integer digits at most, a sign, a point and 20 decimals.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 352) { buffer in
      guard let base = buffer.baseAddress else { return "" }
      let length = CRiveFormat_fixed(value, Int32(decimals), base, buffer.count)
      guard length >= 0 else { return "" }
      return base.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
        String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
      }
    }
  }

  /// Removes trailing zeros after a decimal point (and the point when nothing follows it).
  static func removeZeros(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: ".")) else { return text }
    var result = Substring(text)
    while result.last == "0" { result.removeLast() }
    if result.last == "." { result.removeLast() }
    return String(result)
  }

  /// Inserts thousands separators into the integer part of a formatted number.
  static func withCommas(_ text: String) -> String {
    var integerPart = Array(text)
    var fraction: [Character] = []
    if let dot = integerPart.firstIndex(of: ".") {
      fraction = Array(integerPart[dot...])
      integerPart = Array(integerPart[..<dot])
    }
    var position = integerPart.count - 3
    while position > 0 && integerPart[position - 1].isASCII && integerPart[position - 1].isNumber {
      integerPart.insert(",", at: position)
      position -= 3
    }
    return String(integerPart + fraction)
  }

  /// Pads a string to a length with a repeated pattern, at the start (type 0) or end (1).
  ///
  /// The bytes are written straight into the result: a padded number is recomputed every frame
  /// its value changes, and a short result then needs no heap.
  static func pad(_ input: DataValue, length: Int, text: String, padType: UInt32) -> DataValue {
    guard case .string(let value) = input else { return .string("") }
    let valueCount = value.utf8.count
    let patternCount = text.utf8.count
    guard valueCount < length, patternCount > 0, length <= 1 << 16 else {
      return .string(value)
    }
    let needed = length - valueCount
    let padded = String(unsafeUninitializedCapacity: length) { buffer in
      var position = 0
      func putValue() {
        for byte in value.utf8 {
          buffer[position] = byte
          position += 1
        }
      }
      func putPadding() {
        // The pattern repeated, its last repeat cut at the length.
        var written = 0
        while written < needed {
          for byte in text.utf8 where written < needed {
            buffer[position] = byte
            position += 1
            written += 1
          }
        }
      }
      if padType == 1 {
        putValue()
        putPadding()
      } else {
        putPadding()
        putValue()
      }
      return position
    }
    return .string(padded)
  }

  /// Trims white space at the start (1), end (2) or both ends (3).
  static func trim(_ text: String, type: UInt32) -> String {
    func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (byte >= 9 && byte <= 13) }
    var bytes = ArraySlice(text.utf8)
    if type == 2 || type == 3 {
      while let last = bytes.last, isSpace(last) { bytes.removeLast() }
    }
    if type == 1 || type == 3 {
      while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Formats a colour with the to-string converter's markers (%r %g %b %a, %R %G %B %A in
  /// hex, %h %s %l for hue, saturation and luminance; `\` escapes).
  static func formatColor(_ color: UInt32, _ format: String) -> String {
    let alpha = Int((color >> 24) & 0xFF)
    let red = Int((color >> 16) & 0xFF)
    let green = Int((color >> 8) & 0xFF)
    let blue = Int(color & 0xFF)
    func hex(_ value: Int) -> String {
      let text = String(value, radix: 16, uppercase: true)
      return text.count < 2 ? "0" + text : text
    }
    func hsl() -> (Int, Int, Int) {
      let r = Float(red) / 255
      let g = Float(green) / 255
      let b = Float(blue) / 255
      let maximum = max(r, g, b)
      let minimum = min(r, g, b)
      let delta = maximum - minimum
      var hue: Float = 0
      if delta != 0 {
        if maximum == r {
          hue = fmodf((g - b) / delta, 6)
        } else if maximum == g {
          hue = (b - r) / delta + 2
        } else {
          hue = (r - g) / delta + 4
        }
      }
      var h = Int((hue * 60).rounded())
      if h < 0 { h += 360 }
      let luminance = (maximum + minimum) / 2
      let saturation = delta == 0 ? 0 : delta / (1 - abs(2 * luminance - 1))
      return (h, Int((luminance * 100).rounded()), Int((saturation * 100).rounded()))
    }
    var output = ""
    var isEscaped = false
    var isMarker = false
    for character in format {
      if isEscaped {
        output.append(character)
        isEscaped = false
      } else if character == "\\" {
        if isMarker {
          output.append("%")
          isMarker = false
        }
        isEscaped = true
      } else if character == "%" {
        if isMarker { output.append("%") }
        isMarker = true
      } else if isMarker {
        switch character {
        case "r": output += String(red)
        case "g": output += String(green)
        case "b": output += String(blue)
        case "a": output += String(alpha)
        case "R": output += hex(red)
        case "G": output += hex(green)
        case "B": output += hex(blue)
        case "A": output += hex(alpha)
        case "h": output += String(hsl().0)
        case "l": output += String(hsl().1)
        case "s": output += String(hsl().2)
        default:
          output.append("%")
          output.append(character)
        }
        isMarker = false
      } else {
        output.append(character)
      }
    }
    return output
  }

  /// A formula's binary operation.
  static func formulaOperation(_ left: Float, _ right: Float, op: UInt32) -> Float {
    switch op {
    case 0: return left + right
    case 1: return left - right
    case 2: return left * right
    case 3: return left / right
    case 4: return positiveMod(left, right)
    default: return 0
    }
  }

  /// A formula function (arguments in pop order: the last argument first).
  static func formulaFunction(_ type: UInt32, arguments: [Float]) -> Float {
    guard let last = arguments.last else { return 0 }
    switch type {
    case 0: return arguments.min() ?? 0
    case 1: return arguments.max() ?? 0
    case 2: return roundf(last)
    case 3: return ceilf(last)
    case 4: return floorf(last)
    case 5: return sqrtf(last)
    case 6:
      guard arguments.count > 1 else { return 0 }
      return powf(last, arguments[arguments.count - 2])
    case 7: return Float(exp(Double(last)))
    case 8: return Float(log(Double(last)))
    case 9: return Float(cos(Double(last)))
    case 10: return Float(sin(Double(last)))
    case 11: return Float(tan(Double(last)))
    case 12: return Float(acos(Double(last)))
    case 13: return Float(asin(Double(last)))
    case 14: return Float(atan(Double(last)))
    case 15:
      guard arguments.count > 1 else { return 0 }
      return Float(atan2(Double(last), Double(arguments[arguments.count - 2])))
    default: return 0
    }
  }

  /// The operator precedence of the formula's shunting-yard conversion.
  static func precedence(_ token: ConverterDefinition.FormulaToken.Kind?, isParenthesis: Bool)
    -> Int
  {
    if isParenthesis { return 1 }
    switch token {
    case .function: return 1
    case .operation(let op): return op <= 1 ? 2 : (op <= 3 ? 3 : 0)
    default: return 0
    }
  }
}
