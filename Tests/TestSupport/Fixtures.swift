import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the test data lives, found from this file's own path so the tests run from any directory.
package enum Fixtures {
  /// The package root: two levels up from `Tests/TestSupport/Fixtures.swift`.
  package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `Tests/FormatFixtures`: the codec's named fixture files. It sits outside the test target's folder
  /// so SwiftPM does not ask for it to be declared as a resource.
  package static let directory = packageRoot.appendingPathComponent("Tests/FormatFixtures")

  /// `Corpus/` at the package root (`INERTIA_CORPUS_DIR` overrides it, to try a corpus elsewhere).
  package static let corpus: URL = {
    if let override = ProcessInfo.processInfo.environment["INERTIA_CORPUS_DIR"] {
      return URL(fileURLWithPath: override)
    }
    return packageRoot.appendingPathComponent("Corpus")
  }()

  /// Whether snapshot files are rewritten from what the code does now instead of checked
  /// (`RECORD_SNAPSHOTS=1 swift test …`, then review the diff).
  package static let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil

  /// The files directly in `folder` (under ``directory``) whose names end in `.suffix`, sorted.
  package static func files(in folder: String, withSuffix suffix: String, under root: URL = directory) -> [URL] {
    let url = root.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(suffix) }.sorted().map { url.appendingPathComponent($0) }
  }

  package static func bytes(_ url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
  }
}

/// A fresh directory under the system's temporary directory, removed when the value is released.
package final class TemporaryDirectory {
  package let url: URL
  package var path: String { url.path }

  package init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("format-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` inside the directory.
  package func file(_ name: String) -> String { url.appendingPathComponent(name).path }

  @discardableResult
  package func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: url.appendingPathComponent(name))
    return file(name)
  }

  @discardableResult
  package func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

  /// Writes a script a test runs, executable. The file is opened close-on-exec and closed before it is
  /// made executable: a process that another test starts meanwhile (the tests run side by side) would
  /// otherwise inherit it open for writing, and running it would fail with "Text file busy" (`ETXTBSY`)
  /// for as long as that process lives.
  @discardableResult
  package func writeExecutable(_ name: String, _ text: String) throws -> String {
    let path = file(name)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o700)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { buffer in
      #if canImport(Glibc)
        Glibc.write(fd, buffer.baseAddress, buffer.count)
      #else
        Darwin.write(fd, buffer.baseAddress, buffer.count)
      #endif
    }
    guard close(fd) == 0, written == bytes.count else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    return path
  }

  package func read(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
  }

  /// The names in the directory, sorted.
  package func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}

/// A fixture file, shown in test names by its file name.
package struct FixtureFile: Sendable, CustomStringConvertible {
  package let url: URL
  package var name: String { url.lastPathComponent }
  package var stem: String { url.deletingPathExtension().lastPathComponent }
  package var description: String { name }
  package init(url: URL) { self.url = url }
  package func sibling(_ suffix: String) -> URL { url.deletingPathExtension().appendingPathExtension(suffix) }
}
