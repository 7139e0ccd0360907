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
    #expect(lint.stdout.contains("link/../x.inertia:8:31: error: keyframe duration -1"))
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
