import Foundation
import InertiaFormat
import TestSupport
import Testing

/// The examples of docs/libraries.md, "Using the libraries", compile and do what their comments say, on the
/// spec's example file as the editor writes it. The code is copied here verbatim between markers, and a
/// test fails when the copy and the page differ.
@Suite("docs/libraries.md: Using the libraries")
struct LibraryExampleTests {
  /// The lines of the page's first example above the copied part: the imports (this file's own) and the
  /// file's name, which the test replaces with the corpus file's URL.
  static let header = [
    "import Foundation", "import InertiaFormat", "", #"let url = URL(fileURLWithPath: "animation.inertia")"#,
  ]

  /// What the examples compute for the file at `url`.
  static func runExamples(_ url: URL) throws -> (
    times: [Double], unchanged: Bool, loop: Double, offset: InertiaAnimationValues.Translate?
  ) {
    // Begin: first example
    let bytes = [UInt8](try Data(contentsOf: url))
    let animations = try MessagePackDecoder().decode([InertiaAnimation].self, from: bytes)
    let times = animations[0].keyframeTimes  // [0.0, 3.0]: durations are relative
    let again = try MessagePackEncoder().encodeBytes(animations)
    let unchanged = again == bytes  // true: the same bytes the editor wrote
    // End: first example
    // Begin: second example
    let playback = InertiaContainerPlayback(animations: animations)  // every animation triggered at 0
    let loop = playback.loopLength  // 3.001: the leading 0 s plays as 1 ms
    let offset = playback.pose(of: "card0", atLoopTime: 1.2)?.translate  // where card0 is 1.2 s in
    // End: second example
    return (times, unchanged, loop, offset)
  }

  @Test("The page's examples are the ones compiled here, verbatim")
  func verbatim() throws {
    let blocks = try Self.pageBlocks()
    try #require(blocks.count == 2, "the section has \(blocks.count) Swift blocks")
    #expect(blocks[0] == Self.header + (try Self.copied("first example")))
    #expect(blocks[1] == (try Self.copied("second example")))
  }

  @Test("On the spec's example file they give what their comments say")
  func results() throws {
    let file = Fixtures.corpus.appendingPathComponent("valid/card0-trigger.inertia")
    let result = try Self.runExamples(file)
    #expect(result.times == [0.0, 3.0])
    #expect(result.unchanged)
    #expect(result.loop == 3.001)
    #expect(result.offset != nil)
    // `encode(_:)` gives the same bytes as `Data`.
    let animations = try MessagePackDecoder().decode([InertiaAnimation].self, from: Data(contentsOf: file))
    #expect(try MessagePackEncoder().encode(animations) == Data(contentsOf: file))
    #expect(try InertiaJSONEncoder().encodeBytes(animations) == [UInt8](InertiaJSONEncoder().encode(animations)))
  }

  /// The Swift code blocks of docs/libraries.md, the page "Using the libraries".
  static func pageBlocks() throws -> [[String]] {
    let text = try DocumentationPage("docs/libraries.md").text
    return DocumentedExamples.swiftBlocks(
      in: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  }

  /// The lines between this file's `// Begin: NAME` and `// End: NAME`, without their common indentation.
  static func copied(_ name: String) throws -> [String] {
    try DocumentedExamples.copy(named: name, inFile: #filePath)
  }
}
