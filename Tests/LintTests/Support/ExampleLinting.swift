import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// Lints rule examples the way the registry tests need.
enum ExampleLinting {
  /// The identifier every fix gets in tests.
  static let fixedIdentifier = "00000000-0000-4000-8000-000000000001"

  static func linter(_ settings: LintSettings) -> Linter {
    var linter = Linter(settings: settings)
    linter.makeIdentifier = { fixedIdentifier }
    return linter
  }

  static func sourceLocation(_ example: Example) -> SourceLocation {
    SourceLocation(fileID: example.fileID, filePath: example.filePath, line: example.line, column: example.column)
  }

  /// The bytes an example is linted as: its text, or for MessagePack examples the text read as extended
  /// JSON and written as MessagePack.
  static func bytes(_ example: Example) throws -> [UInt8] {
    let text = example.withoutMarkers.text
    guard example.isMessagePack else { return Array(text.utf8) }
    return MessagePackWriter().write(try JSONReader(extended: true).read(Array(text.utf8)))
  }

  /// The findings of one rule in an example: a document's, or for an app rule's example, the app's.
  static func findings(_ rule: String, in example: Example) throws -> [Finding] {
    if let app = example.app {
      let project = try AppProject(example: app, settings: example.settings)
      return AppLinter.findings(in: project).filter { $0.ruleID == rule }
    }
    return linter(example.settings).lint(try bytes(example), file: example.fileName, fileName: example.fileName)
      .filter { $0.ruleID == rule }
  }

  /// The findings of one rule in an example written as canonical MessagePack.
  static func messagePackFindings(_ rule: String, in example: Example) throws -> [Finding] {
    let value = try JSONReader().read(Array(example.withoutMarkers.text.utf8))
    return linter(example.settings).lint(
      MessagePackWriter().write(value), file: example.fileName, fileName: example.fileName
    ).filter { $0.ruleID == rule }
  }

  /// The pointer of the value that starts at each marker of an example.
  static func markerPointers(_ example: Example) throws -> [JSONPointer] {
    let (text, offsets) = example.withoutMarkers
    let document = try IndexedDocument.read(Array(text.utf8), as: .json)
    var pointers: [Int: JSONPointer] = [:]
    func visit(_ node: IndexedDocument.Node) {
      let start = document.byteRange(of: node).lowerBound
      if pointers[start] == nil { pointers[start] = document.pointer(of: node) }
      document.forEachElement(of: node) { visit($0) }
      document.forEachEntry(of: node) { visit($0.value) }
    }
    if let root = document.root { visit(root) }
    return offsets.map { pointers[$0] ?? JSONPointer(parsing: "/marker-not-at-a-value")! }
  }
}
