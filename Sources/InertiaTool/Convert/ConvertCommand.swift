import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `inertia-convert`: the command, as a function of its arguments, so tests can run it in-process.
///
/// Exit codes: 0 success, 1 invalid input, 2 usage or I/O error.
package struct ConvertCommand {
  /// The options both conversions take.
  static let arguments = ArgumentParser([
    CommandOption("-o", "--output", value: "FILE", help: "Write the (single) result to FILE, atomically."),
    CommandOption("--out-dir", value: "DIR", help: "Write each result into DIR, named after its input."),
    CommandOption(
      "--from", value: "json|msgpack", help: "Read the input as this encoding instead of detecting it."),
    CommandOption("--compact", help: "to-json: everything on one line (default: pretty, 2-space indent)."),
    CommandOption(
      "--extended",
      help: """
        Write (to-json) or read (to-msgpack) the reversible extended JSON form,
        which keeps what plain JSON cannot hold: {"$bin": "<base64>"},
        {"$ext": [type, "<base64>"]}, {"$timestamp": [seconds, nanoseconds]},
        {"$float32": 1.5}, {"$float64": "NaN"|"Infinity"|"-Infinity"},
        {"$map": [[key, value], ...]} for non-string keys.
        """),
    CommandOption("--max-depth", value: "N", help: "Nesting limit (default 512, at most 10000)."),
    CommandOption("-h", "--help", help: "Show this help."),
    CommandOption("-V", "--version", help: "Show the version."),
  ])

  package static let usage = """
    Usage: inertia-convert to-json    [OPTIONS] [FILE|-]...
           inertia-convert to-msgpack [OPTIONS] [FILE|-]...
           inertia-convert to-svg     [OPTIONS] [FILE|-]...   (an animated preview; see to-svg --help)
           inertia-convert textconv FILE                     (for git diff; see textconv --help)
           inertia-convert merge BASE OURS THEIRS            (a git merge driver; see merge --help)
           inertia-convert diff OLD NEW                      (what plays differently; see diff --help)

    Converts .inertia animation files between MessagePack and their JSON form, losing nothing.
    Either command reads either encoding, detected from the content.

    With no FILE, or with -, reads standard input. One input is written to standard output unless
    -o is given; several inputs are each written next to themselves (x.inertia -> x.json and back)
    or into --out-dir.

    Options:
    \(arguments.help)

    Notes: to-msgpack writes an Inertia document's numbers as the editor writes them (a float32
    where the value is exactly one, colours always, zIndex in a signed format) and every other value
    in its smallest format, so to-json then to-msgpack gives back an editor's file, or a canonical
    one, byte for byte; --extended keeps every number's format. See docs/convert.md. For git: git config diff.inertia.textconv "inertia-convert textconv" (see textconv --help),
    and a merge driver that merges the JSON forms (see merge --help).

    Exit status: 0 success, 1 invalid input, 2 usage or I/O error.
    """

  enum Direction {
    case toJSON
    case toMessagePack
  }

  struct Options {
    var direction: Direction
    var inputs: [String] = []
    var output: String?
    var outputDirectory: String?
    var from: DocumentEncoding?
    var compact = false
    var extended = false
    var limits = DecodingLimits.default
  }

  /// Runs the command. `stdout` and `stderr` receive text and bytes; the result is the exit code.
  /// Every line `stderr` receives is one line, with control characters from file names or contents
  /// escaped (see ``TextEscaping``).
  package static func run(
    arguments: [String], stdout: CommandOutput, stderr: (String) -> Void,
    stdoutIsTerminal: Bool = false, writer: AtomicWriter = AtomicWriter()
  ) -> Int32 {
    withoutActuallyEscaping(stderr) { stderr in
      run(arguments, stdout: stdout, stderr: { stderr(TextEscaping.line($0)) }, stdoutIsTerminal, writer)
    }
  }

  private static func run(
    _ arguments: [String], stdout: CommandOutput, stderr: @escaping (String) -> Void,
    _ stdoutIsTerminal: Bool, _ writer: AtomicWriter
  ) -> Int32 {
    switch arguments.first {
    case "to-svg":
      return SVGCommand.run(arguments: Array(arguments.dropFirst()), stdout: stdout, stderr: stderr, writer: writer)
    case "textconv": return TextconvCommand.run(arguments: Array(arguments.dropFirst()), stdout: stdout, stderr: stderr)
    case "merge":
      return MergeCommand.run(arguments: Array(arguments.dropFirst()), stdout: stdout, stderr: stderr, writer: writer)
    case "diff":
      return DiffCommand.run(
        arguments: Array(arguments.dropFirst()), stdout: stdout, stderr: stderr, stdoutIsTerminal: stdoutIsTerminal,
        variables: LintCommand.Environment.process.variables, writer: writer)
    default: break
    }
    let options: Options
    switch parse(arguments) {
    case .success(let parsed): options = parsed
    case .failure(let early):
      switch early {
      case .help: stdout.write("\(usage)\n")
      case .version: stdout.write("inertia-convert \(ToolVersion.current)\n")
      case .usage(let message):
        stderr("inertia-convert: \(message) (see --help)")
        return 2
      }
      return 0
    }
    let plan: OutputPlan
    do {
      plan = try OutputPlan(
        inputs: options.inputs, output: options.output, outputDirectory: options.outputDirectory,
        outputName: { outputName(for: $0, options.direction) })
    } catch {
      stderr("inertia-convert: \(error.message)")
      return 2
    }
    // Binary never goes to a terminal, whether it is standard output or `-o` names one (`/dev/tty`).
    if options.direction == .toMessagePack,
      plan.items.contains(where: { $0.destination == .standardOutput })
        ? stdoutIsTerminal
        : options.output.map(FileIO.isTerminal(path:)) ?? false
    {
      stderr("inertia-convert: refusing to write binary MessagePack to a terminal; redirect it or use -o FILE")
      return 2
    }
    if plan.items.count == 1, plan.items[0].destination == .standardOutput {
      return convertToStandardOutput(plan.items[0], options: options, stdout: stdout, stderr: stderr)
    }
    return convertToFiles(plan, options: options, writer: writer, stderr: stderr)
  }

  /// Converts one input onto standard output; JSON is streamed as it is made.
  private static func convertToStandardOutput(
    _ item: OutputPlan.Item, options: Options, stdout: CommandOutput, stderr: (String) -> Void
  ) -> Int32 {
    report(item, stderr: stderr) {
      // On a stack that holds the nesting allowed: canonical MessagePack is rewritten from a tree of values.
      try ThreadPool.withStack(forDepth: options.limits.maxDepth) {
        Result {
          try FileIO.withContents(of: item.input, as: .convertInput, maxSize: options.limits.maxInputSize) {
            bytes in try convertToStandardOutput(bytes, options: options, stdout: stdout)
          }
        }
      }.get()
    }
  }

  private static func convertToStandardOutput(
    _ bytes: UnsafeRawBufferPointer, options: Options, stdout: CommandOutput
  ) throws {
    let encoding = options.from ?? DocumentEncoding.detect(bytes)
    if options.direction == .toJSON {
      try streamJSON(bytes, encoding: encoding, options: options, to: { chunk in stdout.write(chunk) })
    } else {
      let out = try convert(bytes, encoding: encoding, options: options)
      withExtendedLifetime(out) { inPieces(out.bytes) { stdout.write($0) } }
    }
  }

  /// Converts every input into its file, side by side across the cores, then puts all the files in place
  /// together (see ``AtomicWriter``): a batch waits on the disk once, not once per file.
  private static func convertToFiles(
    _ plan: OutputPlan, options: Options, writer: AtomicWriter, stderr: (String) -> Void
  ) -> Int32 {
    let results = ThreadPool.forEach(plan.items, jobs: ThreadPool.processorCount) {
      item -> (AtomicWriter.Replacement?, Int32, String?) in
      guard case .file(let destination) = item.destination, let path = item.writePath else { return (nil, 2, nil) }
      var replacement: AtomicWriter.Replacement?
      var message: String?
      let status = report(item, stderr: { message = $0 }) {
        // On a stack that holds the nesting allowed: canonical MessagePack is rewritten from a tree of values.
        replacement = try ThreadPool.withStack(forDepth: options.limits.maxDepth) {
          Result {
            try FileIO.withContents(of: item.input, as: .convertInput, maxSize: options.limits.maxInputSize) {
              bytes in
              try writer.prepare(path, known: item.destinationIsNew ? .absent : .nothing) { fd in
                try write(bytes, to: fd, path: destination, options: options)
              }
            }
          }
        }.get()
      }
      return (replacement, status, message)
    }
    var status: Int32 = 0
    for (_, itemStatus, message) in results {
      if let message { stderr(message) }
      status = max(status, itemStatus)
    }
    let written = results.compactMap(\.0)
    if !plan.commit(written, with: writer, stderr: stderr) { status = 2 }
    return status
  }

  /// Writes one input's result to a file descriptor; JSON is streamed.
  private static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String, options: Options) throws {
    let encoding = options.from ?? DocumentEncoding.detect(bytes)
    if options.direction == .toJSON {
      try streamJSON(bytes, encoding: encoding, options: options) { (chunk) throws(FileIOError) in
        try FileIO.write(chunk, fd: fd, path: path)
      }
    } else {
      let out = try convert(bytes, encoding: encoding, options: options)
      try withExtendedLifetime(out) { () throws(FileIOError) in
        try inPieces(out.bytes) { (piece) throws(FileIOError) in try FileIO.write(piece, fd: fd, path: path) }
      }
    }
  }

  /// Writes the JSON form of an input to `sink` as it is made, a megabyte at a time: the memory a run
  /// holds is about the input's size (and a JSON input's MessagePack form, made and checked first), however
  /// large the pretty output (2.4 MB of JSON nested 500 deep pretty-prints to 1.2 GB). Past the first
  /// megabyte, the writing overlaps the conversion (``WriteBehind``).
  private static func streamJSON(
    _ bytes: UnsafeRawBufferPointer, encoding: DocumentEncoding, options: Options,
    to sink: @escaping @Sendable (UnsafeRawBufferPointer) throws(FileIOError) -> Void
  ) throws {
    let messagePack =
      encoding == .json
      ? try Converter.toMessagePack(json: bytes, extended: options.extended, limits: options.limits) : nil
    try withExtendedLifetime(messagePack) {
      try WriteBehind.run(writingWith: sink) { sink in
        try Converter.toJSON(
          messagePack: messagePack?.bytes ?? bytes, options: jsonOptions(options), limits: options.limits,
          finalNewline: options.compact, streamingTo: sink)
      }
    }
  }

  /// Runs one conversion, turning its failure into one line for `stderr` and an exit status.
  private static func report(_ item: OutputPlan.Item, stderr: (String) -> Void, _ body: () throws -> Void) -> Int32 {
    do {
      try body()
      return 0
    } catch let error as FormatError {
      stderr(error.report(file: item.displayName))
      return 1
    } catch let error as FileIOError {
      stderr(error.description)
      return 2
    } catch {
      stderr("\(item.displayName): \(error)")
      return 2
    }
  }

  /// Converts one input held in memory.
  static func convert(
    _ input: UnsafeRawBufferPointer, encoding: DocumentEncoding, options: Options
  ) throws(FormatError) -> ByteBuffer {
    switch (options.direction, encoding) {
    case (.toJSON, .messagePack):
      let out = try Converter.toJSON(messagePack: input, options: jsonOptions(options), limits: options.limits)
      if options.compact { out.append(0x0A) }
      return out
    case (.toJSON, .json):
      let messagePack = try Converter.toMessagePack(json: input, extended: options.extended, limits: options.limits)
      let out = try Converter.toJSON(
        messagePack: messagePack.bytes, options: jsonOptions(options), limits: options.limits)
      if options.compact { out.append(0x0A) }
      return out
    case (.toMessagePack, .json):
      return try Converter.toMessagePack(
        json: input, extended: options.extended, numbers: .inertia, limits: options.limits)
    case (.toMessagePack, .messagePack):
      // Re-written in canonical form.
      let value = try MessagePackReader(limits: options.limits).read(input)
      let out = ByteBuffer(capacity: input.count)
      MessagePackWriter().write(value, to: out)
      return out
    }
  }

  private static func jsonOptions(_ options: Options) -> JSONWriter.Options {
    JSONWriter.Options(style: options.compact ? .compact : .pretty, extended: options.extended, numbers: .inertia)
  }

  /// `x.inertia` becomes `x.json` for to-json, `x.json` becomes `x.inertia` for to-msgpack.
  static func outputName(for input: String, _ direction: Direction) -> String {
    let base = FilePath.name(of: input)
    let scalars = base.unicodeScalars
    let stem = scalars.lastIndex(of: ".").map { $0 == scalars.startIndex ? base : String(scalars[..<$0]) } ?? base
    return stem + (direction == .toJSON ? ".json" : ".inertia")
  }

  enum EarlyExit: Error {
    case help
    case version
    case usage(String)
  }

  static func parse(_ arguments: [String]) -> Result<Options, EarlyExit> {
    let elements: [ArgumentParser.Element]
    do {
      elements = try Self.arguments.parse(arguments)
    } catch {
      return .failure(.usage(error.message))
    }
    if elements.contains(.option("--help", value: nil)) { return .failure(.help) }
    if elements.contains(.option("--version", value: nil)) { return .failure(.version) }
    guard case .operand(let command)? = elements.first else {
      return .failure(.usage("missing command: to-json, to-msgpack, to-svg, textconv, merge or diff"))
    }
    var options: Options
    switch command {
    case "to-json": options = Options(direction: .toJSON)
    case "to-msgpack": options = Options(direction: .toMessagePack)
    default:
      return .failure(
        .usage("unknown command '\(command)': expected to-json, to-msgpack, to-svg, textconv, merge or diff"))
    }
    for element in elements.dropFirst() {
      switch element {
      case .operand(let input): options.inputs.append(input)
      case .option("--output", let path?): options.output = path
      case .option("--out-dir", let path?): options.outputDirectory = path
      case .option("--from", let encoding?):
        switch encoding {
        case "json": options.from = .json
        case "msgpack", "messagepack": options.from = .messagePack
        default: return .failure(.usage("--from takes json or msgpack"))
        }
      case .option("--compact", _):
        guard options.direction == .toJSON else { return .failure(.usage("--compact applies to to-json only")) }
        options.compact = true
      case .option("--extended", _): options.extended = true
      case .option("--max-depth", let text?):
        do throws(UsageError) {
          options.limits.maxDepth = try OptionValue.maxDepth(text)
        } catch {
          return .failure(.usage(error.message))
        }
      case .option(let name, _): preconditionFailure("option \(name) is in the table but not handled")
      }
    }
    if options.output != nil && options.outputDirectory != nil {
      return .failure(.usage("-o and --out-dir cannot be used together"))
    }
    if options.output != nil && options.inputs.count > 1 {
      return .failure(.usage("-o takes one input; use --out-dir for several"))
    }
    return .success(options)
  }
}
