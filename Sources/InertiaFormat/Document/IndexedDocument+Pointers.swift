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
    /// Every ``checkpointStride``-th child of wide containers, by container.
    private var wideChildren: [Int: [Node]] = [:]

    /// An empty cache for `document`.
    public init(_ document: IndexedDocument) {
      self.document = document
    }

    /// The JSON Pointer of a value; for a map key, the pointer of its entry's value.
    public func pointer(of target: Node) -> JSONPointer {
      var components: [JSONPointer.Component] = []
      // Room for the usual depth at once (an animation file's pointers are up to seven deep), rather than
      // growing the array as it is filled: that reallocated it twice for a finding, on average.
      components.reserveCapacity(Self.usualDepth)
      descend(to: target) { component, _ in components.append(component) }
      return JSONPointer(components)
    }

    /// What a value is, in words that stay true when unrelated parts of the document change: its pointer,
    /// with each array index of an object that has a string `id` replaced by that id (`/0/keyframes/3`
    /// becomes `/card0/keyframes/F5F9E292-…`). Baselines and SARIF fingerprints match on it, so that
    /// inserting a keyframe or an animation before a finding does not make it another.
    public func subject(of target: Node) -> String {
      var components: [JSONPointer.Component] = []
      components.reserveCapacity(Self.usualDepth)
      descend(to: target) { component, child in
        if case .index = component, let child, document.isMap(child),
          let id = document.value(forKey: "id", in: child).flatMap(document.string(of:))
        {
          components.append(.key(id))
        } else {
          components.append(component)
        }
      }
      return JSONPointer(components).description
    }

    /// Walks from the root down to `target`, calling `visit` with each step's pointer component and the
    /// value it leads to (`nil` for the last step to a map key, whose entry's pointer names it).
    private func descend(to target: Node, _ visit: (JSONPointer.Component, Node?) -> Void) {
      guard var node = document.root else { return }
      while node < target, var child = document.firstChild(of: node) {
        var position = 0
        var previous = child
        if let count = document.count(of: node), count > Self.checkpointStride {
          // Start from the last checkpoint at or before the target, then step.
          let checkpoints = self.checkpoints(of: node)
          var low = 0
          var high = checkpoints.count
          while high - low > 1 {
            let middle = (low + high) / 2
            if checkpoints[middle] <= target { low = middle } else { high = middle }
          }
          position = low * Self.checkpointStride
          child = checkpoints[low]
          previous = child
        }
        while let next = document.nextSibling(of: child, in: node), next <= target {
          previous = child
          child = next
          position += 1
        }
        switch document.kind(of: node) {
        case .array:
          visit(.index(position), child)
          node = child
        case .map:
          let key = position % 2 == 0 ? child : previous
          if position % 2 == 0 {
            visit(.key(keyToken(key)), nil)  // a key: its entry's pointer
            return
          }
          visit(.key(keyToken(key)), child)
          node = child
        default:
          return
        }
      }
    }

    /// How many components most pointers have at most (`/0/shapes/1/keyframes/2/values/opacity`).
    static let usualDepth = 8

    /// Every so many children of a wide container are remembered: a pointer then takes a binary search and
    /// at most this many steps, and a container of millions of values costs a small table, not one entry
    /// per value.
    static let checkpointStride = 32

    /// Every ``checkpointStride``-th child of a wide container (an even stride, so a map's checkpoints are
    /// all keys).
    private func checkpoints(of node: Node) -> [Node] {
      if let checkpoints = wideChildren[node.index] { return checkpoints }
      var checkpoints: [Node] = []
      var child = document.firstChild(of: node)
      var position = 0
      while let current = child {
        if position % Self.checkpointStride == 0 { checkpoints.append(current) }
        child = document.nextSibling(of: current, in: node)
        position += 1
      }
      wideChildren[node.index] = checkpoints
      return checkpoints
    }

    /// How a key is named in a pointer: a string as it is, anything else as its JSON text.
    ///
    /// A field name of the format (nearly every key on the way to a finding) is looked up among the
    /// names, without decoding it, and its `String` shared: decoding each key's bytes cost several times
    /// the lookup. A key matches a name only when its UTF-8 is the name's, so the two give the same string.
    private func keyToken(_ key: Node) -> String {
      if let field = document.index(ofKey: key, in: Self.fieldNames) { return Self.fieldNameStrings[field] }
      return document.string(of: key) ?? document.value(of: key).pointerToken
    }

    /// The field names of every kind of object of the format, once each.
    private static let fieldNameStrings: [String] = {
      var names: [String] = []
      for object in InertiaSchema.objects {
        for field in object.fields where !names.contains(field.name) { names.append(field.name) }
      }
      return names
    }()

    /// ``fieldNameStrings``, to look keys up in.
    private static let fieldNames = KeyNames(fieldNameStrings)
  }
}
