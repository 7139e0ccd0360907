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
  var fixer: DocumentFixer
  /// Whether fixed files are written (not for `--dry-run` and `--diff`).
  let writes: Bool
  /// Whether to make the diff of each file that changes (`--diff`).
  let makesDiffs: Bool

  /// Writes the fixed files' temporary files (``writes`` only).
  let writer: AtomicWriter
  /// `--fix -`: standard input's fixed document goes to standard output.
  var writesStandardOutput = false

  /// What fixing one input came to: an outcome, or the message saying why it could not be read. A file
  /// to write is left ``FileFixOutcome/Status/pending``, its new contents in a temporary file, for the
  /// caller to put in place with the others (see ``AtomicWriter``).
  func fix(_ input: LintInput, standardInput: [UInt8]?) -> Result<FileFixOutcome, FileReadFailure> {
    let bytes: [UInt8]
    var identity: FileIdentity?
    if let path = input.readPath {
      do throws(FileIOError) {
        (bytes, identity) = try FileIO.withCheckedContents(
          of: path, as: .lintInput, maxSize: DecodingLimits.default.maxInputSize
        ) { contents, identity in (Array(contents.bytes), identity) }
      } catch {
        return .failure(FileReadFailure(path: input.path, reason: error.reason))
      }
    } else {
      guard let standardInput else {
        return .failure(FileReadFailure(path: input.path, reason: "standard input could not be read"))
      }
      bytes = standardInput
    }

    let result = fixer.fix(bytes, file: input.path, fileName: input.fileName)
    var outcome = FileFixOutcome(
      path: input.path, status: .unchanged, fixed: [], remaining: result.remainingFindings, diff: nil)
    outcome.suppressedCount = result.suppressedCount
    if let failure = result.failure {
      outcome.status = .notWritten("the fixed file failed verification (\(failure.description)); please report this")
      return .success(outcome)
    }
    if writesStandardOutput && input.isStandardInput {
      outcome.standardOutput = result.isChanged && result.failure == nil ? result.fixed : bytes
      if result.isChanged && result.failure == nil {
        outcome.status = .written
        outcome.fixed = result.fixedFindings
        outcome.remaining = result.remainingFindings
      }
      return .success(outcome)
    }
    guard result.isChanged else { return .success(outcome) }
    if makesDiffs { outcome.diff = FixDiff.make(result, path: input.path) }

    // A dry run refuses what --fix would refuse, so that it exits as --fix would. A run that writes looks
    // the file up again just before replacing it (``commit(_:writer:)``), so here it goes by what reading it
    // told (no file system call for each file): a file that is not regular is never written in place.
    if !makesDiffs, let path = input.readPath, let identity,
      let reason = writes ? Self.reasonNotToWrite(readAs: identity) : Self.reasonNotToWrite(path, readAs: identity)
    {
      outcome.status = .notWritten(reason)
      outcome.remaining = result.originalFindings
      return .success(outcome)
    }
    guard writes, let path = input.readPath, let identity else {
      outcome.status = .wouldWrite
      (outcome.fixed, outcome.remaining) = result.findingsInOriginal
      return .success(outcome)
    }
    let replacement: AtomicWriter.Replacement
    do throws(FileIOError) {
      replacement = try writer.prepare(
        path, known: input.namesRegularFile ? .regularFile(identity.existing) : .nothing, bytes: result.fixed)
    } catch {
      // Said as a dry run would say it when the file itself is why (it is read-only, say).
      outcome.status = .notWritten(Self.reasonNotToWrite(path, readAs: identity) ?? "cannot write: \(error.reason)")
      outcome.remaining = result.originalFindings
      return .success(outcome)
    }
    outcome.status = .pending
    outcome.pending = FileFixOutcome.Pending(
      replacement: replacement, identity: identity, fixed: result.fixedFindings, remaining: result.remainingFindings)
    return .success(outcome)
  }

  /// A file's part of the report for its outcome as it stands (a pending file's as it reads once written):
  /// the part `renderer` makes of its findings, when there is a renderer, and the findings counted.
  static func report(
    of outcome: FileFixOutcome, _ renderer: (any FileRenderer)?, input: LintInput, maxFindings: Int
  ) -> FileFixOutcome.Report {
    let (fixed, remaining) = outcome.pending.map { ($0.fixed, $0.remaining) } ?? (outcome.fixed, outcome.remaining)
    // The fixer found every finding; the report lists as many as --max-findings allows.
    var findings = fixed + remaining
    // Sorted in place, where the findings move rather than being copied (each with its strings retained).
    findings.sort(by: Finding.reportOrder)
    findings = Finding.limited(findings, to: maxFindings)
    let part = renderer?.render(findings, ReportedFile(path: outcome.path, physicalPath: input.physicalPath))
    return FileFixOutcome.Report(
      counts: LintReport.FileCounts(findings), part: part, findings: part == nil ? findings : [])
  }

  /// Puts every pending file in place together, durably (see ``AtomicWriter``), checking each just before
  /// it is replaced. A file put in place is left pending, which now means written (its report part is made
  /// already); one that was not is marked not written and why, with the findings of the file as it was
  /// (`originalFindings`, given the outcome's index and the file as it was read), and one whose rename
  /// could not be made durable is marked so.
  static func commit(
    _ outcomes: inout [Result<FileFixOutcome, FileReadFailure>], writer: AtomicWriter,
    originalFindings: (Int, FileIdentity) -> [Finding]
  ) {
    var indices: [Int] = []
    var replacements: [AtomicWriter.Replacement] = []
    var identities: [FileIdentity] = []
    for index in outcomes.indices {
      guard case .success(let outcome) = outcomes[index], let pending = outcome.pending else { continue }
      indices.append(index)
      replacements.append(pending.replacement)
      identities.append(pending.identity)
    }
    let failures = writer.commit(replacements) { [replacements, identities] index in
      reasonNotToWrite(replacements[index], readAs: identities[index])
    }
    // Only the files that failed are looked at again: a batch of thousands is nearly all written.
    for (position, index) in indices.enumerated() {
      guard let failure = failures[position] else { continue }
      outcomes[index].modifyOutcome { outcome in
        let pending = outcome.pending!
        outcome.pending = nil
        if !failure.isReplaced {
          outcome.status = .notWritten(failure.description)
          outcome.fixed = []
          outcome.remaining = originalFindings(index, pending.identity)
          outcome.report = nil
        } else {
          outcome.status = .writtenNotDurable(failure.description)
          outcome.fixed = pending.fixed
          outcome.remaining = pending.remaining
        }
      }
    }
  }

  /// The findings of a file that was fixed but will not be replaced after all, worked out only then: from
  /// the file read again, when it is still the one read (kept in memory until every file is committed, the
  /// bytes read would be as large as the files fixed), and none when it has changed since, as when it
  /// changes while it is linted: nothing found in a version that is gone is reported.
  func originalFindings(of input: LintInput, readAs identity: FileIdentity) -> [Finding] {
    guard let path = input.readPath else { return [] }
    let linted = try? FileIO.withCheckedContents(of: path, as: .lintInput, maxSize: DecodingLimits.default.maxInputSize)
    {
      contents, now in
      now == identity ? fixer.linter.linted(contents, file: input.path, fileName: input.fileName).findings : nil
    }
    return (linted ?? nil) ?? []
  }

  /// Why the file a replacement replaces, read as `identity`, must not be replaced now, if it must not:
  /// the file itself is looked at, not a symbolic link found in its place since it was read (which the
  /// rename would replace).
  static func reasonNotToWrite(_ replacement: AtomicWriter.Replacement, readAs identity: FileIdentity) -> String? {
    reasonNotToWrite(replacement.target, readAs: identity, followingLinks: false)
  }

  /// Why the file at `path`, read as `identity`, must not be replaced now, if it must not.
  static func reasonNotToWrite(_ path: String, readAs identity: FileIdentity, followingLinks: Bool = true) -> String? {
    guard let now = FileIdentity(path, followingLinks: followingLinks) else {
      return "it changed while it was being fixed"
    }
    // Another file there (a link put in its place, say) has changed; the file read is looked at first for
    // what it is, since a FIFO's or a device's times change as it is read.
    guard now.device == identity.device && now.inode == identity.inode else {
      return "it changed while it was being fixed"
    }
    if !now.isRegular || !identity.isRegular {
      return "it is not a regular file"
    }
    guard now == identity else { return "it changed while it was being fixed" }
    if let reason = reasonNotToWrite(readAs: now) { return reason }
    // The owner's write bit decides for the owner (an ACL's entries are for others), as `access` would
    // say without a call for each file; for anyone else the kernel is asked.
    let ownWritable = now.owner == userID && now.mode & 0o200 != 0
    if !ownWritable && PathText.withCString(path, { access($0, W_OK) }) != 0 { return "it is read-only" }
    return nil
  }

  /// The process's (real) user id, which `access` goes by: asked once, as glibc asks the kernel each time.
  private static let userID = UInt32(getuid())

  /// Why a file whose identity is `identity` must not be replaced, as far as the identity tells.
  static func reasonNotToWrite(readAs identity: FileIdentity) -> String? {
    if !identity.isRegular { return "it is not a regular file" }
    if identity.links > 1 {
      return "it has \(identity.links) hard links, which replacing it would separate"
    }
    // A file nobody may write (chmod a-w) is read-only even to root, who could replace it anyway.
    if identity.mode & 0o222 == 0 { return "it is read-only" }
    return nil
  }
}

extension Result where Success == FileFixOutcome, Failure == FileReadFailure {
  /// Changes a file's outcome where it is (nothing, for a file that could not be read): no copy of it is
  /// held meanwhile, so its arrays are changed without being copied.
  mutating func modifyOutcome(_ body: (inout FileFixOutcome) -> Void) {
    guard case .success(var outcome) = self else { return }
    self = .failure(FileReadFailure(path: "", reason: ""))
    body(&outcome)
    self = .success(outcome)
  }
}
