import InertiaFormat
import InertiaLint
import InertiaPreview

/// `inertia-convert to-svg`: an animated SVG preview, a still, or a timeline of each file.
///
/// A file the SwiftUI container could not decode (the linter's errors that say so, of the rules that declare
/// ``RuleDescription/findsUndecodableFiles``) gets those errors, not a picture. Exit codes: 0 success, 1 invalid input, 2 usage, configuration or I/O error.
package enum SVGCommand {
  static let arguments = ArgumentParser([
    CommandOption("-o", "--output", value: "FILE", help: "Write the (single) SVG to FILE, atomically."),
    CommandOption(
      "--out-dir", value: "DIR",
      help: "Write each SVG into DIR, named after its input (x.inertia -> x.svg,\nx.timeline.svg with --timeline)."),
    CommandOption(
      "--at", value: "SECONDS",
      help: "A still: the single frame SECONDS after the clock starts, without\n"
        + "animation. --at before draws the container before its clock starts."),
    CommandOption("--timeline", help: "A chart of the file's tracks and keyframes on a seconds axis instead."),
    CommandOption(
      "--trigger", value: "ID", accumulates: true,
      help:
        "Trigger only the trigger animation ID at 0 (repeatable); the other\ntrigger ones wait. Default: every one. auto ones always play."
    ),
    CommandOption(
      "--loop-duration", value: "S",
      help:
        "The loop duration the app sets, in seconds (default: the\nconfiguration's loopDuration, else the file's own)."),
    CommandOption("--view-size", value: "WxH", help: "Each view's placeholder, in points (default 96x96)."),
    CommandOption("--container-size", value: "WxH", help: "The container, in points (default 390x844)."),
    CommandOption("--config", value: "FILE", help: "Read loopDuration from FILE, not the nearest .inertia-lint.json."),
    CommandOption("--no-config", help: "Read no configuration file."),
    CommandOption("--max-depth", value: "N", help: "Nesting limit (default 512, at most 10000)."),
    CommandOption("-h", "--help", help: "Show this help."),
    CommandOption("-V", "--version", help: "Show the version."),
  ])

  package static let usage = """
    Usage: inertia-convert to-svg [OPTIONS] [FILE|-]...

    Draws each animation file as an SVG that plays its container's loop as the runtime does, in any
    browser and in a pull request: views as labelled placeholders, shapes as the file describes them,
    keyframe times with the runtime's repairs, each segment eased in and out as Compose and React
    play it (SwiftUI's curve differs between keyframes).

    With no FILE, or with -, reads standard input. One input is written to standard output unless
    -o is given; several inputs are each written next to themselves or into --out-dir.

    Options:
    \(arguments.help)

    A file the SwiftUI container cannot decode gets its errors instead of a picture, as does a NaN or
    infinite colour of a drawn shape (its colour on screen is not defined).

    Exit status: 0 success, 1 invalid input, 2 usage, configuration or I/O error.
    """

  /// What to draw.
  enum Picture: Equatable {
    case animated
    case still(loopTime: Double)
    case before
    case timeline
  }

  struct Options {
    var inputs: [String] = []
    var output: String?
    var outputDirectory: String?
    var picture = Picture.animated
    var triggers: [String] = []
    var loopDuration: Double?
    var viewSize: PreviewOptions.Size?
    var containerSize: PreviewOptions.Size?
    var configPath: String?
    var ignoresConfiguration = false
    var limits = DecodingLimits.default
  }

  /// Runs `to-svg` with the arguments after the command's name.
  /// - Parameter currentDirectory: where the configuration search starts.
  package static func run(
    arguments: [String], stdout: CommandOutput, stderr: (String) -> Void,
    currentDirectory: String = FilePath.currentDirectory, writer: AtomicWriter = AtomicWriter()
  ) -> Int32 {
    let options: Options
    switch ToolCommand.toSVG.options(arguments, stdout: stdout, stderr: stderr, read: options(from:)) {
    case .success(let parsed): options = parsed
    case .failure(let exit): return exit.status
    }
    var preview = PreviewOptions()
    if let size = options.viewSize { preview.viewSize = size }
    if let size = options.containerSize { preview.containerSize = size }
    var configuration: String?
    if let seconds = options.loopDuration {
      preview.loopDuration = seconds
    } else if !options.ignoresConfiguration,
      let path = options.configPath ?? LintConfiguration.find(from: currentDirectory)
    {
      configuration = path
      do {
        // A configuration without loopDuration leaves the file's own to play.
        let role: InputRole = options.configPath == nil ? .foundConfiguration : .namedConfiguration
        if let configured = try LintConfiguration.load(path, as: role).settings.loopDuration {
          preview.loopDuration = configured
        }
      } catch {
        stderr("inertia-convert: \(error)")
        return 2
      }
    }
    switch options.picture {
    case .before: preview.triggering = .none
    case .animated, .still, .timeline:
      if !options.triggers.isEmpty { preview.triggering = .only(Set(options.triggers)) }
    }
    let plan: OutputPlan
    do {
      plan = try OutputPlan(
        inputs: options.inputs, output: options.output, outputDirectory: options.outputDirectory,
        outputName: { outputName(for: $0, timeline: options.picture == .timeline) }, writers: .svg,
        otherInputs: configuration.map { [$0] } ?? [])
    } catch {
      stderr("inertia-convert: \(error.message)")
      return 2
    }
    // Drawn side by side across the cores; files written together at the end (see AtomicWriter).
    let settings = preview
    let drawings = ThreadPool.forEach(plan.items, jobs: ThreadPool.processorCount) { item in
      draw(item, options: options, preview: settings, writer: writer)
    }
    var status: Int32 = 0
    var replacements: [AtomicWriter.Replacement] = []
    for drawn in drawings {
      for message in drawn.messages { stderr(message) }
      status = max(status, drawn.status)
      if let svg = drawn.svg { stdout.write(svg) }
      if let replacement = drawn.replacement { replacements.append(replacement) }
    }
    if !plan.commit(replacements, with: writer, stderr: stderr) { status = 2 }
    return status
  }

  /// What drawing one input came to: its SVG for standard output, or its file waiting to be put in
  /// place, and the lines and status to report.
  struct Drawn: Sendable {
    var svg: [UInt8]?
    var replacement: AtomicWriter.Replacement?
    var messages: [String] = []
    var status: Int32 = 0
  }

  private static func draw(
    _ item: OutputPlan.Item, options: Options, preview: PreviewOptions, writer: AtomicWriter
  ) -> Drawn {
    var drawn = Drawn()
    func fail(_ status: Int32, _ messages: [String]) -> Drawn {
      drawn.messages = messages
      drawn.status = status
      return drawn
    }
    var preview = preview
    preview.title = item.input == "-" ? "<stdin>" : FilePath.name(of: item.input)
    let bytes: [UInt8]
    do {
      bytes = try FileIO.read(item.input, as: .svgInput, maxSize: options.limits.maxInputSize)
    } catch {
      return fail(2, [error.description])
    }
    let svg: [UInt8]
    do {
      // On a stack that holds the nesting allowed: the typed model decodes nested shapes by recursion.
      let made = ThreadPool.withStack(forDepth: options.limits.maxDepth) {
        Result { () throws(UsageError) in try drawing(bytes, options: options, preview: preview) }
      }
      switch try made.get() {
      case .svg(let text): svg = Array(text.utf8)
      case .errors(let errors): return fail(1, errors.map { $0.report(file: item.displayName) })
      }
    } catch {
      return fail(2, ["\(item.displayName): \(error.message)"])
    }
    guard case .file = item.destination, let path = item.writePath else {
      drawn.svg = svg
      return drawn
    }
    do throws(FileIOError) {
      drawn.replacement = try writer.prepare(path, known: item.destinationIsNew ? .absent : .nothing, bytes: svg)
    } catch {
      return fail(2, [error.description])
    }
    return drawn
  }

  /// The SVG of one file, or the errors that keep it from being drawn.
  enum Drawing {
    case svg(String)
    /// Each placed in the file.
    case errors([Problem])
  }

  /// Why a file is not drawn, and where in it.
  struct Problem {
    /// `:3:14`, `: offset 1234`, or nothing for a fault with no place.
    var locationSuffix: String
    /// What is wrong, with the path of the value.
    var message: String

    /// `FILE:3:14: message`, as the converter's errors read.
    func report(file: String) -> String { "\(file)\(locationSuffix): \(message)" }

    init(_ error: FormatError) {
      locationSuffix = error.locationSuffix
      message = error.messageWithPath
    }

    init(_ finding: Finding) {
      if let line = finding.line, let column = finding.column {
        locationSuffix = ":\(line):\(column)"
      } else {
        locationSuffix = ": offset \(finding.offset)"
      }
      message = "\(finding.message) [\(finding.ruleID)]" + (finding.pointer.isRoot ? "" : " at \(finding.pointer)")
    }

    init(locationSuffix: String, message: String) {
      self.locationSuffix = locationSuffix
      self.message = message
    }
  }

  /// The SVG of one file, or the errors that keep it from being drawn.
  /// - Throws: ``UsageError`` for a `--trigger` that names no animation of the file.
  static func drawing(
    _ bytes: [UInt8], options: Options, preview: PreviewOptions
  ) throws(UsageError) -> Drawing {
    // Read with the limits given (`--max-depth`), then checked for what the SwiftUI container cannot
    // decode, as the linter finds it.
    let document: IndexedDocument
    do {
      document = try IndexedDocument.read(bytes, limits: options.limits)
    } catch {
      // Said as the linter says it, but for a nesting deeper than the limit given, which names that limit.
      if error.code != .depthLimitExceeded {
        let findings = decodability.lint(bytes, file: "", fileName: nil).filter { $0.severity == .error }
        if !findings.isEmpty { return .errors(findings.map(Problem.init)) }
      }
      return .errors([Problem(error)])
    }
    let findings = decodability.lint(document, file: "", fileName: nil).filter { $0.severity == .error }
    if !findings.isEmpty { return .errors(findings.map(Problem.init)) }
    let animations: [InertiaAnimation]
    do {
      let value = document.root.map(document.value(of:)) ?? .nil
      animations = try MessagePackDecoder().decode([InertiaAnimation].self, from: value)
    } catch let error as FormatError {
      return .errors([Problem(error)])
    } catch {
      return .errors([Problem(locationSuffix: "", message: "\(error)")])
    }
    if case .only(let ids) = preview.triggering {
      let known = Set(animations.map(\.id))
      if let unknown = ids.sorted().first(where: { !known.contains($0) }) {
        let names = animations.prefix(8).map(\.id).joined(separator: ", ")
        throw UsageError("--trigger \(unknown): no animation of this file has that id (it has: \(names))")
      }
    }
    do {
      switch options.picture {
      case .animated: return .svg(try SVGPreview.animated(animations, options: preview))
      case .still(let time): return .svg(try SVGPreview.still(animations, atLoopTime: time, options: preview))
      case .before: return .svg(try SVGPreview.still(animations, atLoopTime: 0, options: preview))
      case .timeline: return .svg(SVGTimeline.svg(animations, options: preview))
      }
    } catch {
      let offset = document.node(at: error.pointer).map { document.byteRange(of: $0).lowerBound } ?? 0
      let suffix: String
      if document.encoding == .json {
        let position = document.lineAndColumn(ofOffset: offset)
        suffix = ":\(position.line):\(position.column)"
      } else {
        suffix = ": offset \(offset)"
      }
      let path = error.pointer.isRoot ? "" : " at \(error.pointer)"
      return .errors([Problem(locationSuffix: suffix, message: error.message + path)])
    }
  }

  /// A linter running only the rules whose errors keep the SwiftUI container from decoding a file.
  static let decodability: Linter = {
    var severities: [String: RuleSeverity] = [:]
    for rule in RuleRegistry.descriptions where !rule.findsUndecodableFiles {
      severities[rule.identifier] = .off
    }
    // Every id comes from the registry, so none is unknown.
    return try! Linter(severities: severities)
  }()

  /// `x.inertia` becomes `x.svg`, or `x.timeline.svg` for a timeline.
  static func outputName(for input: String, timeline: Bool) -> String {
    let base = FilePath.name(of: input)
    let scalars = base.unicodeScalars
    let stem = scalars.lastIndex(of: ".").map { $0 == scalars.startIndex ? base : String(scalars[..<$0]) } ?? base
    return stem + (timeline ? ".timeline.svg" : ".svg")
  }

  /// The options a command line's elements give (see ``CommandRequest``).
  static func options(from elements: [ArgumentParser.Element]) throws(UsageError) -> Options {
    var options = Options()
    var pictures = 0
    for element in elements {
      switch element {
      case .operand(let input): options.inputs.append(input)
      case .option("--output", let path?): options.output = path
      case .option("--out-dir", let path?): options.outputDirectory = path
      case .option("--at", let text?):
        pictures += 1
        if text == "before" {
          options.picture = .before
        } else if let seconds = Double(text), seconds.isFinite, seconds >= 0 {
          options.picture = .still(loopTime: seconds)
        } else {
          throw UsageError("--at takes a number of seconds, 0 or more, or 'before'")
        }
      case .option("--timeline", _):
        pictures += 1
        options.picture = .timeline
      case .option("--trigger", let id?): options.triggers.append(id)
      case .option("--loop-duration", let text?): options.loopDuration = try OptionValue.loopDuration(text)
      case .option("--view-size", let text?): options.viewSize = try size(text, "--view-size")
      case .option("--container-size", let text?): options.containerSize = try size(text, "--container-size")
      case .option("--config", let path?): options.configPath = path
      case .option("--no-config", _): options.ignoresConfiguration = true
      case .option("--max-depth", let text?): options.limits.maxDepth = try OptionValue.maxDepth(text)
      case .option(let name, _): preconditionFailure("option \(name) is in the table but not handled")
      }
    }
    if pictures > 1 { throw UsageError("--at and --timeline each choose the picture; give one of them, once") }
    if options.picture == .timeline && !options.triggers.isEmpty {
      throw UsageError("--trigger does not apply to --timeline")
    }
    if options.picture == .before && !options.triggers.isEmpty {
      throw UsageError("--trigger does not apply to --at before, where nothing is triggered")
    }
    if options.configPath != nil && options.ignoresConfiguration {
      throw UsageError("--config and --no-config cannot be used together")
    }
    if options.output != nil && options.outputDirectory != nil {
      throw UsageError("-o and --out-dir cannot be used together")
    }
    if options.output != nil && options.inputs.count > 1 {
      throw UsageError("-o takes one input; use --out-dir for several")
    }
    return options
  }

  /// `390x844`: a positive width and height in points.
  private static func size(_ text: String, _ option: String) throws(UsageError) -> PreviewOptions.Size {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width.isFinite,
      height.isFinite, width > 0, height > 0, width <= 100_000, height <= 100_000
    else { throw UsageError("\(option) takes a width and a height in points, such as 390x844") }
    return PreviewOptions.Size(width: width, height: height)
  }
}
