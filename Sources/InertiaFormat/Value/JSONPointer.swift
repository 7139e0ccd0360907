/// A path inside a document, printed as an RFC 6901 JSON Pointer (`/0/keyframes/2/duration`).
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
  /// One step: an array index or a map key.
  public enum Component: Hashable, Sendable {
    case index(Int)
    case key(String)
  }

  public var components: [Component]

  public init(_ components: [Component] = []) {
    self.components = components
  }

  public static let root = JSONPointer()

  public var isRoot: Bool { components.isEmpty }

  public func appending(_ component: Component) -> JSONPointer {
    JSONPointer(components + [component])
  }

  public func appending(_ key: String) -> JSONPointer { appending(.key(key)) }
  public func appending(_ index: Int) -> JSONPointer { appending(.index(index)) }

  /// The pointer text: empty for the root, otherwise `/`-separated with `~` and `/` escaped.
  public var description: String {
    var text = ""
    for component in components {
      text += "/"
      switch component {
      case .index(let i): text += String(i)
      case .key(let k): text += k.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
      }
    }
    return text
  }

  /// Parses pointer text such as `/0/keyframes/2`. Numeric tokens become indexes.
  public init?(parsing text: String) {
    if text.isEmpty { self.init(); return }
    guard text.hasPrefix("/") else { return nil }
    var components: [Component] = []
    for token in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      let key = String(token).replacingAll("~1", with: "/").replacingAll("~0", with: "~")
      if let index = Int(key), index >= 0, String(index) == key {
        components.append(.index(index))
      } else {
        components.append(.key(key))
      }
    }
    self.init(components)
  }

  public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    for (a, b) in zip(lhs.components, rhs.components) where a != b {
      switch (a, b) {
      case (.index(let x), .index(let y)): return x < y
      case (.key(let x), .key(let y)): return x < y
      case (.index, .key): return true
      case (.key, .index): return false
      }
    }
    return lhs.components.count < rhs.components.count
  }
}

extension String {
  /// Replaces every occurrence of `target`; a small helper so the core needs no Foundation.
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard contains(target) else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
