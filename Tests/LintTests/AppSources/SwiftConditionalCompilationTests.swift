import Testing

@testable import InertiaLint

/// Which code is compiled only in builds that define `DEBUG` (``SwiftConditionalCompilation``): a token
/// marked debug-only is one no build without `DEBUG` compiles.
@Suite struct SwiftConditionalCompilationTests {
  /// Whether the name `marker` in `source` is marked debug-only.
  func isDebugOnly(_ source: String, _ marker: String = "marker") throws -> Bool {
    let bytes = Array(source.utf8)
    let tokens = try AppSourceLexer.tokenize(bytes, language: .swift).get()
    let token = try #require(tokens.first { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) == marker })
    return token.flags.contains(.debugOnly)
  }

  static let debugOnly: [String] = [
    "#if DEBUG\nmarker\n#endif",
    "#if DEBUG && os(iOS)\nmarker\n#endif",
    "#if os(iOS) && DEBUG\nmarker\n#endif",
    "#if !DEBUG\nx\n#else\nmarker\n#endif",
    "#if !!DEBUG\nmarker\n#endif",
    "#if !(!DEBUG)\nmarker\n#endif",
    "#if os(iOS)\nx\n#elseif DEBUG\nmarker\n#endif",
    "#if DEBUG\n#if os(iOS)\nx\n#else\nmarker\n#endif\n#endif",
    "#if DEBUG\n#if targetEnvironment(simulator)\nmarker\n#endif\n#endif",
    "#if (DEBUG)\nmarker\n#endif",
    "#if DEBUG // a comment\nmarker\n#endif",
    "#if false\nmarker\n#endif",
    "#if DEBUG\n  #if !DEBUG\n  x\n  #else\n  marker\n  #endif\n#endif",
  ]

  static let notDebugOnly: [String] = [
    "marker",
    "#if !DEBUG\nmarker\n#endif",
    "#if DEBUG\nx\n#else\nmarker\n#endif",
    "#if DEBUG || targetEnvironment(simulator)\nmarker\n#endif",
    "#if DEBUG\nx\n#endif\nmarker",
    "#if INERTIA_EDITOR\nmarker\n#endif",
    "#if os(iOS)\nmarker\n#endif",
    "#if DEBUG\nx\n#elseif os(iOS)\nmarker\n#endif",
    "#if swift(>=5.9) garbage\nmarker\n#endif",
    "#if RELEASE\nx\n#else\nmarker\n#endif",
    "#if true\nmarker\n#endif",
    // Debug-only in truth, but three-valued logic cannot tell: the side on which a rule still reports.
    "#if (X || DEBUG) && (!X || DEBUG)\nmarker\n#endif",
  ]

  @Test(arguments: debugOnly)
  func markedDebugOnly(_ source: String) throws {
    #expect(try isDebugOnly(source))
  }

  @Test(arguments: notDebugOnly)
  func notMarkedDebugOnly(_ source: String) throws {
    #expect(try !isDebugOnly(source))
  }

  @Test func conditionsMaySpanLinesInsideParentheses() throws {
    #expect(try isDebugOnly("#if (DEBUG &&\n  os(iOS))\nmarker\n#endif"))
    // The condition ends at the line break; the next line is code.
    #expect(try !isDebugOnly("#if os(iOS)\nmarker\n#endif"))
  }

  @Test func directivesInsideStringsAndCommentsAreText() throws {
    #expect(try !isDebugOnly("let s = \"\"\"\n#if DEBUG\n\"\"\"\nmarker"))
    #expect(try !isDebugOnly("/*\n#if DEBUG\n*/\nmarker"))
  }

  @Test func nestingDepthIsBounded() {
    let depth = SourceLimits.maximumNestingDepth
    let within = String(repeating: "#if A\n", count: depth) + String(repeating: "#endif\n", count: depth)
    #expect(LexerTesting.failure(within, .swift) == "lexes")
    let over = String(repeating: "#if A\n", count: depth + 1) + String(repeating: "#endif\n", count: depth + 1)
    #expect(LexerTesting.failure(over, .swift) == "\(depth + 1):1 nesting too deep")
  }
}
