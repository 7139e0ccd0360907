#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One node of a tree being encoded.
enum EncodedNode: CustomStringConvertible {
  case value(MessagePackValue)
  case map(EncodedMap)
  case array(EncodedArray)
  /// A super encoder's part, read when the tree is finished.
  case deferred(ValueEncoder)

  var value: MessagePackValue {
    switch self {
    case .value(let v): return v
    case .map(let map): return .map(zip(map.keys, map.nodes).map { .init(.string($0), $1.value) })
    case .array(let array): return .array(array.nodes.map(\.value))
    case .deferred(let encoder): return encoder.value
    }
  }

  /// The map, when the node is one.
  var asMap: EncodedMap? {
    if case .map(let map) = self { return map }
    return nil
  }

  /// The array, when the node is one.
  var asArray: EncodedArray? {
    if case .array(let array) = self { return array }
    return nil
  }

  var description: String {
    switch self {
    case .value: return "single value"
    case .map: return "keyed container"
    case .array: return "unkeyed container"
    case .deferred: return "super encoder"
    }
  }
}

/// A map being encoded: keys in the order first encoded; encoding a key again replaces its value in place.
final class EncodedMap {
  private(set) var keys: [String] = []
  private(set) var nodes: [EncodedNode] = []
  private var positions: [String: Int] = [:]

  subscript(key: String) -> EncodedNode? {
    get { positions[key].map { nodes[$0] } }
    set {
      guard let newValue else { return }
      if let i = positions[key] {
        nodes[i] = newValue
      } else {
        positions[key] = keys.count
        keys.append(key)
        nodes.append(newValue)
      }
    }
  }
}

/// An array being encoded.
final class EncodedArray {
  var nodes: [EncodedNode] = []
}
