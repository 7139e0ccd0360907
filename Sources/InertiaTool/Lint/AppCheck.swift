import InertiaFormat
import InertiaLint

/// The app rules' part of a run: reads the app sources the walks found and the animation files they found,
/// on the tool's threads, through the one opener; runs the app rules over them (``AppLinter``); and gives
/// each file's findings as its configuration reports them.
///
/// A source that cannot be read (it does not lex, is not UTF-8, is larger than
/// ``SourceLimits/maximumSourceBytes``, or cannot be opened) gets one line on standard error naming it,
/// and the rules go on without it: the exit status comes from the findings, as ever.
struct AppCheck {
  /// The app as read.
  let project: AppProject
  /// What the summary says of it.
  let counts: LintReport.AppCode
  /// Where each file the project names is, for its configuration, ignores and baseline: by its path as
  /// findings name it.
  private let places: [String: Place]

  private struct Place {
    var configuration: Int
    var physicalPath: String?
  }

  /// The app of a run's walks: `nil` when they found no app source, so that such a run is what it always
  /// was; each source that cannot be read is named on `stderr`.
  static func read(_ plan: LintCommand.Plan, jobs: Int, stderr: (String) -> Void) -> AppCheck? {
    guard !plan.appSources.isEmpty else { return nil }
    return read(
      sources: plan.appSources, animationFiles: plan.inputs.filter(\.foundByWalk), jsonFiles: plan.jsonFiles,
      bundling: .folder, linters: plan.linters, jobs: jobs, stderr: stderr)
  }

  /// The app of `sources`, checked against `animationFiles` (and the `.json` files among them and
  /// `jsonFiles`), bundled as `bundling` says.
  static func read(
    sources inputs: [AppSourceInput], animationFiles walked: [LintInput], jsonFiles: [String],
    bundling: AppProject.Bundling, linters: LintCommand.Linters, jobs: Int, stderr: (String) -> Void
  ) -> AppCheck {
    let read = ThreadPool.forEach(inputs, jobs: jobs) { input in readSource(input) }
    var sources: [AppSource] = []
    var unreadable = 0
    var places: [String: Place] = [:]
    var packageRoots = PackageRoots()
    for (input, outcome) in zip(inputs, read) {
      switch outcome {
      case .failure(let note):
        stderr("inertia-lint: \(note): the app rules go on without this source")
        unreadable += 1
      case .success(let uses):
        let settings = linters.applied[input.configuration].linter.settings
        var source = AppSource(path: input.path, language: input.language, uses: uses, settings: settings)
        if bundling == .folder && input.language == .swift && uses.contains(where: \.isContainer) {
          source.packageTarget = packageRoots.targetFolder(of: input.physicalPath)
        }
        sources.append(source)
        places[input.path] = Place(configuration: input.configuration, physicalPath: input.physicalPath)
      }
    }
    let decoded = AppProject.namesOfFilesSwiftUILoads(sources)
    let files = ThreadPool.forEach(walked, jobs: jobs) { input in readAnimationFile(input, decoding: decoded) }
    var animationFiles: [AnimationFile] = []
    for (input, file) in zip(walked, files) {
      var file = file
      if let physical = input.physicalPath { file.packageTarget = packageRoots.knownTargetFolder(of: physical) }
      animationFiles.append(file)
      places[input.path] = Place(configuration: input.configuration, physicalPath: input.physicalPath)
    }
    let json = (jsonFiles + walked.map(\.path).filter { $0.hasSuffix(".json") }).sorted()
    let project = AppProject(bundling: bundling, sources: sources, animationFiles: animationFiles, jsonFiles: json)
    let counts = AppProject.appCode(sources, unreadable: unreadable)
    return AppCheck(project: project, counts: counts, places: places)
  }

  /// A source's uses, or why it cannot be read (`PATH:LINE:COLUMN: WHY`, or `PATH: cannot read: WHY`).
  static func readSource(_ input: AppSourceInput) -> Result<[InertiaUse], SourceNote> {
    let bytes: [UInt8]
    do throws(FileIOError) {
      bytes = try FileIO.read(input.readPath, as: .appSource, maxSize: SourceLimits.maximumSourceBytes)
    } catch {
      return .failure(SourceNote("\(input.path): cannot read: \(error.reason)"))
    }
    switch AppSourceUses.find(in: bytes, language: input.language) {
    case .success(let uses): return .success(uses)
    case .failure(let failure):
      return .failure(SourceNote("\(input.path):\(failure.line):\(failure.column): \(failure.kind.rawValue)"))
    }
  }

  /// An animation file's animations and, when a SwiftUI container may load it (its name is among
  /// `decoding`), whether that container decodes it. A file that cannot be read has no animations (the
  /// run reports it as it lints it).
  static func readAnimationFile(_ input: LintInput, decoding: Set<String>) -> AnimationFile {
    let name = input.fileName ?? ""
    var file = AnimationFile(path: input.path, fileName: name, animations: [])
    guard let path = input.readPath else { return file }
    try? FileIO.withCheckedContents(of: path, as: .lintInput, maxSize: DecodingLimits.default.maxInputSize) {
      contents, _ in
      file.animations = (try? IndexedDocument.read(contents)).map(AnimationFile.animations(in:)) ?? []
      if decoding.contains(name) { file.decoding = Linter.decoding(of: contents, fileName: name) }
    }
    return file
  }

  /// Why a source was not read: one line, naming it.
  struct SourceNote: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
      self.description = description
    }
  }

  /// The app rules' findings, file by file in path order, each as its configuration reports it (rules it
  /// turns off left out, its severities, its ignores and the baselines); files without findings left out.
  func findings(_ linters: LintCommand.Linters) -> [(file: ReportedFile, linted: Linter.Linted)] {
    var byFile: [(file: ReportedFile, linted: Linter.Linted)] = []
    let all = AppLinter.findings(in: project)
    var start = all.startIndex
    while start < all.endIndex {
      let path = all[start].file
      let end = all[start...].firstIndex { $0.file != path } ?? all.endIndex
      let place = places[path] ?? Place(configuration: 0)
      var linter = linters.applied[place.configuration].linter
      linter.suppression =
        place.physicalPath.map { linters.suppression(at: $0, configuration: place.configuration) }
        ?? FindingSuppression()
      let linted = linter.configured(appFindings: Array(all[start..<end]))
      if !linted.findings.isEmpty || linted.suppressedCount > 0 {
        byFile.append((ReportedFile(path: path, physicalPath: place.physicalPath), linted))
      }
      start = end
    }
    return byFile
  }
}

/// The Swift packages sources are in: the nearest folder above each that holds a `Package.swift`, looked
/// for once per folder.
private struct PackageRoots {
  /// Whether each folder looked at is a package's root.
  private var isRoot: [String: Bool] = [:]
  /// The roots found so far.
  private(set) var roots: [String] = []

  /// The target folder (``SwiftPackageLayout``) of the file at `physicalPath`, looking for its package.
  mutating func targetFolder(of physicalPath: String) -> String? {
    var folder = FilePath.directory(of: physicalPath)
    while true {
      if let known = isRoot[folder] {
        if known { break }
      } else {
        let found = FileIO.isRegularFile(FilePath.join(folder, "Package.swift"))
        isRoot[folder] = found
        if found {
          roots.append(folder)
          break
        }
      }
      let parent = FilePath.directory(of: folder)
      if parent == folder { return nil }
      folder = parent
    }
    return SwiftPackageLayout.targetFolder(of: physicalPath, packageRoots: roots)
  }

  /// The target folder of the file at `physicalPath` in the packages found so far.
  func knownTargetFolder(of physicalPath: String) -> String? {
    roots.isEmpty ? nil : SwiftPackageLayout.targetFolder(of: physicalPath, packageRoots: roots)
  }
}

extension InertiaUse {
  /// Whether the use is a container.
  var isContainer: Bool {
    if case .container = kind { return true }
    return false
  }
}
