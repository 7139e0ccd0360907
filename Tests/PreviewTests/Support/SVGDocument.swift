import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An SVG file read back as XML, to check it is well formed, uses only what browsers render, and carries what
/// the library says.
final class SVGDocument: NSObject, XMLParserDelegate {
  struct Element {
    var name: String
    var attributes: [String: String]
    var parent: Int?
    var text = ""
  }

  private(set) var elements: [Element] = []
  private var stack: [Int] = []
  private(set) var parseError: String?

  /// Reads `text`; ``parseError`` says why it is not well-formed XML.
  init(_ text: String) {
    super.init()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = self
    if !parser.parse() {
      parseError = parser.parserError.map { "\($0)" } ?? "not well-formed"
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements.append(Element(name: name, attributes: attributes, parent: stack.last))
    stack.append(elements.count - 1)
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    stack.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let current = stack.last { elements[current].text += string }
  }

  /// The element with `id`.
  func element(id: String) -> Element? { elements.first { $0.attributes["id"] == id } }

  /// The elements directly inside `element`.
  func children(of index: Int) -> [Element] { elements.filter { $0.parent == index } }

  func index(id: String) -> Int? { elements.firstIndex { $0.attributes["id"] == id } }

  // MARK: What browsers render

  /// The elements and attributes of SVG 1.1 and SVG 2 the preview may use: all of them rendered by every current
  /// browser, in an `<img>` too (no script, no foreignObject, no external references).
  static let allowed: [String: Set<String>] = {
    let presentation: Set<String> = [
      "id", "class", "transform", "opacity", "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity",
      "stroke-dasharray", "clip-path", "font-family", "font-size", "font-weight", "text-anchor", "stroke-linejoin",
      "paint-order", "fill-rule",
    ]
    // `fill` on an animation element is SMIL's `freeze`: hold the last value.
    let timing: Set<String> = [
      "attributeName", "values", "keyTimes", "keySplines", "calcMode", "dur", "repeatCount", "fill",
    ]
    return [
      "svg": presentation.union(["xmlns", "width", "height", "viewBox"]),
      "title": [],
      "g": presentation,
      "rect": presentation.union(["x", "y", "width", "height", "rx"]),
      "circle": presentation.union(["cx", "cy", "r"]),
      "ellipse": presentation.union(["cx", "cy", "rx", "ry"]),
      "polygon": presentation.union(["points"]),
      "path": presentation.union(["d"]),
      "line": presentation.union(["x1", "y1", "x2", "y2"]),
      "text": presentation.union(["x", "y"]),
      "clipPath": ["id"],
      "animate": timing,
      "animateTransform": timing.union(["type"]),
    ]
  }()

  /// Records an issue for anything that is not well-formed, not allowed, or inconsistent: an unknown element
  /// or attribute, a repeated id, a clip path that is not there, animation values and key times that disagree.
  func checkRenderable(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let parseError {
      Issue.record("\(name): not well-formed XML: \(parseError)", sourceLocation: sourceLocation)
      return
    }
    #expect(elements.first?.name == "svg", "\(name): the root is not <svg>", sourceLocation: sourceLocation)
    #expect(elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg", sourceLocation: sourceLocation)
    var ids = Set<String>()
    for element in elements {
      guard let attributes = Self.allowed[element.name] else {
        Issue.record("\(name): element <\(element.name)> is not allowed", sourceLocation: sourceLocation)
        continue
      }
      for attribute in element.attributes.keys where !attributes.contains(attribute) {
        Issue.record("\(name): <\(element.name) \(attribute)> is not allowed", sourceLocation: sourceLocation)
      }
      if let id = element.attributes["id"], !ids.insert(id).inserted {
        Issue.record("\(name): id \(id) is used twice", sourceLocation: sourceLocation)
      }
    }
    for element in elements {
      if let clip = element.attributes["clip-path"] {
        let target = clip.dropFirst("url(#".count).dropLast()
        #expect(
          clip.hasPrefix("url(#") && ids.contains(String(target)), "\(name): \(clip)", sourceLocation: sourceLocation)
      }
      if element.name == "animate" || element.name == "animateTransform" {
        checkAnimation(element, name, sourceLocation: sourceLocation)
      }
    }
  }

  private func checkAnimation(_ element: Element, _ name: String, sourceLocation: SourceLocation) {
    let values = element.attributes["values", default: ""].split(separator: ";")
    let keyTimes = element.attributes["keyTimes", default: ""].split(separator: ";").compactMap { Double($0) }
    #expect(
      values.count >= 2 && values.count == keyTimes.count, "\(name): values and keyTimes",
      sourceLocation: sourceLocation)
    #expect(keyTimes.first == 0 && keyTimes.last == 1, "\(name): keyTimes \(keyTimes)", sourceLocation: sourceLocation)
    #expect(
      zip(keyTimes, keyTimes.dropFirst()).allSatisfy { $0 <= $1 }, "\(name): keyTimes", sourceLocation: sourceLocation)
    let duration = element.attributes["dur", default: ""]
    #expect(
      duration.hasSuffix("s") && (Double(duration.dropLast()) ?? 0) > 0, "\(name): dur", sourceLocation: sourceLocation)
    let repeats = element.attributes["repeatCount"]
    #expect(
      repeats == "indefinite" || (repeats == "1" && [nil, "freeze"].contains(element.attributes["fill"])),
      sourceLocation: sourceLocation)
    if let splines = element.attributes["keySplines"] {
      let entries = splines.split(separator: ";")
      #expect(
        element.attributes["calcMode"] == "spline" && entries.count == keyTimes.count - 1
          && entries.allSatisfy { entry in
            let numbers = entry.split(separator: " ").compactMap { Double($0) }
            return numbers.count == 4 && numbers.allSatisfy { (0...1).contains($0) }
          }, "\(name): keySplines", sourceLocation: sourceLocation)
    }
  }

  // MARK: Transforms

  /// The transform list `translate(10 0) scale(2) rotate(15 -48 -48)` as its parts.
  static func transformList(_ text: String) -> [(kind: String, arguments: [Double])] {
    text.split(separator: ")").compactMap { part in
      let pieces = part.split(separator: "(")
      guard pieces.count == 2 else { return nil }
      let arguments = pieces[1].split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
      return (pieces[0].trimmingCharacters(in: .whitespaces), arguments)
    }
  }
}
