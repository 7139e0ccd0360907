import InertiaFormat

/// Findings a linter leaves out of one document: what a configuration's `ignore` entries and a baseline
/// say about it (a binary file cannot hold a suppression comment).
///
/// A finding is named by its rule and its place, given two ways: its JSON Pointer
/// (`/0/keyframes/1/duration`) and its subject, the same path with the ids of the objects on it in place
/// of their indexes (`/card0/keyframes/K2/duration`, see ``Finding/subject``), which survives inserting a
/// keyframe or an animation before it.
///
/// - An *ignore* leaves out every finding of its rules at a place and everything under it; the place is
///   matched against both the pointer and the subject, and the root (the empty pointer) is the whole file.
/// - A *baseline entry* leaves out the findings of its rule at exactly its place: by subject when it has
///   one, else by pointer.
///
/// A suppressed finding is neither reported nor counted against the per-rule limit, and a fixer does not
/// fix it: it is left as it is, as a suppression comment leaves a line in other linters.
public struct FindingSuppression: Sendable, Equatable {
  /// Places whose findings, and their descendants', are left out, by rule id. The root is `""`.
  private var ignoredUnder: [String: Set<String>] = [:]
  /// Subjects whose findings are left out, by rule id.
  private var baselinedSubjects: [String: Set<String>] = [:]
  /// Pointers whose findings are left out, by rule id (baseline entries without a subject).
  private var baselinedPointers: [String: Set<String>] = [:]

  /// Suppresses nothing.
  public init() {}

  /// Whether it suppresses nothing.
  public var isEmpty: Bool { ignoredUnder.isEmpty && baselinedSubjects.isEmpty && baselinedPointers.isEmpty }

  /// Leaves out every finding of `rule` at `place` (a JSON Pointer or a subject) or under it; the empty
  /// pointer, the default, is the whole document.
  public mutating func ignore(_ rule: String, under place: String = "") {
    ignoredUnder[rule, default: []].insert(place)
  }

  /// Leaves out the findings of `rule` at exactly `subject` when it is given, else at exactly `pointer`.
  public mutating func ignore(_ rule: String, pointer: String, subject: String?) {
    if let subject {
      baselinedSubjects[rule, default: []].insert(subject)
    } else {
      baselinedPointers[rule, default: []].insert(pointer)
    }
  }

  /// Adds what `other` suppresses.
  public mutating func formUnion(_ other: FindingSuppression) {
    ignoredUnder.merge(other.ignoredUnder) { $0.union($1) }
    baselinedSubjects.merge(other.baselinedSubjects) { $0.union($1) }
    baselinedPointers.merge(other.baselinedPointers) { $0.union($1) }
  }

  /// Whether any finding of `rule` could be left out (the rest need no pointer worked out).
  public func concerns(_ rule: String) -> Bool {
    ignoredUnder[rule] != nil || baselinedSubjects[rule] != nil || baselinedPointers[rule] != nil
  }

  /// Whether a finding of `rule` at `pointer`, about `subject`, is left out.
  public func suppresses(_ rule: String, pointer: String, subject: String?) -> Bool {
    if let places = ignoredUnder[rule] {
      if places.contains("") || Self.isAtOrUnder(pointer, places) { return true }
      if let subject, Self.isAtOrUnder(subject, places) { return true }
    }
    if let subject, baselinedSubjects[rule]?.contains(subject) == true { return true }
    return baselinedPointers[rule]?.contains(pointer) == true
  }

  /// Whether a finding of `rule` about the value at `node` is left out: its pointer and subject worked out
  /// with `pointers`, only when the rule has anything left out.
  func suppresses(_ rule: String, at node: IndexedDocument.Node, _ pointers: IndexedDocument.PointerCache) -> Bool {
    concerns(rule)
      && suppresses(rule, pointer: pointers.pointer(of: node).description, subject: pointers.subject(of: node))
  }

  /// Whether a finding is left out.
  public func suppresses(_ finding: Finding) -> Bool {
    concerns(finding.ruleID)
      && suppresses(finding.ruleID, pointer: finding.pointer.description, subject: finding.subject)
  }

  /// Whether `path` is one of `places` or under one: `places` holds `path` or one of its prefixes that
  /// end where a token does.
  private static func isAtOrUnder(_ path: String, _ places: Set<String>) -> Bool {
    if places.contains(path) { return true }
    var end = path.utf8.endIndex
    while let slash = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
      if places.contains(String(decoding: path.utf8[..<slash], as: UTF8.self)) { return true }
      end = slash
    }
    return false
  }
}
