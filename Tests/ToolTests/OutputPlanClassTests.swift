import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaTool

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 29, class 1: a writer that replaces an input. Every writer the output plan knows (``OutputRole``),
/// asked for as its command line asks for it, against every input of its command (the files named, the
/// configuration, the baseline), named every way a path can reach a file: the same path, `./`, `..`, a
/// symbolic link, a hard link. Each run is refused before anything is read or written, and leaves every
/// file as it was.
@Suite("Output plan, every writer")
struct OutputPlanClassTests {
  /// A way of naming a file that the plan must see through.
  enum Naming: String, CaseIterable, CustomTestStringConvertible {
    case samePath, dotSlash, dotDot, symbolicLink, hardLink
    var testDescription: String { rawValue }

    /// A path naming the file `name` of `folder` this way (making the link it needs).
    func name(_ name: String, in folder: String) -> String {
      switch self {
      case .samePath: return folder + "/" + name
      case .dotSlash: return folder + "/./" + name
      case .dotDot: return folder + "/sub/../" + name
      case .symbolicLink:
        let link = folder + "/link-to-" + name
        _ = symlink(name, link)
        return link
      case .hardLink:
        let twin = folder + "/hard-" + name
        _ = Glibc.link(folder + "/" + name, twin)
        return twin
      }
    }
  }

  /// What a run reads that a writer might be pointed at.
  enum InputKind: String, CaseIterable {
    case operand
    case configuration
    case baseline
  }

  /// A sandbox of one input of each kind: `input.json` (a valid animation in its JSON form),
  /// `config.json`, `baseline.json`, and a folder `sub` for `..` to climb out of.
  static func sandbox() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("input.json", Documents.clean)
    try directory.write("config.json", #"{"rules": {}}"#)
    try directory.write("baseline.json", #"{"version": 1, "tool": "inertia-lint", "findings": []}"#)
    try FileManager.default.createDirectory(atPath: directory.file("sub"), withIntermediateDirectories: true)
    return directory
  }

  /// The file of each input kind, and the option that makes a command read it (`nil`: an operand).
  static func input(_ kind: InputKind) -> (file: String, option: String?) {
    switch kind {
    case .operand: return ("input.json", nil)
    case .configuration: return ("config.json", "--config")
    case .baseline: return ("baseline.json", "--baseline")
    }
  }

  /// Whether `command` reads an input of `kind` when asked, from the reader table (``InputRole``).
  static func reads(_ command: ToolCommand, _ kind: InputKind) -> Bool {
    guard let option = input(kind).option else { return true }
    return InputRole.allCases.contains { role in role.namedBy.contains { $0.command == command && $0.option == option }
    }
  }

  /// Every writer that an option names, with each command that has it.
  static var optionWriters: [(OutputRole, ToolCommand, String)] {
    OutputRole.allCases.flatMap { role -> [(OutputRole, ToolCommand, String)] in
      guard case .option(let option) = role.request else { return [] }
      return role.commands.map { (role, $0, option) }
    }
  }

  @Test("Every option that names a file or folder is a reader's or a writer's (the class tests cover it)")
  func everyFileOptionIsDeclared() {
    for command in ToolCommand.allCases {
      for option in command.arguments.options where option.value == "FILE" || option.value == "DIR" {
        let writes = OutputRole.allCases.contains {
          $0.commands.contains(command) && $0.request == .option(option.name)
        }
        let reads = InputRole.allCases.contains { role in
          role.namedBy.contains { $0.command == command && $0.option == option.name }
        }
        #expect(writes != reads, "\(command.rawValue) \(option.name): declared as neither, or as both")
      }
    }
  }

  @Test(
    "A FILE a writer's option names is refused when it is an input, however named",
    arguments: Naming.allCases, InputKind.allCases)
  func optionTargetIsAnInput(_ naming: Naming, _ kind: InputKind) throws {
    for (role, command, option) in Self.optionWriters {
      guard command.arguments.option(named: option)?.value == "FILE", Self.reads(command, kind) else { continue }
      // --write-baseline reads no baseline: the one it writes may be the one it replaces.
      if role == .lintBaseline && kind == .baseline { continue }
      let directory = try Self.sandbox()
      let (file, readOption) = Self.input(kind)
      let target = naming.name(file, in: directory.path)
      let before = folderSnapshot(directory.path)
      var arguments = [option, target]
      if let readOption { arguments += [readOption, directory.file(file)] }
      if (command == .toSVG || command == .lint) && kind != .configuration { arguments.append("--no-config") }
      arguments.append(directory.file("input.json"))
      // diff reads two versions: the other the same file, so that every input the plan knows is named.
      if command == .diff { arguments.append(directory.file("input.json")) }
      let run = runTool(command, arguments, in: directory.path)
      let what = "\(role) \(command.rawValue) \(arguments)"
      #expect(run.status == 2, "\(what): \(run.stderr)")
      #expect(run.stderrText.contains("would overwrite the input"), "\(what): \(run.stderr)")
      #expect(folderSnapshot(directory.path) == before, "\(what) changed a file")
    }
  }

  @Test(
    "A result a writer puts in --out-dir, or beside its input, is refused when it is an input",
    arguments: Naming.allCases)
  func placedResultIsAnInput(_ naming: Naming) throws {
    for role in OutputRole.allCases {
      for command in role.commands {
        let directory = try Self.sandbox()
        // An input named as its own result would be (`x.json` for to-json, `x.inertia` for to-msgpack,
        // `x.svg`), and another whose result is new.
        let name: String
        let other: String
        switch command {
        case .toJSON:
          (name, other) = ("input.json", "other.inertia")
          try directory.write(other, try Converter.toMessagePack(json: Array(Documents.clean.utf8)))
        case .toMessagePack:
          (name, other) = ("input.inertia", "input.json")
          try directory.write(name, try Converter.toMessagePack(json: Array(Documents.clean.utf8)))
        case .toSVG:
          (name, other) = ("input.svg", "input.json")
          try directory.write(name, Documents.clean)
        default: continue
        }
        let arguments: [String]
        switch role.request {
        case .option("--out-dir"):
          // The folder holding the input, named the plan's way; the input given by its plain path.
          let folder =
            switch naming {
            case .samePath: directory.path
            case .dotSlash: directory.path + "/."
            case .dotDot: directory.path + "/sub/.."
            case .symbolicLink: directory.file("link-to-folder")
            case .hardLink: directory.file("twin")
            }
          if naming == .symbolicLink { _ = symlink(directory.path, folder) }
          if naming == .hardLink {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = Glibc.link(directory.file(name), folder + "/" + name)
          }
          arguments = ["--out-dir", folder, directory.file(name)]
        case .severalInputs:
          // Several inputs, each beside itself: the input named the plan's way is its own result.
          arguments = [naming.name(name, in: directory.path), directory.file(other)]
        default: continue
        }
        let before = folderSnapshot(directory.path)
        let run = runTool(command, (command == .toSVG ? ["--no-config"] : []) + arguments, in: directory.path)
        let what = "\(role) \(command.rawValue) \(arguments)"
        #expect(run.status == 2, "\(what): \(run.stderr)")
        #expect(run.stderrText.contains("would overwrite the input"), "\(what): \(run.stderr)")
        #expect(folderSnapshot(directory.path) == before, "\(what) changed a file")
      }
    }
  }

  @Test("A writer that replaces its own input writes that input and nothing else")
  func inPlaceWritersWriteTheirOwnInput() throws {
    for role in OutputRole.allCases where role.replacesItsInput {
      let directory = try Self.sandbox()
      switch role {
      case .lintFix:
        try directory.write("input.json", FixCommandTests.fixable())
        let before = folderSnapshot(directory.path)
        let run = runTool(.lint, ["--no-config", "--fix", directory.file("input.json")], in: directory.path)
        #expect(run.status != 2, "\(run.stderr)")
        var after = folderSnapshot(directory.path)
        #expect(after.removeValue(forKey: "input.json") != before["input.json"])
        #expect(after == before.filter { $0.key != "input.json" })
      case .mergeResult:
        let base = AnimationVersion()
        try directory.write("base", base.messagePack)
        try directory.write("ours", base.messagePack)
        try directory.write("theirs", base.duration(1, "4").messagePack)
        let before = folderSnapshot(directory.path)
        let run = runTool(
          .merge, [directory.file("base"), directory.file("ours"), directory.file("theirs")], in: directory.path)
        #expect(run.status == 0, "\(run.stderr)")
        var after = folderSnapshot(directory.path)
        #expect(after.removeValue(forKey: "ours") == base.duration(1, "4").messagePack)
        #expect(after == before.filter { $0.key != "ours" })
      default:
        Issue.record("\(role) replaces its input: say here what it may write")
      }
    }
  }

  @Test("Issue 29: --fix --output-file a.json a.json and --write-baseline b.json b.json are refused, nothing lost")
  func reportedCases() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("a.json", FixCommandTests.fixable())
    for arguments in [["--fix", "--output-file", "a.json", "a.json"], ["--write-baseline", "a.json", "a.json"]] {
      let run = sandbox.run(["--no-config"] + arguments)
      #expect(run.status == 2)
      #expect(run.stderr.contains("the output a.json would overwrite the input a.json; nothing was written"))
      #expect(try sandbox.text("a.json") == FixCommandTests.fixable())
    }
    // A usage error's SARIF log is not written over a file the command line names either.
    let failed = sandbox.run(["--format", "sarif", "--output-file", "a.json", "--jobs", "0", "a.json"])
    #expect(failed.status == 2 && failed.stderr.contains("is not written to a.json"))
    #expect(try sandbox.text("a.json") == FixCommandTests.fixable())
  }

  @Test("Two runs making one --out-dir at once: the second's files join the first's folder (hostile pass)")
  func outDirMadeTwice() throws {
    let directory = try TemporaryDirectory()
    let target = directory.file("made/deeper")
    let first = try #require(try NewDirectory(target))
    let second = try #require(try NewDirectory(target))
    for (made, name) in [(first, "a.json"), (second, "b.json")] {
      let staged = made.stagedPath(of: target + "/" + name)
      #expect(FileManager.default.createFile(atPath: staged, contents: Data(name.utf8)))
    }
    try first.putInPlace()
    try second.putInPlace()
    #expect(try FileManager.default.contentsOfDirectory(atPath: target).sorted() == ["a.json", "b.json"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["made"])
  }

  @Test("A .gitignore a walk read is an input too: --output-file and --write-baseline never replace it (hostile pass)")
  func gitIgnoreIsAnInput() throws {
    let sandbox = try LintSandbox(animation: Documents.clean)
    try FileManager.default.createDirectory(atPath: sandbox.path(".git/info"), withIntermediateDirectories: true)
    try sandbox.write(".gitignore", "ignored.inertia\n")
    try sandbox.write("sub/.gitignore", "other.inertia\n")
    try sandbox.write("sub/x.inertia", Documents.clean)
    try sandbox.write(".git/info/exclude", "x\n")
    for target in [".gitignore", "sub/.gitignore", ".git/info/exclude"] {
      for option in ["--output-file", "--write-baseline"] {
        let before = try sandbox.read(target)
        let run = sandbox.run(["--no-config", option, target])
        #expect(
          run.status == 2 && run.stderr.contains("would overwrite the input"), "\(option) \(target): \(run.stderr)")
        #expect(try sandbox.read(target) == before)
      }
    }
  }

  @Test(
    "--out-dir makes a folder that is not there, whole with its files, nested ones too; nothing when nothing is written"
  )
  func outDirIsMade() throws {
    for command in [ToolCommand.toJSON, .toMessagePack, .toSVG] {
      let directory = try Self.sandbox()
      let target = directory.file("made/deeper")
      let run = runTool(
        command, (command == .toSVG ? ["--no-config"] : []) + ["--out-dir", target, directory.file("input.json")],
        in: directory.path)
      #expect(run.status == 0, "\(command.rawValue): \(run.stderr)")
      let made = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
      #expect(made.count == 1, "\(command.rawValue): \(made)")
      #expect(!made.contains { $0.hasPrefix(".") })
      // Nothing to write (the input does not parse): no folder, no temporary one.
      try directory.write("broken.json", "[")
      let none = directory.file("none")
      let failed = runTool(
        command, (command == .toSVG ? ["--no-config"] : []) + ["--out-dir", none, directory.file("broken.json")],
        in: directory.path)
      #expect(failed.status == 1)
      #expect(!FileManager.default.fileExists(atPath: none))
      let hidden = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
      #expect(hidden.isEmpty, "\(hidden)")
      // A file in the way is a usage error.
      let blocked = runTool(
        command,
        (command == .toSVG ? ["--no-config"] : []) + [
          "--out-dir", directory.file("input.json"), directory.file("input.json"),
        ],
        in: directory.path)
      #expect(blocked.status == 2 && blocked.stderrText.contains("is not a directory"))
    }
  }
}
