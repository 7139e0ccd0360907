extension IndexedDocument {
  /// The JSON Pointer of a value; for a map key, the pointer of its entry's value.
  ///
  /// To find many, as a linter does for its findings, ask one ``PointerCache`` instead.
  public func pointer(of node: Node) -> JSONPointer {
    PointerCache(self).pointer(of: node)
  }

  /// Finds the JSON Pointers of a document's values, remembering the children of wide containers so that
  /// pointers into them are found by binary search.
  ///
  /// A pointer is found by descending from the root to the value, one sibling step at a time, which is
  /// cheap enough to do for each finding and saves building a path for every value walked; only wide
  /// containers (an animation file's top-level array, long keyframe lists) need their children listed.
  /// The cache changes as it is used: give each thread its own.
  public final class PointerCache {
    /// The document whose values' pointers are found.
    public let document: IndexedDocument
    /// The children of wide containers, by container.
    private var wideChildren: [Int: [Node]] = [:]

    /// An empty cache for `document`.
    public init(_ document: IndexedDocument) {
      self.document = document
    }

    /// The JSON Pointer of a value; for a map key, the pointer of its entry's value.
    public func pointer(of target: Node) -> JSONPointer {
      guard var node = document.root else { return .root }
      var components: [JSONPointer.Component] = []
      while node < target, var child = document.firstChild(of: node) {
        var position = 0
        var previous = child
        if let count = document.count(of: node), count > 32 {
          let children = wideChildren(of: node)
          // The last child that starts at or before the target holds it.
          var low = 0
          var high = children.count
          while high - low > 1 {
            let middle = (low + high) / 2
            if children[middle] <= target { low = middle } else { high = middle }
          }
          position = low
          child = children[low]
          previous = children[max(0, low - 1)]
        } else {
          while let next = document.nextSibling(of: child, in: node), next <= target {
            previous = child
            child = next
            position += 1
          }
        }
        switch document.kind(of: node) {
        case .array:
          components.append(.index(position))
          node = child
        case .map:
          let key = position % 2 == 0 ? child : previous
          components.append(.key(keyToken(key)))
          if position % 2 == 0 { return JSONPointer(components) }  // a key: its entry's pointer
          node = child
        default:
          return JSONPointer(components)
        }
      }
      return JSONPointer(components)
    }

    private func wideChildren(of node: Node) -> [Node] {
      if let children = wideChildren[node.index] { return children }
      var children: [Node] = []
      var child = document.firstChild(of: node)
      while let current = child {
        children.append(current)
        child = document.nextSibling(of: current, in: node)
      }
      wideChildren[node.index] = children
      return children
    }

    /// How a key is named in a pointer: a string as it is, anything else as its JSON text.
    private func keyToken(_ key: Node) -> String {
      document.string(of: key) ?? document.value(of: key).pointerToken
    }
  }
}
