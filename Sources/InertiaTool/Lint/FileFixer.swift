import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fixes files: reads one, fixes it in memory with a ``DocumentFixer``, and writes it back atomically,
/// or leaves it alone and says why.
///
/// Findings are placed in the file as it is when the run ends: in the new file when it was written, in
/// the old one otherwise.
struct FileFixer: Sendable {
  let fixer: DocumentFixer
  /// Whether fixed files are written (not for `--dry-run` and `--diff`).
  let writes: Bool
  /// Whether to make the diff of each file that changes (`--diff`).
  let makesDiffs: Bool

  /// What fixing one input came to: an outcome, or the message saying why it could not be read.
  func fix(_ input: LintInput, standardInput: [UInt8]?) -> Result<FileFixOutcome, FileReadFailure> {
    let bytes: [UInt8]
    var identity: FileIdentity?
    if let path = input.readPath {
      let before = FileIdentity(path)
      do throws(FileIOError) {
        bytes = try FileIO.read(path, maxSize: DecodingLimits.default.maxInputSize)
      } catch {
        return .failure(FileReadFailure(message: "\(input.path): cannot read: \(error.reason)"))
      }
      identity = FileIdentity(path)
      guard let identity, identity == before else {
        return .failure(FileReadFailure(message: "\(input.path): cannot read: it changed while it was being read"))
      }
    } else {
      guard let standardInput else {
        return .failure(FileReadFailure(message: "\(input.path): cannot read standard input"))
      }
      bytes = standardInput
    }

    let result = fixer.fix(bytes, file: input.path, fileName: input.fileName)
    var outcome = FileFixOutcome(
      path: input.path, status: .unchanged, fixed: [], remaining: result.remainingFindings, diff: nil)
    if let failure = result.failure {
      outcome.status = .notWritten("the fixed file failed verification (\(failure.description)); please report this")
      return .success(outcome)
    }
    guard result.isChanged else { return .success(outcome) }
    if makesDiffs { outcome.diff = FixDiff.make(result, path: input.path) }

    guard writes, let path = input.readPath, let identity else {
      outcome.status = .wouldWrite
      (outcome.fixed, outcome.remaining) = result.findingsInOriginal
      return .success(outcome)
    }
    if let reason = Self.reasonNotToWrite(path, readAs: identity) {
      outcome.status = .notWritten(reason)
      outcome.remaining = result.originalFindings
      return .success(outcome)
    }
    var failure: FileIOError?
    result.fixed.withUnsafeBytes { buffer in
      do throws(FileIOError) {
        try FileIO.writeAtomically(buffer, to: path)
      } catch {
        failure = error
      }
    }
    if let failure {
      outcome.status = .notWritten("cannot write: \(failure.reason)")
      outcome.remaining = result.originalFindings
      return .success(outcome)
    }
    outcome.status = .written
    outcome.fixed = result.fixedFindings
    outcome.remaining = result.remainingFindings
    return .success(outcome)
  }

  /// Why a file read as `identity` must not be replaced now, if it must not.
  static func reasonNotToWrite(_ path: String, readAs identity: FileIdentity) -> String? {
    guard let now = FileIdentity(path), now == identity else {
      return "it changed while it was being fixed"
    }
    if now.links > 1 {
      return "it has \(now.links) hard links, which replacing it would separate"
    }
    // A file nobody may write (chmod a-w) is read-only even to root, who could replace it anyway.
    if now.mode & 0o222 == 0 || access(path, W_OK) != 0 {
      return "it is read-only"
    }
    return nil
  }
}
