import InertiaFormat

/// One thing a rule found in one file.
///
/// A finding names the value it is about twice: as a JSON Pointer (RFC 6901), which reads the same
/// whichever encoding the file is in, and as a position in the input, which is the byte ``offset`` for
/// MessagePack input and the ``line`` and ``column`` for JSON input.
public struct Finding: Sendable, Equatable {
  /// The file as it was named on the command line, or as found under a directory.
  public var file: String
  /// The rule's stable id: lowercase words joined by hyphens.
  public var ruleID: String
  /// How much it matters: the rule's severity, or the one the configuration gives the rule.
  public var severity: Severity
  /// One sentence: what is wrong and what the runtime will do about it.
  public var message: String
  /// The value the finding is about. A later duplicate of a map key has the same pointer as the first;
  /// its position tells them apart.
  public var pointer: JSONPointer
  /// The byte offset of the value in the input (for both encodings).
  public var offset: Int
  /// The 1-based line, for JSON input.
  public var line: Int?
  /// The 1-based column, counted in Unicode scalars, for JSON input.
  public var column: Int?
  /// The change that resolves this finding, when the rule can offer one.
  public var fix: Fix? {
    get { fixBox?.fix }
    set { fixBox = newValue.map(FixBox.init) }
  }
  /// ``fix``, in a box of its own: most findings have none, and a fix held inline (its summary, pointer and
  /// value) doubled the references that every copy of a finding retains and every release releases, and
  /// findings are copied and released a few times each on their way to the report.
  private var fixBox: FixBox?
  /// What the finding is about, stable across edits that do not touch it: the ids of the objects along
  /// its pointer (the animation's, the keyframe's or shape's) and the rest of the pointer, such as
  /// `card0/B4E1C0F2-…/duration`. Baselines and SARIF fingerprints match on it; `nil` when not worked out.
  public var subject: String?
  /// How many more findings of the same rule in the same file this one stands for: a finding past the
  /// linter's limit per rule and file (``Linter/maxFindingsPerRule``) says "… and N more" instead of
  /// being reported one by one. 0 for every other finding.
  public var omittedCount = 0
  /// How many of the ``omittedCount`` findings have a safe fix (``hasSafeFix``), which `--fix` applies, so
  /// that reports count them as fixable though they do not list them.
  public var omittedFixableCount = 0
  /// Whether the finding has a place in the file. `false` for a finding about a file as a whole that
  /// could not be read (the tool's `io-error`): its offset is 0 and reports give no position.
  public var hasPosition = true
  /// Whether `--fix` applied the fix (or, with `--dry-run`, would apply it). A fixed finding is reported
  /// so that the report says what changed, but no longer counts against the run.
  public var isFixed = false

  /// The finding that stands for `count` more findings of `first`'s rule in its file, past the limit per
  /// rule and file: placed at `first`, the first of them, and saying how many there are.
  /// `fixable` of them have a safe fix (``omittedFixableCount``).
  public static func omitting(_ count: Int, fixable: Int = 0, like first: Finding) -> Finding {
    var summary = Finding(
      file: first.file, ruleID: first.ruleID, severity: first.severity,
      message: "… and \(count) more \(count == 1 ? "finding" : "findings") of this rule in this file, from here on "
        + "(--max-findings 0 lists them all)",
      pointer: first.pointer, offset: first.offset, line: first.line, column: first.column, subject: first.subject)
    summary.omittedCount = count
    summary.omittedFixableCount = fixable
    return summary
  }

  /// `findings` (one file's, in report order) with at most `limit` of each rule (0: all); the rest of a
  /// rule's are replaced by one ``omitting(_:fixable:like:)`` finding at the first of them. Fixed findings are
  /// all kept: they say what changed.
  public static func limited(_ findings: [Finding], to limit: Int) -> [Finding] {
    // No rule can have more than the limit when the whole file has no more (most files).
    guard limit > 0, findings.count > limit else { return findings }
    var kept: [String: Int] = [:]
    var omitted: [String: (count: Int, fixable: Int, first: Finding)] = [:]
    var result: [Finding] = []
    for finding in findings {
      if finding.isFixed || kept[finding.ruleID, default: 0] < limit {
        if !finding.isFixed { kept[finding.ruleID, default: 0] += 1 }
        result.append(finding)
      } else {
        omitted[finding.ruleID, default: (0, 0, finding)].count += 1
        if finding.hasSafeFix { omitted[finding.ruleID]!.fixable += 1 }
      }
    }
    for (_, entry) in omitted.sorted(by: { $0.key < $1.key }) {
      result.append(omitting(entry.count, fixable: entry.fixable, like: entry.first))
    }
    return result.sorted(by: reportOrder)
  }

  /// Whether the rule offers a fix for this finding.
  public var isFixable: Bool { fix != nil }

  /// Whether the finding has a fix that `--fix` applies (a safe one, see ``Fix/Safety``), and is not
  /// already fixed: what text reports mark `[*]` and count as fixable.
  public var hasSafeFix: Bool { !isFixed && fix?.safety == .safe }

  /// The order findings are reported in: by file, then position, then pointer, then rule, then message.
  public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
    if a.file != b.file { return a.file < b.file }
    if a.offset != b.offset { return a.offset < b.offset }
    if a.pointer != b.pointer { return a.pointer < b.pointer }
    if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
    return a.message < b.message
  }
}

extension Finding {
  /// A finding; ``Linter`` makes these, and tests and reporters may too.
  ///
  /// Made by the memberwise initializer (which the struct keeps by declaring this one here, not in its
  /// body): an initializer setting each property itself made the finding on the stack and then copied it
  /// whole (each of its strings retained) and released the first, for every finding a rule reported.
  public init(
    file: String, ruleID: String, severity: Severity, message: String, pointer: JSONPointer, offset: Int,
    line: Int? = nil, column: Int? = nil, fix: Fix? = nil, subject: String? = nil
  ) {
    self.init(
      file: file, ruleID: ruleID, severity: severity, message: message, pointer: pointer, offset: offset, line: line,
      column: column, fixBox: fix.map(FixBox.init), subject: subject)
  }
}

/// A finding's fix, shared by the finding's copies (it is never changed in place: setting a finding's fix
/// makes a new box).
private final class FixBox: Sendable, Equatable {
  let fix: Fix

  init(_ fix: Fix) {
    self.fix = fix
  }

  static func == (a: FixBox, b: FixBox) -> Bool { a.fix == b.fix }
}
