import Foundation
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

@Suite struct UnifiedDiffTests {
  @Test func equalTextsGiveNoDiff() {
    #expect(UnifiedDiff.make(old: "a\nb\n", new: "a\nb\n", oldName: "x", newName: "y") == "")
  }

  @Test func oneChangedLineWithContext() {
    let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
    let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
    let diff = UnifiedDiff.make(old: old, new: new, oldName: "a/f.json", newName: "b/f.json")
    #expect(
      diff == """
        --- a/f.json
        +++ b/f.json
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8

        """)
  }

  @Test func insertionsAndDeletionsAtTheEdges() {
    let diff = UnifiedDiff.make(old: "a\nb\nc\n", new: "b\nc\nd\n", oldName: "o", newName: "n")
    #expect(diff == "--- o\n+++ n\n@@ -1,3 +1,3 @@\n-a\n b\n c\n+d\n")
    #expect(UnifiedDiff.make(old: "", new: "x\n", oldName: "o", newName: "n") == "--- o\n+++ n\n@@ -0,0 +1 @@\n+x\n")
  }

  /// Applying the diff's hunks to the old text must give the new text, for many random edits.
  @Test func patchReproducesTheNewText() {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let old = (0..<Int.random(in: 0...40, using: &rng)).map { _ in "v\(Int.random(in: 0...5, using: &rng))" }
      var new = old
      for _ in 0..<Int.random(in: 0...6, using: &rng) {
        switch Int.random(in: 0...2, using: &rng) {
        case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &rng))
        case 1: new.insert("n\(Int.random(in: 0...5, using: &rng))", at: Int.random(in: 0...new.count, using: &rng))
        default: if !new.isEmpty { new[Int.random(in: 0..<new.count, using: &rng)] = "c" }
        }
      }
      let oldText = old.map { $0 + "\n" }.joined()
      let newText = new.map { $0 + "\n" }.joined()
      let diff = UnifiedDiff.make(
        old: oldText, new: newText, oldName: "o", newName: "n", context: Int.random(in: 0...3, using: &rng))
      #expect(apply(diff, to: old) == new, "old \(old) new \(new)\n\(diff)")
    }
  }

  /// A small unified-diff applier, as `patch` does it.
  private func apply(_ diff: String, to old: [String]) -> [String] {
    guard !diff.isEmpty else { return old }
    var result: [String] = []
    var cursor = 0
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) where !line.isEmpty {
      if line.hasPrefix("@@") {
        let oldRange = line.split(separator: " ")[1].dropFirst().split(separator: ",")
        let start = Int(oldRange[0])!
        let count = oldRange.count > 1 ? Int(oldRange[1])! : 1
        let target = count == 0 ? start : start - 1
        result += old[cursor..<target]
        cursor = target
      } else if line.hasPrefix(" ") {
        result.append(String(line.dropFirst()))
        cursor += 1
      } else if line.hasPrefix("-") {
        cursor += 1
      } else if line.hasPrefix("+") {
        result.append(String(line.dropFirst()))
      }
    }
    return result + old[cursor...]
  }
}
