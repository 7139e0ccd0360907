import InertiaFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where each input of a conversion goes, worked out for every input before anything is read or
/// written, so that a run which would overwrite one of its own inputs, or write two results to one
/// file, is refused whole instead of destroying a file half-way.
///
/// - With `-o FILE`, the one input goes to `FILE` (`-o -` is standard output).
/// - With `--out-dir DIR`, each input goes into `DIR`, named by the command (`x.inertia` → `x.json`).
/// - With several inputs and neither, each goes beside itself under its new name.
/// - One input and neither goes to standard output.
///
/// Files are compared as the kernel sees them, never as text: an output is an input when both name the
/// same device and inode (through any symbolic link, hard link or `..`), and two outputs that do not exist
/// yet are one file when they would be made under the same name in the same directory.
package struct OutputPlan {
  /// Where one input's result goes.
  package enum Destination: Equatable, Sendable {
    case standardOutput
    case file(String)
  }

  /// One input and its destination.
  package struct Item: Sendable {
    /// The path as given, or `-` for standard input.
    package let input: String
    /// How errors name the input: the path, or `<stdin>`.
    package var displayName: String { input == "-" ? "<stdin>" : input }
    /// Where its result goes.
    package let destination: Destination
    /// Whether nothing was at the destination file when the plan looked: its writer makes it new without
    /// looking again (``AtomicWriter/Known/absent``).
    package var destinationIsNew = false
  }

  /// The inputs, in the order given, each with its destination.
  package private(set) var items: [Item]

  /// Plans a run.
  /// - Parameters:
  ///   - inputs: the paths given (none means standard input).
  ///   - output: `-o`'s file, when given.
  ///   - outputDirectory: `--out-dir`'s directory, when given.
  ///   - outputName: the result's file name for an input's file name (`x.inertia` → `x.json`).
  /// - Throws: ``UsageError`` when the run would overwrite an input or write two results to one file.
  package init(
    inputs: [String], output: String?, outputDirectory: String?, outputName: (String) -> String
  ) throws(UsageError) {
    let inputs = inputs.isEmpty ? ["-"] : inputs
    var items: [Item] = []
    for input in inputs {
      let destination: Destination
      if let output {
        destination = output == "-" ? .standardOutput : .file(output)
      } else if let outputDirectory {
        destination = .file(
          FilePath.join(outputDirectory, outputName(input == "-" ? "stdin" : FilePath.name(of: input))))
      } else if inputs.count > 1 {
        guard input != "-" else { throw UsageError("with several inputs, standard input needs -o or --out-dir") }
        destination = .file(FilePath.join(FilePath.directory(of: input), outputName(FilePath.name(of: input))))
      } else {
        destination = .standardOutput
      }
      items.append(Item(input: input, destination: destination))
    }
    self.items = items
    try checkOutputs()
  }

  /// Refuses a plan in which an output is also an input, or two outputs are one file; notes the outputs
  /// that do not exist yet.
  private mutating func checkOutputs() throws(UsageError) {
    let files = items.indices.filter { index in
      guard case .file(let path) = items[index].destination else { return false }
      return !Self.isStream(path)
    }
    // Looked up side by side: a batch names thousands.
    let found = ThreadPool.forEach(files, jobs: files.count > 256 ? ThreadPool.processorCount : 1) { [items] index in
      guard case .file(let path) = items[index].destination else { return Found.nothing }
      return Self.lookUp(path)
    }
    // Only an output that exists can be an input: the inputs are looked up when one does.
    var inputs: [FileID: String] = [:]
    if found.contains(where: { if case .nothing = $0 { false } else { true } }) {
      for item in items where item.input != "-" {
        if let id = FileIO.identity(of: item.input), inputs[id] == nil { inputs[id] = item.input }
      }
    }
    var outputs: [Self.OutputKey: Item] = [:]
    var directories: [String: FileID?] = [:]  // --out-dir's outputs share one
    for (index, lookedUp) in zip(files, found) {
      let item = items[index]
      guard case .file(let path) = item.destination else { continue }
      let key = Self.key(of: path, lookedUp, directories: &directories)
      if case .existing(let id) = key, let input = inputs[id] {
        throw UsageError(
          "\(item.displayName): the output \(path) would overwrite the input \(input); nothing was written")
      }
      if let other = outputs[key] {
        throw UsageError(
          "\(other.displayName) and \(item.displayName) would both be written to \(path); nothing was written")
      }
      outputs[key] = item
      if case .nothing = lookedUp { items[index].destinationIsNew = true }
    }
  }

  /// What is at an output's path.
  enum Found: Sendable {
    /// Nothing (or nothing the process may see).
    case nothing
    /// A file, which is no symbolic link.
    case file(FileID)
    /// A symbolic link.
    case link
  }

  /// What `lstat` finds at `path`.
  static func lookUp(_ path: String) -> Found {
    var info = stat()
    guard PathText.withCString(path, { lstat($0, &info) }) == 0 else { return .nothing }
    if (info.st_mode & S_IFMT) == S_IFLNK { return .link }
    return .file(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
  }

  /// An output file as the kernel will find it: the file that exists there, or the name it will be
  /// made under in a directory.
  enum OutputKey: Hashable {
    case existing(FileID)
    case new(directory: FileID, name: [UInt8])
    case unknown([UInt8])
  }

  /// The key of the output `path`, at which ``lookUp(_:)`` found `found` (one `lstat` tells in the usual
  /// cases: nothing is there, or a file that is no link); `directories` keeps the directories' identities
  /// found so far.
  private static func key(of path: String, _ found: Found, directories: inout [String: FileID?]) -> OutputKey {
    if case .file(let id) = found { return .existing(id) }
    if case .link = found, let id = FileIO.identity(of: path) { return .existing(id) }
    let resolved = { if case .link = found { FileIO.resolvedPath(path) } else { path } }()
    let directoryPath = FilePath.directory(of: resolved)
    let directory: FileID?
    if let known = directories[directoryPath] {
      directory = known
    } else {
      directory = FileIO.identity(of: directoryPath)
      directories[directoryPath] = directory
    }
    guard let directory else { return .unknown(PathText.bytes(path)) }
    return .new(directory: directory, name: PathText.bytes(FilePath.name(of: resolved)))
  }

  /// Whether a path names one of the process's own streams (written in place, never an input's file).
  static func isStream(_ path: String) -> Bool {
    path == "/dev/stdout" || path == "/dev/stderr" || path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/")
  }
}
