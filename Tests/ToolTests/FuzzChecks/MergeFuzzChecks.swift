@testable import InertiaFormat
@testable import InertiaTool

// The property the `merge` fuzz target checks on every input, shared with the test suite, which replays
// every input that ever failed (`Tests/Fuzz/Regressions/merge`) and tests every shortcut of the merge with
// each side broken. Compiled into both: no test framework.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum MergeFuzzChecks {
  /// A folder for the three versions, made once per process; each check writes and removes them. In
  /// memory (`/dev/shm`) where there is one: ext4 flushes a file truncated or renamed over to the disk.
  static let sandbox: String = {
    var info = stat()
    let folder = stat("/dev/shm", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? "/dev/shm" : "/tmp"
    var template = Array("\(folder)/inertia-fuzz-merge-XXXXXX".utf8CString)
    let root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    mkdir(root + "/scratch", 0o700)
    atexit {
      for name in ["base", "ours", "theirs", "scratch", ""] {
        let path = MergeFuzzChecks.sandbox + (name.isEmpty ? "" : "/" + name)
        if unlink(path) != 0 { rmdir(path) }
      }
    }
    return root
  }()

  /// Where git is, for the merges that get as far as needing it.
  static let git = MergeCommand.environment("PATH")

  /// Writes as the merge does, but without making each write durable (an `fsync` per input would be most
  /// of the time a check takes); what is checked is which bytes end up where.
  static let writer = AtomicWriter(
    syncs: AtomicWriter.Syncs(file: { _ in nil }, directory: { _ in nil }, fileSystem: nil))

  /// The input is three versions of a file: its first byte chooses which may be equal to which (so that
  /// every shortcut of the merge is reached: OURS = THEIRS, BASE = THEIRS, BASE = OURS) and whether git may
  /// be used; the rest, split at the first two `0xFF 0xFE` pairs, gives BASE, OURS and THEIRS. The merge never
  /// crashes, and:
  /// - OURS is left exactly as it was unless all three versions parse (an empty BASE counts: both sides
  ///   added the file);
  /// - a merge that says it merged (exit 0) leaves OURS a document that parses, in the encoding it had;
  /// - nothing but OURS is written: BASE and THEIRS are as they were.
  static func merge(_ input: [UInt8]) throws(ToolPropertyViolation) {
    guard let mode = input.first else { return }
    // Split with `memchr`, which the fuzzer does not instrument: a comparison per byte of a 64 KiB input
    // in a loop of this file's would be most of what an input costs.
    var parts: [[UInt8]] = []
    var rest = Array(input.dropFirst())
    while parts.count < 2 {
      let found = rest.withUnsafeBytes { bytes -> Int? in
        guard let base = bytes.baseAddress else { return nil }
        var from = 0
        // Each 0xFF found by `memchr`, then the byte after it looked at.
        while from < bytes.count, let hit = memchr(base + from, 0xFF, bytes.count - from) {
          let index = UnsafeRawPointer(hit) - base
          if index + 1 < bytes.count && bytes[index + 1] == 0xFE { return index }
          from = index + 1
        }
        return nil
      }
      guard let found else { break }
      parts.append(Array(rest[..<found]))
      rest = Array(rest[(found + 2)...])
    }
    parts.append(rest)
    while parts.count < 3 { parts.append([]) }
    var (base, ours, theirs) = (parts[0], parts[1], parts[2])
    switch mode & 3 {
    case 1: base = ours
    case 2: theirs = ours
    case 3: theirs = base
    default: break
    }
    let root = sandbox
    for (name, bytes) in [("base", base), ("ours", ours), ("theirs", theirs)] {
      unlink(root + "/" + name)
      let fd = open(root + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
      _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
    let status = MergeCommand.run(
      arguments: [root + "/base", root + "/ours", root + "/theirs"], stdout: .inMemory(), stderr: { _ in },
      searchPath: mode & 4 != 0 ? git : "", temporaryDirectory: root + "/scratch", writer: writer)
    let after = (try? FileIO.read(root + "/ours", as: .mergeSide, maxSize: 1 << 26)) ?? []
    let unchangedOthers =
      (try? FileIO.read(root + "/base", as: .mergeSide, maxSize: 1 << 26)) == base
      && (try? FileIO.read(root + "/theirs", as: .mergeSide, maxSize: 1 << 26)) == theirs
    try requireTool(unchangedOthers, "the merge wrote BASE or THEIRS")
    try requireTool((0...2).contains(status), "exit status \(status)")
    guard after != ours else { return }
    let allParse = (base.isEmpty || parses(base)) && parses(ours) && parses(theirs)
    try requireTool(allParse, "OURS was changed (status \(status)) though a version does not parse")
    if status == 0 {
      try requireTool(parses(after), "the merged OURS does not parse")
      try requireTool(
        DocumentEncoding.detect(after) == DocumentEncoding.detect(ours), "the merged OURS changed encoding")
    }
  }

  /// Whether a version parses as its encoding is read (a JSON one as plain JSON, as to-msgpack reads it).
  static func parses(_ bytes: [UInt8]) -> Bool {
    do {
      if DocumentEncoding.detect(bytes) == .json {
        _ = try Converter.toMessagePack(json: bytes)
      } else {
        _ = try MessagePackReader().read(bytes)
      }
      return true
    } catch {
      return false
    }
  }
}
