import Foundation
import TestSupport
import Testing

@testable import InertiaLint

/// The registry, the rule files and the corpus agree.
@Suite("Registry")
struct RegistryTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `non-positive-duration` as `NonPositiveDurationRule`, with the acronyms the rule types spell in capitals.
  static func typeName(_ id: String) -> String {
    id.split(separator: "-").map { part in
      part == "id" ? "ID" : part.prefix(1).uppercased() + part.dropFirst()
    }.joined() + "Rule"
  }

  @Test("Every rule lives in its own file, named after it, and every rule file is registered")
  func ruleFiles() throws {
    let directory = Self.repository.appendingPathComponent("Sources/InertiaLint/Rules")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix("Rule.swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
    let registered = RuleRegistry.rules.map { String(describing: $0) }
    #expect(registered.sorted() == files)
    #expect(RuleRegistry.identifiers.map(Self.typeName) == registered)
  }

  @Test("Every rule has a corpus file that breaks it")
  func corpusCoversRules() throws {
    let directory = Self.repository.appendingPathComponent("Corpus/lint")
    let stems = try FileManager.default.contentsOfDirectory(atPath: directory.path).map {
      String($0.prefix { $0 != "." })
    }
    for id in RuleRegistry.identifiers {
      #expect(stems.contains { $0 == id || $0.hasPrefix(id + "-") }, "no Corpus/lint/\(id).* file")
    }
  }
}
