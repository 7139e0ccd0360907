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
  }

  /// The inputs, in the order given, each with its destination.
  package let items: [Item]

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

  /// Refuses a plan in which an output is also an input, or two outputs are one file.
  private func checkOutputs() throws(UsageError) {
    var inputs: [FileID: String] = [:]
    for item in items where item.input != "-" {
      if let id = FileIO.identity(of: item.input), inputs[id] == nil { inputs[id] = item.input }
    }
    var outputs: [Self.OutputKey: Item] = [:]
    var directories: [String: FileID?] = [:]  // --out-dir's outputs share one
    for item in items {
      guard case .file(let path) = item.destination, !Self.isStream(path) else { continue }
      let key = Self.key(of: path, directories: &directories)
      if case .existing(let id) = key, let input = inputs[id] {
        throw UsageError(
          "\(item.displayName): the output \(path) would overwrite the input \(input); nothing was written")
      }
      if let other = outputs[key] {
        throw UsageError(
          "\(other.displayName) and \(item.displayName) would both be written to \(path); nothing was written")
      }
      outputs[key] = item
    }
  }

  /// An output file as the kernel will find it: the file that exists there, or the name it will be
  /// made under in a directory.
  enum OutputKey: Hashable {
    case existing(FileID)
    case new(directory: FileID, name: [UInt8])
    case unknown([UInt8])
  }

  /// The key of the output `path`; `directories` keeps the directories' identities found so far.
  static func key(of path: String, directories: inout [String: FileID?]) -> OutputKey {
    // One `lstat` tells in the usual cases: nothing is there, or a file that is no link.
    var info = stat()
    let found = PathText.withCString(path) { lstat($0, &info) } == 0
    if found && (info.st_mode & S_IFMT) != S_IFLNK {
      return .existing(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }
    if found, let id = FileIO.identity(of: path) { return .existing(id) }
    let resolved = found ? FileIO.resolvedPath(path) : path
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
