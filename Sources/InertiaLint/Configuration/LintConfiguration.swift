import InertiaFormat

/// What `.inertia-lint.json` says: per-rule severities, which files to lint, and what the project's
/// containers and loop are.
///
/// ```json
/// {
///   "rules": { "hand-authored-vertices": "warning", "loop-stretched": "off" },
///   "include": ["*.inertia"],
///   "exclude": ["Tests/Fixtures/**"],
///   "containerId": ["animation", "onboarding"],
///   "loopDuration": 5,
///   "ignore": [
///     { "files": "Legacy/**", "rules": ["hand-authored-vertices"], "reason": "played by the old app only" },
///     { "files": ["onboarding.inertia"], "rules": ["schema"], "pointer": "/card0/shapes/Logo" }
///   ],
///   "baseline": ".inertia-baseline.json",
///   "appSources": { "exclude": ["**/Tests/**"] }
/// }
/// ```
///
/// Every key is optional. An unknown key, an unknown rule id or a value of the wrong kind is an error,
/// never silently ignored; a removed rule's id is accepted and ignored, with a ``warnings`` entry. Globs
/// are relative to the directory the file is in.
public struct LintConfiguration: Sendable, Equatable {
  /// The name the file is looked for under, from the current directory upward.
  public static let fileName = ".inertia-lint.json"

  /// The keys a configuration may have.
  public static let keys = [
    "$schema", "rules", "include", "exclude", "containerId", "loopDuration", "ignore", "baseline", "appSources",
  ]

  /// A severity, or ``RuleSeverity/off``, per rule id; a rule not named keeps its default.
  public var severities: [String: RuleSeverity] = [:]
  /// Globs of the files a directory walk lints, replacing the default `*.inertia` when not empty.
  public var includes: [String] = []
  /// Globs of files and folders not to lint.
  public var excludes: [String] = []
  /// Settings the rules read.
  public var settings = LintSettings.default
  /// Findings not to report, by file, rule and place.
  public var ignores: [Ignore] = []
  /// The baseline whose findings are not reported, relative to the configuration's folder (what
  /// `inertia-lint --baseline` reads, for every run this configuration governs: the hook, CI, the build).
  public var baseline: String?
  /// Which app sources a folder walk reads for the app rules.
  public var appSources = AppSources()
  /// The configuration file, when there is one.
  public var path: String?
  /// What the file says that is accepted and has no effect: each removed rule it names (see
  /// ``RuleRegistry/removedRules``), which the tool prints on standard error.
  public var warnings: [ConfigurationWarning] = []

  /// Which app sources a folder walk reads for the app rules (`appSources`): every Swift, Kotlin and
  /// JavaScript or TypeScript file it finds, unless told otherwise, or none.
  ///
  /// ```json
  /// "appSources": {"include": ["ios/**", "android/**"], "exclude": ["**/Tests/**"]}
  /// "appSources": false
  /// ```
  public struct AppSources: Sendable, Equatable {
    /// Whether any is read: `false` turns the app rules off for the files under the configuration.
    public var isEnabled = true
    /// Globs of the sources read, relative to the configuration's folder; empty: every file whose
    /// extension is a source language's (`.swift`, `.kt`, `.kts`, `.js`, `.jsx`, `.ts`, `.tsx`, `.mjs`,
    /// `.cjs`). A file matched must still have one of those extensions.
    public var includes: [String] = []
    /// Globs of the files and folders whose sources are not read, in place of the configuration's
    /// `exclude` when given (so that sources can be read where animation files are excluded);
    /// `nil`: `exclude` applies to sources too.
    public var excludes: [String]?

    /// Every source, under the configuration's `exclude`.
    public init() {}
  }

  /// The configuration in force when there is no file: every rule at its default severity.
  public init() {}

  /// An entry of `ignore`: the findings of some rules, in some files, not to report (nor fix), at a place
  /// and under it or anywhere in the file. See ``FindingSuppression``.
  public struct Ignore: Sendable, Equatable {
    /// Globs of the files it applies to, relative to the configuration's folder, as `exclude`'s are.
    public var files: [String]
    /// The rules whose findings are left out.
    public var rules: [String]
    /// Where in those files: a JSON Pointer or a subject, with everything under it; `""`, the default, is
    /// the whole file.
    public var place: String
    /// Why, for whoever reads the configuration.
    public var reason: String?

    /// An entry.
    public init(files: [String], rules: [String], place: String = "", reason: String? = nil) {
      self.files = files
      self.rules = rules
      self.place = place
      self.reason = reason
    }

    /// What it leaves out in a file it applies to.
    public var suppression: FindingSuppression {
      var suppression = FindingSuppression()
      for rule in rules { suppression.ignore(rule, under: place) }
      return suppression
    }
  }

  /// Reads a configuration from its JSON text.
  /// - Throws: ``ConfigurationError`` naming the line and column of what is not understood.
  public static func parse(_ bytes: [UInt8], path: String) throws(ConfigurationError) -> LintConfiguration {
    let indexed: IndexedDocument
    do {
      indexed = try IndexedDocument.read(bytes, as: .json)
    } catch {
      throw ConfigurationError(path: path, line: error.line, column: error.column, message: error.message)
    }
    var reader = Reader(document: indexed, path: path)
    var configuration = try reader.read()
    configuration.path = path
    configuration.warnings = reader.warnings
    return configuration
  }

  /// Walks the configuration document, failing at the first thing it does not understand.
  private struct Reader {
    let document: IndexedDocument
    let path: String

    /// What is accepted and has no effect, in the order met.
    var warnings: [ConfigurationWarning] = []

    mutating func warn(_ message: String, at node: IndexedDocument.Node) {
      let offset = document.byteRange(of: node).lowerBound
      let (line, column) = document.lineAndColumn(ofOffset: offset)
      warnings.append(ConfigurationWarning(path: path, line: line, column: column, message: message))
    }

    func fail(_ message: String, at node: IndexedDocument.Node) -> ConfigurationError {
      let offset = document.byteRange(of: node).lowerBound
      let (line, column) = document.lineAndColumn(ofOffset: offset)
      return ConfigurationError(path: path, line: line, column: column, message: message)
    }

    mutating func read() throws(ConfigurationError) -> LintConfiguration {
      var configuration = LintConfiguration()
      guard let root = document.root, document.isMap(root) else {
        throw ConfigurationError(path: path, line: 1, column: 1, message: "expected an object")
      }
      var seen: Set<String> = []
      for entry in document.entries(of: root) {
        let name = document.string(of: entry.key) ?? ""
        guard seen.insert(name).inserted else { throw fail("'\(name)' is given twice", at: entry.key) }
        switch name {
        case "rules": configuration.severities = try rules(entry.value)
        case "include": configuration.includes = try strings(entry.value, "include")
        case "exclude": configuration.excludes = try strings(entry.value, "exclude")
        case "containerId":
          if let id = document.string(of: entry.value) {
            configuration.settings.containerIDs = [id]
          } else {
            configuration.settings.containerIDs = try strings(entry.value, "containerId")
          }
        case "loopDuration":
          guard let seconds = document.double(of: entry.value), seconds.isFinite, seconds > 0 else {
            throw fail("loopDuration must be a positive number of seconds", at: entry.value)
          }
          configuration.settings.loopDuration = seconds
        case "$schema":
          // Where an editor finds the file's JSON Schema (schema/inertia-lint.schema.json); the linter needs none.
          guard document.string(of: entry.value) != nil else { throw fail("$schema must be a string", at: entry.value) }
        case "ignore": configuration.ignores = try ignores(entry.value)
        case "appSources": configuration.appSources = try appSources(entry.value)
        case "baseline":
          guard let path = document.string(of: entry.value), !path.isEmpty else {
            throw fail("baseline must be the path of a baseline file, relative to this file's folder", at: entry.value)
          }
          configuration.baseline = path
        default:
          let suggestion = NameSuggestion.closest(to: name, in: LintConfiguration.keys).map {
            "; did you mean '\($0)'?"
          }
          throw fail(
            "unknown key '\(name)'\(suggestion ?? "") (known keys: \(LintConfiguration.keys.joined(separator: ", ")))",
            at: entry.key)
        }
      }
      return configuration
    }

    mutating func rules(_ node: IndexedDocument.Node) throws(ConfigurationError) -> [String: RuleSeverity] {
      guard document.isMap(node) else {
        throw fail("rules must be an object of rule ids to \"error\", \"warning\", \"info\" or \"off\"", at: node)
      }
      var severities: [String: RuleSeverity] = [:]
      for entry in document.entries(of: node) {
        let id = document.string(of: entry.key) ?? ""
        let removed = RuleRegistry.removedRule(id)
        guard removed != nil || RuleRegistry.description(of: id) != nil else {
          throw fail(RuleSelection.unknownRuleMessage(id), at: entry.key)
        }
        guard severities[id] == nil else { throw fail("rule '\(id)' is configured twice", at: entry.key) }
        guard let severity = document.string(of: entry.value).flatMap(RuleSeverity.init(rawValue:)) else {
          throw fail("rule '\(id)' must be \"error\", \"warning\", \"info\" or \"off\"", at: entry.value)
        }
        if let removed {
          warn(RuleSelection.removedRuleMessage(removed), at: entry.key)
        } else {
          severities[id] = severity
        }
      }
      return severities
    }

    func appSources(_ node: IndexedDocument.Node) throws(ConfigurationError) -> AppSources {
      var sources = AppSources()
      if let enabled = document.bool(of: node) {
        sources.isEnabled = enabled
        return sources
      }
      let shape = "appSources must be true, false, or an object with \"include\" and \"exclude\""
      guard document.isMap(node) else { throw fail(shape, at: node) }
      var seen: Set<String> = []
      for entry in document.entries(of: node) {
        let name = document.string(of: entry.key) ?? ""
        guard seen.insert(name).inserted else { throw fail("'\(name)' is given twice", at: entry.key) }
        switch name {
        case "include": sources.includes = try strings(entry.value, "appSources.include")
        case "exclude": sources.excludes = try strings(entry.value, "appSources.exclude")
        default:
          let known = ["include", "exclude"]
          let suggestion = NameSuggestion.closest(to: name, in: known).map { "; did you mean '\($0)'?" }
          throw fail(
            "unknown key '\(name)' in appSources\(suggestion ?? "") (known keys: \(known.joined(separator: ", ")))",
            at: entry.key)
        }
      }
      return sources
    }

    mutating func ignores(_ node: IndexedDocument.Node) throws(ConfigurationError) -> [Ignore] {
      let shape = "ignore must be an array of objects with \"files\" and \"rules\""
      guard document.isArray(node) else { throw fail(shape, at: node) }
      var ignores: [Ignore] = []
      for element in document.elements(of: node) {
        guard document.isMap(element) else { throw fail(shape, at: element) }
        var files: [String]?
        var rules: [String]?
        var ignore = Ignore(files: [], rules: [])
        var seen: Set<String> = []
        for entry in document.entries(of: element) {
          let name = document.string(of: entry.key) ?? ""
          guard seen.insert(name).inserted else { throw fail("'\(name)' is given twice", at: entry.key) }
          switch name {
          case "files":
            if let glob = document.string(of: entry.value), !glob.isEmpty {
              files = [glob]
            } else {
              files = try strings(entry.value, "files")
            }
          case "rules":
            rules = try strings(entry.value, "rules")
            for (id, rule) in zip(rules!, document.elements(of: entry.value))
            where RuleRegistry.description(of: id) == nil {
              guard let removed = RuleRegistry.removedRule(id) else {
                throw fail(RuleSelection.unknownRuleMessage(id), at: rule)
              }
              warn(RuleSelection.removedRuleMessage(removed), at: rule)
            }
          case "pointer":
            guard let place = document.string(of: entry.value), place.isEmpty || place.hasPrefix("/") else {
              throw fail(
                "pointer must be a JSON Pointer, such as \"/0/keyframes/2\" or \"/card0/shapes/Logo\"", at: entry.value)
            }
            ignore.place = place
          case "reason":
            guard let reason = document.string(of: entry.value) else {
              throw fail("reason must be a string", at: entry.value)
            }
            ignore.reason = reason
          default:
            let known = ["files", "rules", "pointer", "reason"]
            let suggestion = NameSuggestion.closest(to: name, in: known).map { "; did you mean '\($0)'?" }
            throw fail(
              "unknown key '\(name)' in an ignore entry\(suggestion ?? "") (known keys: \(known.joined(separator: ", ")))",
              at: entry.key)
          }
        }
        guard let files, !files.isEmpty else {
          throw fail("an ignore entry needs \"files\": a glob or an array of globs", at: element)
        }
        guard let rules, !rules.isEmpty else {
          throw fail("an ignore entry needs \"rules\": an array of rule ids", at: element)
        }
        ignore.files = files
        // A removed rule's id suppresses nothing: the entry keeps the others (none, when it named only it).
        ignore.rules = rules.filter { RuleRegistry.removedRule($0) == nil }
        ignores.append(ignore)
      }
      return ignores
    }

    func strings(_ node: IndexedDocument.Node, _ key: String) throws(ConfigurationError) -> [String] {
      guard document.isArray(node) else {
        throw fail("\(key) must be an array of strings", at: node)
      }
      var result: [String] = []
      for element in document.elements(of: node) {
        guard let text = document.string(of: element), !text.isEmpty else {
          throw fail("\(key) must be an array of non-empty strings", at: element)
        }
        result.append(text)
      }
      return result
    }
  }
}
