import InertiaFormat
import InertiaLint

/// A line diff in the unified format `diff -u` and `git diff` print.
///
/// Lines are compared with Myers' O(ND) algorithm ("An O(ND) Difference Algorithm and Its Variations",
/// 1986), so files that differ in a few lines diff in about linear time whatever their length.
package enum UnifiedDiff {
  /// The unified diff between two texts, with `context` lines around each change, or an empty string
  /// when they are equal.
  /// - Parameters:
  ///   - old: the text before, and `oldName` the name printed after `---`.
  ///   - new: the text after, and `newName` the name printed after `+++`.
  package static func make(
    old: String, new: String, oldName: String, newName: String, context: Int = 3
  ) -> String {
    let a = lines(old)
    let b = lines(new)
    let script = editScript(a, b)
    guard script.contains(where: { $0.kind != .same }) else { return "" }
    var text = "--- \(oldName)\n+++ \(newName)\n"
    for hunk in hunks(script, context: context) {
      let oldStart = hunk.first?.oldIndex ?? 0
      let newStart = hunk.first?.newIndex ?? 0
      let oldCount = hunk.filter { $0.kind != .insert }.count
      let newCount = hunk.filter { $0.kind != .delete }.count
      text += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
      for edit in hunk {
        switch edit.kind {
        case .same: text += " " + printed(a[edit.oldIndex])
        case .delete: text += "-" + printed(a[edit.oldIndex])
        case .insert: text += "+" + printed(b[edit.newIndex])
        }
      }
    }
    return text
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    // Unified ranges are 1-based; an empty range names the line before it.
    let first = count == 0 ? start : start + 1
    return count == 1 ? "\(first)" : "\(first),\(count)"
  }

  /// Marks a text's last line when no newline ends it, so that it differs from the same line with one
  /// (as in `diff`), and so that the diff can say so.
  static let noNewline = "\u{0}no newline"

  private static func lines(_ text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" {
      lines.removeLast()
    } else if let last = lines.last {
      lines[lines.count - 1] = Substring(String(last) + noNewline)
    }
    return lines
  }

  /// A line as the diff prints it, with `\ No newline at end of file` after a text's unended last line,
  /// which `patch` and `git apply` need to apply the hunk.
  private static func printed(_ line: Substring) -> String {
    guard line.hasSuffix(noNewline) else { return line + "\n" }
    return line.dropLast(noNewline.count) + "\n\\ No newline at end of file\n"
  }

  struct Edit {
    enum Kind { case same, delete, insert }
    var kind: Kind
    /// The line's index in the old text (for an insert: the old line it comes before).
    var oldIndex: Int
    /// The line's index in the new text (for a delete: the new line it comes before).
    var newIndex: Int
  }

  /// How many steps (diagonals tried, lines compared) Myers' search may take over the middle of two
  /// texts: past it the middle is reported as replaced whole, so a diff costs at most about this much
  /// whatever the files (issue 29: every loop bounded by a documented constant).
  static let searchBudget = 1 << 26

  /// The shortest edit script turning `a` into `b`, one entry per line.
  ///
  /// Common leading and trailing lines are matched first; the middle is diffed with Myers' algorithm,
  /// keeping only the part of each step's frontier that step can reach (O(D²) memory). Past
  /// `maxDifferences`, or past as many differences as ``searchBudget`` allows for the middle's length
  /// (Myers' search takes about that length at each), the middle is reported as replaced whole: still a
  /// correct diff, just not minimal.
  static func editScript(_ a: [Substring], _ b: [Substring], maxDifferences: Int = 4096) -> [Edit] {
    var work = 0
    return editScript(a, b, maxDifferences: maxDifferences, work: &work)
  }

  /// ``editScript(_:_:maxDifferences:)``, counting in `work` the steps of its search (for the tests).
  static func editScript(_ a: [Substring], _ b: [Substring], maxDifferences: Int, work: inout Int) -> [Edit] {
    var prefix = 0
    while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
      suffix += 1
    }
    var edits = (0..<prefix).map { Edit(kind: .same, oldIndex: $0, newIndex: $0) }
    let middleA = a[prefix..<(a.count - suffix)]
    let middleB = b[prefix..<(b.count - suffix)]
    let affordable = max(32, searchBudget / max(1, middleA.count + middleB.count))
    if let middle = myers(middleA, middleB, maxDifferences: min(maxDifferences, affordable), work: &work) {
      edits += middle
    } else {
      edits += middleA.indices.map { Edit(kind: .delete, oldIndex: $0, newIndex: middleB.startIndex) }
      edits += middleB.indices.map { Edit(kind: .insert, oldIndex: middleA.endIndex, newIndex: $0) }
    }
    edits += (0..<suffix).map { Edit(kind: .same, oldIndex: a.count - suffix + $0, newIndex: b.count - suffix + $0) }
    return edits
  }

  private static func myers(
    _ a: ArraySlice<Substring>, _ b: ArraySlice<Substring>, maxDifferences: Int, work: inout Int
  ) -> [Edit]? {
    let n = a.count
    let m = b.count
    let a0 = a.startIndex
    let b0 = b.startIndex
    let maxD = min(n + m, maxDifferences)
    // frontier[k] is the furthest x on diagonal k; trace[d] keeps diagonals -d...d after step d.
    var frontier = [Int](repeating: 0, count: 2 * maxD + 3)
    let offset = maxD + 1
    var trace: [[Int]] = []
    var found = n + m == 0
    var steps = 0
    if !found {
      search: for d in 0...maxD {
        for k in stride(from: -d, through: d, by: 2) {
          var x: Int
          if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
            x = frontier[offset + k + 1]
          } else {
            x = frontier[offset + k - 1] + 1
          }
          var y = x - k
          work += 1
          while x < n && y < m && a[a0 + x] == b[b0 + y] {
            x += 1
            y += 1
            work += 1
          }
          frontier[offset + k] = x
          if x >= n && y >= m {
            found = true
            steps = d
            trace.append(Array(frontier[(offset - d)...(offset + d)]))
            break search
          }
        }
        trace.append(Array(frontier[(offset - d)...(offset + d)]))
      }
    }
    guard found else { return nil }
    func furthest(_ d: Int, _ k: Int) -> Int { trace[d][k + d] }
    var edits: [Edit] = []
    var x = n
    var y = m
    for d in stride(from: steps, to: 0, by: -1) {
      let k = x - y
      let previousK: Int
      if k == -d || (k != d && furthest(d - 1, k - 1) < furthest(d - 1, k + 1)) {
        previousK = k + 1
      } else {
        previousK = k - 1
      }
      let previousX = furthest(d - 1, previousK)
      let previousY = previousX - previousK
      while x > previousX && y > previousY {
        x -= 1
        y -= 1
        edits.append(Edit(kind: .same, oldIndex: a0 + x, newIndex: b0 + y))
      }
      if x == previousX {
        y -= 1
        edits.append(Edit(kind: .insert, oldIndex: a0 + x, newIndex: b0 + y))
      } else {
        x -= 1
        edits.append(Edit(kind: .delete, oldIndex: a0 + x, newIndex: b0 + y))
      }
    }
    while x > 0 && y > 0 {
      x -= 1
      y -= 1
      edits.append(Edit(kind: .same, oldIndex: a0 + x, newIndex: b0 + y))
    }
    return edits.reversed()
  }

  /// Groups changes with their context lines; changes closer than twice the context share a hunk.
  private static func hunks(_ script: [Edit], context: Int) -> [[Edit]] {
    let changed = script.indices.filter { script[$0].kind != .same }
    var hunks: [[Edit]] = []
    var start = -1
    var end = -1
    for index in changed {
      let from = max(0, index - context)
      let to = min(script.count - 1, index + context)
      if start >= 0 && from <= end + 1 {
        end = to
      } else {
        if start >= 0 { hunks.append(Array(script[start...end])) }
        start = from
        end = to
      }
    }
    if start >= 0 { hunks.append(Array(script[start...end])) }
    return hunks
  }
}
