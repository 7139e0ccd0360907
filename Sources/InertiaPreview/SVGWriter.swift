/// Writes an SVG document as indented XML text: elements, escaped attributes and text.
struct SVGWriter {
  private(set) var text = ""
  private var depth = 0

  /// Starts the document with its root `<svg>` element.
  init(width: Double, height: Double, viewBox: (x: Double, y: Double, width: Double, height: Double)) {
    text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    open(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("width", SVGNumber.text(width)),
        ("height", SVGNumber.text(height)),
        (
          "viewBox",
          [viewBox.x, viewBox.y, viewBox.width, viewBox.height].map { SVGNumber.text($0) }.joined(separator: " ")
        ),
        ("font-family", "Helvetica, Arial, sans-serif"),
      ])
  }

  /// Opens an element that will hold others.
  mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
    line("<\(name)\(Self.attributes(attributes))>")
    depth += 1
  }

  /// Closes the element last opened, which must be `name`.
  mutating func close(_ name: String) {
    depth -= 1
    line("</\(name)>")
  }

  /// An element with no content.
  mutating func leaf(_ name: String, _ attributes: [(String, String)]) {
    line("<\(name)\(Self.attributes(attributes))/>")
  }

  /// An element holding only text.
  mutating func element(_ name: String, _ attributes: [(String, String)] = [], text content: String) {
    line("<\(name)\(Self.attributes(attributes))>\(Self.escape(content))</\(name)>")
  }

  /// The finished document.
  mutating func finish() -> String {
    close("svg")
    return text
  }

  private mutating func line(_ content: String) {
    for _ in 0..<depth { text += "  " }
    text += content
    text += "\n"
  }

  private static func attributes(_ attributes: [(String, String)]) -> String {
    var text = ""
    for (name, value) in attributes {
      text += " "
      text += name
      text += "=\""
      text += escape(value)
      text += "\""
    }
    return text
  }

  /// `text` with the characters XML reserves escaped, and the characters XML 1.0 cannot hold (control
  /// characters other than tab and newline, and U+FFFE/U+FFFF) replaced by U+FFFD.
  static func escape(_ text: String) -> String {
    // Most text (numbers, ids, colours) needs nothing: < 0x20, & " < > and 0xEF, which starts U+FFFE and U+FFFF.
    let needsEscaping = text.utf8.contains { byte in
      byte < 0x20 || byte == 0x26 || byte == 0x22 || byte == 0x3C || byte == 0x3E || byte == 0xEF
    }
    guard needsEscaping else { return text }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\t", "\n": escaped.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        escaped += "\u{FFFD}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
