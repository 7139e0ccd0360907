import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the files to lint under the paths given.
///
/// - A directory is walked for files matching the includes (`*.inertia` by default), skipping `.git`,
///   `.build`, `node_modules`, every hidden folder, whatever an exclude matches, and (in a git repository,
///   unless told not to) whatever its `.gitignore` files ignore. Symbolic links to folders are not
///   followed. The hidden temporary files atomic writes leave behind when killed (`.NAME.tmp-XXXXXX`)
///   are never found, whatever the includes.
/// - A file named explicitly is linted whatever its extension, unless an exclude matches it (so that a
///   pre-commit hook, which names files, respects the configuration's excludes).
/// - Each file gets the configuration of the nearest `.inertia-lint.json` above it (see
///   ``ConfigurationResolver``); the command line's includes and excludes are relative to the working
///   directory, a configuration's to its own folder.
/// - Paths are never rewritten as text: a file is opened by the path given (the kernel resolves links and
///   `..`), named in findings as it was given, told apart from others by its device and inode (a file
///   reached by two paths is linted once), and matched against globs where the kernel finds it.
/// - A path that does not exist, and a folder or file that cannot be opened, is a problem the run
///   reports, with the system's reason; the rest is linted.
struct FileDiscovery {
  /// The folder names never walked into.
  static let skippedFolders: Set<String> = [".git", ".build", "node_modules"]
  static let defaultInclude = Glob("*.inertia")

  /// A path that could not be linted, and why.
  struct Problem: Sendable, Equatable {
    var path: String
    var reason: String
  }

  let currentDirectory: String
  /// The working directory as the kernel resolves it.
  let physicalCurrentDirectory: String
  let includes: [Glob]
  let excludes: [Glob]
  let respectsGitIgnore: Bool
  let configurations: ConfigurationResolver
  /// How many threads a walk may use: its first folder with several subfolders is walked a subfolder a
  /// thread (see ``walkSideBySide(_:_:)``).
  let jobs: Int
  /// Held around every use of `configurations` during a walk, which threads share (and of `strerror`, whose
  /// buffer they would).
  private let configurationLock = Lock()
  /// Whether this walker may walk subfolders side by side (the walkers of those subfolders do not).
  private var walksSideBySide = true

  /// The inputs found, sorted by path, each file once (worked out once, when ``discover(_:standardInputName:)``
  /// ends).
  private(set) var inputs: [LintInput] = []
  private(set) var problems: [Problem] = []
  /// The app sources the walks found (see ``AppSourceInput``), sorted by path, each file once; and every
  /// `.json` file they found that is not an input, by the path findings would name it. Neither is looked
  /// for under a configuration whose `appSources` is `false`.
  private(set) var appSources: [AppSourceInput] = []
  private(set) var jsonFiles: [String] = []
  /// What the walks found for the app rules, in the order found.
  private var foundAppFiles = AppFiles()
  /// The `.gitignore` files (and `.git/info/exclude`) the walks read, which no output may overwrite.
  private(set) var ignoreFilesRead: [String] = []
  /// Every input found, with the file it names (`nil` for standard input), in the order found: a walk's
  /// folders in the order the system lists them, as ever, so that problems and configuration errors come in
  /// that order.
  private var found: [(input: LintInput, id: FileID?)] = []
  /// The positions in `found` in the order the walks give: each walk's in the order of its paths (see
  /// ``walk(_:display:physical:_:_:entered:)``), the paths given one after the other.
  private var walked: [Int] = []
  /// Whether `walked` is the order of the paths (see ``sortedInputs(_:walked:)``).
  private var walkedInOrder = true
  /// The names of a folder's entries, sorted when a walk leaves it (kept from folder to folder).
  private var names = PathOrder()

  init(currentDirectory: String, options: LintOptions, configurations: ConfigurationResolver) {
    self.currentDirectory = currentDirectory
    physicalCurrentDirectory = FileIO.physicalPath(currentDirectory) ?? currentDirectory
    includes = options.includes.map(Glob.init)
    excludes = options.excludes.map(Glob.init)
    respectsGitIgnore = options.respectsGitIgnore
    self.configurations = configurations
    jobs = options.jobs ?? ThreadPool.processorCount
  }

  /// Finds the inputs under `paths` (the working directory when there are none).
  /// - Throws: ``ConfigurationError`` for a configuration file met on the way that cannot be used.
  mutating func discover(_ paths: [String], standardInputName: String?) throws {
    // Each path's inputs are in order, not those of several one after the other.
    walkedInOrder = paths.count <= 1
    for path in paths.isEmpty ? ["."] : paths {
      if path == "-" {
        let name = standardInputName.map(FilePath.name(of:))
        var input = LintInput(path: standardInputName ?? "<stdin>", readPath: nil, fileName: name)
        input.configuration = try configurations.configuration(forDirectory: physicalCurrentDirectory)
        walked.append(found.count)
        found.append((input, nil))
        continue
      }
      let readPath = FilePath.isAbsolute(path) ? path : FilePath.join(currentDirectory, path)
      // `lstat` first, which tells a regular file named itself from a link to one; a link is followed.
      var info = stat()
      guard PathText.withCString(readPath, { lstat($0, &info) }) == 0 else {
        problems.append(Problem(path: path, reason: Self.reason(errno)))
        continue
      }
      let namesRegularFile = (info.st_mode & S_IFMT) == S_IFREG
      if (info.st_mode & S_IFMT) == S_IFLNK {
        guard PathText.withCString(readPath, { stat($0, &info) }) == 0 else {
          problems.append(Problem(path: path, reason: Self.reason(errno)))
          continue
        }
      }
      guard let physical = FileIO.physicalPath(readPath) else {
        problems.append(Problem(path: path, reason: Self.reason(errno)))
        continue
      }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        let configuration = try configurations.configuration(forDirectory: physical)
        let ignores = respectsGitIgnore ? GitIgnoreStack.at(physical) : .none
        ignoreFilesRead += ignores.filesRead
        walked += try walk(
          readPath, display: Self.displayPrefix(path), physical: physical, configuration, ignores, entered: true)
      } else {
        let directory = FilePath.directory(of: physical)
        let configuration = try configurations.configuration(forDirectory: directory)
        guard !isExcluded(physical, configuration) else { continue }
        var input = LintInput(path: path, readPath: readPath, fileName: FilePath.name(of: physical))
        input.configuration = configuration
        input.physicalPath = physical
        input.namesRegularFile = namesRegularFile
        walked.append(found.count)
        found.append((input, FileID(info)))
      }
    }
    inputs = Self.sortedInputs(&found, walked: walkedInOrder ? walked : nil)
    (appSources, jsonFiles) = foundAppFiles.sorted()
    foundAppFiles = AppFiles()
  }

  /// The files a walk found for the app rules: app sources, and `.json` files that are not inputs.
  struct AppFiles {
    var sources: [(source: AppSourceInput, id: FileID)] = []
    var jsonFiles: [String] = []

    mutating func append(_ other: AppFiles) {
      sources += other.sources
      jsonFiles += other.jsonFiles
    }

    /// The sources sorted by path, each file once, and the `.json` files sorted.
    func sorted() -> ([AppSourceInput], [String]) {
      guard !sources.isEmpty else { return ([], []) }
      var seen: Set<FileID> = []
      var unique: [AppSourceInput] = []
      for index in sortedPositions(sources.map(\.source.path)) where seen.insert(sources[index].id).inserted {
        unique.append(sources[index].source)
      }
      return (unique, jsonFiles.sorted())
    }
  }

  /// The inputs sorted by path (stably: of equal paths, the one found first first), each file once.
  ///
  /// `walked` is that order already when given (a single path walked, see
  /// ``walk(_:display:physical:_:_:entered:)``); the positions are sorted otherwise. The inputs are moved
  /// out of `found`, which is left empty.
  static func sortedInputs(_ found: inout [(input: LintInput, id: FileID?)], walked: [Int]?) -> [LintInput] {
    let order = walked ?? sortedPositions(found.map(\.input.path))
    assert(order == sortedPositions(found.map(\.input.path)), "the walk's order is the order of the paths")
    var seen: Set<FileID> = []
    seen.reserveCapacity(found.count)
    var inputs: [LintInput] = []
    inputs.reserveCapacity(found.count)
    for index in order {
      if let id = found[index].id, !seen.insert(id).inserted { continue }
      // Moved out rather than copied (each of its strings retained, and released again with `found`).
      var input = LintInput(path: "", readPath: nil, fileName: nil)
      swap(&input, &found[index].input)
      input.fileID = found[index].id
      inputs.append(input)
    }
    found = []
    return inputs
  }

  /// The positions of `paths` sorted by them, stably.
  static func sortedPositions(_ paths: [String]) -> [Int] {
    var order = PathOrder()
    for path in paths { order.append(path) }
    _ = order.sort()
    return order.order
  }

  /// Walks a folder: `configuration` is its parent's and `ignores` its parent's `.gitignore` files (gone
  /// down to the folder), unless `entered` says they are its own already (a folder named on the command
  /// line). Its own `.gitignore` and `.inertia-lint.json` are looked for only when its listing shows them,
  /// so a folder without them costs no failed lookups.
  ///
  /// The files are found, and the subfolders walked, in the order the system lists them (so problems and
  /// configuration errors come in the order they always did); what it returns is the positions in
  /// ``found`` of what it found, in the order of their paths. That order is worked out one folder at a
  /// time: a folder's files and subfolders sorted by name, a subfolder's name compared as the name and a
  /// `/`, which is how every path in it goes on, and each subfolder's own order in its place.
  private mutating func walk(
    _ directory: String, display: String, physical: String, _ inherited: Int, _ inheritedIgnores: GitIgnoreStack,
    entered: Bool
  ) throws -> [Int] {
    guard let handle = PathText.withCString(directory, { opendir($0) }) else {
      let code = errno
      problems.append(
        Problem(path: display.isEmpty ? "." : display, reason: configurationLock.withLock { Self.reason(code) }))
      return []
    }
    var device = stat()
    fstat(dirfd(handle), &device)
    var entries: [(name: String, type: Int32, inode: UInt64)] = []
    entries.reserveCapacity(16)
    var hasGitIgnore = false
    var hasConfiguration = false
    while true {
      errno = 0
      guard let entry = readdir(handle) else {
        if case let code = errno, code != 0 {
          problems.append(
            Problem(path: display.isEmpty ? "." : display, reason: configurationLock.withLock { Self.reason(code) }))
        }
        break
      }
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        return PathText.decode(UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.endIndex)]))
      }
      // The names looked for all start with a `.`, which few others do.
      if name.utf8.first == UInt8(ascii: ".") {
        if name == "." || name == ".." { continue }
        if name == ".gitignore" { hasGitIgnore = true }
        if name == LintConfiguration.fileName { hasConfiguration = true }
      }
      entries.append((name, Int32(entry.pointee.d_type), UInt64(entry.pointee.d_ino)))
    }
    closedir(handle)
    var configuration = inherited
    var ignores = inheritedIgnores
    if !entered {
      if respectsGitIgnore && hasGitIgnore {
        ignores.enter(physical)
        if let read = ignores.filesRead.last, FilePath.directory(of: read) == physical { ignoreFilesRead.append(read) }
      }
      if hasConfiguration {
        configuration = try configurationLock.withLock {
          try configurations.configuration(enteringDirectory: physical, inherited: inherited)
        }
      }
    }
    let rules = configurationLock.withLock { configurations.applied[configuration] }
    // The name findings give a file is its read path when the folder's display and read paths are the same
    // text, so one string serves both.
    let sharesPaths =
      display.isEmpty
      ? FilePath.isSame(directory, ".")
      : FilePath.isSame(display, directory) && display.utf8.last != UInt8(ascii: "/")
    // And a file's read path is its physical one when the folder's are the same text (an absolute path
    // without links).
    let readsPhysical = FilePath.isSame(directory, physical)
    // What is kept: files (by their position in `found`) then folders (by their position in `folders`),
    // each in the order listed.
    var kept: [(name: String, isFolder: Bool, position: Int)] = []
    kept.reserveCapacity(entries.count)
    var folders: [(name: String, location: String)] = []
    for (name, listedType, inode) in entries {
      var type = listedType
      var id = FileID(device: UInt64(device.st_dev), inode: inode)
      if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
        // A link to a file is linted; a link to a folder is not followed; a dangling link is nothing.
        var info = stat()
        guard PathText.withCString(FilePath.join(directory, name), { stat($0, &info) }) == 0 else { continue }
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        if type == Int32(DT_LNK) && isFolder { continue }
        type = isFolder ? Int32(DT_DIR) : Int32(DT_REG)
        id = FileID(info)
      }
      let location = FilePath.join(physical, name)
      if type == Int32(DT_DIR) {
        // Hidden as `hasPrefix` has it, by characters: `.` + U+0301 is no `.` (the byte test only goes first).
        if (name.utf8.first == UInt8(ascii: ".") && name.hasPrefix(".")) || Self.skippedFolders.contains(name)
          || ignores.ignores(name, isDirectory: true)
        {
          continue
        }
        // A folder whose animation files are excluded is still walked for sources `appSources.exclude` lets in.
        if isExcluded(location, rules) && !(rules.readsAppSources && !isExcludedAsAppFile(location, rules)) {
          continue
        }
        folders.append((name, location))
      } else if type == Int32(DT_REG) {
        guard !Self.isTemporaryFile(name) else { continue }
        guard isIncluded(location, name: name, rules) else {
          if rules.readsAppSources {
            findAppFile(
              name, location, id, display, directory, sharesPaths, readsPhysical, rules, ignores, configuration)
          }
          continue
        }
        guard !isExcluded(location, rules), !ignores.ignores(name, isDirectory: false) else { continue }
        let path = readsPhysical ? location : FilePath.join(directory, name)
        let input = LintInput(
          path: sharesPaths ? path : display.isEmpty ? name : FilePath.concatenate(display, slash: true, name),
          readPath: path, fileName: name, physicalPath: location, configuration: configuration,
          namesRegularFile: listedType == Int32(DT_REG), foundByWalk: true)
        kept.append((name, false, found.count))
        found.append((input, id))
      }
    }
    // What each subfolder's walk found, in the order of its paths.
    var contents: [[Int]] = []
    contents.reserveCapacity(folders.count)
    func subfolder(_ name: String, _ location: String) -> Subfolder {
      let path = readsPhysical ? location : FilePath.join(directory, name)
      var inside = ignores
      inside.descend(into: name)
      return Subfolder(
        path: path,
        display: sharesPaths ? path : display.isEmpty ? name : FilePath.concatenate(display, slash: true, name),
        physical: location, ignores: inside)
    }
    for (index, folder) in folders.enumerated() { kept.append((folder.name, true, index)) }
    if walksSideBySide && jobs > 1 && folders.count > 1 {
      contents = try walkSideBySide(folders.map(subfolder), configuration)
    } else {
      for (name, location) in folders {
        let folder = subfolder(name, location)
        contents.append(
          try walk(
            folder.path, display: folder.display, physical: folder.physical, configuration, folder.ignores,
            entered: false))
      }
    }
    names.removeAll()
    for entry in kept { names.append(entry.name, isFolder: entry.isFolder) }
    if names.sort() == .interleaved { walkedInOrder = false }
    var order: [Int] = []
    order.reserveCapacity(contents.reduce(kept.count - contents.count) { $0 + $1.count })
    for index in names.order {
      let entry = kept[index]
      if entry.isFolder { order += contents[entry.position] } else { order.append(entry.position) }
    }
    return order
  }

  /// Notes a file a walk does not lint when it is an app source or a `.json` file the app rules may need,
  /// unless an exclude (`appSources.exclude`, else `exclude`) or a `.gitignore` leaves it out.
  private mutating func findAppFile(
    _ name: String, _ location: String, _ id: FileID, _ display: String, _ directory: String, _ sharesPaths: Bool,
    _ readsPhysical: Bool, _ rules: ConfigurationResolver.Applied, _ ignores: GitIgnoreStack, _ configuration: Int
  ) {
    let language = SourceLanguage(fileName: name)
    guard language != nil || name.hasSuffix(".json"), !isExcludedAsAppFile(location, rules),
      !ignores.ignores(name, isDirectory: false)
    else { return }
    let path = readsPhysical ? location : FilePath.join(directory, name)
    let shown = sharesPaths ? path : display.isEmpty ? name : FilePath.concatenate(display, slash: true, name)
    guard let language else {
      foundAppFiles.jsonFiles.append(shown)
      return
    }
    guard isAppSourceIncluded(location, rules) else { return }
    foundAppFiles.sources.append(
      (
        AppSourceInput(
          path: shown, readPath: path, physicalPath: location, language: language, configuration: configuration),
        id
      ))
  }

  /// A subfolder to walk: its read and display paths, its physical one, and the `.gitignore` files at it.
  struct Subfolder: Sendable {
    var path: String
    var display: String
    var physical: String
    var ignores: GitIgnoreStack
  }

  /// What a walk of a subfolder found, on a thread of its own.
  private struct Branch {
    var order: [Int] = []
    var ignoreFilesRead: [String] = []
    var found: [(input: LintInput, id: FileID?)] = []
    var appFiles = AppFiles()
    var problems: [Problem] = []
    var walkedInOrder = true
    var error: (any Error)?
  }

  /// Walks the subfolders of a folder (whose configuration is `configuration`) on up to ``jobs`` threads,
  /// each as ``walk(_:display:physical:_:_:entered:)`` would, and gives what each found, in order.
  ///
  /// Each subfolder is walked by a walker of its own, which walks its folders one at a time; what they
  /// found and the problems they met are then taken in the subfolders' order, as one walk would have found
  /// and met them. A configuration error stops the walk as it would have: the first subfolder's with one
  /// is thrown (what the others found does not matter then).
  private mutating func walkSideBySide(_ subfolders: [Subfolder], _ configuration: Int) throws -> [[Int]] {
    var walker = self
    walker.found = []
    walker.foundAppFiles = AppFiles()
    walker.problems = []
    walker.ignoreFilesRead = []
    walker.walked = []
    walker.walkedInOrder = true
    walker.walksSideBySide = false
    // Each thread works on a copy of its own; what they share (the configurations) is used under the lock.
    nonisolated(unsafe) let template = walker
    let branches = ThreadPool.forEach(subfolders, jobs: jobs) { folder in
      var walker = template
      var branch = Branch()
      do {
        branch.order = try walker.walk(
          folder.path, display: folder.display, physical: folder.physical, configuration, folder.ignores,
          entered: false)
      } catch {
        branch.error = error
      }
      branch.found = walker.found
      branch.appFiles = walker.foundAppFiles
      branch.problems = walker.problems
      branch.ignoreFilesRead = walker.ignoreFilesRead
      branch.walkedInOrder = walker.walkedInOrder
      return branch
    }
    var contents: [[Int]] = []
    contents.reserveCapacity(branches.count)
    for branch in branches {
      if let error = branch.error { throw error }
      let offset = found.count
      found += branch.found
      foundAppFiles.append(branch.appFiles)
      problems += branch.problems
      ignoreFilesRead += branch.ignoreFilesRead
      walkedInOrder = walkedInOrder && branch.walkedInOrder
      contents.append(branch.order.map { $0 + offset })
    }
    return contents
  }

  /// How a folder given on the command line starts the names of the files found in it: as given, without
  /// a trailing slash or a leading `./` (nothing at all for `.`).
  static func displayPrefix(_ path: String) -> String {
    var display = Substring(path).unicodeScalars
    while display.count > 1 && display.last == "/" { display.removeLast() }
    while display.starts(with: "./".unicodeScalars) { display.removeFirst(2) }
    return FilePath.isSame(Substring(display), ".") ? "" : String(display)
  }

  /// Whether a name is one `AtomicWriter` gives its temporary files: `.NAME.tmp-XXXXXX`.
  static func isTemporaryFile(_ name: String) -> Bool {
    // Such a name starts with a `.`, which few do: a `.` is the same byte in a name's UTF-8 as in its own
    // bytes (a raw byte's code point holds no ASCII).
    guard name.utf8.first == UInt8(ascii: ".") else { return false }
    // A name's own bytes are its UTF-8 unless it holds raw bytes (rare): no copy then.
    if PathText.hasRawBytes(name) { return PathText.bytes(name).withUnsafeBufferPointer(isTemporaryFile(bytes:)) }
    return name.utf8.withContiguousStorageIfAvailable(isTemporaryFile(bytes:))
      ?? Array(name.utf8).withUnsafeBufferPointer(isTemporaryFile(bytes:))
  }

  private static func isTemporaryFile(bytes utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard utf8.count > 12, utf8[0] == UInt8(ascii: "."),
      utf8[utf8.count - 11..<utf8.count - 6].elementsEqual(".tmp-".utf8)
    else { return false }
    return utf8.suffix(6).allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
  }

  /// `location`'s components from `base`, both physical paths; `nil` when it is not inside.
  private func components(_ location: String, from base: String?) -> [Substring]? {
    guard let base, let relative = FilePath.relativePart(location, to: base) else { return nil }
    return FilePath.components(relative)
  }

  /// Whether a walk lints the file at `location` (physical), named `name`, under the configuration
  /// `applied`: the command line's includes from the working directory, else the configuration's from its
  /// folder, else `*.inertia`.
  func isIncluded(_ location: String, name: String, _ applied: ConfigurationResolver.Applied) -> Bool {
    if !includes.isEmpty {
      let path = components(location, from: physicalCurrentDirectory) ?? FilePath.components(location)
      return includes.contains { $0.matchesFile(path) }
    }
    if !applied.includes.isEmpty {
      let path = components(location, from: applied.directory) ?? FilePath.components(location)
      return applied.includes.contains { $0.matchesFile(path) }
    }
    return Self.defaultInclude.matchesFile(named: name)
  }

  /// Whether `appSources.include` (when the configuration has one) matches the file at `location`.
  func isAppSourceIncluded(_ location: String, _ applied: ConfigurationResolver.Applied) -> Bool {
    guard !applied.appSourceIncludes.isEmpty else { return true }
    let path = components(location, from: applied.directory) ?? FilePath.components(location)
    return applied.appSourceIncludes.contains { $0.matchesFile(path) }
  }

  /// Whether an exclude of the command line, or the configuration's for sources (`appSources.exclude`, else
  /// `exclude`), matches the file or folder at `location`, or a folder it is in.
  func isExcludedAsAppFile(_ location: String, _ applied: ConfigurationResolver.Applied) -> Bool {
    isExcluded(location, by: applied.appSourceExcludes, from: applied.directory)
  }

  /// Whether an exclude matches the file or folder at `location` (physical), or a folder it is in.
  func isExcluded(_ location: String, _ configuration: Int) -> Bool {
    isExcluded(location, configurations.applied[configuration])
  }

  /// Whether an exclude of the command line or of `applied` matches the file or folder at `location`.
  private func isExcluded(_ location: String, _ applied: ConfigurationResolver.Applied) -> Bool {
    isExcluded(location, by: applied.excludes, from: applied.directory)
  }

  /// Whether an exclude of the command line, or one of `configured` (a configuration's, relative to its
  /// `directory`), matches the file or folder at `location`, or a folder it is in.
  private func isExcluded(_ location: String, by configured: [Glob], from directory: String?) -> Bool {
    if !excludes.isEmpty {
      let path = components(location, from: physicalCurrentDirectory) ?? FilePath.components(location)
      if excludes.contains(where: { $0.matchesPathOrParent(path) }) { return true }
    }
    if !configured.isEmpty, let path = components(location, from: directory) {
      if configured.contains(where: { $0.matchesPathOrParent(path) }) { return true }
    }
    return false
  }

  /// The system's reason for `code`, as messages give it ("No such file or directory").
  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

extension FileID {
  /// The file a `stat` describes.
  init(_ info: stat) {
    self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }
}

/// Strings sorted in `String`'s order: paths, or the names of a folder's entries in the order of the paths
/// under them.
///
/// Every path in a folder is its name, a `/` and more, and none is a prefix of another entry's (a name holds
/// no `/`), so comparing the names, a folder's with a `/` after it, comes to comparing the paths: in
/// `String`'s order too, which compares the normalized code points, since a `/` changes no code point's
/// normal form beside it. But for folders whose names `String` holds equal (`é` and `e` + U+0301): their
/// paths, equal but for those names, interleave.
struct PathOrder {
  /// The strings' UTF-8, a folder's name with a `/`, one after the other, and where each ends.
  private var bytes: [UInt8] = []
  private var ends: [Int] = []
  private var isASCII = true
  /// The strings' positions, sorted by ``sort()``.
  private(set) var order: [Int] = []

  enum Outcome {
    /// The order of the strings is that of the paths under them.
    case sorted
    /// Two folders' names are equal to `String`: the paths in them interleave.
    case interleaved
  }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    isASCII = true
  }

  /// Adds a string, or a folder's name, which sorts as if a `/` followed.
  mutating func append(_ name: String, isFolder: Bool = false) {
    let start = bytes.count
    if name.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
      bytes.append(contentsOf: name.utf8)
    }
    // A closure, not the key path `\.isASCII`: that one is read through the runtime's key path machinery
    // (`swift_getAtKeyPath`), some 800 instructions a name, more than the rest of discovering the file.
    if isASCII { isASCII = bytes[start...].withUnsafeBufferPointer { $0.isASCII } }
    if isFolder { bytes.append(UInt8(ascii: "/")) }
    ends.append(bytes.count)
  }

  /// Sorts the strings stably: of two `String` holds equal, the one appended first first.
  mutating func sort() -> Outcome {
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: ends.indices)
    if isASCII {
      // Fast path: ASCII strings (most are), which `<` orders by their bytes, compared in one buffer of them all
      // rather than through `String`'s comparison.
      bytes.withUnsafeBufferPointer { bytes in
        order.sort { a, b in
          let start = (a: a == 0 ? 0 : ends[a - 1], b: b == 0 ? 0 : ends[b - 1])
          let count = (a: ends[a] - start.a, b: ends[b] - start.b)
          let order = memcmp(bytes.baseAddress! + start.a, bytes.baseAddress! + start.b, min(count.a, count.b))
          return order != 0 ? order < 0 : count.a < count.b
        }
      }
      return .sorted
    }
    let names = ends.indices.map { String(decoding: bytes[($0 == 0 ? 0 : ends[$0 - 1])..<ends[$0]], as: UTF8.self) }
    order.sort { names[$0] < names[$1] }
    let interleaved = zip(order, order.dropFirst()).contains { a, b in
      names[a].utf8.last == UInt8(ascii: "/") && names[a] == names[b]
    }
    return interleaved ? .interleaved : .sorted
  }
}
