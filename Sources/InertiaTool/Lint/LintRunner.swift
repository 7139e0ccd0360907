import InertiaFormat
import InertiaLint

/// Lints many inputs across the machine's cores, giving results in the inputs' order.
struct LintRunner {
  let linter: Linter
  /// How many inputs are linted at once.
  let jobs: Int

  /// Lints every input. Standard input, if among them, is read first, on the calling thread.
  func run(_ inputs: [LintInput], standardInput: () -> [UInt8]?) -> [LintOutcome] {
    let stdinBytes: [UInt8]? = inputs.contains(where: \.isStandardInput) ? standardInput() : nil
    let linter = self.linter
    return ThreadPool.forEach(inputs, jobs: jobs) { input in
      let contents: FileContents
      if let path = input.readPath {
        do throws(FileIOError) {
          contents = try FileIO.contents(of: path, maxSize: DecodingLimits.default.maxInputSize)
        } catch {
          return .unreadable("\(input.path): cannot read: \(error.reason)")
        }
      } else {
        guard let stdinBytes else { return .unreadable("\(input.path): cannot read standard input") }
        contents = FileContents(copying: stdinBytes)
      }
      return .linted(linter.lint(contents, file: input.path, fileName: input.fileName))
    }
  }
}
