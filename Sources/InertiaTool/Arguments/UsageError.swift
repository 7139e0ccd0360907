/// A command line that cannot be used, and why, in one sentence.
package struct UsageError: Error, Equatable {
  package let message: String

  package init(_ message: String) {
    self.message = message
  }
}
