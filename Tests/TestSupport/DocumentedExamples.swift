import Foundation

/// The examples the documentation shows, and the copies of them that tests run, read so that a test can
/// fail when the two differ.
package enum DocumentedExamples {
  /// The Swift code blocks (from a "```swift" line to a "```" line) among `lines`, without their fences.
  package static func swiftBlocks(in lines: some Sequence<String>) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in lines {
      if line == "```swift" {
        current = []
      } else if line == "```", let block = current {
        blocks.append(block)
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// The lines of the file at `path` between `// Begin: NAME` and `// End: NAME`, without their common
  /// indentation.
  package static func copy(named name: String, inFile path: String) throws -> [String] {
    let lines = try String(contentsOfFile: path, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let begin = lines.firstIndex(where: { $0.hasSuffix("// Begin: \(name)") }),
      let end = lines.firstIndex(where: { $0.hasSuffix("// End: \(name)") })
    else { throw CocoaError(.fileReadCorruptFile) }
    let block = lines[(begin + 1)..<end]
    let indent = block.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return block.map { String($0.dropFirst(indent)) }
  }
}
