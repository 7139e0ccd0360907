import InertiaFormat
import Testing

@testable import InertiaLint

@Suite("String(concatenating:)")
struct StringConcatenatingTests {
  /// The pieces joined by ``Swift/String/init(concatenating:)``, each added in turn.
  static func concatenated(_ pieces: [String]) -> String {
    String(concatenating: { text in
      for piece in pieces { text.add(piece) }
    })
  }

  @Test("Gives the pieces one after another, whatever they hold")
  func concatenates() {
    let pieces = ["", "a", "long literal piece past the small-string size", "é", "🙂", "\n", "x"]
    #expect(Self.concatenated(Array(pieces[0..<5])) == pieces[0..<5].joined())
    #expect(Self.concatenated([pieces[5], pieces[6], pieces[2]]) == pieces[5] + pieces[6] + pieces[2])
    #expect(Self.concatenated(["", ""]) == "")
    #expect(Self.concatenated([]) == "")
    let substring = "abc, def"[...].dropFirst(5)
    #expect(Self.concatenated([String(substring), "!"]) == "def!")
    let made = Self.concatenated(pieces + pieces)
    #expect(made == (pieces + pieces).joined())
    #expect(made.utf8.count == (pieces + pieces).joined().utf8.count)
  }

  /// `unaddressable-id`'s container message, whose expected ids are joined in place, as the joined quoted ids
  /// it replaced gave them (for no id, one and several).
  @Test("The container message names the expected ids as before", arguments: [[], ["animation"], ["a", "b", "c d"]])
  func containerMessage(_ ids: [String]) throws {
    var linter = Linter(settings: LintSettings(containerIDs: ids))
    linter.maxFindingsPerRule = 0
    let findings = linter.lint(Array("[]".utf8), file: "onboarding.inertia", fileName: "onboarding.inertia")
    let messages = findings.filter { $0.ruleID == "unaddressable-id" }.map(\.message)
    let expected = ids.map { "'\($0)'" }.joined(separator: " or ")
    #expect(
      messages == [
        "the file's container id 'onboarding' (its name) is not \(expected): the editor sends schemas only to the "
          + "container 'animation', so a container with this id loads the file but receives nothing from the editor"
      ])
  }
}
