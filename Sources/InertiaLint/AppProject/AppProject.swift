import InertiaFormat

/// What the app rules check: an app's sources with their uses of the runtimes, and the animation files it
/// can ship. A value, made by whoever reads the files (the tool's folder walk, a build plugin's target, a
/// rule's example); nothing here reads a file.
///
/// Where a container finds its file depends on how the app was seen (``bundling``): in a folder walk, a
/// file is bundled when the walk found it anywhere under the folders it walked; for one target of a
/// build, exactly the target's resources are.
package struct AppProject: Sendable {
  /// How the app was seen, which says what "bundled" means.
  package enum Bundling: Equatable, Sendable {
    /// A folder walk: an animation file is bundled when the walk found it anywhere. A Swift source in a
    /// Swift package target's folder (by SwiftPM's layout, ``SwiftPackageLayout``) has the files in that
    /// folder in `Bundle.module`.
    case folder
    /// One target of a build, whose resources are exactly ``AppProject/animationFiles`` (and the
    /// `.json` files of ``AppProject/jsonFiles``), at the top of `bundle`.
    case target(TargetBundle)
  }

  /// The bundle a build target's resources are in.
  package enum TargetBundle: String, CaseIterable, Sendable {
    /// An app target's own bundle (an Xcode app target): `Bundle.main`.
    case main
    /// A Swift package target's resource bundle: `Bundle.module`.
    case module
  }

  /// How the app was seen.
  package var bundling: Bundling
  /// The app sources read, in path order (a source that could not be read is not among them).
  package var sources: [AppSource]
  /// The animation files found, in path order.
  package var animationFiles: [AnimationFile]
  /// Every `.json` file found (as findings name them), animation files in their JSON form or not: a
  /// container whose only file is `ID.json` is told so.
  package var jsonFiles: [String]

  /// The animation ids in ``animationFiles``, all of them.
  package let animationIDs: Set<String>
  /// The positions in ``animationFiles`` of the files with each name.
  private let filesByName: [String: [Int]]
  /// The positions in ``jsonFiles`` of the files with each name.
  private let jsonFilesByName: [String: [Int]]

  package init(bundling: Bundling, sources: [AppSource], animationFiles: [AnimationFile], jsonFiles: [String]) {
    self.bundling = bundling
    self.sources = sources
    self.animationFiles = animationFiles
    self.jsonFiles = jsonFiles
    var ids: Set<String> = []
    var byName: [String: [Int]] = [:]
    for (index, file) in animationFiles.enumerated() {
      byName[file.fileName, default: []].append(index)
      for animation in file.animations { ids.insert(animation.id) }
    }
    var jsonByName: [String: [Int]] = [:]
    for (index, path) in jsonFiles.enumerated() { jsonByName[Self.fileName(of: path), default: []].append(index) }
    (animationIDs, filesByName, jsonFilesByName) = (ids, byName, jsonByName)
  }

  /// Whether the app's code was seen: a source uses a runtime. Until then, rules about the app's code say
  /// nothing about the animation files (an animation no view is tagged with is only one when views were
  /// seen), and the file rules keep what only the code could make exact.
  package var usesRuntime: Bool { sources.contains { !$0.uses.isEmpty } }

  /// The animation files named `name`.
  package func animationFiles(named name: String) -> [AnimationFile] {
    filesByName[name, default: []].map { animationFiles[$0] }
  }

  /// The `.json` files named `name`.
  package func jsonFiles(named name: String) -> [String] {
    jsonFilesByName[name, default: []].map { jsonFiles[$0] }
  }

  /// The last component of a path.
  static func fileName(of path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
  }
}

/// One app source: its path, its language and the uses of a runtime found in it.
package struct AppSource: Sendable {
  /// The path, as findings name it.
  package var path: String
  package var language: SourceLanguage
  /// The uses, in source order.
  package var uses: [InertiaUse]
  /// The folder of the Swift package target the source is in, by SwiftPM's layout (``SwiftPackageLayout``);
  /// `nil` outside one.
  package var packageTarget: String?
  /// What its configuration says about container ids and the loop.
  package var settings: LintSettings

  package init(
    path: String, language: SourceLanguage, uses: [InertiaUse], packageTarget: String? = nil,
    settings: LintSettings = .default
  ) {
    self.path = path
    self.language = language
    self.uses = uses
    self.packageTarget = packageTarget
    self.settings = settings
  }
}

/// One animation file an app can ship: its name (which container loads it), its animations' ids and where
/// they are, and whether the SwiftUI runtime can decode it.
package struct AnimationFile: Sendable {
  /// The path, as findings name it.
  package var path: String
  /// The file's own name: `animation.inertia` is what `InertiaContainer(id: "animation")` loads.
  package var fileName: String
  /// The animations, in file order; none for a file that is no document.
  package var animations: [Animation]
  /// Whether the SwiftUI container can decode the file, when that was worked out.
  package var decoding: Decoding
  /// The folder of the Swift package target the file is in (``SwiftPackageLayout``); `nil` outside one.
  package var packageTarget: String?

  /// One animation of the file: its id, and where that id is.
  package struct Animation: Sendable, Equatable {
    package var id: String
    /// The id's JSON Pointer (`/2/id`).
    package var pointer: JSONPointer
    /// The id's subject (``Finding/subject``: `/card0/id`).
    package var subject: String
    /// The id's byte offset, and its line and column in a JSON-form file.
    package var offset: Int
    package var line: Int?
    package var column: Int?

    package init(id: String, pointer: JSONPointer, subject: String, offset: Int, line: Int? = nil, column: Int? = nil) {
      self.id = id
      self.pointer = pointer
      self.subject = subject
      self.offset = offset
      self.line = line
      self.column = column
    }
  }

  /// Whether the SwiftUI container decodes a file.
  package enum Decoding: Equatable, Sendable {
    /// Not worked out (no rule needs it: no SwiftUI container loads the file).
    case unknown
    case decodes
    /// It does not: the first error `inertia-lint` reports on the file, as `RULE at PLACE`.
    case fails(String)
  }

  package init(
    path: String, fileName: String, animations: [Animation], decoding: Decoding = .unknown,
    packageTarget: String? = nil
  ) {
    self.path = path
    self.fileName = fileName
    self.animations = animations
    self.decoding = decoding
    self.packageTarget = packageTarget
  }

  /// Whether the file is an Inertia file (`.inertia`), the only kind a container loads.
  package var isInertiaFile: Bool { fileName.hasSuffix("." + InertiaFileName.fileExtension) }
}
