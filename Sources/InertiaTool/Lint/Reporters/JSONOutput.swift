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
    let indent = String(repeating: "  ", count: depth)
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
      $0.offset == 0 ? String($0.element) : indent + $0.element
    }.joined(separator: "\n")
  }
}
