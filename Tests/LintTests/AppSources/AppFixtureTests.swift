import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaLint

/// A fixture app under `Tests/AppFixtures/`: a SwiftUI package, a Compose app or a React app with planted
/// defects, or its clean twin, with `expectations.json` beside it: every use the finders must find, and
/// every defect the app rules must report, each at its exact line and column.
struct AppFixture: Sendable, CustomTestStringConvertible {
  let name: String

  static let all = ["SwiftUIApp", "SwiftUIAppClean", "ComposeApp", "ComposeAppClean", "ReactApp", "ReactAppClean"]
    .map(AppFixture.init)

  var testDescription: String { name }
  var directory: URL { Fixtures.packageRoot.appendingPathComponent("Tests/AppFixtures/\(name)") }
  var expectationsFile: URL { directory.appendingPathComponent("expectations.json") }

  /// The paths under the fixture, relative to it, sorted.
  func files(where include: (String) -> Bool) -> [String] {
    let names = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
    return names.filter(include).sorted()
  }

  /// The app sources, as URLs.
  func sourceFiles() -> [URL] {
    files { SourceLanguage(fileName: $0) != nil }.map { directory.appendingPathComponent($0) }
  }
}

/// One use in `expectations.json`.
struct ExpectedUse: Codable, Equatable {
  var file: String
  var line: Int
  var column: Int
  /// `container`, `tag`, `trigger`, `cancel`, `restart`, `isCancelled`, `viewModel`, `loopDuration`.
  var kind: String
  /// The id, when it is a literal.
  var id: String?
  /// `true` when the id is not a literal.
  var dynamicID: Bool?
  var idLine: Int?
  var idColumn: Int?
  /// A container's `dev`: `true`, `false`, `expression` or `absent`.
  var dev: String?
  var devLine: Int?
  var devColumn: Int?
  /// A SwiftUI container's `bundle`: `main`, `module` or `other` (absent when not written).
  var bundle: String?
  /// `modifier` for `.inertiaContainer(…)`.
  var form: String?
  /// A literal `loopDuration`, in seconds; `dynamicValue` when not a literal.
  var seconds: Double?
  var dynamicValue: Bool?
  var debugOnly: Bool?

  init(_ use: InertiaUse, file: String) {
    self.file = file
    line = use.position.line
    column = use.position.column
    switch use.kind {
    case .container(let arguments):
      kind = "container"
      switch arguments.dev {
      case .literal(let value): dev = "\(value)"
      case .expression: dev = "expression"
      case .absent: dev = "absent"
      }
      devLine = arguments.devPosition?.line
      devColumn = arguments.devPosition?.column
      switch arguments.bundle {
      case .absent: bundle = nil
      case .main: bundle = "main"
      case .module: bundle = "module"
      case .other: bundle = "other"
      }
      form = arguments.form == .modifier ? "modifier" : nil
    case .tag: kind = "tag"
    case .playback(let method): kind = method.rawValue
    case .viewModel: kind = "viewModel"
    case .loopDuration(let value):
      kind = "loopDuration"
      if case .literal(let value) = value { seconds = value } else { dynamicValue = true }
    }
    switch use.id {
    case .literal(let value): id = value
    case .dynamic: dynamicID = true
    case .absent: break
    }
    idLine = use.idPosition?.line
    idColumn = use.idPosition?.column
    debugOnly = use.isDebugOnly ? true : nil
  }
}

/// One defect the app rules must report.
struct ExpectedDefect: Codable, Equatable, Hashable {
  /// What is wrong (the rules' ids are theirs to choose; these name the defects of issue 32, and
  /// ``AppRuleFixtureTests`` maps each to its rule): `missing-bundled-file`, `json-only-bundled-file`,
  /// `undecodable-bundled-file`, `dev-container-not-animation`, `dev-true-outside-debug`, `unknown-tag-id`,
  /// `unknown-trigger-id`, `view-model-use`, `loop-duration-out-of-range`, `missing-bundle-module`.
  var kind: String
  var file: String
  var line: Int
  var column: Int
}

/// A fixture's `expectations.json`.
struct Expectations: Codable, Equatable {
  var description: String
  /// Where each kind of defect is reported, and the ids the animation files hold.
  var conventions: [String]
  var animationIDs: [String]
  var uses: [ExpectedUse]
  var defects: [ExpectedDefect]
}

/// The fixture apps: every use found at its place, and the planted defects exactly what the app's uses and
/// files make them (``AppFixtureTests/defects(of:uses:)``, the fixtures' own definition of each defect, for
/// the app rules to be tested against); nothing on the clean twins.
@Suite struct AppFixtureTests {
  static let conventions = [
    "Containers' defects are reported at the container's name (InertiaContainer, or the JSX element's name); "
      + "dev-true-outside-debug at dev's value; unknown ids at the id's literal; view-model-use at the name; "
      + "loop-duration-out-of-range at loopDuration.",
    "Bundled means found anywhere under the fixture's folder, as in a folder walk. A container whose dev is "
      + "false, or an expression, loads <id>.inertia: SwiftUI's from its bundle, trapping when it is missing or "
      + "does not decode (Inertia.swift:1012-1026); Compose's from the app's assets (Library.kt:3722-3746, not "
      + "the spec's 'never loads'), React's from <baseURL>/<id>.inertia (index.tsx:1219), both logging a failure "
      + "and leaving every view at its initial pose. JSX's dev absent is false (index.tsx:1214).",
    "Kotlin and JavaScript have no #if DEBUG: every literal dev true there is outside it.",
  ]

  /// The uses of every source of `fixture`, in path order, then source order.
  static func uses(of fixture: AppFixture) throws -> [ExpectedUse] {
    try fixture.files { SourceLanguage(fileName: $0) != nil }.flatMap { path -> [ExpectedUse] in
      let bytes = try Fixtures.bytes(fixture.directory.appendingPathComponent(path))
      let uses = try AppSourceUses.find(in: bytes, language: SourceLanguage(fileName: path)!).get()
      return uses.map { ExpectedUse($0, file: path) }
    }
  }

  /// The ids of the animations in the fixture's `.inertia` files (none in one that does not read).
  static func animationIDs(of fixture: AppFixture) throws -> [String] {
    try fixture.files { $0.hasSuffix(".inertia") }.flatMap { path -> [String] in
      let bytes = try Fixtures.bytes(fixture.directory.appendingPathComponent(path))
      guard let json = try? Converter.toJSON(messagePack: bytes) else { return [] }
      let animations = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [[String: Any]])
      return animations.compactMap { $0["id"] as? String }
    }.sorted()
  }

  /// The `.inertia` files of `fixture` that the SwiftUI runtime cannot decode, by name.
  static func undecodableFiles(of fixture: AppFixture) throws -> Set<String> {
    var names: Set<String> = []
    for path in fixture.files(where: { $0.hasSuffix(".inertia") }) {
      let name = (path as NSString).lastPathComponent
      let contents = FileContents(copying: try Fixtures.bytes(fixture.directory.appendingPathComponent(path)))
      if Linter.decoding(of: contents, fileName: name) != .decodes { names.insert(name) }
    }
    return names
  }

  /// The defects `uses` make in `fixture`, by the definitions in ``ExpectedDefect/kind``.
  static func defects(of fixture: AppFixture, uses: [ExpectedUse]) throws -> [ExpectedDefect] {
    let ids = Set(try animationIDs(of: fixture))
    let paths = fixture.files { _ in true }
    let names = Set(paths.map { ($0 as NSString).lastPathComponent })
    let isPackage = names.contains("Package.swift")
    let undecodable = try undecodableFiles(of: fixture)
    var defects: [ExpectedDefect] = []
    func report(_ kind: String, _ use: ExpectedUse, line: Int?, column: Int?) {
      defects.append(ExpectedDefect(kind: kind, file: use.file, line: line ?? 0, column: column ?? 0))
    }
    for use in uses {
      let language = SourceLanguage(fileName: use.file)!
      switch use.kind {
      case "container":
        guard let id = use.id else { continue }
        let dev = language == .kotlin || use.dev != "absent" ? use.dev : "false"
        let loadsFile = dev == "false" || dev == "expression"
        if loadsFile && !names.contains("\(id).inertia") {
          report(
            names.contains("\(id).json") ? "json-only-bundled-file" : "missing-bundled-file", use,
            line: use.line, column: use.column)
        }
        if loadsFile && language == .swift && undecodable.contains("\(id).inertia") {
          report("undecodable-bundled-file", use, line: use.line, column: use.column)
        }
        if (dev == "true" || dev == "expression") && id != "animation" {
          report("dev-container-not-animation", use, line: use.line, column: use.column)
        }
        if dev == "true" && use.debugOnly != true {
          report("dev-true-outside-debug", use, line: use.devLine, column: use.devColumn)
        }
        // The target's resources, by SwiftPM's layout: the files under Sources/TARGET.
        let target = use.file.split(separator: "/").prefix(2).joined(separator: "/") + "/"
        let inTarget = paths.contains { $0.hasPrefix(target) && $0.hasSuffix("/\(id).inertia") }
        if language == .swift && isPackage && (use.bundle == nil || use.bundle == "main") && loadsFile && inTarget {
          report("missing-bundle-module", use, line: use.line, column: use.column)
        }
      case "tag":
        if let id = use.id, !ids.contains(id) { report("unknown-tag-id", use, line: use.idLine, column: use.idColumn) }
      case "trigger", "cancel", "restart", "isCancelled":
        if let id = use.id, !ids.contains(id) {
          report("unknown-trigger-id", use, line: use.idLine, column: use.idColumn)
        }
      case "viewModel":
        report("view-model-use", use, line: use.line, column: use.column)
      case "loopDuration":
        if let seconds = use.seconds, !(0.1...60).contains(seconds) {
          report("loop-duration-out-of-range", use, line: use.line, column: use.column)
        }
      default:
        continue
      }
    }
    return defects
  }

  static func read(_ fixture: AppFixture) throws -> Expectations {
    try JSONDecoder().decode(Expectations.self, from: Data(contentsOf: fixture.expectationsFile))
  }

  @Test(arguments: AppFixture.all)
  func everyUseIsFoundAtItsPlace(_ fixture: AppFixture) throws {
    let uses = try Self.uses(of: fixture)
    if Fixtures.recording {
      let expectations = Expectations(
        description: (try? Self.read(fixture).description) ?? "", conventions: Self.conventions,
        animationIDs: try Self.animationIDs(of: fixture), uses: uses,
        defects: try Self.defects(of: fixture, uses: uses))
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try (encoder.encode(expectations) + Data("\n".utf8)).write(to: fixture.expectationsFile)
      return
    }
    let expected = try Self.read(fixture)
    #expect(uses == expected.uses)
    #expect(try Self.animationIDs(of: fixture) == expected.animationIDs)
    #expect(expected.conventions == Self.conventions)
  }

  @Test(arguments: AppFixture.all)
  func thePlantedDefectsAreExactlyWhatTheUsesMake(_ fixture: AppFixture) throws {
    let expected = try Self.read(fixture)
    let defects = try Self.defects(of: fixture, uses: expected.uses)
    #expect(defects == expected.defects)
    if fixture.name.hasSuffix("Clean") {
      #expect(defects.isEmpty)
    } else {
      // Each defect of issue 32 that applies to the platform is planted.
      let kinds = Set(defects.map(\.kind))
      var planted: Set = [
        "dev-container-not-animation", "dev-true-outside-debug", "unknown-tag-id", "unknown-trigger-id",
        "loop-duration-out-of-range",
      ]
      if fixture.name.hasPrefix("SwiftUI") {
        planted.formUnion([
          "missing-bundled-file", "json-only-bundled-file", "undecodable-bundled-file", "view-model-use",
          "missing-bundle-module",
        ])
      } else if fixture.name.hasPrefix("React") {
        planted.formUnion(["missing-bundled-file", "json-only-bundled-file"])
      }
      #expect(kinds == planted)
    }
  }

  /// Every animation the clean twins hold is tagged by a literal use, so that an app rule for animations
  /// no code tags finds nothing there either; and their ids in comments, strings and dynamic uses are not
  /// uses.
  @Test(arguments: AppFixture.all.filter { $0.name.hasSuffix("Clean") })
  func cleanTwinsTagEveryAnimation(_ fixture: AppFixture) throws {
    let expected = try Self.read(fixture)
    let tagged = Set(expected.uses.filter { $0.kind == "tag" }.compactMap(\.id))
    #expect(Set(expected.animationIDs).subtracting(tagged).isEmpty)
    #expect(expected.uses.allSatisfy { !($0.id ?? "").hasPrefix("ghost") })
    #expect(expected.uses.contains { $0.dynamicID == true })
  }

  /// (But for the one planted so that it does not decode.)
  @Test(arguments: AppFixture.all)
  func theAnimationFilesAreValid(_ fixture: AppFixture) throws {
    let files = fixture.files { $0.hasSuffix(".inertia") }
    let planted = try Self.read(fixture).defects.filter { $0.kind == "undecodable-bundled-file" }
    #expect(try Self.undecodableFiles(of: fixture).count == planted.count)
    #expect(!files.isEmpty)
    for path in files where try !Self.undecodableFiles(of: fixture).contains((path as NSString).lastPathComponent) {
      let findings = Linter().lint(
        try Fixtures.bytes(fixture.directory.appendingPathComponent(path)), file: path,
        fileName: (path as NSString).lastPathComponent)
      #expect(findings.allSatisfy { $0.severity != .error }, "\(path): \(findings.map(\.message))")
    }
  }
}
