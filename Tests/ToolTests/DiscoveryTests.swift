import Foundation
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

/// Which files a directory walk lints.
@Suite("File discovery")
struct DiscoveryTests {
  static func tree() throws -> LintSandbox {
    let sandbox = try LintSandbox()
    for path in [
      "animation.inertia", "App/Screens/onboarding.inertia", "App/Screens/notes.json",
      "App/Deep/A/B/C/animation.inertia",
      ".git/objects/animation.inertia", ".build/debug/animation.inertia", "node_modules/pkg/animation.inertia",
      ".hidden/animation.inertia", "App/.cache/animation.inertia", "Fixtures/animation.inertia",
    ] {
      try sandbox.write(path, Documents.clean)
    }
    return sandbox
  }

  static func linted(_ run: LintSandbox.Run) -> [String] {
    run.stdout.split(separator: "\n").compactMap { line in
      line.contains("container id") ? String(line.split(separator: ":")[0]) : nil
    }
  }

  @Test("Skips .git, .build, node_modules and hidden folders; finds *.inertia at any depth")
  func walk() throws {
    let sandbox = try Self.tree()
    let run = sandbox.run(["--no-config"])
    #expect(run.stdout.contains("in 4 files"))
    #expect(Self.linted(run) == ["App/Screens/onboarding.inertia"])
    let all = sandbox.run(["--no-config", "--disable", "unaddressable-id", "--format", "json"])
    #expect(all.stdout.contains("\"files\": 4"))
  }

  @Test("--exclude skips folders by name or path; --include replaces *.inertia")
  func includeAndExclude() throws {
    let sandbox = try Self.tree()
    #expect(sandbox.run(["--no-config", "--exclude", "Fixtures"]).stdout.contains("in 3 files"))
    #expect(sandbox.run(["--no-config", "--exclude", "App/Deep"]).stdout.contains("in 3 files"))
    #expect(sandbox.run(["--no-config", "--exclude", "App/**/C"]).stdout.contains("in 3 files"))
    #expect(sandbox.run(["--no-config", "--allow-no-files", "--exclude", "*.inertia"]).stdout.contains("in 0 files"))
    #expect(sandbox.run(["--no-config", "--include", "*.json"]).stdout.contains("in 1 file"))
    #expect(sandbox.run(["--no-config", "--include", "App/**/*.inertia"]).stdout.contains("in 2 files"))
  }

  @Test("Paths given as directories or files, with repeats linted once and output sorted")
  func paths() throws {
    let sandbox = try Self.tree()
    let run = sandbox.run(["--no-config", "App", "App/Screens/onboarding.inertia", "./App/Screens", ".hidden"])
    #expect(run.stdout.contains("in 3 files"))
    #expect(Self.linted(run) == ["App/Screens/onboarding.inertia"])
    // A hidden folder named on the command line is walked.
    #expect(sandbox.run(["--no-config", ".hidden"]).stdout.contains("in 1 file"))
  }
}

@Suite("Paths as the kernel resolves them")
struct KernelPathTests {
  /// `link` points at `real/sub`, so `link/../x.inertia` is `real/x.inertia` to the kernel, while its text
  /// reads as `x.inertia`, which is another file.
  static func tree() throws -> LintSandbox {
    let sandbox = try LintSandbox()
    try sandbox.write("real/sub/keep", "")
    try sandbox.write("real/x.inertia", FixCommandTests.fixable())
    try sandbox.write("x.inertia", Documents.clean)
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("link"), withDestinationPath: "real/sub")
    return sandbox
  }

  @Test("link/../x.inertia is linted and fixed as the file the kernel opens, and named as typed")
  func dotDotThroughALink() throws {
    let sandbox = try Self.tree()
    let lint = sandbox.run(["--no-config", "--disable", "unaddressable-id", "link/../x.inertia"])
    #expect(lint.status == 1)
    #expect(lint.stdout.contains("link/../x.inertia:8:31: error: [*] keyframe duration -1"))
    let fix = sandbox.run(["--no-config", "--disable", "unaddressable-id", "--fix", "link/../x.inertia"])
    #expect(fix.status == 0)
    #expect(try sandbox.text("real/x.inertia") == FixCommandTests.fixable(duration: "0.001"))
    #expect(try sandbox.text("x.inertia") == Documents.clean, "the file the text names is not touched")
  }

  @Test("Excludes and de-duplication go by the file the kernel finds")
  func excludesAndRepeats() throws {
    let sandbox = try Self.tree()
    let both = sandbox.run(["--no-config", "--disable", "unaddressable-id", "real/x.inertia", "link/../x.inertia"])
    #expect(both.stdout.contains("in 1 file"))
    let excluded = sandbox.run(["--no-config", "--allow-no-files", "--exclude", "real", "link/../x.inertia"])
    #expect(excluded.stdout.contains("in 0 files"))
  }
}

@Suite("Globs")
struct GlobTests {
  static func path(_ text: String) -> [Substring] { text.split(separator: "/") }

  @Test func fileNames() {
    #expect(Glob("*.inertia").matchesFile(Self.path("a/b/x.inertia")))
    #expect(!Glob("*.inertia").matchesFile(Self.path("a/x.inertia.json")))
    #expect(Glob("anim?tion.*").matchesFile(Self.path("animation.json")))
    #expect(Glob("[ab]*.json").matchesFile(Self.path("dir/b1.json")))
  }

  @Test func paths() {
    #expect(Glob("App/*.inertia").matchesFile(Self.path("App/x.inertia")))
    #expect(!Glob("App/*.inertia").matchesFile(Self.path("App/Sub/x.inertia")))
    #expect(Glob("App/**/*.inertia").matchesFile(Self.path("App/Sub/Deeper/x.inertia")))
    #expect(Glob("App/**/*.inertia").matchesFile(Self.path("App/x.inertia")))
    #expect(Glob("**/x.inertia").matchesFile(Self.path("x.inertia")))
    #expect(Glob("./App/x.inertia").matchesFile(Self.path("App/x.inertia")))
    #expect(Glob("/App/x.inertia").matchesFile(Self.path("App/x.inertia")))
  }

  @Test func excludes() {
    #expect(Glob("Fixtures").matchesPathOrParent(Self.path("a/Fixtures/b/x.inertia")))
    #expect(Glob("Tests/Fixtures").matchesPathOrParent(Self.path("Tests/Fixtures/b/x.inertia")))
    #expect(!Glob("Tests/Fixtures").matchesPathOrParent(Self.path("Other/Tests/Fixtures/x.inertia")))
    #expect(Glob("Tests/Fixtures/").matchesPathOrParent(Self.path("Tests/Fixtures/x.inertia")))
    #expect(Glob("**/Generated").matchesPathOrParent(Self.path("a/b/Generated/x.inertia")))
  }
}

@Suite("Discovery's paths, order and names")
struct DiscoveryOrderTests {
  /// What `FileDiscovery` finds for `paths`, run in `directory` of the sandbox (its root by default).
  static func discover(
    _ sandbox: LintSandbox, _ paths: [String], includes: [String] = [], in directory: String? = nil
  ) throws -> FileDiscovery {
    var options = LintOptions()
    options.paths = paths
    options.includes = includes
    options.ignoresConfiguration = true
    let directory = directory.map(sandbox.path) ?? sandbox.root
    let configurations = try ConfigurationResolver(
      options: options, currentDirectory: directory, runner: ThreadPool.runner(width: 1), warn: { _ in })
    var discovery = FileDiscovery(currentDirectory: directory, options: options, configurations: configurations)
    try discovery.discover(paths, standardInputName: nil)
    return discovery
  }

  /// Writes a file by the exact bytes of its name (which `FileManager` cannot do for one that is not UTF-8).
  static func writeRaw(_ path: String) {
    let fd = PathText.withCString(path) { open($0, O_WRONLY | O_CREAT, 0o644) }
    #expect(fd >= 0)
    close(fd)
  }

  @Test("ASCII paths in the order of their bytes, a path that is a prefix of another first")
  func asciiOrder() throws {
    let sandbox = try LintSandbox()
    for path in ["a.inertia", "a-b.inertia", "a/b.inertia", "a0.inertia", "B.inertia", "x", "x.d/y", "ab/c.inertia"] {
      try sandbox.write(path, "")
    }
    let found = try Self.discover(sandbox, ["."], includes: ["*"]).inputs.map(\.path)
    #expect(
      found == ["B.inertia", "a-b.inertia", "a.inertia", "a/b.inertia", "a0.inertia", "ab/c.inertia", "x", "x.d/y"])
  }

  @Test("Paths that are not ASCII in String's order, names that are not UTF-8 by their bytes, each file once")
  func unicodeOrder() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("\u{E9}.inertia", "")
    try sandbox.write("a.inertia", "")
    let raw = PathText.decode(Array("f".utf8) + [0xFF] + Array(".inertia".utf8))
    Self.writeRaw(sandbox.path(raw))
    // A hard link is the same file under a second name: found once, by the name sorted first.
    #expect(link(sandbox.path("a.inertia"), sandbox.path("z.inertia")) == 0)
    // The hidden temporary file an atomic write leaves behind, whatever its name's bytes, is never found.
    Self.writeRaw(sandbox.path(PathText.decode(Array(".f".utf8) + [0xFF] + Array(".inertia.tmp-Ab12cd".utf8))))
    // A folder whose first character is `.` + U+0301 is not hidden (its first character is no `.`).
    try sandbox.write(".\u{301}x/m.inertia", "")
    let found = try Self.discover(sandbox, ["."], includes: ["*"]).inputs
    #expect(found.map(\.path) == [".\u{301}x/m.inertia", "a.inertia", raw, "\u{E9}.inertia"])
    #expect(found.map(\.path) == found.map(\.path).sorted(by: <))
    #expect(found[2].fileName == raw && FileIO.isRegularFile(found[2].readPath!))
  }

  @Test("Names, read paths and physical paths for each way of naming a folder")
  func pathsOfAFile() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("a/b/c.inertia", "")
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("link"), withDestinationPath: "a")
    let physical = try #require(FileIO.physicalPath(sandbox.root))
    let cases: [(given: String, path: String, readPath: String)] = [
      (".", "a/b/c.inertia", sandbox.root + "/./a/b/c.inertia"),
      ("./a/", "a/b/c.inertia", sandbox.root + "/./a/b/c.inertia"),
      ("a//", "a/b/c.inertia", sandbox.root + "/a//b/c.inertia"),
      (sandbox.root, sandbox.root + "/a/b/c.inertia", sandbox.root + "/a/b/c.inertia"),
      (sandbox.root + "/", sandbox.root + "/a/b/c.inertia", sandbox.root + "/a/b/c.inertia"),
      ("link", "link/b/c.inertia", sandbox.root + "/link/b/c.inertia"),
    ]
    for (given, path, readPath) in cases {
      let found = try Self.discover(sandbox, [given]).inputs
      #expect(found.count == 1, "\(given)")
      #expect(found.first?.path == path, "\(given)")
      #expect(found.first?.readPath == readPath, "\(given)")
      #expect(found.first?.physicalPath == physical + "/a/b/c.inertia", "\(given)")
      #expect(found.first?.fileName == "c.inertia", "\(given)")
    }
    // From a subfolder, `..` is walked by its text: named and read as `../…`.
    let above = try Self.discover(sandbox, [".."], in: "a/b").inputs
    #expect(above.map(\.path) == ["../b/c.inertia"])
    #expect(above.first?.readPath == sandbox.root + "/a/b/../b/c.inertia")
  }

  @Test("A file is known to be named itself, not through a symbolic link, as a listing or lstat tells")
  func namesRegularFile() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("a/file.inertia", "")
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("a/link.inertia"), withDestinationPath: "file.inertia")
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("linked"), withDestinationPath: "a")
    func known(_ paths: [String]) throws -> [String: Bool] {
      Dictionary(uniqueKeysWithValues: try Self.discover(sandbox, paths).inputs.map { ($0.path, $0.namesRegularFile) })
    }
    // The link and its file are one file, found once (by the first path): listed in order, the file.
    #expect(try known(["a"]) == ["a/file.inertia": true])
    #expect(try known(["a/link.inertia"]) == ["a/link.inertia": false])
    #expect(try known(["a/file.inertia"]) == ["a/file.inertia": true])
    // A folder reached through a link: its files are named themselves all the same.
    #expect(try known(["linked/file.inertia"]) == ["linked/file.inertia": true])
    #expect(try known(["linked"]) == ["linked/file.inertia": true])
  }
}

@Suite("The walk's order and its .gitignore decisions")
struct GitIgnoreDecisionTests {
  /// Whether a stack of `files`, each in the folder its components name (from the repository's root, outer
  /// first), ignores `path` (from the root): gone down to the path's folder, deciding its last component.
  static func stackIgnores(_ files: [(folder: [String], file: GitIgnore)], _ path: String, isDirectory: Bool) -> Bool {
    let components = path.split(separator: "/").map(String.init)
    var stack = GitIgnoreStack.none
    for depth in 0..<components.count {
      if depth > 0 { stack.descend(into: components[depth - 1]) }
      for (folder, file) in files where folder == Array(components.prefix(depth)) { stack.enter(file) }
    }
    return stack.ignores(components.last!, isDirectory: isDirectory)
  }

  @Test("The stack decides a path's last component as each file decides its whole path, the inner first")
  func stackAgreesWithPaths() {
    let pool = [
      "*.o", "?x", "[.]y", ".*", "!.keep*", "d/", "/d/*.o", "**/e", "a/**/b", "*", "!*.inertia", "x*", "[!a]*.o",
      "e/", "/f", "!d/y", "g/*", "!g/.x", "*.O", "/a/b/c", "a/*/b", "!/a/d", "b/", "/e/**", "c*/b",
    ]
    let names = ["a", "b", "c", "d", "e", "f", "g", "x.o", ".x", "y"]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      // A file at the root and one in `a` or `a/b`.
      let inner = Bool.random(using: &random) ? ["a"] : ["a", "b"]
      let files = [[String](), inner].map { folder in
        let text = pool.shuffled(using: &random).prefix(Int.random(in: 1...6, using: &random)).joined(separator: "\n")
        return (folder, GitIgnore(base: (["/r"] + folder).joined(separator: "/"), text: text))
      }
      for _ in 0..<20 {
        let path = (0..<Int.random(in: 1...4, using: &random)).map { _ in names.randomElement(using: &random)! }
          .joined(separator: "/")
        for isDirectory in [false, true] {
          var expected: Bool?
          for (folder, file) in files.reversed() where path.hasPrefix(folder.map { $0 + "/" }.joined()) {
            let relative = path.split(separator: "/").dropFirst(folder.count).joined(separator: "/")
            if !relative.isEmpty, let decision = file.decision(relative, isDirectory: isDirectory) {
              expected = decision
              break
            }
          }
          #expect(
            Self.stackIgnores(files, path, isDirectory: isDirectory) == (expected ?? false),
            "\(files.map { $0.1.patterns.map(\.glob) }) on \(path), folder: \(isDirectory)")
        }
      }
    }
  }

  @Test("A folder's names sort as the paths under them do: a folder's as if a `/` followed")
  func namesSortAsPaths() {
    let names = ["a", "a b", "a-b", "a.b", "a0", "A", "a_", "\u{E9}", "e\u{301}x", "b", "ab", "a\u{301}", "\u{10FFFF}"]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let entries = names.shuffled(using: &random).map { ($0, Bool.random(using: &random)) }
      var order = PathOrder()
      for (name, isFolder) in entries { order.append(name, isFolder: isFolder) }
      #expect(order.sort() == .sorted)
      // The order of paths under them, written out: a folder's by a path in it.
      let paths = entries.map { $0.1 ? $0.0 + "/x" : $0.0 }
      #expect(order.order.map { paths[$0] } == paths.sorted(), "\(entries)")
    }
  }

  /// The paths a walk of `root` should find, with `*` as the include, written out: every file, sorted.
  static func expectedPaths(_ files: [String]) -> [String] { files.sorted() }

  @Test("A walk finds the files of generated trees in the order of their paths, without sorting them all")
  func walkOrder() throws {
    let names = ["a", "a b", "a-b", "a.b", "a0", "A", "a_", "\u{E9}", "b\u{301}", "z"]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<8 {
      let sandbox = try LintSandbox()
      var files: Set<String> = []
      var folders: Set<String> = []
      for _ in 0..<40 {
        let depth = Int.random(in: 1...4, using: &random)
        let components = (0..<depth).map { _ in names.randomElement(using: &random)! }
        let path = components.joined(separator: "/")
        // A path that is a file already, or a folder already, is not made again as the other.
        let parents = (1..<depth).map { components.prefix($0).joined(separator: "/") }
        guard !folders.contains(path), !files.contains(path), !parents.contains(where: files.contains) else { continue }
        try sandbox.write(path, "")
        files.insert(path)
        folders.formUnion(parents)
      }
      let discovery = try DiscoveryOrderTests.discover(sandbox, ["."], includes: ["*"])
      #expect(discovery.inputs.map(\.path) == files.sorted())
      // And named from elsewhere, through a folder given with a trailing slash.
      let nested = try DiscoveryOrderTests.discover(sandbox, ["./"], includes: ["*"])
      #expect(nested.inputs.map(\.path) == files.sorted())
    }
  }

  @Test("Folders whose names String holds equal: their paths interleave, sorted as ever, each file once")
  func equalFolderNames() throws {
    let sandbox = try LintSandbox()
    for path in ["\u{E9}/b", "\u{E9}/d", "e\u{301}/a", "e\u{301}/c", "e\u{301}/sub/x", "\u{E9}/sub/y", "f"] {
      try sandbox.write(path, "")
    }
    let found = try DiscoveryOrderTests.discover(sandbox, ["."], includes: ["*"]).inputs.map(\.path)
    #expect(found.count == 7)
    #expect(zip(found, found.dropFirst()).allSatisfy { !($1 < $0) })
    // `f` before `é` (U+00E9), then the folders' paths in the order of what follows their names.
    #expect(found.map { $0.unicodeScalars.last! } == ["f", "a", "b", "c", "d", "x", "y"].map { Unicode.Scalar($0) })
  }
}

@Suite("A walk on several threads")
struct ParallelWalkTests {
  /// What a walk of the sandbox's root finds on `jobs` threads, with the configurations and `.gitignore`
  /// files it holds: each input as its path, read path, physical path, name and its configuration's folder;
  /// the problems; or the configuration error it stops at.
  static func walk(_ sandbox: LintSandbox, jobs: Int) -> (inputs: [String], problems: [String], error: String?) {
    var options = LintOptions()
    options.jobs = jobs
    do {
      let configurations = try ConfigurationResolver(
        options: options, currentDirectory: sandbox.root, runner: ThreadPool.runner(width: 1), warn: { _ in })
      var discovery = FileDiscovery(currentDirectory: sandbox.root, options: options, configurations: configurations)
      try discovery.discover(["."], standardInputName: nil)
      let inputs = discovery.inputs.map { input in
        [
          input.path, input.readPath ?? "-", input.physicalPath ?? "-", input.fileName ?? "-",
          configurations.applied[input.configuration].directory ?? "-",
        ].joined(separator: " | ")
      }
      return (inputs, discovery.problems.map { "\($0.path): \($0.reason)" }, nil)
    } catch {
      return ([], [], "\(error)")
    }
  }

  static func tree() throws -> LintSandbox {
    let sandbox = try LintSandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path(".git"), withIntermediateDirectories: true)
    try sandbox.write(".gitignore", "ignored/\n/b/*.json\n")
    for folder in ["a", "b", "c", "d", "e", "a/x", "a/y", "c/ignored", "d/z/w"] {
      for name in ["one.inertia", "two.json", "th ree.inertia"] { try sandbox.write(folder + "/" + name, "") }
    }
    try sandbox.write("b/.inertia-lint.json", #"{"include": ["*.json"]}"#)
    try sandbox.write("d/z/.inertia-lint.json", #"{"exclude": ["w"]}"#)
    try sandbox.write("e/.gitignore", "one.inertia\n")
    return sandbox
  }

  @Test("Finds the same inputs, configurations and problems as one thread, in the same order")
  func sameAsSerial() throws {
    let sandbox = try Self.tree()
    let serial = Self.walk(sandbox, jobs: 1)
    #expect(serial.inputs.count == 11)
    #expect(serial.error == nil)
    for jobs in [2, 3, 8] {
      let parallel = Self.walk(sandbox, jobs: jobs)
      #expect(parallel.inputs == serial.inputs)
      #expect(parallel.problems == serial.problems)
    }
    // Folders that cannot be read, in several of the subfolders walked side by side (permissions do not
    // stop root).
    guard getuid() != 0 else { return }
    for folder in ["a/x", "c", "d/z", "e"] { chmod(sandbox.path(folder), 0o000) }
    defer { for folder in ["a/x", "c", "d/z", "e"] { chmod(sandbox.path(folder), 0o755) } }
    let locked = Self.walk(sandbox, jobs: 1)
    #expect(locked.problems.count == 4)
    #expect(Self.walk(sandbox, jobs: 2).problems == locked.problems)
    #expect(Self.walk(sandbox, jobs: 2).inputs == locked.inputs)
  }

  @Test("Stops at the configuration error one thread stops at: the first in the order folders are listed")
  func sameConfigurationError() throws {
    let sandbox = try Self.tree()
    for folder in ["a/y", "c", "e"] { try sandbox.write(folder + "/.inertia-lint.json", "{" + folder) }
    let serial = Self.walk(sandbox, jobs: 1)
    #expect(serial.error != nil)
    for jobs in [2, 3] { #expect(Self.walk(sandbox, jobs: jobs).error == serial.error) }
  }
}

@Suite("Glob and path fast paths")
struct GlobFastPathTests {
  @Test("`*` + ASCII suffix matches as fnmatch without flags does, leading dot and raw bytes included")
  func suffix() {
    let raw = PathText.decode([0xFF] + Array(".inertia".utf8))
    for name in [".inertia", "x.inertia", raw, "\u{E9}.inertia", "a.b.inertia"] {
      #expect(Glob("*.inertia").matchesFile([Substring(name)]), "\(name)")
      #expect(Glob("*.inertia").matchesFile(named: name), "\(name)")
    }
    for name in ["inertia", "x.inertiax", "x.INERTIA", "x.inertia.json"] {
      #expect(!Glob("*.inertia").matchesFile(named: name), "\(name)")
    }
    #expect(Glob("*").matchesFile(named: ".hidden"))
    #expect(Glob("**").matchesFile(named: "x"), "a lone ** matches a name as fnmatch has it")
    #expect(Glob("*[.]inertia").matchesFile(named: "x.inertia"))
    // fnmatch reads a pattern up to a NUL, as the C string it is given.
    #expect(Glob("*.in\u{0}x").matchesFile(named: "a.in"))
    #expect(Glob("*\u{E9}").matchesFile(named: "caf\u{E9}"))
    #expect(!Glob("*\u{E9}").matchesFile(named: "cafe\u{301}"))
    #expect(Glob("App/*.inertia").matchesFile(named: "x.inertia") == false)
    #expect(Glob("Fixtures").matchesPathOrParent(["a", "Fixtures", "x.inertia"]))
    #expect(Glob("*.skip").matchesPathOrParent(["a.skip", "x.inertia"]))
  }

  @Test(".gitignore name patterns: `*` + plain suffix as git has it (a leading dot too), worked out once")
  func gitIgnoreSuffix() {
    let ignore = GitIgnore(base: "/r", text: "*.o\n!keep*.o\n/anchored/*.o\n")
    #expect(ignore.decision("x.o", isDirectory: false) == true)
    #expect(ignore.decision("d/x.o", isDirectory: false) == true)
    #expect(ignore.decision(".x.o", isDirectory: false) == true, "git's * matches a leading dot")
    #expect(ignore.decision("x.O", isDirectory: false) == nil)
    #expect(ignore.decision("keep1.o", isDirectory: false) == false)
    #expect(ignore.decision(PathText.decode([0xFF] + Array(".o".utf8)), isDirectory: false) == true)
    #expect(ignore.decision("anchored/.y.o", isDirectory: false) == true)
    #expect(GitIgnore(base: "/r", text: "/anchored/?y.o").decision("anchored/.y.o", isDirectory: false) == true)
  }

  @Test(".gitignore lines without wildcards and `*` suffixes, matched on bytes, decide as the rules say")
  func gitIgnoreBytePaths() {
    // Each line's meaning from gitignore(5), written out here without the matcher's code: a line with a
    // `/` before its end names a path from the file's folder, one without a name at any depth, `*.o`
    // a name ending in `.o` (a leading `.` too, as in git), a trailing `/` folders only; the last line that
    // matches decides, `!` re-including.
    let names = ["a", "b", ".b", "a.o", ".o", "caf\u{E9}", "cafe\u{301}", ".\u{301}x.o"]
    let lines: [(text: String, matches: (_ components: [String], _ isDirectory: Bool) -> Bool)] =
      [
        ("/a/b", { path, _ in path == ["a", "b"] }),
        ("a/b/", { path, isDirectory in path == ["a", "b"] && isDirectory }),
        ("/b", { path, _ in path == ["b"] }),
        ("b", { path, _ in path.last == "b" }),
        (".b/", { path, isDirectory in path.last == ".b" && isDirectory }),
        ("caf\u{E9}", { path, _ in path.last.map { Array($0.utf8) == Array("caf\u{E9}".utf8) } ?? false }),
        ("/a/caf\u{E9}/a", { path, _ in path.map { Array($0.utf8) } == [[0x61], Array("caf\u{E9}".utf8), [0x61]] }),
        (
          "*.o",
          { path, _ in path.last.map { $0.utf8.count >= 2 && $0.utf8.suffix(2).elementsEqual(".o".utf8) } ?? false }
        ),
      ]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<3000 {
      let picked = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        (lines.randomElement(using: &random)!, Bool.random(using: &random))
      }
      let text = picked.map { ($1 ? "!" : "") + $0.text }.joined(separator: "\n")
      let ignore = GitIgnore(base: "/r", text: text)
      let components = (0..<Int.random(in: 1...3, using: &random)).map { _ in names.randomElement(using: &random)! }
      let separator = Bool.random(using: &random) ? "/" : "//"
      let path = components.joined(separator: separator)
      for isDirectory in [false, true] {
        let expected = picked.last { $0.0.matches(components, isDirectory) }.map { !$0.1 }
        #expect(
          ignore.decision(path, isDirectory: isDirectory) == expected,
          "\(text.debugDescription) on \(path.debugDescription), folder: \(isDirectory)")
      }
    }
  }

  @Test(
    ".gitignore files decide each path as `git check-ignore` does",
    .enabled(if: GitRepository.isAvailable, GitRepository.unavailableReason))
  func gitIgnoreAgainstGit() throws {
    let repository = try GitRepository()
    let folders = ["d", "a", "a/c", "e", "g"]
    let files = [
      ".a.o", "b.o", ".x", "ax", ".y", "x1", ".keep1", "c.inertia", "f", "d/x.o", "d/.z.o", "d/y", "a/b", "a/c/b",
      "e/k", "g/e", "g/.x",
    ]
    for folder in folders {
      try FileManager.default.createDirectory(atPath: repository.path + "/" + folder, withIntermediateDirectories: true)
    }
    for file in files {
      #expect(FileManager.default.createFile(atPath: repository.path + "/" + file, contents: Data()))
    }
    try (folders + files).joined(separator: "\n").write(
      toFile: repository.path + "/paths", atomically: true, encoding: .utf8)
    let pool = [
      "*.o", "?x", "[.]y", ".*", "!.keep*", "d/", "/d/*.o", "**/e", "a/**/b", "*", "!*.inertia", "x*", "[!a]*.o", "e/",
      "/f", "!d/y", "g/*", "!g/.x", "*.O", "\\!x1", "!/d", "c.*",
    ]
    var random = SystemRandomNumberGenerator()
    var compared = 0
    for _ in 0..<40 {
      let text = pool.shuffled(using: &random).prefix(Int.random(in: 1...8, using: &random)).joined(separator: "\n")
      try (text + "\n").write(toFile: repository.path + "/.gitignore", atomically: true, encoding: .utf8)
      let ignore = GitIgnore(base: repository.path, text: text)
      // One line a path: `SOURCE:LINE:PATTERN<tab>PATH`, or `::<tab>PATH` when no line matches.
      let answer = try repository.shell("git check-ignore --no-index -v -n --stdin < paths || true")
      for line in answer.lines where !line.isEmpty {
        let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
        let path = parts[1]
        let pattern = parts[0].split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)[2]
        let byGit: Bool? = pattern.isEmpty ? nil : !pattern.hasPrefix("!")
        // git answers for a path in an ignored folder with the folder's line; the folder is compared itself.
        let components = path.split(separator: "/")
        let parents = components.indices.dropLast().map { components[...$0].joined(separator: "/") }
        if parents.contains(where: { ignore.decision($0, isDirectory: true) == true }) { continue }
        compared += 1
        #expect(
          ignore.decision(path, isDirectory: folders.contains(path)) == byGit, "\(text.debugDescription): \(path)")
        // The walk decides each entry by its name, the stack gone down its folders.
        #expect(
          GitIgnoreDecisionTests.stackIgnores([([], ignore)], path, isDirectory: folders.contains(path))
            == (byGit ?? false), "\(text.debugDescription): \(path)")
      }
    }
    #expect(compared > 200)
  }

  @Test("Paths are joined, cut and compared by their bytes")
  func paths() {
    let raw = PathText.decode([0x66, 0xFF])
    #expect(FilePath.join(".", "x") == "x")
    #expect(FilePath.join("/", "x") == "/x")
    #expect(FilePath.join("a/", "x") == "a/x")
    #expect(PathText.bytes(FilePath.join("d\u{E9}", raw)) == Array("d\u{E9}/f".utf8) + [0xFF])
    #expect(FilePath.concatenate("/", slash: true, "x") == "//x")
    #expect(FilePath.concatenate("", slash: false, "") == "")
    #expect(FilePath.relativePart("/r/a/b", to: "/r") == "a/b")
    #expect(FilePath.relativePart("/r/a/b", to: "/r/") == "a/b")
    #expect(FilePath.relativePart("/r", to: "/r") == ".")
    #expect(FilePath.relativePart("/ra/b", to: "/r") == nil)
    #expect(FilePath.namePart(of: "a/\u{301}b") == "\u{301}b")
    #expect(FilePath.namePart(of: "name") == "name")
    #expect(FilePath.namePart(of: "a/") == "")
    #expect(FilePath.components("/a//b\u{E9}/\u{301}c/") == ["a", "b\u{E9}", "\u{301}c"])
    #expect(FilePath.components("a/b"[...].dropFirst(2)) == ["b"])
    #expect(FilePath.hasPrefix("/ab", "/a") && !FilePath.hasPrefix("/a", "/ab") && FilePath.hasPrefix("x", ""))
    #expect(FilePath.isSame("caf\u{E9}", "caf\u{E9}"[...]))
    #expect(!FilePath.isSame("caf\u{E9}", "cafe\u{301}"))
    #expect(FilePath.hasSuffix("x.inertia", Array(".inertia".utf8)))
    #expect(!FilePath.hasSuffix("inertia", Array(".inertia".utf8)))
    #expect(FilePath.hasSuffix("", []))
    #expect(PathText.decode(Array("plain.inertia".utf8)) == "plain.inertia")
    #expect(PathText.bytes(PathText.decode([0x61, 0xFF, 0x62])) == [0x61, 0xFF, 0x62])
  }
}
