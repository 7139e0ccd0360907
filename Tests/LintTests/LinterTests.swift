import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// The engine itself: sharing rules out among threads, ordering, and line and column.
@Suite("Linter")
struct LinterTests {
  @Test("Rules shared out among threads give exactly the findings of one thread", arguments: [2, 3, 4])
  func threadsGiveTheSameFindings(_ threads: Int) throws {
    let corpus = CorpusTests.directory
    for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path) where name.contains(".") {
      let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
      guard let indexed = try? IndexedDocument.read(bytes) else { continue }
      var linter = Linter()
      linter.runner = ThreadRunner(width: threads)
      let one = linter.lint(indexed, file: name, fileName: name, threads: 1)
      let many = linter.lint(indexed, file: name, fileName: name, threads: threads)
      #expect(one.map(\.message) == many.map(\.message), "\(name)")
      #expect(one.map(\.offset) == many.map(\.offset))
    }
  }

  @Test("Threads take every rule once, heaviest first, and a rule that uses another's result after it")
  func heaviestFirst() {
    let ids = Linter.heaviestFirst(Linter().rules).map { $0.rule.description.identifier }
    #expect(ids.sorted() == RuleRegistry.identifiers.sorted())
    #expect(ids.first == "schema")
    let users = [
      ("unknown-field", "schema"), ("null-optional-field", "schema"), ("track-beyond-editor-range", "loop-stretched"),
    ]
    for (user, maker) in users {
      #expect(ids.firstIndex(of: maker)! < ids.firstIndex(of: user)!)
    }
  }

  @Test("Findings are ordered by position, then pointer, then rule")
  func order() throws {
    let text = #"[{"id": "", "invokeType": "auto", "keyframes": [{"id": "A", "duration": -1}], "notes": 1}]"#
    let findings = Linter().lint(Array(text.utf8), file: "x.json", fileName: "animation.json")
    #expect(findings.map(\.offset) == findings.map(\.offset).sorted())
    #expect(findings.allSatisfy { $0.line == 1 })
    #expect(findings.first?.column == 2)
  }

  @Test("A byte order mark is no column in a finding's place")
  func byteOrderMark() throws {
    let text = "\u{FEFF}[{\"id\": \"a\", \"bad\": 1}]"
    let findings = Linter().lint(Array(text.utf8), file: "x.json", fileName: "animation.json")
      .filter { $0.ruleID == "unknown-field" }
    // The key `"bad"` starts at the 14th character after the mark.
    #expect(findings.map { "\($0.line!):\($0.column!)" } == ["1:14"])
  }

  @Test("Columns count Unicode scalars, lines count newlines")
  func lineAndColumn() throws {
    let text = "[\n  {\"id\": \"é😀\", \"bad\": 1,\n   \"durations\": 2}\n]"
    let findings = Linter().lint(Array(text.utf8), file: "x.json", fileName: "animation.json")
      .filter { $0.ruleID == "unknown-field" }
    #expect(findings.map { "\($0.line!):\($0.column!)" } == ["2:16", "3:4"])
  }
}
