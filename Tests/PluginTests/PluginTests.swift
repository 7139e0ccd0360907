import Foundation
import Testing

/// The build-tool and command plugins, driven by real `swift build` and `swift package` runs in the
/// fixture package (see ``FixturePackage``). The tests share one copy of the fixture, so they run one at a
/// time; each writes the files it is about first, so none depends on what another left behind.
@Suite("SwiftPM plugins, in a real package", .serialized, .enabled(if: swiftIsAvailable, "needs swift on PATH"))
struct PluginTests {
  let fixture: FixturePackage

  init() throws {
    fixture = try FixturePackage.shared.get()
  }

  // MARK: Animation files

  static let animationPath = "Sources/App/Animations/animation.inertia"
  static let onboardingPath = "Sources/App/Onboarding/onboarding.json"

  /// One track, written out in full.
  static func track(invokeType: String = "trigger", extra: String = "", secondID: String = "B", duration: Int = 1)
    -> String
  {
    let values = #"{"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#
    return """
      [{"id": "card0", "invokeType": "\(invokeType)", "initialValues": \(values),\(extra)
        "keyframes": [{"id": "A", "duration": 0, "values": \(values)},
                      {"id": "\(secondID)", "duration": \(duration), "values": \(values)}]}]
      """
  }

  /// A warning (`unknown-field` at `/0/notes`) and an info (`loop-stretched`: a 4-second track on a 3-second
  /// loop), nothing that fails.
  static let warningOnly = track(invokeType: "auto", extra: #" "notes": "draft 2","#, duration: 4)
  /// An error: the second keyframe reuses the first one's id.
  static let duplicateID = track(secondID: "A")
  /// An error with a safe fix: a negative duration.
  static let negativeDuration = track(duration: -1)

  /// The fixture's configuration as committed.
  static let configuration = """
    {
      "include": ["*.inertia", "Sources/App/Onboarding/*.json"],
      "exclude": ["Drafts"],
      "containerId": ["animation", "onboarding"]
    }
    """

  /// The app's code as committed: no use of the runtime.
  static let mainSource = """
    // The animation files are what the tests are about; the app only has to build.
    print("PluginFixture")

    """

  static let mainPath = "Sources/App/main.swift"
  /// Where the app rules' test puts `settings.inertia`: bundled, or in the repository but not bundled.
  static let bundledSettingsPath = "Sources/App/Animations/settings.inertia"
  static let unbundledSettingsPath = "Sources/App/Unbundled/settings.inertia"

  /// Puts the animation files, the app's code and the configuration in the state a test starts from, every
  /// one written afresh, so that the next build lints them all.
  func reset(animation json: String = warningOnly) throws {
    try fixture.write(".inertia-lint.json", Array(Self.configuration.utf8))
    try fixture.writeMessagePack(Self.animationPath, json: json)
    try fixture.write(Self.onboardingPath, try fixture.read(Self.onboardingPath))
    if try fixture.read(Self.mainPath) != Array(Self.mainSource.utf8) {
      try fixture.write(Self.mainPath, Array(Self.mainSource.utf8))
    }
    for path in [Self.bundledSettingsPath, Self.unbundledSettingsPath] {
      try? FileManager.default.removeItem(at: fixture.url(path))
    }
  }

  func path(_ file: String) -> String { fixture.url(file).path }

  // MARK: Build-tool plugin

  @Test("A file with only a warning builds; the warning is shown as a diagnostic, the info is not")
  func warningBuilds() throws {
    try reset()
    let build = try fixture.build()
    #expect(build.status == 0, "\(build.output)")
    // MessagePack has no lines: line 1, and the pointer in the message.
    #expect(build.output.contains("\(path(Self.animationPath)):1:1: warning: unknown field \"notes\""))
    #expect(build.output.contains("[unknown-field] at /0/notes"))
    // The JSON-form file the configuration includes, with its real line and column.
    #expect(build.output.contains("\(path(Self.onboardingPath)):15:9: warning: unknown field \"easing\""))
    #expect(!build.output.contains("loop-stretched"), "infos are not shown")
    // The tool sees the resources' own names: animation.inertia is the container `animation`, and the
    // configuration allows `onboarding`.
    #expect(!build.output.contains("[unaddressable-id]"))
    // (SwiftPM prints "Copying draft.inertia" as it copies the resource; it is never linted.)
    #expect(!build.output.contains("Linting draft.inertia"), "the configuration excludes Drafts")
    #expect(!build.output.contains("draft.inertia:"))
    #expect(!build.output.contains("Linting extras.inertia"), "Extras does not apply the plugin")
    #expect(!build.output.contains("extras.inertia:"))
  }

  @Test("The plugin's outputs add nothing to the app's resources")
  func resourcesUntouched() throws {
    try reset()
    let binPath = try fixture.swift(["build", "--show-bin-path"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let bundle = URL(fileURLWithPath: binPath).appendingPathComponent("PluginFixture_App.resources")
    // SwiftPM leaves a resource an earlier build copied (the app rules' test bundles settings.inertia for a
    // while): the bundle is made afresh, so that it holds what this build puts there and nothing else.
    try? FileManager.default.removeItem(at: bundle)
    try fixture.touch("Package.swift")
    let build = try fixture.build()
    #expect(build.status == 0, "\(build.output)")
    let names = try FileManager.default.contentsOfDirectory(atPath: bundle.path).sorted()
    #expect(names == ["Onboarding", "animation.inertia", "draft.inertia"])
  }

  @Test("A broken resource fails the build, naming the file, the rule and the pointer, until it is repaired")
  func errorFailsBuild() throws {
    try reset(animation: Self.duplicateID)
    let failed = try fixture.build()
    #expect(failed.status != 0)
    let line = "\(path(Self.animationPath)):1:1: error: "
    #expect(failed.output.contains(line), "\(failed.output)")
    #expect(failed.output.contains("[duplicate-keyframe-id] at /0/keyframes/1/id"))

    // A failed run leaves no output behind, so the next build lints the file again and fails again.
    let again = try fixture.build()
    #expect(again.status != 0)
    #expect(again.output.contains(line))

    try fixture.writeMessagePack(Self.animationPath, json: Self.warningOnly)
    let repaired = try fixture.build()
    #expect(repaired.status == 0, "\(repaired.output)")
    #expect(!repaired.output.contains("error:"))
  }

  @Test("An unchanged file is not linted again; touching one file lints that file alone")
  func unchangedFilesAreNotLintedAgain() throws {
    try reset()
    #expect(try fixture.build().status == 0)
    let second = try fixture.build()
    #expect(second.status == 0)
    #expect(!second.output.contains("Linting"), "\(second.output)")
    #expect(!second.output.contains("warning: unknown field"))

    // SwiftPM prints a command's display name ("Linting Animations/animation.inertia") shortened to its
    // last path component.
    try fixture.touch(Self.animationPath)
    let touched = try fixture.build()
    #expect(touched.status == 0)
    #expect(touched.output.contains("Linting animation.inertia"), "\(touched.output)")
    #expect(touched.output.contains("[unknown-field] at /0/notes"))
    #expect(!touched.output.contains("Linting onboarding.json"))
    // The command's output is written only when missing, so linting again does not recompile the app.
    #expect(!touched.output.contains("Compiling App"), "\(touched.output)")
  }

  /// Writes the fixture's configuration with `entry` added before its `include`.
  private func writeConfiguration(adding entry: String) throws {
    let configuration = Self.configuration.replacingOccurrences(of: "\"include\"", with: "\(entry),\n  \"include\"")
    try fixture.write(".inertia-lint.json", Array(configuration.utf8))
  }

  @Test("The configuration sets the severities, and editing it lints again")
  func configuration() throws {
    try reset(animation: Self.duplicateID)
    try writeConfiguration(adding: #""rules": {"duplicate-keyframe-id": "warning"}"#)
    let warned = try fixture.build()
    #expect(warned.status == 0, "\(warned.output)")
    #expect(warned.output.contains(":1:1: warning: "))
    #expect(warned.output.contains("[duplicate-keyframe-id] at /0/keyframes/1/id"))

    // Only the configuration changes; the build must notice.
    try fixture.write(".inertia-lint.json", Array(Self.configuration.utf8))
    let strict = try fixture.build()
    #expect(strict.status != 0)
    #expect(strict.output.contains(":1:1: error: "))

    // A configuration that does not read fails the build with the tool's message, whether or not SwiftPM
    // asks the plugin for its commands again (touching the manifest makes it plan the build afresh).
    try fixture.write(".inertia-lint.json", Array(#"{"include": "*.inertia"}"#.utf8))
    for replan in [false, true] {
      if replan { try fixture.touch("Package.swift") }
      let unreadable = try fixture.build()
      #expect(unreadable.status != 0)
      #expect(
        unreadable.output.contains("configuration: .inertia-lint.json:1:13: include must be an array of strings"),
        "\(unreadable.output)")
    }
    // The plan made from the broken configuration lints `*.inertia` only; make the next build plan again.
    try reset()
    try fixture.touch("Package.swift")
  }

  @Test("A baseline the configuration names keeps baselined errors out of the build; a new one fails it")
  func baseline() throws {
    try reset(animation: Self.duplicateID)
    try writeConfiguration(adding: #""baseline": ".inertia-baseline.json""#)
    let entry =
      #"{"file": "\#(Self.animationPath)", "rule": "duplicate-keyframe-id", "pointer": "/0/keyframes/1/id", "#
      + #""subject": "/card0/keyframes/A/id", "message": "the id repeats"}"#
    try fixture.write(".inertia-baseline.json", Array(#"{"version": 1, "findings": [\#(entry)]}"#.utf8))
    let green = try fixture.build()
    #expect(green.status == 0, "\(green.output)")
    #expect(!green.output.contains("duplicate-keyframe-id"))

    // Only the baseline changes (it loses its entry); the build must notice.
    try fixture.write(".inertia-baseline.json", Array(#"{"version": 1, "findings": []}"#.utf8))
    let red = try fixture.build()
    #expect(red.status != 0)
    #expect(red.output.contains("[duplicate-keyframe-id] at /0/keyframes/1/id"), "\(red.output)")
    try? FileManager.default.removeItem(at: fixture.url(".inertia-baseline.json"))
    try reset()
    try fixture.touch("Package.swift")
  }

  // MARK: The app rules in the build

  @Test(
    "A container whose file is in the repository but not among the target's resources fails the build at its line; bundled, it builds"
  )
  func appRules() throws {
    try reset()
    // The app's code makes a container that loads settings.inertia from the target's resources.
    let source =
      Self.mainSource + """
        import Inertia

        let settings = InertiaContainer(bundle: .module, dev: false, id: "settings", hierarchyId: "root") { 1 }

        """
    try fixture.write(Self.mainPath, Array(source.utf8))
    try fixture.writeMessagePack(Self.unbundledSettingsPath, json: "[]")
    // The manifest excludes Unbundled: the file is in the repository, and missing at launch.
    let failed = try fixture.build()
    #expect(failed.status != 0)
    let line = "\(path(Self.mainPath)):5:16: error: InertiaContainer(bundle: .module, dev: false, id: \"settings\")"
    #expect(failed.output.contains(line), "\(failed.output)")
    #expect(failed.output.contains("no settings.inertia is among the target's resources"))
    #expect(failed.output.contains("[missing-bundled-file]"))

    // Among the resources (processed, at the top of Bundle.module), it builds.
    try FileManager.default.moveItem(
      at: fixture.url(Self.unbundledSettingsPath), to: fixture.url(Self.bundledSettingsPath))
    let built = try fixture.build()
    #expect(built.status == 0, "\(built.output)")
    #expect(!built.output.contains("[missing-bundled-file]"))

    // The sources are the check's inputs: an edit to one checks the app again.
    try fixture.write(Self.mainPath, Array(source.replacingOccurrences(of: "\"settings\"", with: "\"credits\"").utf8))
    let edited = try fixture.build()
    #expect(edited.status != 0)
    #expect(edited.output.contains("\(path(Self.mainPath)):5:16: error: "), "\(edited.output)")
    #expect(edited.output.contains("no credits.inertia is among the target's resources"))

    // Without bundle: .module, a package target's container does not see the file it bundles.
    try fixture.write(
      Self.mainPath, Array(source.replacingOccurrences(of: "bundle: .module, ", with: "").utf8))
    let mainBundle = try fixture.build()
    #expect(mainBundle.status != 0)
    #expect(mainBundle.output.contains("\(path(Self.mainPath)):5:16: error: "), "\(mainBundle.output)")
    #expect(mainBundle.output.contains("[bundle-not-module]"))
    try reset()
    let restored = try fixture.build()
    #expect(restored.status == 0, "\(restored.output)")
  }

  // MARK: Command plugins

  @Test("swift package inertia-lint prints what inertia-lint prints for the targets' folders")
  func commandPlugin() throws {
    try reset()
    let plugin = try fixture.swift(["package", "inertia-lint"])
    let tool = try BuiltTool.run(
      "inertia-lint", ["--", "Sources/App", "Sources/Extras", "Sources/Inertia"], in: fixture.root)
    #expect(tool.status == 1, "Extras holds an error")
    #expect(plugin.status == 1)
    #expect(plugin.stdout == tool.stdout)
    #expect(plugin.stdout.contains("Sources/Extras/extras.inertia:9:21: error: "))
    #if os(Linux)
      // Both streams as they are read: the whole report, then SwiftPM's word that the plugin failed. On a
      // terminal (`script` gives it one), and in a pipe as a CI log has it through `stdbuf -oL`, the way
      // docs/integrations.md gives (without it SwiftPM holds the report it relays until it exits).
      let summary = try #require(tool.stdout.split(separator: "\n").last)
      for command in [
        "script -qec 'swift package inertia-lint' /dev/null", "stdbuf -oL swift package inertia-lint 2>&1",
      ] {
        let together = try ProcessResult.run(
          URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: fixture.root, timeout: 30 * 60)
        #expect(together.status == 1, "\(command)")
        let reported = try #require(together.stdout.range(of: String(summary)), "\(together.stdout)")
        let ended = try #require(together.stdout.range(of: "Plugin ended with exit code 1"), "\(together.stdout)")
        #expect(reported.upperBound <= ended.lowerBound, "\(command): \(together.stdout)")
      }
    #endif

    let onlyApp = try fixture.swift(["package", "inertia-lint", "--target", "App", "--format", "json"])
    let toolApp = try BuiltTool.run("inertia-lint", ["--format", "json", "--", "Sources/App"], in: fixture.root)
    #expect(onlyApp.status == 0, "\(onlyApp.output)")
    #expect(onlyApp.stdout == toolApp.stdout)
    #expect(onlyApp.stdout.contains("\"rule\": \"loop-stretched\""), "the full report, infos included")
    #expect(!onlyApp.stdout.contains("extras"))
  }

  @Test("inertia-lint-fix repairs in place as inertia-lint --fix does, with permission to write")
  func fixCommandPlugin() throws {
    try reset(animation: Self.negativeDuration)
    let broken = try fixture.read(Self.animationPath)

    // What the tool does with the same files, in a copy.
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("inertia-plugin-fix-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: copy) }
    try FileManager.default.createDirectory(
      at: copy.appendingPathComponent("Sources"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: fixture.url(".inertia-lint.json"), to: copy.appendingPathComponent(".inertia-lint.json"))
    try FileManager.default.copyItem(at: fixture.url("Sources/App"), to: copy.appendingPathComponent("Sources/App"))
    let tool = try BuiltTool.run("inertia-lint", ["--fix", "--", "Sources/App"], in: copy)
    #expect(tool.status == 0, "\(tool.output)")
    let fixed = [UInt8](try Data(contentsOf: copy.appendingPathComponent(Self.animationPath)))
    #expect(fixed != broken)

    let refused = try fixture.swift(["package", "inertia-lint", "--fix"])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("--allow-writing-to-package-directory inertia-lint-fix"))
    let unasked = try fixture.swift(["package", "inertia-lint-fix", "--target", "App"])
    #expect(unasked.status != 0)
    #expect(unasked.stderr.contains("inertia-lint --fix repairs the package's animation files in place"))
    #expect(try fixture.read(Self.animationPath) == broken, "nothing is written without the permission")

    let plugin = try fixture.swift([
      "package", "--allow-writing-to-package-directory", "inertia-lint-fix", "--target", "App",
    ])
    #expect(plugin.status == 0, "\(plugin.output)")
    #expect(plugin.stdout == tool.stdout)
    #expect(plugin.stdout.contains("animation.inertia: fixed 1 problem (1 non-positive-duration)"))
    #expect(try fixture.read(Self.animationPath) == fixed)
    try reset()
  }
}
