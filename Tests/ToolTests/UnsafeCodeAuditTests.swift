import Foundation
import TestSupport
import Testing

/// Unsafe code stays in the files `UnsafeCode.md` lists, each with its reason there, and the list stays true.
@Suite("Unsafe code audit")
struct UnsafeCodeAuditTests {
  /// What counts as unsafe code: the `Unsafe…` types, the `withUnsafe…` calls, the `unsafeUninitialized…`
  /// initializers, the other unchecked conversions, and the attributes that vouch for what the compiler
  /// cannot check.
  static let constructs = [
    #"\bUnsafe[A-Z]\w*"#, #"\bwithUnsafe\w*"#, #"\bunsafeUninitialized\w*"#, #"\bunsafelyUnwrapped\b"#,
    #"\bunsafeBitCast\b"#, #"\bUnmanaged\b"#, #"\bunowned\(unsafe\)"#, #"@unchecked\s+Sendable\b"#,
    #"\bnonisolated\(unsafe\)"#, #"@exclusivity\(unchecked\)"#,
  ]

  static let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
  static let list = sources.appendingPathComponent("InertiaFormat/InertiaFormat.docc/UnsafeCode.md")

  /// A file's code without its `//` comments (a `//` after an even number of quotes on its line starts one).
  static func code(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
      var quotes = 0
      var index = line.startIndex
      while index < line.endIndex {
        if line[index] == "\"" { quotes += 1 }
        if quotes % 2 == 0, line[index...].hasPrefix("//") { return line[..<index] }
        index = line.index(after: index)
      }
      return line
    }.joined(separator: "\n")
  }

  /// Every Swift file under `Sources/` that holds unsafe code, as a path from `Sources/`, with what it holds.
  static func filesWithUnsafeCode() throws -> [String: Set<String>] {
    var found: [String: Set<String>] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: sources.path) where path.hasSuffix(".swift") {
      let text = code(try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8))
      for construct in constructs {
        guard let range = text.range(of: construct, options: .regularExpression) else { continue }
        found[path, default: []].insert(String(text[range]))
      }
    }
    return found
  }

  /// The files `UnsafeCode.md` lists, as paths from `Sources/`: each table row's first cell names files of
  /// the module its section (`### Module`) is about.
  static func listedFiles() throws -> Set<String> {
    var module: String?
    var listed: Set<String> = []
    for line in try String(contentsOf: list, encoding: .utf8).split(separator: "\n") {
      if line.hasPrefix("### ") {
        module = String(line.dropFirst(4))
      } else if let module, line.hasPrefix("| `") {
        let cell = line.dropFirst(2).prefix { $0 != "|" }
        for name in cell.split(separator: "`") where name.hasSuffix(".swift") {
          listed.insert(module + "/" + name)
        }
      }
    }
    return listed
  }

  @Test("Every file with unsafe code is listed in UnsafeCode.md, and every file listed has some")
  func listIsTrue() throws {
    let found = try Self.filesWithUnsafeCode()
    let listed = try Self.listedFiles()
    #expect(!listed.isEmpty && !found.isEmpty)
    for (path, constructs) in found.sorted(by: { $0.key < $1.key }) where !listed.contains(path) {
      Issue.record("Sources/\(path) holds \(constructs.sorted()) but UnsafeCode.md does not list it")
    }
    for path in listed.sorted() where found[path] == nil {
      Issue.record("UnsafeCode.md lists Sources/\(path), which holds no unsafe code (or does not exist)")
    }
  }

  /// The promise the engine, the rules and the reports make: plain code, with raw memory and unchecked
  /// thread safety behind the audited types.
  @Test("No unsafe code in the rules, the lint engine's loop, the reports, the lint command or the previews")
  func placesWithout() throws {
    for path in try Self.filesWithUnsafeCode().keys.sorted() {
      if path.hasPrefix("InertiaLint/") {
        #expect(
          path.hasPrefix("InertiaLint/Engine/LargeDocuments/") || path == "InertiaLint/Support/Lock.swift",
          "\(path): in InertiaLint, only a lock's own file and the large-document folder may hold unsafe code")
      }
      #expect(!path.hasPrefix("InertiaTool/Lint/"), "\(path): the lint command and its reporters hold none")
      #expect(!path.hasPrefix("InertiaPreview/"), "\(path): the previews hold none")
      #expect(!path.hasPrefix("inertia-"), "\(path): the executables hold none")
    }
  }

  @Test("The scan finds each construct, and not in a comment", arguments: constructs.indices)
  func scanFinds(_ index: Int) throws {
    let samples = [
      "let p: UnsafeRawBufferPointer", "a.withUnsafeBytes { }", "String(unsafeUninitializedCapacity: 4)",
      "x.unsafelyUnwrapped", "unsafeBitCast(a, to: B.self)", "Unmanaged.passRetained(a)", "unowned(unsafe) let a",
      "final class A: @unchecked Sendable {}", "nonisolated(unsafe) static var a = 0",
      "@exclusivity(unchecked) var a = 0",
    ]
    let sample = samples[index]
    #expect(Self.code(sample).range(of: Self.constructs[index], options: .regularExpression) != nil)
    #expect(Self.code("let a = 1 // " + sample).range(of: Self.constructs[index], options: .regularExpression) == nil)
    #expect("includesUnsafe: true".range(of: Self.constructs[index], options: .regularExpression) == nil)
  }
}
