import InertiaFormat

extension AnimationFile {
  /// The file named `fileName`, found at `path`, with the animations of `document`, its contents (none
  /// for contents that are no document).
  package init(path: String, fileName: String, document: IndexedDocument?) {
    self.init(path: path, fileName: fileName, animations: document.map(Self.animations(in:)) ?? [])
  }

  /// The animations of a document whose ids are strings, with where each id is: the top-level array's
  /// objects (a nested shape's track is no animation a view can be tagged with).
  package static func animations(in document: IndexedDocument) -> [Animation] {
    guard let root = document.root, document.isArray(root) else { return [] }
    let pointers = IndexedDocument.PointerCache(document)
    var animations: [Animation] = []
    for (index, element) in document.elements(of: root).enumerated() where document.isMap(element) {
      guard let node = document.value(forKey: "id", in: element), let id = document.string(of: node) else { continue }
      animations.append(
        Animation(
          id: id, pointer: JSONPointer([.index(index), .key("id")]), subject: pointers.subject(of: node),
          offset: document.byteRange(of: node).lowerBound))
    }
    if document.encoding == .json {
      for (index, place) in document.lineAndColumn(ofOffsets: animations.map(\.offset)).enumerated() {
        (animations[index].line, animations[index].column) = place
      }
    }
    return animations
  }
}

extension Linter {
  /// A linter running only the rules whose errors mean that the SwiftUI container cannot decode a file
  /// (``RuleDescription/findsUndecodableFiles``), each at its own severity, whatever a configuration says:
  /// what `to-svg` refuses to draw and what the app rules call a file that does not decode.
  package static let decodability: Linter = {
    var severities: [String: RuleSeverity] = [:]
    for rule in RuleRegistry.descriptions where !rule.findsUndecodableFiles {
      severities[rule.identifier] = .off
    }
    // Every id comes from the registry, so none is unknown.
    return try! Linter(severities: severities)
  }()

  /// Whether the SwiftUI container decodes `contents`, a file named `fileName`: ``AnimationFile/Decoding``
  /// with the first error of ``decodability``'s rules when it does not.
  package static func decoding(of contents: FileContents, fileName: String) -> AnimationFile.Decoding {
    let first = decodability.lint(contents, file: fileName, fileName: fileName).first { $0.severity == .error }
    guard let first else { return .decodes }
    let place = first.line.map { "line \($0), column \(first.column ?? 1)" } ?? "offset \(first.offset)"
    return .fails("\(first.ruleID) at \(place)")
  }
}
