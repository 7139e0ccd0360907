import InertiaFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `inertia-convert merge BASE OURS THEIRS`: a git merge driver for animation files.
///
/// git cannot merge binary files, so two branches that both touch an animation file conflict even when
/// they change different keyframes. This driver merges the three versions' JSON forms (pretty and
/// extended: one entry per line, so changes to different keyframes fall on different lines) with git's
/// own `git merge-file`, and writes the result back into OURS, atomically, in the encoding OURS had.
/// On a conflict OURS holds the merged JSON form with conflict markers, to resolve as text; a version
/// that does not parse (BASE included, unless it is empty: both sides added the file) makes the merge a
/// conflict with OURS left as it was, so nothing is written that was not read and checked. Nothing is ever lost: git
/// keeps all three versions in the index until the conflict is resolved.
package enum MergeCommand {
  static let arguments = ArgumentParser([
    CommandOption("--marker-size", value: "N", help: "Conflict markers of N characters (git's %L; default 7)."),
    CommandOption("--path", value: "PATH", help: "The file's path in the repository (git's %P), for messages."),
    CommandOption("-h", "--help", help: "Show this help."),
    CommandOption("-V", "--version", help: "Show the version."),
  ])

  package static let usage = """
    Usage: inertia-convert merge [--marker-size N] [--path PATH] BASE OURS THEIRS

    A git merge driver for animation files: merges the three versions' JSON forms line by line with
    git merge-file, so branches that change different keyframes merge cleanly. Set it up with:

      echo '*.inertia merge=inertia' >> .gitattributes
      git config merge.inertia.name "Inertia animation files, merged as JSON"
      git config merge.inertia.driver "inertia-convert merge --marker-size %L --path %P %O %A %B"

    The result replaces OURS, atomically, in the encoding OURS had: MessagePack with each number in
    the format the versions had it in and the rest in its smallest form, a JSON-form file as pretty
    JSON. On a conflict OURS holds the merged JSON form
    (extended, as to-json --extended writes it) with conflict markers: resolve them, then restore
    the binary with  inertia-convert to-msgpack --extended -o FILE < FILE
    Nothing is written unless all three versions parse: when one does not, OURS is left as it was and
    the merge is a conflict. An empty BASE (both sides added the file) is merged as an empty text.

    Options:
    \(arguments.help)

    Exit status: 0 merged, 1 conflict (git then marks the file unmerged), 2 usage or I/O error, or
    git not on PATH (OURS left as it was).
    """

  struct Options {
    var base = ""
    var ours = ""
    var theirs = ""
    var markerSize = 7
    var path: String?
  }

  /// Runs `merge` with the arguments after the command's name.
  /// - Parameters:
  ///   - searchPath: where to look for `git` (a `PATH` value; default the process's `PATH`).
  ///   - temporaryDirectory: where the JSON forms are merged (default `TMPDIR`, else `/tmp`).
  package static func run(
    arguments: [String], stdout: CommandOutput, stderr: (String) -> Void,
    searchPath: String? = environment("PATH"), temporaryDirectory: String? = nil,
    limits: DecodingLimits = .default, writer: AtomicWriter = AtomicWriter()
  ) -> Int32 {
    let options: Options
    switch ToolCommand.merge.options(arguments, stdout: stdout, stderr: stderr, read: options(from:)) {
    case .success(let parsed): options = parsed
    case .failure(let exit): return exit.status
    }
    let name = options.path ?? options.ours
    do {
      // The result replaces OURS, its own input; the plan refuses it anywhere else.
      let result = OutputPlan.Output(options.ours, role: .mergeResult, name: "merge", replacing: options.ours)
      _ = try OutputPlan.check(
        [result], against: [options.base, options.ours, options.theirs].map { OutputPlan.Input($0) })
    } catch {
      stderr("inertia-convert: \(error.message)")
      return 2
    }
    let base: [UInt8]
    let ours: [UInt8]
    let theirs: [UInt8]
    do throws(FileIOError) {
      base = try FileIO.read(options.base, as: .mergeSide, maxSize: limits.maxInputSize)
      ours = try FileIO.read(options.ours, as: .mergeSide, maxSize: limits.maxInputSize)
      theirs = try FileIO.read(options.theirs, as: .mergeSide, maxSize: limits.maxInputSize)
    } catch {
      stderr(error.description)
      return 2
    }
    let outcome = merge(
      base: base, ours: ours, theirs: theirs, name: name, markerSize: options.markerSize,
      git: GitMergeFile(searchPath: searchPath),
      temporaryDirectory: temporaryDirectory ?? environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp",
      limits: limits)
    if let result = outcome.result {
      do throws(FileIOError) {
        let replacement = try writer.prepare(options.ours, bytes: result)
        if let failure = writer.commit([replacement])[0] { throw failure.error(naming: options.ours) }
      } catch {
        stderr(error.description)
        return 2
      }
    }
    for message in outcome.messages { stderr("inertia-convert merge: \(name): \(message)") }
    return outcome.status
  }

  /// What a merge comes to.
  struct Outcome {
    /// What replaces OURS, or `nil` to leave it as it is.
    var result: [UInt8]?
    /// What to tell the user, each a line after the file's name.
    var messages: [String] = []
    /// The exit status.
    var status: Int32

    static func keepOurs(_ status: Int32, _ message: String? = nil) -> Outcome {
      Outcome(result: nil, messages: message.map { [$0] } ?? [], status: status)
    }
  }

  /// Merges the three versions' bytes.
  /// - Parameters:
  ///   - name: the file's name, for the advice on a conflict.
  ///   - git: where `git merge-file` is, or `nil` when there is no git.
  static func merge(
    base: [UInt8], ours: [UInt8], theirs: [UInt8], name: String, markerSize: Int, git: GitMergeFile?,
    temporaryDirectory: String, limits: DecodingLimits
  ) -> Outcome {
    let oursEncoding = DocumentEncoding.detect(ours)
    // THEIRS changed nothing: OURS stays as it is, whatever it holds (git seldom asks for this).
    if ours == theirs || base == theirs { return .keepOurs(0) }

    // Nothing is written unless all three versions parse (an empty BASE is a file both sides added): a
    // result is only ever made of what was read and checked.
    let oursJSON: [UInt8]
    let theirsJSON: [UInt8]
    switch (jsonForm(of: ours, limits: limits), jsonForm(of: theirs, limits: limits)) {
    case (.failure(let error), _):
      return .keepOurs(1, "ours does not parse (\(error)); left as it was, for you to resolve")
    case (_, .failure(let error)):
      return .keepOurs(1, "theirs does not parse (\(error)); ours is left as it was, for you to resolve")
    case (.success(let first), .success(let second)):
      oursJSON = first
      theirsJSON = second
    }
    var baseJSON: [UInt8] = []
    if !base.isEmpty {
      switch jsonForm(of: base, limits: limits) {
      case .success(let json): baseJSON = json
      case .failure(let error):
        return .keepOurs(
          1, "the common ancestor does not parse (\(error)); ours is left as it was, for you to resolve")
      }
    }
    // Only THEIRS changed: its bytes, parsed above, are the result when they are in OURS's encoding.
    if base == ours && DocumentEncoding.detect(theirs) == oursEncoding { return Outcome(result: theirs, status: 0) }
    var messages: [String] = []
    guard let git else {
      return .keepOurs(2, "git is not on PATH, and the merge needs git merge-file; ours is left as it was")
    }
    let merged: GitMergeFile.Merged
    do {
      merged = try git.merge(
        ours: oursJSON, base: baseJSON, theirs: theirsJSON, labels: ("ours", "base", "theirs"),
        markerSize: markerSize, temporaryDirectory: temporaryDirectory)
    } catch {
      return .keepOurs(2, error.message + "; ours is left as it was")
    }
    if merged.conflicts > 0 {
      let conflicts = merged.conflicts == 1 ? "1 conflict" : "\(merged.conflicts) conflicts"
      let file = shellQuoted(name)
      let then =
        oursEncoding == .json
        ? "resolve them (the file stays JSON)"
        : "resolve them, then run: inertia-convert to-msgpack --extended -o \(file) < \(file)"
      messages.append("\(conflicts); the file holds its JSON form with conflict markers: \(then)")
      return Outcome(result: merged.text, messages: messages, status: 1)
    }
    let messagePack: [UInt8]
    do {
      messagePack = try Converter.toMessagePack(json: merged.text, extended: true, limits: limits)
    } catch {
      messages.append(
        "the lines merged cleanly but the result does not parse (\(error)); the file holds it as JSON to mend")
      return Outcome(result: merged.text, messages: messages, status: 1)
    }
    guard oursEncoding == .json else { return Outcome(result: messagePack, messages: messages, status: 0) }
    // A JSON-form file stays plain JSON, as to-msgpack reads it by default, unless it now holds a value
    // plain JSON cannot hold (from a MessagePack version).
    if let plain = try? Converter.toJSON(messagePack: messagePack, limits: limits) {
      return Outcome(result: plain, messages: messages, status: 0)
    }
    messages.append(
      "the result holds values plain JSON cannot hold, written in the extended form (read it with --extended)")
    return Outcome(result: merged.text, messages: messages, status: 0)
  }

  /// The pretty, extended JSON form of a version in either encoding (a JSON one read as plain JSON, as
  /// to-msgpack reads it), or why it has none.
  static func jsonForm(of bytes: [UInt8], limits: DecodingLimits) -> Result<[UInt8], FormatError> {
    do throws(FormatError) {
      let messagePack =
        DocumentEncoding.detect(bytes) == .json
        ? try Converter.toMessagePack(json: bytes, extended: false, limits: limits) : bytes
      return .success(try Converter.toJSON(messagePack: messagePack, options: extended, limits: limits))
    } catch {
      return .failure(error)
    }
  }

  static let extended = JSONWriter.Options(style: .pretty, extended: true)

  /// The options a command line's elements give (see ``CommandRequest``).
  static func options(from elements: [ArgumentParser.Element]) throws(UsageError) -> Options {
    var options = Options()
    var files: [String] = []
    for element in elements {
      switch element {
      case .operand(let file): files.append(file)
      case .option("--marker-size", let text?):
        guard let size = Int(text), (1...1000).contains(size) else {
          throw UsageError("--marker-size takes a number from 1 to 1000")
        }
        options.markerSize = size
      case .option("--path", let path?): options.path = path
      case .option(let name, _): preconditionFailure("option \(name) is in the table but not handled")
      }
    }
    guard files.count == 3 else {
      throw UsageError("merge takes three files, BASE OURS THEIRS (git's %O %A %B)")
    }
    (options.base, options.ours, options.theirs) = (files[0], files[1], files[2])
    return options
  }

  /// `name` as a shell word: as it is when it holds nothing the shell reads specially, else in single quotes.
  static func shellQuoted(_ name: String) -> String {
    let plain = name.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./+@%,:=".unicodeScalars.contains(scalar)
    }
    guard !plain || name.isEmpty else { return name }
    return "'" + name.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
  }

  package static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
