import Foundation
import Testing

/// Golden SVG files under `Tests/PreviewTests/Snapshots/`. Run the tests with `RECORD_SNAPSHOTS=1` to write them
/// afresh (then review the diff), as for the lint snapshots.
enum Snapshot {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

  /// Checks `text` against the snapshot `name`, or records it.
  static func assert(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
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
