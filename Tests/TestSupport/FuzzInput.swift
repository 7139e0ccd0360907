import Foundation
import Testing

/// An input kept for a fuzz target under `Tests/Fuzz/`: one the target ever failed on
/// (`Regressions/TARGET/`), or one of the corpus it keeps (`Corpus/TARGET/`). The test targets replay them
/// through the checks the fuzz targets run.
package struct FuzzInput: Sendable, CustomTestStringConvertible {
  /// The fuzz target whose folder holds the input.
  package let target: String
  /// The input's file.
  package let file: URL

  /// The input's bytes.
  package func bytes() throws -> [UInt8] { try [UInt8](Data(contentsOf: file)) }

  package var testDescription: String { "\(target): \(file.lastPathComponent)" }

  /// The inputs of each of `targets` kept in each of `folders` of `Tests/Fuzz/`, each folder's sorted by
  /// name; none where a folder is absent.
  package static func all(of targets: [String], in folders: [String] = ["Regressions"]) -> [FuzzInput] {
    let fuzz = Fixtures.packageRoot.appendingPathComponent("Tests/Fuzz")
    return targets.flatMap { target in
      folders.flatMap { folder in
        Fixtures.files(in: "\(folder)/\(target)", withSuffix: "", under: fuzz).map {
          FuzzInput(target: target, file: $0)
        }
      }
    }
  }
}
