import InertiaFormat
import InertiaLint

/// Writes report documents with the format's own JSON writer.
enum JSONOutput {
  /// The pretty JSON of a value, with a final newline.
  static func pretty(_ value: MessagePackValue) -> String {
    // Reports hold strings, integers and booleans only, which JSON always holds.
    (try? JSONWriter(options: .init(style: .pretty)).writeString(value)) ?? "{}\n"
  }

  /// The pretty JSON of a value placed `depth` levels down in a pretty document: without a final newline,
  /// every line after the first indented to that depth.
  static func nested(_ value: MessagePackValue, depth: Int) -> String {
    var text = pretty(value)
    if text.hasSuffix("\n") { text.removeLast() }
    // On the UTF-8 bytes rather than by `Character`s (a JSON report of many findings spent most of its time
    // splitting lines): the writer escapes every line break inside a string, so each newline byte is one
    // between lines, and never part of a `"\r\n"`, which would be one `Character`.
    let indent = [UInt8](repeating: UInt8(ascii: " "), count: 2 * depth)
    var lines: [UInt8] = []
    lines.reserveCapacity(text.utf8.count * 2)
    for byte in text.utf8 {
      lines.append(byte)
      if byte == UInt8(ascii: "\n") { lines.append(contentsOf: indent) }
    }
    return String(decoding: lines, as: UTF8.self)
  }
}
