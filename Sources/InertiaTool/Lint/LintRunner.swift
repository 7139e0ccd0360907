import InertiaFormat
import InertiaLint

/// Lints inputs one at a time; the command runs it across the cores (see ``ThreadPool``).
enum LintRunner {
  /// Lints one input with its configuration's linter. Standard input's bytes are read beforehand.
  static func lint(_ input: LintInput, linters: [Linter], standardInput: [UInt8]?) -> LintOutcome {
    let contents: FileContents
    if let path = input.readPath {
      do throws(FileIOError) {
        contents = try FileIO.contents(of: path, maxSize: DecodingLimits.default.maxInputSize)
      } catch {
        return .unreadable(error.reason)
      }
    } else {
      guard let standardInput else { return .unreadable("standard input could not be read") }
      contents = FileContents(copying: standardInput)
    }
    return .linted(linters[input.configuration].lint(contents, file: input.path, fileName: input.fileName))
  }
}
