import InertiaFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a run's results go, worked out for every file it writes before anything is read or written:
/// the one output plan of the tools. Every writer (``OutputRole``) goes through it, so that a run which
/// would overwrite one of its own inputs, or write two results to one file, is refused whole instead of
/// destroying a file half-way.
///
/// For a conversion (``init(inputs:output:outputDirectory:outputName:writers:otherInputs:)``):
/// - with `-o FILE`, the one input goes to `FILE` (`-o -` is standard output);
/// - with `--out-dir DIR`, each input goes into `DIR`, named by the command (`x.inertia` → `x.json`); a
///   `DIR` that is not there yet is made, whole with its files or not at all (see ``NewDirectory``);
/// - with several inputs and neither, each goes beside itself under its new name;
/// - one input and neither goes to standard output.
///
/// Any other writer gives its files and the run's inputs to ``check(_:against:)``.
///
/// Files are compared as the kernel sees them, never as text: an output is an input when both name the
/// same device and inode (through any symbolic link, hard link, `./` or `..`), and two outputs that do not
/// exist yet are one file when they would be made under the same name in the same directory. A writer that
/// replaces its own input (`--fix`, `merge`) may write that input, and no other.
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
    /// Where the result is written: the destination, or its place in the new folder being made until that
    /// folder is put in place (see ``NewDirectory``).
    package var writePath: String?
  }

  /// The inputs, in the order given, each with its destination.
  package private(set) var items: [Item]
  /// The folder `--out-dir` names when the run makes it; the caller puts it in place once its files are
  /// (``finish(committed:)``).
  package private(set) var newDirectory: NewDirectory?

  /// The writers of a conversion's three ways of placing results.
  package struct Writers: Sendable {
    package var output: OutputRole
    package var outputDirectory: OutputRole
    package var severalInputs: OutputRole

    package static let convert = Writers(
      output: .convertOutput, outputDirectory: .convertOutDir, severalInputs: .convertBeside)
    package static let svg = Writers(output: .svgOutput, outputDirectory: .svgOutDir, severalInputs: .svgBeside)
  }

  /// Plans a conversion.
  /// - Parameters:
  ///   - inputs: the paths given (none means standard input).
  ///   - output: `-o`'s file, when given.
  ///   - outputDirectory: `--out-dir`'s directory, when given.
  ///   - outputName: the result's file name for an input's file name (`x.inertia` → `x.json`).
  ///   - writers: the command's writers.
  ///   - otherInputs: the other files the run reads (a configuration), which no result may overwrite either.
  /// - Throws: ``UsageError`` when the run would overwrite an input or write two results to one file, or
  ///   `--out-dir` names something that is not a folder, or a folder that cannot be made.
  package init(
    inputs: [String], output: String?, outputDirectory: String?, outputName: (String) -> String,
    writers: Writers = .convert, otherInputs: [String] = []
  ) throws(UsageError) {
    let inputs = inputs.isEmpty ? ["-"] : inputs
    if let outputDirectory {
      if FileIO.exists(outputDirectory) {
        guard FileIO.isDirectory(outputDirectory) else {
          throw UsageError("--out-dir \(outputDirectory) is not a directory")
        }
      } else {
        do throws(FileIOError) {
          newDirectory = try NewDirectory(outputDirectory)
        } catch {
          throw UsageError("--out-dir \(outputDirectory): cannot make the folder: \(error.reason)")
        }
      }
    }
    var items: [Item] = []
    var outputs: [Output] = []
    for input in inputs {
      let destination: Destination
      let role: OutputRole
      if let output {
        destination = output == "-" ? .standardOutput : .file(output)
        role = writers.output
      } else if let outputDirectory {
        destination = .file(
          FilePath.join(outputDirectory, outputName(input == "-" ? "stdin" : FilePath.name(of: input))))
        role = writers.outputDirectory
      } else if inputs.count > 1 {
        guard input != "-" else { throw UsageError("with several inputs, standard input needs -o or --out-dir") }
        destination = .file(FilePath.join(FilePath.directory(of: input), outputName(FilePath.name(of: input))))
        role = writers.severalInputs
      } else {
        destination = .standardOutput
        role = writers.output
      }
      var item = Item(input: input, destination: destination)
      if case .file(let path) = destination {
        item.writePath = path
        outputs.append(Output(path, role: role, name: item.displayName))
      }
      items.append(item)
    }
    let named = (inputs.filter { $0 != "-" } + otherInputs).map { Input($0) }
    if let newDirectory {
      // Nothing is in a folder that is not there: its files can be no input, only one another.
      try Self.checkNamesInNewFolder(outputs)
      for index in items.indices {
        guard case .file(let path) = items[index].destination else { continue }
        items[index].writePath = newDirectory.stagedPath(of: path)
        items[index].destinationIsNew = true
      }
    } else {
      let isNew = try Self.check(outputs, against: named)
      var next = 0
      for index in items.indices {
        guard case .file = items[index].destination else { continue }
        items[index].destinationIsNew = isNew[next]
        next += 1
      }
    }
    self.items = items
  }

  /// Puts the new folder in place once its files are: when `committed` (some file was written in it);
  /// otherwise removes it.
  /// - Returns: why the folder could not be put in place, if it could not (its files are then gone too).
  package func finish(committed: Bool) -> FileIOError? {
    guard let newDirectory else { return nil }
    guard committed else {
      newDirectory.abandon()
      return nil
    }
    do throws(FileIOError) {
      try newDirectory.putInPlace()
    } catch {
      return error
    }
    return nil
  }

  /// Puts `replacements`, the plan's files once written, in place together (``AtomicWriter/commit(_:check:)``),
  /// then finishes the plan (``finish(committed:)``); each failure is a line for `stderr`.
  /// - Returns: whether all of it went well; a run exits 2 when it did not.
  package func commit(
    _ replacements: [AtomicWriter.Replacement], with writer: AtomicWriter, stderr: (String) -> Void
  ) -> Bool {
    var succeeded = true
    var committed = false
    for (replacement, failure) in zip(replacements, writer.commit(replacements)) {
      if let failure {
        stderr("\(replacement.path): \(failure)")
        succeeded = false
      } else {
        committed = true
      }
    }
    if let failure = finish(committed: committed) {
      stderr(failure.description)
      succeeded = false
    }
    return succeeded
  }

  // MARK: The check every writer goes through

  /// A file a run writes.
  package struct Output: Sendable {
    /// Its path, as the run opens it.
    package var path: String
    /// Its writer.
    package var role: OutputRole
    /// How messages name what is written there: the input's name for a result, the option for a report.
    package var name: String
    /// How messages name the path: as the command line gives it.
    package var shownPath: String
    /// For a writer that replaces its own input, that input's path (which it may write).
    package var replacing: String?
    /// Which file it is, when the run knows it already (an input replaced in place, found by a walk).
    package var id: FileID?

    package init(
      _ path: String, role: OutputRole, name: String, shownAs shownPath: String? = nil, replacing: String? = nil,
      id: FileID? = nil
    ) {
      self.path = path
      self.role = role
      self.name = name
      self.shownPath = shownPath ?? path
      self.replacing = replacing
      self.id = id
    }
  }

  /// A file a run reads.
  package struct Input: Sendable {
    /// Its path, as the run opens it.
    package var path: String
    /// How messages name it (as the command line gives it).
    package var name: String
    /// Which file it is, when the run knows it already (a walk found it), which spares looking it up.
    package var id: FileID?

    package init(_ path: String, name: String? = nil, id: FileID? = nil) {
      self.path = path
      self.name = name ?? path
      self.id = id
    }
  }

  /// Refuses outputs of which one is also an input (other than the one a writer replaces in place), or two
  /// are one file.
  /// - Returns: for each output, whether nothing was there when the plan looked.
  /// - Throws: ``UsageError`` saying which output would overwrite which input, or which two collide;
  ///   nothing has been written then.
  package static func check(_ outputs: [Output], against inputs: [Input]) throws(UsageError) -> [Bool] {
    let files = outputs.indices.filter { !isStream(outputs[$0].path) }
    // Looked up side by side (a batch names thousands), but for the files the run knows already.
    let unknown = files.filter { outputs[$0].id == nil }
    let lookedUp = ThreadPool.forEach(unknown, jobs: unknown.count > 256 ? ThreadPool.processorCount : 1) { index in
      lookUp(outputs[index].path)
    }
    var next = lookedUp.makeIterator()
    let found = files.map { index in outputs[index].id.map(Found.file) ?? next.next()! }
    // Only an output that exists can be an input: the inputs are looked up when one does.
    var inputFiles: [FileID: String] = [:]
    var replaced: [FileID: Int] = [:]
    if found.contains(where: { if case .nothing = $0 { false } else { true } }) {
      for input in inputs where input.path != "-" {
        if let id = input.id ?? FileIO.identity(of: input.path), inputFiles[id] == nil { inputFiles[id] = input.name }
      }
      for index in files {
        guard let own = outputs[index].replacing else { continue }
        if let id = outputs[index].id ?? FileIO.identity(of: own) { replaced[id] = index }
      }
    }
    var isNew = [Bool](repeating: false, count: outputs.count)
    var taken: [OutputKey: Int] = [:]
    var directories: [String: FileID?] = [:]  // --out-dir's outputs share one
    for (index, lookedUp) in zip(files, found) {
      let output = outputs[index]
      let key = Self.key(of: output.path, lookedUp, directories: &directories)
      if case .existing(let id) = key, let input = inputFiles[id], replaced[id] != index {
        throw UsageError(
          "\(output.name): the output \(output.shownPath) would overwrite the input \(input); nothing was written")
      }
      if let other = taken[key] {
        throw UsageError(
          "\(outputs[other].name) and \(output.name) would both be written to \(output.shownPath); nothing was written")
      }
      taken[key] = index
      if case .nothing = lookedUp { isNew[index] = true }
    }
    return isNew
  }

  /// Refuses two outputs in a folder being made (where no input can be) that would be one file: the same
  /// name, by its bytes.
  private static func checkNamesInNewFolder(_ outputs: [Output]) throws(UsageError) {
    var taken: [[UInt8]: Int] = [:]
    for (index, output) in outputs.enumerated() {
      let name = PathText.bytes(output.path)
      if let other = taken[name] {
        throw UsageError(
          "\(outputs[other].name) and \(output.name) would both be written to \(output.shownPath); nothing was written")
      }
      taken[name] = index
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
