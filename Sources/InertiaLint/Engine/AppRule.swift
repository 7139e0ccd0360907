import InertiaFormat

/// A rule about an app's code against its animation files: one sentence of the runtimes' behaviour,
/// checked against every use of a runtime the app's sources make (``InertiaUse``) and every animation file
/// it ships.
///
/// An app rule runs once over a whole app (``AppProject``): in a folder walk that finds app sources, or for
/// one target of a build. Each lives in its own file under `Rules/`, named after it, and is listed in
/// ``RuleRegistry/appRules``; its description's ``RuleDescription/scope`` is ``RuleDescription/Scope/app``
/// and its examples are small apps (``Example/app``).
package protocol AppRule: Sendable {
  /// The rule's documentation and examples.
  static var description: RuleDescription { get }

  /// Reports what the rule finds in an app.
  /// - Parameters:
  ///   - app: the app's sources, their uses and the animation files found.
  ///   - findings: where the rule reports.
  static func check(_ app: AppProject, _ findings: inout AppFindingSink)
}

/// Runs the app rules over an app.
package enum AppLinter {
  /// The findings of `rules` (every app rule unless told otherwise) in `project`, at each rule's own
  /// severity (a configuration's severities, `off`, ignores and baseline are applied per file afterwards,
  /// by ``Linter/configured(appFindings:)``), in ``Finding/reportOrder(_:_:)``.
  package static func findings(in project: AppProject, rules: [any AppRule.Type] = RuleRegistry.appRules)
    -> [Finding]
  {
    var sink = AppFindingSink()
    for rule in rules {
      sink.start(rule.description)
      rule.check(project, &sink)
    }
    return sink.findings.sorted(by: Finding.reportOrder)
  }
}

/// Collects the app rules' findings, one rule after another.
///
/// A finding in a source is placed at a ``SourcePosition`` (its byte offset, line and column) and has no
/// JSON Pointer (the root); one in an animation file is placed at an animation's id, as a file rule's is.
/// Every finding gets a ``Finding/subject`` that names what it is about without its line: the id it
/// names (or what stands for one) and which occurrence of that id in the file this finding of the rule is,
/// as a JSON Pointer (`/welcomeTitel/1`, `/welcomeTitel/2`), so that a baseline entry survives edits above
/// it and an `ignore` entry's `pointer` can name every occurrence of an id at once (`/welcomeTitel`).
package struct AppFindingSink {
  /// What has been reported so far.
  package private(set) var findings: [Finding] = []
  private var ruleID = ""
  private var severity = Severity.error
  /// How many findings the current rule has made about each id in each file, by file and id.
  private var occurrences: [String: [String: Int]] = [:]

  package init() {}

  /// Takes the findings of the rule `description` describes.
  mutating func start(_ description: RuleDescription) {
    ruleID = description.identifier
    severity = description.severity
    occurrences = [:]
  }

  /// Reports a finding at `position` in `source`, about `subject` (an id, or the name of what the finding
  /// is about when it names none).
  /// - Parameter severity: the finding's severity, when it is not the rule's own.
  package mutating func report(
    _ message: String, in source: AppSource, at position: SourcePosition, about subject: String,
    severity: Severity? = nil
  ) {
    findings.append(
      Finding(
        file: source.path, ruleID: ruleID, severity: severity ?? self.severity, message: message, pointer: .root,
        offset: position.offset, line: position.line, column: position.column,
        subject: nextSubject(subject, in: source.path)))
  }

  /// Reports a finding at an animation's id in an animation file.
  package mutating func report(
    _ message: String, in file: AnimationFile, at animation: AnimationFile.Animation, severity: Severity? = nil
  ) {
    findings.append(
      Finding(
        file: file.path, ruleID: ruleID, severity: severity ?? self.severity, message: message,
        pointer: animation.pointer, offset: animation.offset, line: animation.line, column: animation.column,
        subject: animation.subject))
  }

  /// `/SUBJECT/N` for the Nth finding of the rule about `subject` in `file`.
  private mutating func nextSubject(_ subject: String, in file: String) -> String {
    let count = occurrences[file, default: [:]][subject, default: 0] + 1
    occurrences[file, default: [:]][subject] = count
    return JSONPointer([.key(subject), .key(String(count))]).description
  }
}
