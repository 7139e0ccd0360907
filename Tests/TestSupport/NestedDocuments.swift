import InertiaFormat

/// `depth` containers nested inside each other, around a 1.
package func nested(_ depth: Int, maps: Bool) -> MessagePackValue {
  var value: MessagePackValue = 1
  for level in 0..<depth { value = maps && level % 2 == 0 ? ["k": value] : [value] }
  return value
}

/// `depth` maps nested inside each other under integer keys, around binary data: only the extended JSON
/// form holds it, as `{"$map": [[1, {"$map": [[1, … {"$bin": "AQ=="} …]]}]]}`.
package func mapsWithIntegerKeys(_ depth: Int) -> MessagePackValue {
  var value: MessagePackValue = .binary([1])
  for _ in 0..<depth { value = .map([.init(1, value)]) }
  return value
}
