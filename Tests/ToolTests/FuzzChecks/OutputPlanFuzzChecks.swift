@testable import InertiaTool

// Properties the `output-plan` fuzz target checks on every input, shared with the test suite, which
// replays every input that ever failed (`Tests/Fuzz/Regressions/output-plan`). Compiled into both: no
// test framework.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum OutputPlanFuzzChecks {
  /// A folder of files to plan over, made once per process: plain files, a hard link, a symbolic link
  /// to a file and one to a folder, nested folders. Relative paths are taken from it (the working
  /// directory is left alone: the test suite replays these checks beside other tests).
  ///
  ///     a.inertia  a.json  b.inertia  hard.inertia (= a.inertia)  la.json -> a.json
  ///     sub/a.inertia  sub/a.json  sub/deep/  link -> sub  out/
  static let sandbox: String = {
    var template = Array("/tmp/inertia-fuzz-plan-XXXXXX".utf8CString)
    let root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    for folder in ["sub", "sub/deep", "out"] { mkdir(root + "/" + folder, 0o755) }
    for file in ["a.inertia", "a.json", "b.inertia", "sub/a.inertia", "sub/a.json"] {
      close(open(root + "/" + file, O_CREAT | O_WRONLY, 0o644))
    }
    link(root + "/a.inertia", root + "/hard.inertia")
    symlink("a.json", root + "/la.json")
    symlink("sub", root + "/link")
    atexit { OutputPlanFuzzChecks.removeSandbox() }
    return root
  }()

  /// The sandbox's files and folders, deepest first.
  private static let sandboxEntries = [
    "la.json", "link", "hard.inertia", "a.inertia", "a.json", "b.inertia", "sub/a.inertia", "sub/a.json", "sub/deep",
    "sub", "out", "",
  ]

  private static func removeSandbox() {
    for entry in sandboxEntries {
      let path = entry.isEmpty ? sandbox : sandbox + "/" + entry
      if unlink(path) != 0 { rmdir(path) }
    }
  }

  /// Bytes below 0x10 in a path stand for the sandbox's names, so that short inputs name real files.
  static let fragments = [
    "a.inertia", "a.json", "b.inertia", "hard.inertia", "la.json", "sub", "link", "out", "deep", "..", ".", "/",
    "./", "x.inertia", "-", "b.json",
  ]

  /// The input is a plan: its first byte chooses `-o`, `--out-dir` or neither and the command's naming;
  /// the rest, split at NUL bytes, gives `-o`'s file or `--out-dir`'s folder (when chosen), then the
  /// inputs. Planning never crashes, and a plan it accepts:
  /// - never writes an input: no output is, or (made as the writer makes it) becomes, an input's file;
  /// - never writes two results to one file;
  /// - puts each result directly in `--out-dir`'s folder, or beside its input when there are several
  ///   inputs and neither option, by the bytes of the paths given.
  static func plan(_ input: [UInt8]) throws(ToolPropertyViolation) {
    guard let mode = input.first else { return }
    if mode & 0x40 != 0 { return try lintWriters(input) }
    let root = sandbox
    var parts = input.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map(path)
    var output: String?
    var outputDirectory: String?
    switch mode % 3 {
    case 1: output = parts.isEmpty ? "-" : parts.removeFirst()
    case 2: outputDirectory = parts.isEmpty ? root + "/out" : parts.removeFirst()
    default: break
    }
    let inputs = Array(parts.prefix(8))
    let naming: (String) -> String =
      switch mode / 3 % 3 {
      case 0: { ConvertCommand.outputName(for: $0, .toJSON) }
      case 1: { ConvertCommand.outputName(for: $0, .toMessagePack) }
      default: { SVGCommand.outputName(for: $0, timeline: mode & 0x80 != 0) }
      }
    let plan: OutputPlan
    do {
      plan = try OutputPlan(inputs: inputs, output: output, outputDirectory: outputDirectory, outputName: naming)
    } catch {
      return
    }
    let slash = UInt8(ascii: "/")

    // Where each result goes, by the bytes of the paths given.
    for item in plan.items {
      guard case .file(let destination) = item.destination else { continue }
      let folder: [UInt8]?
      if let outputDirectory {
        folder = PathText.bytes(outputDirectory)
      } else if output == nil {
        let bytes = PathText.bytes(item.input)
        folder = bytes.lastIndex(of: slash).map { $0 == 0 ? [slash] : Array(bytes[..<$0]) } ?? Array(".".utf8)
      } else {
        folder = nil
      }
      guard let folder else { continue }
      let prefix = folder == Array(".".utf8) ? [] : folder.last == slash ? folder : folder + [slash]
      let bytes = PathText.bytes(destination)
      try requireTool(
        bytes.starts(with: prefix) && !bytes[prefix.count...].contains(slash),
        "\(item.input) goes to \(destination), not directly into \(PathText.decode(folder))")
    }

    // What the kernel says: make each output (as `AtomicWriter` would, through symbolic links) and
    // compare it with the inputs and the outputs made before it.
    var inputFiles: [FileID: String] = [:]
    for item in plan.items where item.input != "-" {
      if let id = FileIO.identity(of: item.input) { inputFiles[id] = item.input }
    }
    var made: [String] = []
    defer { for path in made { _ = PathText.withCString(path) { unlink($0) } } }
    var outputFiles: [FileID: String] = [:]
    for item in plan.items {
      guard case .file(let destination) = item.destination, !OutputPlan.isStream(destination) else { continue }
      let target = FileIO.resolvedPath(destination)
      // Only files the sandbox holds, and only what a write would make or replace: a regular file.
      guard let folder = FileIO.physicalPath(FilePath.directory(of: target)),
        folder == root || folder.hasPrefix(root + "/")
      else { continue }
      var info = stat()
      if PathText.withCString(target, { stat($0, &info) }) == 0 {
        guard (info.st_mode & S_IFMT) == S_IFREG else { continue }
      } else {
        let fd = PathText.withCString(target) { open($0, O_CREAT | O_EXCL | O_WRONLY, 0o644) }
        guard fd >= 0 else { continue }
        close(fd)
        made.append(target)
      }
      guard let id = FileIO.identity(of: target) else { continue }
      if let input = inputFiles[id] {
        throw ToolPropertyViolation(description: "\(item.input) is written to \(destination), the input \(input)")
      }
      if let other = outputFiles[id] {
        throw ToolPropertyViolation(
          description: "\(other) and \(item.input) are both written to one file (\(destination))")
      }
      outputFiles[id] = item.input
    }
  }

  /// The linter's writers (with the first byte's 0x40 bit): the rest of the input, split at NUL bytes,
  /// gives `--output-file`'s file (`-` or nothing: none), `--write-baseline`'s (nothing: none), then the
  /// inputs; with 0x20, `--fix` replaces each input in place; with 0x10, the first input is a configuration
  /// read, not linted. A plan the output plan accepts never writes, other than in place, a file that is an
  /// input, and never writes one file twice, as the kernel tells files apart.
  static func lintWriters(_ input: [UInt8]) throws(ToolPropertyViolation) {
    let mode = input[0]
    var parts = input.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map(path)
    let report = parts.isEmpty ? "" : parts.removeFirst()
    let baseline = parts.isEmpty ? "" : parts.removeFirst()
    var inputs = Array(parts.prefix(8)).filter { !$0.isEmpty && $0 != "-" }
    let configuration = mode & 0x10 != 0 && !inputs.isEmpty ? inputs.removeFirst() : nil
    var outputs: [OutputPlan.Output] = []
    if !report.isEmpty && report != "-" { outputs.append(OutputPlan.Output(report, role: .lintReport, name: "report")) }
    if !baseline.isEmpty { outputs.append(OutputPlan.Output(baseline, role: .lintBaseline, name: "baseline")) }
    if mode & 0x20 != 0 {
      for file in inputs { outputs.append(OutputPlan.Output(file, role: .lintFix, name: file, replacing: file)) }
    }
    let read = (inputs + (configuration.map { [$0] } ?? [])).map { OutputPlan.Input($0) }
    do {
      _ = try OutputPlan.check(outputs, against: read)
    } catch {
      return
    }
    var inputFiles: [FileID: String] = [:]
    for file in read { if let id = FileIO.identity(of: file.path) { inputFiles[id] = file.path } }
    var written: [FileID: String] = [:]
    for output in outputs where !OutputPlan.isStream(output.path) {
      // What a write would replace: the file a link leads to, when it is a regular file.
      let target = FileIO.resolvedPath(output.path)
      guard FileIO.isRegularFile(target), let id = FileIO.identity(of: target) else { continue }
      if let own = output.replacing {
        try requireTool(FileIO.identity(of: own) == id, "\(output.path) is written in place of another file")
      } else if let input = inputFiles[id] {
        throw ToolPropertyViolation(description: "\(output.name) \(output.path) would overwrite the input \(input)")
      }
      if let other = written[id] {
        throw ToolPropertyViolation(description: "\(other) and \(output.path) are one file")
      }
      written[id] = output.path
    }
  }

  /// A path from the input's bytes, with the bytes below 0x10 standing for the sandbox's names; a
  /// relative path is made absolute in the sandbox (`-` and the empty path are kept).
  private static func path(_ bytes: ArraySlice<UInt8>) -> String {
    var out: [UInt8] = []
    for byte in bytes {
      if byte < 0x10 { out += Array(fragments[Int(byte)].utf8) } else { out.append(byte) }
    }
    if !out.isEmpty && out != [UInt8(ascii: "-")] && out[0] != UInt8(ascii: "/") {
      out = Array(sandbox.utf8) + [UInt8(ascii: "/")] + out
    }
    return PathText.decode(out)
  }
}
