import InertiaFormat

extension JSONPointer {
  /// The pointer text, as ``JSONPointer/description`` gives it, written without searching each key for the
  /// characters to escape unless it holds one: reports print a pointer for every finding.
  var text: String {
    var result = ""
    append(to: &result)
    return result
  }

  /// Appends ``text`` to `result`.
  func append(to result: inout String) {
    for component in components {
      result.append("/")
      switch component {
      case .index(let index):
        result.append(String(index))
      case .key(let key):
        if key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
          for character in key.unicodeScalars {
            switch character {
            case "~": result.append("~0")
            case "/": result.append("~1")
            default: result.unicodeScalars.append(character)
            }
          }
        } else {
          result.append(key)
        }
      }
    }
  }
}
