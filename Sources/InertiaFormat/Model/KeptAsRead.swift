/// A value the typed model keeps only to write its file back as it was, which never makes two values
/// unequal: the number a field was stored as (`loopDuration` as a float32), or the numbers after
/// `translate`'s first two, which the runtimes read and ignore.
struct KeptAsRead<Value: Sendable>: Hashable, Sendable {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }

  static func == (lhs: Self, rhs: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
