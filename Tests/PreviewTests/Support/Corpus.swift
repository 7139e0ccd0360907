import Foundation
import InertiaFormat
import TestSupport

/// The repository's `Corpus/` files, read for tests.
enum Corpus {
  static let root = Fixtures.corpus

  /// The typed animations of `Corpus/valid/NAME.inertia`.
  static func animations(_ name: String) throws -> [InertiaAnimation] {
    let data = try Data(contentsOf: root.appendingPathComponent("valid/\(name).inertia"))
    return try MessagePackDecoder().decode([InertiaAnimation].self, from: data)
  }

  /// The names of every valid Corpus file (without `.inertia`), sorted.
  static var validNames: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("valid").path)) ?? []
    return files.filter { $0.hasSuffix(".inertia") }.map { String($0.dropLast(".inertia".count)) }.sorted()
  }
}
