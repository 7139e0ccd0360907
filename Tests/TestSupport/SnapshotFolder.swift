import Foundation
import Testing

/// Golden files in a test target's `Snapshots/` folder. Run the tests with `RECORD_SNAPSHOTS=1` to write
/// them afresh (then review the diff).
package struct SnapshotFolder: Sendable {
  /// The folder the golden files are in.
  package let directory: URL

  /// The `Snapshots` folder beside the `Support` folder of the test file at `filePath`.
  package init(besideSupportOf filePath: String) {
    directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Snapshots")
  }

  /// Whether the tests write the snapshots instead of checking them.
  package var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

  /// Checks `text` against the snapshot `name`, or records it.
  package func assert(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = directory.appendingPathComponent(name)
    if isRecording {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? text.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("no snapshot \(name); run with RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
      return
    }
    #expect(text == expected, "output differs from Snapshots/\(name)", sourceLocation: sourceLocation)
  }
}
