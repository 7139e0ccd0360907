/// Numbers as an SVG file writes them: short, fixed-point, the same text for the same value on every platform.
enum SVGNumber {
  /// The largest magnitude written; anything beyond is far off the canvas and written as this.
  static let limit = 1e7

  /// `value` rounded to `digits` decimals, without trailing zeros (`0.5`, `-12`, `0.000333`). NaN is written
  /// as 0; magnitudes past ``limit`` as ``limit``.
  static func text(_ value: Double, digits: Int = 3) -> String {
    let clamped = value.isNaN ? 0 : min(max(value, -limit), limit)
    var scale: Int64 = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int64((clamped * Double(scale)).rounded())
    if scaled == 0 { return "0" }
    let magnitude = scaled.magnitude
    var text = scaled < 0 ? "-" : ""
    text += String(magnitude / UInt64(scale))
    let fraction = magnitude % UInt64(scale)
    if fraction != 0 {
      var digitsText = String(fraction)
      digitsText = String(repeating: "0", count: digits - digitsText.count) + digitsText
      while digitsText.hasSuffix("0") { digitsText.removeLast() }
      text += "." + digitsText
    }
    return text
  }

  /// Seconds as the legend writes them: `3 s`, `3.001 s`.
  static func seconds(_ value: Double) -> String { "\(text(value)) s" }
}
