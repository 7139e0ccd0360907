/// A path inside a document, printed as an RFC 6901 JSON Pointer (`/0/keyframes/2/duration`).
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
  /// One step: an array index or a map key.
  public enum Component: Hashable, Sendable {
    case index(Int)
    case key(String)
  }

  /// The reference tokens, from the root down.
  public var components: [Component]

  /// A pointer from its reference tokens; no tokens is the whole document.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The pointer to the whole document (written as the empty string).
  public static let root = JSONPointer()

  /// Whether this points at the whole document.
  public var isRoot: Bool { components.isEmpty }

  /// This pointer followed by one more token.
  public func appending(_ component: Component) -> JSONPointer {
    JSONPointer(components + [component])
  }

  /// This pointer followed by a key.
  public func appending(_ key: String) -> JSONPointer { appending(.key(key)) }
  /// This pointer followed by an array index.
  public func appending(_ index: Int) -> JSONPointer { appending(.index(index)) }

  /// The pointer text: empty for the root, otherwise `/`-separated with `~` and `/` escaped.
  ///
  /// Written as bytes into a string made at its full length at once (reports, suppressions and messages
  /// ask for many): appending each piece to a `String` cost several times as much.
  public var description: String {
    guard !components.isEmpty else { return "" }
    // At most: a `/` for each token, twice the bytes of a key (each `~` or `/` becomes two), and the
    // digits of an index (at most twenty, with a sign).
    var capacity = 0
    for component in components {
      switch component {
      case .index: capacity += 21
      case .key(let key): capacity += 1 + 2 * key.utf8.count
      }
    }
    return String(unsafeUninitializedCapacity: capacity) { buffer in
      var end = 0
      func write(_ byte: UInt8) {
        buffer[end] = byte
        end += 1
      }
      for component in components {
        write(UInt8(ascii: "/"))
        switch component {
        case .index(let index) where index >= 0:
          // The digits, written from the last.
          var digits = 1
          var rest = index / 10
          while rest > 0 {
            digits += 1
            rest /= 10
          }
          rest = index
          for position in (end..<end + digits).reversed() {
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
          }
          end += digits
        case .index(let index):
          for byte in String(index).utf8 { write(byte) }
        case .key(var key):
          key.withUTF8 { utf8 in
            for byte in utf8 {
              switch byte {
              case UInt8(ascii: "~"):
                write(UInt8(ascii: "~"))
                write(UInt8(ascii: "0"))
              case UInt8(ascii: "/"):
                write(UInt8(ascii: "~"))
                write(UInt8(ascii: "1"))
              default: write(byte)
              }
            }
          }
        }
      }
      return end
    }
  }

  /// Appends the pointer text to `text`.
  public func append(to text: inout String) {
    text += description
  }

  /// Parses pointer text such as `/0/keyframes/2`. Numeric tokens become indexes.
  public init?(parsing text: String) {
    if text.isEmpty {
      self.init()
      return
    }
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

  /// Orders pointers token by token, an index before a key, a prefix before what extends it.
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
