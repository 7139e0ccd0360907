/// Why an input could not be read.
struct FileReadFailure: Error, Sendable {
  /// The input, as findings name it.
  var path: String
  /// Why it could not be read, such as "Permission denied".
  var reason: String
}
