/// "Did you mean" suggestions for misspelt names: field names, rule ids, configuration keys.
public enum NameSuggestion {
  /// The candidate closest to `name`, when it is close enough to be a likely misspelling: the same
  /// ignoring case, or within an edit distance of 1 for short names and 2 for longer ones (a transposition
  /// counts as one edit, so `opactiy` suggests `opacity`).
  public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let lowered = name.lowercased()
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      if candidate.lowercased() == lowered { return candidate }
      let distance = editDistance(Array(lowered.unicodeScalars), Array(candidate.lowercased().unicodeScalars))
      if distance < best?.distance ?? .max { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let allowed = min(name.count, best.candidate.count) <= 4 ? 1 : 2
    return best.distance <= allowed ? best.candidate : nil
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and transpositions of
  /// adjacent characters.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
