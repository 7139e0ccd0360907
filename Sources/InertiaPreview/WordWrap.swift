/// Breaks a paragraph between words: for the preview's legend, and for the tools' rule explanations.
package enum WordWrap {
  /// `paragraph` broken at spaces into lines of at most `width` characters; a longer word stands on a line
  /// of its own.
  package static func lines(of paragraph: some StringProtocol, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in paragraph.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    lines.append(line)
    return lines
  }
}
