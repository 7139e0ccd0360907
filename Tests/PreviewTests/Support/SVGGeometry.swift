import Foundation
import InertiaFormat
import Testing

/// Reading an SVG's geometry back: the transform an element is drawn with (its own and its ancestors'), the
/// attributes it inherits, polygons and paths as points, text as boxes.
extension SVGDocument {
  /// The transform `index` is drawn with, from the root: every `transform` from the outermost group inwards.
  func absoluteTransform(of index: Int) -> InertiaAffineTransform {
    var chain: [Int] = []
    var current: Int? = index
    while let element = current {
      chain.append(element)
      current = elements[element].parent
    }
    return chain.reversed().reduce(InertiaAffineTransform.identity) { result, element in
      result.concatenating(transform(ofList: elements[element].attributes["transform", default: ""]))
    }
  }

  /// The value of `attribute` on `index` or its nearest ancestor that has it.
  func inherited(_ attribute: String, of index: Int) -> String? {
    var current: Int? = index
    while let element = current {
      if let value = elements[element].attributes[attribute] { return value }
      current = elements[element].parent
    }
    return nil
  }

  /// Whether `index` is inside `ancestor`.
  func isInside(_ index: Int, _ ancestor: Int) -> Bool {
    var current = elements[index].parent
    while let element = current {
      if element == ancestor { return true }
      current = elements[element].parent
    }
    return false
  }

  /// `x1,y1 x2,y2 …` as points.
  static func points(_ text: String) -> [InertiaPoint] {
    text.split(separator: " ").compactMap { pair in
      let numbers = pair.split(separator: ",").compactMap { Double($0) }
      return numbers.count == 2 ? InertiaPoint(x: numbers[0], y: numbers[1]) : nil
    }
  }

  /// The rings of a path of `Mx,y x,y … Z` subpaths.
  static func rings(_ path: String) -> [[InertiaPoint]] {
    path.split(separator: "M").map { points(String($0.replacingOccurrences(of: "Z", with: ""))) }.filter {
      !$0.isEmpty
    }
  }

  /// The viewBox.
  var viewBox: (x: Double, y: Double, width: Double, height: Double) {
    let numbers = elements[0].attributes["viewBox", default: ""].split(separator: " ").compactMap { Double($0) }
    return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : (0, 0, 0, 0)
  }

  /// A text's box, estimated generously from its characters and font size: 0.7 em a character (0.95 for `M`,
  /// `W`, `m`, `w`; 1.1 for anything not ASCII), from 0.85 em above the baseline to 0.25 below.
  struct TextBox {
    var text: String
    var fontSize: Double
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    func intersects(_ other: TextBox) -> Bool {
      minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
  }

  /// Every `<text>`'s box, in the coordinates of its element's transform (the previews place text without one).
  var textBoxes: [TextBox] {
    elements.indices.filter { elements[$0].name == "text" }.map { index in
      let element = elements[index]
      let fontSize = Double(inherited("font-size", of: index) ?? "16") ?? 16
      let width =
        element.text.reduce(0.0) { total, character in
          total + (character.isASCII ? ("MWmw".contains(character) ? 0.95 : 0.7) : 1.1)
        } * fontSize
      let placed = absoluteTransform(of: index)
      let x = Double(element.attributes["x", default: "0"])! + placed.tx
      let y = Double(element.attributes["y", default: "0"])! + placed.ty
      let minX =
        switch inherited("text-anchor", of: index) ?? "start" {
        case "middle": x - width / 2
        case "end": x - width
        default: x
        }
      return TextBox(
        text: element.text, fontSize: fontSize, minX: minX, minY: y - 0.85 * fontSize, maxX: minX + width,
        maxY: y + 0.25 * fontSize)
    }
  }

  /// Records an issue for two texts that meet, a text outside the picture, or text smaller than `pixels` high
  /// when the picture is shown `displayWidth` wide.
  func checkLegible(
    _ name: String, displayWidth: Double = 600, pixels: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let boxes = textBoxes
    let box = viewBox
    for (index, text) in boxes.enumerated() {
      #expect(
        text.minX >= box.x - 1e-6 && text.maxX <= box.x + box.width + 1e-6 && text.minY >= box.y - 1e-6
          && text.maxY <= box.y + box.height + 1e-6,
        "\(name): \"\(text.text)\" leaves the picture", sourceLocation: sourceLocation)
      #expect(
        text.fontSize * displayWidth / box.width >= pixels - 1e-9,
        "\(name): \"\(text.text)\" is \(text.fontSize * displayWidth / box.width) px at \(displayWidth) px wide",
        sourceLocation: sourceLocation)
      for other in boxes[(index + 1)...] where text.intersects(other) {
        Issue.record("\(name): \"\(text.text)\" overlaps \"\(other.text)\"", sourceLocation: sourceLocation)
      }
    }
  }
}

extension InertiaAffineTransform {
  /// The transform that undoes this one; `nil` when it flattens the plane (a scale of 0).
  var inverse: InertiaAffineTransform? {
    let determinant = a * d - b * c
    guard abs(determinant) > 1e-12 else { return nil }
    return InertiaAffineTransform(
      a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
      tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
  }
}
