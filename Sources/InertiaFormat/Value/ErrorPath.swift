/// The path of an error, built from a reader's stack of open containers once the error is thrown.
///
/// Each container adds the component of the value it was reading. A map key has no path of its own:
/// while a key is read the path stops at its map, and the message says which entry's key it was.
struct ErrorPath {
  private(set) var components: [JSONPointer.Component] = []
  private(set) var keyOfEntry: Int?

  mutating func append(_ component: JSONPointer.Component) {
    components.append(component)
  }

  /// Notes that the fault lies in the key of the map's `entry`-th entry; returns `false` so that a
  /// walk over the containers stops here (those further in are inside the key).
  mutating func enterKey(ofEntry entry: Int) -> Bool {
    keyOfEntry = entry
    return false
  }

  /// `error`, at this path.
  func locate(_ error: FormatError) -> FormatError {
    var error = error
    error.path = JSONPointer(components + error.path.components)
    if let keyOfEntry { error.message += " in the key of entry \(keyOfEntry)" }
    return error
  }
}
