import InertiaFormat
import InertiaLint

/// Lints inputs one at a time; the command runs it across the cores (see ``ThreadPool``).
enum LintRunner {
  /// Lints one input with its configuration's linter. Standard input's bytes are read beforehand.
  ///
  /// A file that changes while it is read and linted (an editor saving in place, which a mapped file
  /// would show part-way) is reported as unreadable, "it changed while it was read", and whatever was
  /// found in it is dropped: its findings could describe neither version.
  static func lint(_ input: LintInput, linter: Linter, standardInput: [UInt8]?) -> LintOutcome {
    guard let path = input.readPath else {
      guard let standardInput else { return .unreadable("standard input could not be read") }
      return .linted(
        linter.linted(
          FileContents(copying: standardInput), file: input.path, fileName: input.fileName))
    }
    let findings: Linter.Linted
    do throws(FileIOError) {
      findings = try FileIO.withCheckedContents(of: path, as: .lintInput, maxSize: DecodingLimits.default.maxInputSize)
      {
        contents, _ in linter.linted(contents, file: input.path, fileName: input.fileName)
      }
    } catch {
      return .unreadable(error.reason)
    }
    return .linted(findings)
  }
}
