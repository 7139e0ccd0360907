import Foundation
import Testing

/// Where the test data lives, found from this file's own path so the tests run from any directory.
enum Fixtures {
  /// The package root: three levels up from `Tests/FormatTests/Support/Fixtures.swift`.
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `Tests/FormatFixtures`: the codec's named fixture files. It sits outside the test target's folder
  /// so SwiftPM does not ask for it to be declared as a resource.
  static let directory = packageRoot.appendingPathComponent("Tests/FormatFixtures")

  /// `Corpus/` at the package root (`INERTIA_CORPUS_DIR` overrides it, to try a corpus elsewhere).
  static let corpus: URL = {
    if let override = ProcessInfo.processInfo.environment["INERTIA_CORPUS_DIR"] {
      return URL(fileURLWithPath: override)
    }
    return packageRoot.appendingPathComponent("Corpus")
  }()

  /// Whether snapshot files are rewritten from what the code does now instead of checked
  /// (`RECORD_SNAPSHOTS=1 swift test …`, then review the diff).
  static let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil

  /// The files directly in `folder` (under ``directory``) whose names end in `.suffix`, sorted.
  static func files(in folder: String, withSuffix suffix: String, under root: URL = directory) -> [URL] {
    let url = root.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(suffix) }.sorted().map { url.appendingPathComponent($0) }
  }

  static func bytes(_ url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
  }

  /// Checks `actual` against the snapshot file, or writes it there when recording.
  static func expectSnapshot(
    _ actual: String, file url: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    if recording {
      try Data(actual.utf8).write(to: url)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("missing snapshot \(url.lastPathComponent); run with RECORD_SNAPSHOTS=1 to create it", sourceLocation: sourceLocation)
      return
    }
    #expect(actual == expected, "snapshot \(url.lastPathComponent)", sourceLocation: sourceLocation)
  }
}

/// A fresh directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
  let url: URL
  var path: String { url.path }

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("format-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` inside the directory.
  func file(_ name: String) -> String { url.appendingPathComponent(name).path }

  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: url.appendingPathComponent(name))
    return file(name)
  }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

  func read(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url.appendingPathComponent(name))) }

  /// The names in the directory, sorted.
  func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}
