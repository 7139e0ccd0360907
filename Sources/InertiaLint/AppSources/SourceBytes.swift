import InertiaFormat

// Byte classes and the checks every source lexer starts with.

extension UInt8 {
  static let tab = UInt8(ascii: "\t")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let quote = UInt8(ascii: "\"")
  static let apostrophe = UInt8(ascii: "'")
  static let backtick = UInt8(ascii: "`")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let star = UInt8(ascii: "*")
  static let pound = UInt8(ascii: "#")
  static let dollar = UInt8(ascii: "$")
  static let dot = UInt8(ascii: ".")
  static let comma = UInt8(ascii: ",")
  static let colon = UInt8(ascii: ":")
  static let semicolon = UInt8(ascii: ";")
  static let equals = UInt8(ascii: "=")
  static let lessThan = UInt8(ascii: "<")
  static let greaterThan = UInt8(ascii: ">")
  static let openParen = UInt8(ascii: "(")
  static let closeParen = UInt8(ascii: ")")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let underscore = UInt8(ascii: "_")
  static let exclamation = UInt8(ascii: "!")
  static let question = UInt8(ascii: "?")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let at = UInt8(ascii: "@")
  static let ampersand = UInt8(ascii: "&")

  /// `0`–`9`.
  var isDigit: Bool { self &- 0x30 < 10 }
  /// `a`–`z`, `A`–`Z`.
  var isLetter: Bool { (self | 0x20) &- 0x61 < 26 }
  /// A letter, `_`, or any byte of a non-ASCII character: the lexers read every non-ASCII character
  /// outside literals and comments as part of a name (Swift's Unicode operator characters and
  /// JavaScript's Unicode spaces included; neither can be part of an Inertia use).
  var isIdentifierStart: Bool { isLetter || self == .underscore || self >= 0x80 }
  /// What may follow in a name: a name's start, a digit, or `$` (Swift, Kotlin and JavaScript all allow it
  /// after the first character, where they allow it at all).
  var isIdentifierContinue: Bool { isIdentifierStart || isDigit || self == .dollar }
  /// A line break: `\n` or `\r`.
  var isLineBreak: Bool { self == .newline || self == .carriageReturn }
  /// Space, tab, vertical tab, form feed or NUL: whitespace that is not a line break.
  var isHorizontalSpace: Bool { self == .space || self == .tab || self == 0x0B || self == 0x0C || self == 0 }
}

enum SourceChecks {
  /// Checks a source against ``SourceLimits`` and UTF-8, and returns where its code starts: after a UTF-8
  /// byte order mark, if there is one, and after a `#!` line there (`#!/usr/bin/env node`), which every
  /// language the lexers read takes as trivia.
  static func start(of bytes: [UInt8]) throws(SourceLexFailure) -> Int {
    if bytes.count > SourceLimits.maximumSourceBytes {
      throw SourceLexFailure(.tooLarge, at: SourceLimits.maximumSourceBytes)
    }
    if let invalid = UTF8Validation.firstInvalid(in: bytes) { throw SourceLexFailure(.invalidUTF8, at: invalid) }
    let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    return bytes.matches("#!", at: start) ? bytes.lineEnd(from: start) : start
  }
}

extension Array where Element == UInt8 {
  /// The end of the run of name bytes (``UInt8/isIdentifierContinue``) from `offset`. A local cursor, so
  /// that a lexer's loop over a name keeps its position in a register.
  func nameEnd(from offset: Int) -> Int {
    var end = offset
    while end < count && self[end].isIdentifierContinue { end += 1 }
    return end
  }

  /// The end of the run of spaces and tabs (``UInt8/isHorizontalSpace``) from `offset`.
  func horizontalSpaceEnd(from offset: Int) -> Int {
    var end = offset
    while end < count && self[end].isHorizontalSpace { end += 1 }
    return end
  }

  /// The end of the line from `offset`: its line break, or the end of the source.
  func lineEnd(from offset: Int) -> Int {
    var end = offset
    while end < count && !self[end].isLineBreak { end += 1 }
    return end
  }

  /// The end of a number from `offset`: digits, letters and `_`, a `.` followed by a digit, and a sign
  /// after a letter that reads `exponent` in either case (none when it is `nil`).
  func numberEnd(from offset: Int, exponent: UInt8?) -> Int {
    var end = offset
    while end < count {
      let byte = self[end]
      if byte.isLetter || byte.isDigit || byte == .underscore {
        end += 1
        if let exponent, byte | 0x20 == exponent, end < count, self[end] == .plus || self[end] == .minus { end += 1 }
      } else if byte == .dot, end + 1 < count, self[end + 1].isDigit {
        end += 1
      } else {
        break
      }
    }
    return end
  }

  /// Moves `index` past whitespace and comments: `//` to the end of the line, and `/* … */`, nested to any
  /// depth where `nestedComments` (Swift, Kotlin) and not nested where not (JavaScript). Says whether they
  /// held a line break.
  func skipTrivia(_ index: inout Int, nestedComments: Bool) throws(SourceLexFailure) -> Bool {
    var sawNewline = false
    while index < count {
      let byte = self[index]
      if byte.isHorizontalSpace {
        index = horizontalSpaceEnd(from: index + 1)
      } else if byte.isLineBreak {
        sawNewline = true
        index += 1
      } else if byte == .slash, index + 1 < count, self[index + 1] == .slash {
        index = lineEnd(from: index)
      } else if byte == .slash, index + 1 < count, self[index + 1] == .star {
        sawNewline = try skipBlockComment(&index, nested: nestedComments) || sawNewline
      } else {
        break
      }
    }
    return sawNewline
  }

  /// Moves `index` past the `/* … */` comment whose `/*` is there, nested or not; says whether it held a
  /// line break.
  private func skipBlockComment(_ index: inout Int, nested: Bool) throws(SourceLexFailure) -> Bool {
    let start = index
    var depth = 0
    var sawNewline = false
    while index < count {
      let byte = self[index]
      let next = index + 1 < count ? self[index + 1] : nil
      if byte == .slash, next == .star, nested || depth == 0 {
        depth += 1
        index += 2
      } else if byte == .star, next == .slash {
        depth -= 1
        index += 2
        if depth == 0 { return sawNewline }
      } else {
        if byte.isLineBreak { sawNewline = true }
        index += 1
      }
    }
    throw SourceLexFailure(.unterminatedComment, at: start)
  }

  /// Whether the bytes at `offset` are `text`'s UTF-8 (`false` where they run past the end).
  func matches(_ text: StaticString, at offset: Int) -> Bool {
    let count = text.utf8CodeUnitCount
    guard offset >= 0, offset + count <= self.count else { return false }
    return text.withUTF8Buffer { text in
      for index in 0..<count where self[offset + index] != text[index] { return false }
      return true
    }
  }

  /// Whether `start..<end` holds exactly `text`'s UTF-8.
  func isText(_ text: StaticString, from start: Int, to end: Int) -> Bool {
    end - start == text.utf8CodeUnitCount && matches(text, at: start)
  }
}
