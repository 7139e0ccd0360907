import InertiaFormat
import InertiaLint
import InertiaPreview

/// `inertia-convert diff OLD NEW`: what plays differently between two versions of an animation file, in
/// playback terms (see ``InertiaMotionDiff``), as text, Markdown, JSON or an SVG timeline of both.
///
/// Exit codes, as `diff(1)`'s: 0 the two play the same, 1 they play differently, 2 an error (a side that
/// cannot be read or is not an animation file, a usage or I/O error). As git's external diff driver
/// (`--git`), differences exit 0, since git takes any other status as the driver failing and stops.
package enum DiffCommand {
  static let arguments = ArgumentParser([
    CommandOption("--format", value: "text|json|markdown|svg", help: "The report (default text)."),
    CommandOption("-o", "--output", value: "FILE", help: "Write the report to FILE, atomically."),
    CommandOption(
      "--color", "--colour", value: "WHEN",
      help: "Colour the text report: auto (default: on a terminal, unless NO_COLOR\nis set), always or never."),
    CommandOption(
      "--loop-duration", value: "S", help: "The loop duration the app sets, in seconds (default: each file's own)."),
    CommandOption("--name", value: "NAME", help: "Call the file NAME in the report (git difftool's $MERGED)."),
    CommandOption(
      "--git",
      help: "Run as git's external diff driver: the operands are git's 7 (9 for a\n"
        + "rename, 1 for an unmerged path); differences exit 0."),
    CommandOption("--max-depth", value: "N", help: "Nesting limit (default 512, at most 10000)."),
    CommandOption("-h", "--help", help: "Show this help."),
    CommandOption("--version", help: "Show the version."),
  ])

  package static let usage = """
    Usage: inertia-convert diff [OPTIONS] OLD NEW
           inertia-convert diff --git [OPTIONS] PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE

    Says what plays differently between two versions of an animation file, as the runtime plays them:
    animations, keyframes and shapes matched by id (by position where ids are missing or repeated,
    and it says so); each moved keyframe's time before and after and the track's end; the loop and
    the track that sets it; tracks that hold their last pose longer or shorter because the loop
    changed; pose values by field name; invokeType; durations the runtime repairs to 1 ms; shapes
    added, removed or changed, field by field. Times are in seconds. What plays the same (key
    order, 1 against 1.0, MessagePack against JSON, a float32 against the same float64) is not a
    difference. Either side may be in either encoding; - reads standard input.

    Options:
    \(arguments.help)

    Formats: text (colour on a terminal), markdown (a pull request comment or a CI job summary),
    json (one document for bots; times in seconds; "version": 1), svg (both versions' timelines
    on one seconds axis, moved keyframes drawn from old to new).

    For git diff, with the textconv kept for git log -p:
      echo '*.inertia diff=inertia' >> .gitattributes
      git config diff.inertia.command "inertia-convert diff --git"
    and for git difftool:
      git config difftool.inertia.cmd 'inertia-convert diff --name "$MERGED" "$LOCAL" "$REMOTE"'
      git difftool --tool=inertia

    Exit status: 0 the two play the same, 1 they play differently, 2 an error (a side that cannot
    be read, or is no animation file, named with its place). With --git: 0 unless the files cannot
    be read, as git stops on a driver that fails.
    """

  enum Format: String {
    case text, json, markdown, svg
  }

  struct Options {
    var operands: [String] = []
    var format = Format.text
    var output: String?
    var color = LintOptions.ColorChoice.auto
    var loopDuration: Double?
    var name: String?
    var git = false
    var limits = DecodingLimits.default
  }

  /// Runs `diff` with the arguments after the command's name.
  /// - Parameters:
  ///   - variables: the environment variables the colour decision reads (see the linter's `--color`).
  package static func run(
    arguments: [String], stdout: CommandOutput, stderr: (String) -> Void,
    stdoutIsTerminal: Bool = false, variables: [String: String] = [:], writer: AtomicWriter = AtomicWriter()
  ) -> Int32 {
    let options: Options
    switch ToolCommand.diff.options(arguments, stdout: stdout, stderr: stderr, read: options(from:)) {
    case .success(let parsed): options = parsed
    case .failure(let exit): return exit.status
    }
    let sides: (old: Side, new: Side)
    if options.git {
      switch options.operands.count {
      case 1:
        // An unmerged path: git shows this line itself for built-in diffs.
        stdout.write("* Unmerged path \(TextEscaping.line(options.operands[0]))\n")
        return 0
      default:
        let path = options.operands[0]
        let newPath = options.operands.count == 9 ? options.operands[7] : path
        sides = (
          Side(file: options.operands[1], name: "a/" + path, absentAtDevNull: true),
          Side(file: options.operands[4], name: "b/" + newPath, absentAtDevNull: true)
        )
      }
    } else {
      sides = (
        Side(file: options.operands[0], name: options.name ?? display(options.operands[0])),
        Side(file: options.operands[1], name: options.name ?? display(options.operands[1]))
      )
    }
    // Where the report goes, planned as every written file is (refusing to overwrite an input).
    var destination = OutputPlan.Destination.standardOutput
    if let output = options.output, output != "-" {
      do throws(UsageError) {
        let inputs = [sides.old, sides.new].map { OutputPlan.Input($0.file, name: $0.name) }
        _ = try OutputPlan.check([OutputPlan.Output(output, role: .diffOutput, name: "the report")], against: inputs)
        destination = .file(output)
      } catch {
        stderr("inertia-convert: \(error.message)")
        return 2
      }
    }
    // Read, compared, reported and released on a stack that holds `--max-depth` levels of nesting.
    return ThreadPool.withStack(forDepth: options.limits.maxDepth) {
      report(
        sides, options: options, destination: destination, stdout: stdout, stderr: stderr,
        stdoutIsTerminal: stdoutIsTerminal, variables: variables, writer: writer)
    }
  }

  /// The diff of `sides` written to `destination`: the command's work once its options are read.
  private static func report(
    _ sides: (old: Side, new: Side), options: Options, destination: OutputPlan.Destination, stdout: CommandOutput,
    stderr: (String) -> Void, stdoutIsTerminal: Bool, variables: [String: String], writer: AtomicWriter
  ) -> Int32 {
    let compared: Compared
    do {
      compared = try compare(sides.old, sides.new, options: options)
    } catch let failure as SideFailure {
      guard options.git, !failure.isIO else {
        stderr(failure.message)
        return 2
      }
      // git stops the whole diff on a failing driver: a version it cannot compare is said in the output.
      stdout.write(
        "\(TextEscaping.line(sides.old.name)) → \(TextEscaping.line(sides.new.name)): cannot compare: "
          + "\(TextEscaping.line(failure.message))\n")
      return 0
    } catch {
      stderr("inertia-convert: \(error)")
      return 2
    }
    let names = DiffReport.Names(
      old: options.git && compared.oldAbsent ? "/dev/null" : sides.old.name,
      new: options.git && compared.newAbsent ? "/dev/null" : sides.new.name)
    let report: [UInt8]
    switch options.format {
    case .text:
      var lint = LintOptions()
      lint.color = options.color
      lint.outputFile = options.output.flatMap { $0 == "-" ? nil : $0 }
      let environment = LintCommand.Environment(
        currentDirectory: "", variables: variables, stdoutIsTerminal: stdoutIsTerminal)
      report = Array(
        DiffReport.text(compared.diff, names: names, color: LintCommand.wantsColor(lint, environment)).utf8)
    case .markdown: report = Array(DiffReport.markdown(compared.diff, names: names).utf8)
    case .json: report = DiffReport.json(compared.diff, names: names)
    case .svg:
      report = Array(
        SVGMotionDiff.svg(compared.diff, oldTitle: names.old, newTitle: names.new).utf8)
    }
    switch destination {
    case .standardOutput: stdout.write(report)
    case .file(let path):
      do throws(FileIOError) {
        let replacement = try writer.prepare(path, bytes: report)
        if let failure = writer.commit([replacement])[0] { throw failure.error(naming: path) }
      } catch {
        stderr(error.description)
        return 2
      }
    }
    return compared.diff.playsTheSame || options.git ? 0 : 1
  }

  /// One side of a diff: the file to read and what the report calls it.
  struct Side: Sendable {
    var file: String
    var name: String
    /// Whether `/dev/null` stands for a file that is not there (git's added and deleted files).
    var absentAtDevNull = false
  }

  /// Why a side could not be compared: one line naming the file and the place.
  struct SideFailure: Error, Sendable {
    var message: String
    /// Whether the file could not be read at all (rather than not holding an animation file).
    var isIO: Bool
  }

  struct Compared {
    var diff: InertiaMotionDiff
    var oldAbsent: Bool
    var newAbsent: Bool
  }

  /// Reads both sides, each with the usual limits and side by side on two cores, and compares them. A failure
  /// of the old side is reported before one of the new.
  static func compare(_ old: Side, _ new: Side, options: Options) throws -> Compared {
    // The pool's threads have the default stack: a file deeper than the default limit is read on this
    // thread, whose stack holds it (see ``run(arguments:stdout:stderr:stdoutIsTerminal:variables:writer:)``).
    let deep = options.limits.maxDepth > DecodingLimits.default.maxDepth
    let read = ThreadPool.forEach([old, new], jobs: deep ? 1 : min(2, ThreadPool.processorCount)) { side in
      Result { try Self.read(side, options: options) }
    }
    let (before, oldAbsent) = try read[0].get()
    let (after, newAbsent) = try read[1].get()
    return Compared(
      diff: InertiaMotionDiff(from: before, to: after, loopDuration: options.loopDuration), oldAbsent: oldAbsent,
      newAbsent: newAbsent)
  }

  /// A side's version, and whether it stands for no file (git's `/dev/null`).
  static func read(_ side: Side, options: Options) throws -> (InertiaMotionDiff.Version, Bool) {
    if side.absentAtDevNull && side.file == "/dev/null" {
      return (try InertiaMotionDiff.Version(IndexedDocument.read(Array("[]".utf8))), true)
    }
    do {
      let version = try FileIO.withCheckedContents(of: side.file, as: .diffSide, maxSize: options.limits.maxInputSize) {
        contents, _ in
        Result { () throws -> InertiaMotionDiff.Version in
          try InertiaMotionDiff.Version(IndexedDocument.read(contents, limits: options.limits))
        }
      }.get()
      return (version, false)
    } catch let error as FileIOError {
      throw SideFailure(message: error.description, isIO: true)
    } catch let error as FormatError {
      throw SideFailure(message: error.report(file: side.name), isIO: false)
    } catch let error as InertiaMotionReadError {
      throw SideFailure(message: error.report(file: side.name), isIO: false)
    }
  }

  static func display(_ path: String) -> String { path == "-" ? "<stdin>" : path }

  /// The options a command line's elements give (see ``CommandRequest``).
  static func options(from elements: [ArgumentParser.Element]) throws(UsageError) -> Options {
    var options = Options()
    for element in elements {
      switch element {
      case .operand(let operand): options.operands.append(operand)
      case .option("--format", let text?):
        guard let format = Format(rawValue: text) else {
          throw UsageError("--format takes text, json, markdown or svg, not '\(text)'")
        }
        options.format = format
      case .option("--output", let path?): options.output = path
      case .option("--colour", let text?):
        guard let choice = LintOptions.ColorChoice(rawValue: text) else {
          throw UsageError("--color takes auto, always or never, not '\(text)'")
        }
        options.color = choice
      case .option("--loop-duration", let text?): options.loopDuration = try OptionValue.loopDuration(text)
      case .option("--name", let name?): options.name = name
      case .option("--git", _): options.git = true
      case .option("--max-depth", let text?): options.limits.maxDepth = try OptionValue.maxDepth(text)
      case .option(let name, _): preconditionFailure("option \(name) is in the table but not handled")
      }
    }
    if options.git {
      guard [1, 7, 9].contains(options.operands.count) else {
        throw UsageError(
          "--git takes git's 7 arguments (9 for a rename, 1 for an unmerged path), not \(options.operands.count)")
      }
      if options.name != nil { throw UsageError("--name does not apply to --git, where git names the file") }
    } else {
      guard options.operands.count == 2 else { throw UsageError("diff takes two files, OLD and NEW") }
      if options.operands[0] == "-" && options.operands[1] == "-" {
        throw UsageError("only one of OLD and NEW can be standard input")
      }
    }
    return options
  }

}
