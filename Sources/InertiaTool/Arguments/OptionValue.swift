/// The values of the options more than one command takes, read the same way by each.
enum OptionValue {
  /// `--max-depth N`: a nesting limit from 1 to ``ThreadPool/largestMaxDepth``.
  static func maxDepth(_ text: String) throws(UsageError) -> Int {
    guard let depth = Int(text), (1...ThreadPool.largestMaxDepth).contains(depth) else {
      throw UsageError("--max-depth takes a number from 1 to \(ThreadPool.largestMaxDepth)")
    }
    return depth
  }

  /// `--loop-duration S`: a positive number of seconds.
  static func loopDuration(_ text: String) throws(UsageError) -> Double {
    guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
      throw UsageError("--loop-duration takes a positive number of seconds")
    }
    return seconds
  }
}
