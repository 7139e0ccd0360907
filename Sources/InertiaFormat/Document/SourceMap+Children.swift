extension SourceMap {
  /// The first child of a node (an array's first element, a map's first key), or `nil` when it has none.
  public func firstChild(of node: Node) -> Node? {
    let index = node.index + 1
    return index < Int(nexts[node.index]) ? Node(index: index) : nil
  }

  /// The sibling that follows `child` inside `parent`, or `nil` after the last one.
  ///
  /// Walking a node's children with ``firstChild(of:)`` and this takes one step per child, where calling
  /// ``child(of:at:)`` for each position in turn would skip over all the earlier siblings every time.
  public func nextSibling(of child: Node, in parent: Node) -> Node? {
    let index = Int(nexts[child.index])
    return index < Int(nexts[parent.index]) ? Node(index: index) : nil
  }

  /// The children of a node in document order: an array's elements, or a map's keys and values
  /// alternating (entry `k`'s key at `2k`, its value at `2k + 1`).
  public func children(of node: Node) -> [Node] {
    var result: [Node] = []
    var child = firstChild(of: node)
    while let current = child {
      result.append(current)
      child = nextSibling(of: current, in: node)
    }
    return result
  }
}
