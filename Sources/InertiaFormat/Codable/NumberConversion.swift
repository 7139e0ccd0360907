/// How numbers cross between Swift's types and the file's integer and float encodings.
///
/// Writing: an integral `Double` or `Float` is written as an integer, as the editor writes `"duration": 3`,
/// unless it is `-0.0` (an integer cannot hold its sign) or too large for 64 bits; NaN, the infinities and
/// fractions stay floats, `Double` as float64 and `Float` as float32.
///
/// Reading: a `Double` or `Float` reads any integer or float; an integer type reads an integer in its range
/// or a float with an integral value in its range. A fraction, NaN or infinity read as an integer, or a
/// value out of the type's range, is an error, never a rounded or wrapped number.
enum NumberConversion {
  static func value(_ d: Double) -> MessagePackValue {
    if let integer = integralValue(d) { return integer }
    return .float64(d)
  }

  static func value(_ f: Float) -> MessagePackValue {
    if let integer = integralValue(Double(f)) { return integer }
    return .float32(f)
  }

  static func value(_ i: some BinaryInteger) -> MessagePackValue {
    if let small = Int64(exactly: i) { return .int(small) }
    return .uint(UInt64(i))
  }

  /// The integer a float equals, when writing it as one loses nothing.
  private static func integralValue(_ d: Double) -> MessagePackValue? {
    if d == 0 && d.sign == .minus { return nil }
    if let i = Int64(exactly: d) { return .int(i) }
    if let u = UInt64(exactly: d) { return .uint(u) }
    return nil
  }

  static func double(_ value: MessagePackValue, at path: [any CodingKey]) throws -> Double {
    guard let d = value.doubleValue else {
      throw CodingFailure.typeMismatch(Double.self, expected: "a number", found: value, at: path)
    }
    return d
  }

  static func float(_ value: MessagePackValue, at path: [any CodingKey]) throws -> Float {
    if case .float32(let f) = value { return f }
    let d = try double(value, at: path)
    let f = Float(d)
    if f.isInfinite && d.isFinite {
      throw CodingFailure.dataCorrupted("\(value.numberDescription) does not fit in Float", at: path)
    }
    return f
  }

  static func integer<I: FixedWidthInteger>(
    _ value: MessagePackValue, as type: I.Type, at path: [any CodingKey]
  ) throws -> I {
    let result: I?
    switch value {
    case .int(let i):
      result = I(exactly: i)
    case .uint(let u):
      result = I(exactly: u)
    case .float32, .float64:
      let d = value.doubleValue!
      guard d.isFinite && d.rounded(.towardZero) == d else {
        throw CodingFailure.typeMismatch(I.self, expected: "an integer", found: value, at: path)
      }
      result = I(exactly: d)
    default:
      throw CodingFailure.typeMismatch(I.self, expected: "an integer", found: value, at: path)
    }
    guard let result else {
      throw CodingFailure.dataCorrupted("\(value.numberDescription) does not fit in \(I.self)", at: path)
    }
    return result
  }
}
