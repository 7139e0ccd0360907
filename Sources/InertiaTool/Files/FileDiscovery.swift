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
/// A directory is walked for files matching the includes (`*.inertia` by default), skipping `.git`,
/// `.build`, `node_modules` and every hidden folder, and whatever an exclude matches. A file named
/// explicitly is linted whatever its extension, unless an exclude matches it (so that a pre-commit hook,
/// which names files, respects the configuration's excludes). Symbolic links to folders are not followed.
/// The hidden temporary files atomic writes leave behind when killed (`.NAME.tmp-XXXXXX`) are never
/// found, whatever the includes.
struct FileDiscovery {
  /// The folder names never walked into.
  static let skippedFolders: Set<String> = [".git", ".build", "node_modules"]
  static let defaultInclude = Glob("*.inertia")

  let currentDirectory: String
  let includes: [Glob]
  /// The directory includes are relative to: the configuration's for its includes, else the current one.
  let includeDirectory: String?
  let excludes: [Glob]
  let configurationExcludes: [Glob]
  let configurationDirectory: String?

  init(currentDirectory: String, options: LintOptions, configuration: LintConfiguration) {
    self.currentDirectory = FilePath.normalized(currentDirectory)
    let configurationDirectory = configuration.directory.map { FilePath.absolute($0, from: currentDirectory) }
    if !options.includes.isEmpty {
      includes = options.includes.map(Glob.init)
      includeDirectory = self.currentDirectory
    } else if !configuration.includes.isEmpty {
      includes = configuration.includes.map(Glob.init)
      includeDirectory = configurationDirectory
    } else {
      includes = [Self.defaultInclude]
      includeDirectory = self.currentDirectory
    }
    excludes = options.excludes.map(Glob.init)
    configurationExcludes = configuration.excludes.map(Glob.init)
    self.configurationDirectory = configurationDirectory
  }

  /// The inputs, sorted by path and without repeats.
  /// - Throws: ``UsageError`` for a path that does not exist.
  func inputs(for paths: [String], standardInputName: String?) throws(UsageError) -> [LintInput] {
    var inputs: [LintInput] = []
    var seen: Set<String> = []
    for path in paths.isEmpty ? ["."] : paths {
      if path == "-" {
        let name = standardInputName.map(FilePath.name(of:))
        inputs.append(LintInput(path: standardInputName ?? "<stdin>", readPath: nil, fileName: name))
        continue
      }
      let absolute = FilePath.absolute(path, from: currentDirectory)
      switch FilePath.kind(absolute) {
      case .missing:
        throw UsageError("\(path): no such file or directory")
      case .file:
        guard !isExcluded(absolute), seen.insert(absolute).inserted else { continue }
        inputs.append(LintInput(path: path, readPath: absolute, fileName: FilePath.name(of: absolute)))
      case .directory:
        let display = FilePath.normalized(path)
        walk(absolute, display: display == "." ? "" : display, into: &inputs, seen: &seen)
      }
    }
    inputs.sort { $0.path < $1.path }
    return inputs
  }

  private func walk(_ directory: String, display: String, into inputs: inout [LintInput], seen: inout Set<String>) {
    guard let handle = opendir(directory) else { return }
    defer { closedir(handle) }
    var folders: [(String, String)] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let absolute = directory == "/" ? "/" + name : directory + "/" + name
      let shown = display.isEmpty ? name : display + "/" + name
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) {
        type = FilePath.kind(absolute) == .directory ? Int32(DT_DIR) : Int32(DT_REG)
      } else if type == Int32(DT_LNK) {
        // A link to a file is linted; a link to a folder is not followed.
        guard FilePath.kind(absolute) == .file else { continue }
        type = Int32(DT_REG)
      }
      if type == Int32(DT_DIR) {
        if name.hasPrefix(".") || Self.skippedFolders.contains(name) || isExcluded(absolute) { continue }
        folders.append((absolute, shown))
      } else if type == Int32(DT_REG) {
        guard !Self.isTemporaryFile(name), isIncluded(absolute), !isExcluded(absolute),
          seen.insert(absolute).inserted
        else { continue }
        inputs.append(LintInput(path: shown, readPath: absolute, fileName: name))
      }
    }
    for (absolute, shown) in folders {
      walk(absolute, display: shown, into: &inputs, seen: &seen)
    }
  }

  /// Whether a name is one `FileIO.writeAtomically` gives its temporary files: `.NAME.tmp-XXXXXX`.
  static func isTemporaryFile(_ name: String) -> Bool {
    let utf8 = Array(name.utf8)
    guard utf8.count > 12, utf8[0] == UInt8(ascii: "."),
      utf8[utf8.count - 11..<utf8.count - 6].elementsEqual(".tmp-".utf8)
    else { return false }
    return utf8.suffix(6).allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
  }

  private func components(_ absolute: String, from base: String?) -> [Substring]? {
    guard let base, let relative = FilePath.relative(absolute, to: base) else { return nil }
    return relative.split(separator: "/")
  }

  func isIncluded(_ absolute: String) -> Bool {
    let path = components(absolute, from: includeDirectory) ?? absolute.split(separator: "/")
    return includes.contains { $0.matchesFile(path) }
  }

  func isExcluded(_ absolute: String) -> Bool {
    if !excludes.isEmpty {
      let path = components(absolute, from: currentDirectory) ?? absolute.split(separator: "/")
      if excludes.contains(where: { $0.matchesPathOrParent(path) }) { return true }
    }
    if !configurationExcludes.isEmpty, let path = components(absolute, from: configurationDirectory) {
      if configurationExcludes.contains(where: { $0.matchesPathOrParent(path) }) { return true }
    }
    return false
  }
}
