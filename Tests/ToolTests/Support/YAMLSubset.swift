/// A YAML document read as the documentation's snippets write it: block maps and lists by indentation,
/// `- key: value` list items, `|` literal block scalars, plain, single- and double-quoted scalars, flow
/// lists of scalars (`[push, pull_request]`) and `#` comments. Anything else throws, so a snippet that
/// needs more YAML than this fails its test rather than being read wrongly.
indirect enum YAMLNode: Equatable {
  case scalar(String)
  case list([YAMLNode])
  case map([YAMLEntry])

  /// The value of `key` in a map, or `nil`.
  subscript(key: String) -> YAMLNode? {
    guard case .map(let entries) = self else { return nil }
    return entries.first { $0.key == key }?.value
  }

  var string: String? {
    guard case .scalar(let text) = self else { return nil }
    return text
  }

  var list: [YAMLNode]? {
    guard case .list(let items) = self else { return nil }
    return items
  }

  var entries: [YAMLEntry] {
    guard case .map(let entries) = self else { return [] }
    return entries
  }

  /// Parses `text`.
  static func parse(_ text: String) throws -> YAMLNode {
    var parser = YAMLSubsetParser(text)
    let node = try parser.block(minimumIndent: 0)
    if let line = parser.nextSignificant() {
      throw YAMLSubsetError(line: line + 1, message: "unexpected indentation: \(parser.lines[line])")
    }
    return node
  }
}

/// One `key: value` of a map.
struct YAMLEntry: Equatable {
  let key: String
  let value: YAMLNode
}

struct YAMLSubsetError: Error, CustomStringConvertible {
  let line: Int
  let message: String
  var description: String { "YAML line \(line): \(message)" }
}

private struct YAMLSubsetParser {
  var lines: [String]
  var index = 0

  init(_ text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  static func indent(of line: String) -> Int { line.prefix { $0 == " " }.count }

  /// The index of the next line that is neither blank nor a comment, without consuming it.
  mutating func nextSignificant() -> Int? {
    while index < lines.count {
      let trimmed = lines[index].drop { $0 == " " }
      if trimmed.isEmpty || trimmed.hasPrefix("#") {
        index += 1
      } else {
        return index
      }
    }
    return nil
  }

  /// A map or a list whose lines are indented `minimumIndent` or more (at the indentation of its first
  /// line); an empty scalar when there is none.
  mutating func block(minimumIndent: Int) throws -> YAMLNode {
    guard let first = nextSignificant() else { return .scalar("") }
    let indent = Self.indent(of: lines[first])
    guard indent >= minimumIndent else { return .scalar("") }
    let content = lines[first].dropFirst(indent)
    return content == "-" || content.hasPrefix("- ") ? try list(at: indent) : try map(at: indent)
  }

  mutating func list(at indent: Int) throws -> YAMLNode {
    var items: [YAMLNode] = []
    while let line = nextSignificant(), Self.indent(of: lines[line]) == indent {
      let content = lines[line].dropFirst(indent)
      guard content == "-" || content.hasPrefix("- ") else { break }
      let rest = content.dropFirst(1).drop { $0 == " " }
      if rest.isEmpty {
        index += 1
        items.append(try block(minimumIndent: indent + 1))
      } else if Self.keyAndValue(Self.withoutComment(rest)) != nil {
        // `- key: value`: a map whose first line starts where `key` does.
        let column = lines[line].count - rest.count
        lines[line] = String(repeating: " ", count: column) + rest
        items.append(try map(at: column))
      } else {
        index += 1
        items.append(try Self.scalar(Self.withoutComment(rest), line: line))
      }
    }
    return .list(items)
  }

  mutating func map(at indent: Int) throws -> YAMLNode {
    var entries: [YAMLEntry] = []
    while let line = nextSignificant(), Self.indent(of: lines[line]) == indent {
      let content = Self.withoutComment(lines[line].dropFirst(indent))
      if content.hasPrefix("- ") { break }
      guard let (key, value) = Self.keyAndValue(content) else {
        throw YAMLSubsetError(line: line + 1, message: "expected `key: value`: \(lines[line])")
      }
      index += 1
      if value == "|" || value == "|-" {
        entries.append(
          YAMLEntry(key: key, value: .scalar(literalBlock(parentIndent: indent, keepFinalNewline: value == "|"))))
      } else if value.isEmpty {
        // A nested block, or a list at the key's own indentation.
        if let next = nextSignificant(), Self.indent(of: lines[next]) == indent,
          lines[next].dropFirst(indent).hasPrefix("- ")
        {
          entries.append(YAMLEntry(key: key, value: try list(at: indent)))
        } else {
          entries.append(YAMLEntry(key: key, value: try block(minimumIndent: indent + 1)))
        }
      } else {
        entries.append(YAMLEntry(key: key, value: try Self.scalar(value, line: line)))
      }
    }
    return .map(entries)
  }

  /// The lines of a `|` block scalar after its key's line, without their common indentation.
  mutating func literalBlock(parentIndent: Int, keepFinalNewline: Bool) -> String {
    var block: [String] = []
    var contentIndent: Int?
    while index < lines.count {
      let line = lines[index]
      let isBlank = line.allSatisfy { $0 == " " }
      if !isBlank {
        let indent = Self.indent(of: line)
        if indent <= parentIndent { break }
        if contentIndent == nil { contentIndent = indent }
        if indent < contentIndent! { break }
      }
      block.append(isBlank ? "" : String(line.dropFirst(contentIndent!)))
      index += 1
    }
    while block.last == "" { block.removeLast() }
    return block.joined(separator: "\n") + (keepFinalNewline && !block.isEmpty ? "\n" : "")
  }

  /// `key` and the text after `key:`, for a line that is a map entry.
  static func keyAndValue(_ content: Substring) -> (String, Substring)? {
    guard let first = content.first, first != "'" && first != "\"" && first != "[" && first != "{" else {
      return nil
    }
    if content.hasSuffix(":") && !content.dropLast().contains(": ") {
      return (String(content.dropLast()), "")
    }
    guard let range = content.range(of: ": ") else { return nil }
    return (String(content[..<range.lowerBound]), content[range.upperBound...].drop { $0 == " " })
  }

  /// `text` without a trailing comment (`#` after a space, outside quotes) and trailing spaces.
  static func withoutComment(_ text: Substring) -> Substring {
    var quote: Character?
    var previous: Character = " "
    for position in text.indices {
      let character = text[position]
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        if previous == " " || previous == ":" || previous == "[" || previous == "," { quote = character }
      } else if character == "#" && previous == " " {
        return Self.trimmed(text[..<position])
      }
      previous = character
    }
    return trimmed(text)
  }

  static func trimmed(_ text: Substring) -> Substring {
    var end = text.endIndex
    while end > text.startIndex, text[text.index(before: end)] == " " { end = text.index(before: end) }
    return text[..<end]
  }

  static func scalar(_ text: Substring, line: Int) throws -> YAMLNode {
    if text.hasPrefix("[") {
      guard text.hasSuffix("]") else { throw YAMLSubsetError(line: line + 1, message: "unclosed flow list: \(text)") }
      let items = text.dropFirst().dropLast().split(separator: ",").map { $0.trimmingSpaces }
      return .list(try items.map { try scalar($0, line: line) })
    }
    return .scalar(try scalarText(text, line: line))
  }

  static func scalarText(_ text: Substring, line: Int) throws -> String {
    if text.hasPrefix("'") {
      guard text.count >= 2, text.hasSuffix("'") else {
        throw YAMLSubsetError(line: line + 1, message: "unclosed single-quoted scalar: \(text)")
      }
      return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
    }
    if text.hasPrefix("\"") {
      guard text.count >= 2, text.hasSuffix("\"") else {
        throw YAMLSubsetError(line: line + 1, message: "unclosed double-quoted scalar: \(text)")
      }
      var result = ""
      var escaped = false
      for character in text.dropFirst().dropLast() {
        if escaped {
          switch character {
          case "n": result.append("\n")
          case "t": result.append("\t")
          case "\"", "\\", "/": result.append(character)
          default: throw YAMLSubsetError(line: line + 1, message: "an escape this reader does not know: \\\(character)")
          }
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else {
          result.append(character)
        }
      }
      return result
    }
    if text.hasPrefix("{") || text.hasPrefix(">") || text.hasPrefix("&") || text.hasPrefix("*") || text.hasPrefix("!") {
      throw YAMLSubsetError(line: line + 1, message: "YAML this reader does not know: \(text)")
    }
    return String(text)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    let start = drop { $0 == " " }
    var end = start.endIndex
    while end > start.startIndex, start[start.index(before: end)] == " " { end = start.index(before: end) }
    return start[..<end]
  }
}
