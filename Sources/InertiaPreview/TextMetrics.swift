/// How wide a line of text is drawn, estimated from its characters and font size without a font: generous, so
/// that a box it gives holds the text as any browser draws it in the previews' sans-serif font (Helvetica,
/// Arial). The previews place and wrap text with it, and their tests check with it that no two labels meet.
enum TextMetrics {
  /// The width of one character, in ems: 0.7 for ASCII (wider than any Helvetica or Arial letter but `M`, `W`,
  /// `m` and `w`, so a line's total is an upper bound for ordinary text), 1.1 for anything else (CJK and emoji
  /// are drawn about 1 em wide).
  static func width(of character: Character) -> Double {
    character.isASCII
      ? (character == "M" || character == "W" || character == "m" || character == "w" ? 0.95 : 0.7) : 1.1
  }

  /// The drawn width of `text` at `fontSize`, at most.
  static func width(_ text: some StringProtocol, fontSize: Double) -> Double {
    text.reduce(0) { $0 + width(of: $1) } * fontSize
  }

  /// `text`, or as much of its start as fits `width` followed by `…`; empty when not even that fits.
  static func truncated(_ text: String, toWidth width: Double, fontSize: Double) -> String {
    guard self.width(text, fontSize: fontSize) > width else { return text }
    var kept = ""
    var used = self.width(of: "…") * fontSize
    for character in text {
      let next = self.width(of: character) * fontSize
      guard used + next <= width else { break }
      kept.append(character)
      used += next
    }
    return kept.isEmpty ? "" : kept + "…"
  }

  /// `paragraph` broken at spaces into lines no wider than `width`; a longer word is cut to fit.
  static func wrap(_ paragraph: String, toWidth width: Double, fontSize: Double) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in paragraph.split(separator: " ") {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if self.width(candidate, fontSize: fontSize) <= width {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = truncated(String(word), toWidth: width, fontSize: fontSize)
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
