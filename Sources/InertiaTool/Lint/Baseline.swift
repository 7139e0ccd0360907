import InertiaFormat
import InertiaLint

/// A baseline: the findings a repository had when it adopted the linter, which `--baseline` leaves out so
/// that a run shows only new ones (as SwiftLint's `--baseline` does).
///
/// ```json
/// {
///   "version": 1,
///   "tool": "inertia-lint",
///   "findings": [
///     {"file": "Resources/card.inertia", "rule": "RULE", "pointer": "/0/keyframes/3", "subject": "/card0/keyframes/K4", "message": "…"}
///   ]
/// }
/// ```
///
/// - `file` is relative to the baseline's folder (with `..` for a file outside it), from where the kernel
///   finds both (links resolved), so the baseline works in every clone; a name that is not UTF-8 is
///   percent-encoded, with `"fileEncoding": "percent"`, as in JSON reports.
/// - A finding matches an entry of its file and rule by subject (the ids along its path, see
///   ``Finding/subject``) when the entry has one, else by pointer: it survives edits elsewhere in the
///   file, keyframes inserted before it included. Offsets, lines and messages are not compared; the
///   message is there for whoever reads the file.
/// - Matching is by kind, not by count: one entry leaves out every finding of its rule at its subject.
///   `io-error` (a file that could not be read) is never baselined.
struct Baseline {
  /// One baselined finding.
  struct Entry: Hashable, Comparable {
    /// The file, relative to the baseline's folder.
    var file: String
    var rule: String
    var pointer: String
    var subject: String?
    var message: String

    static func < (a: Entry, b: Entry) -> Bool {
      (a.file, a.rule, a.pointer, a.subject ?? "", a.message) < (b.file, b.rule, b.pointer, b.subject ?? "", b.message)
    }

    // Files are told apart by their bytes, as the file system tells them apart (`é` and `e` + U+0301 are
    // two files, which `String`'s equality would take for one); the rest as the linter compares them.
    static func == (a: Entry, b: Entry) -> Bool {
      FilePath.isSame(a.file, b.file)
        && (a.rule, a.pointer, a.subject, a.message) == (b.rule, b.pointer, b.subject, b.message)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(Array(file.utf8))
      hasher.combine(rule)
      hasher.combine(pointer)
      hasher.combine(subject)
      hasher.combine(message)
    }
  }

  /// The version of the file's layout this tool reads and writes.
  static let version = 1

  /// Where the baseline's folder is, as the kernel finds it.
  let directory: String
  /// What is left out, by the bytes of the file's physical path (two names `String` takes for equal may be
  /// two files).
  private var byFile: [[UInt8]: FindingSuppression] = [:]

  /// What the baseline leaves out of the file at `location` (a physical path).
  func suppression(at location: String) -> FindingSuppression {
    byFile[Array(location.utf8)] ?? FindingSuppression()
  }

  /// How many files it has entries for.
  var fileCount: Int { byFile.count }

  /// Reads a baseline file.
  /// - Throws: ``ConfigurationError`` naming the line and column of what is not understood.
  static func load(
    _ path: String, currentDirectory: String, as role: InputRole
  ) throws(ConfigurationError) -> Baseline {
    let full = FilePath.isAbsolute(path) ? path : FilePath.join(currentDirectory, path)
    let bytes: [UInt8]
    do {
      bytes = try FileIO.read(full, as: role, maxSize: DecodingLimits.default.maxInputSize)
    } catch {
      throw ConfigurationError(path: path, message: "cannot read the baseline: \(error.reason)")
    }
    guard let directory = FileIO.physicalPath(FilePath.directory(of: full)) else {
      throw ConfigurationError(path: path, message: "cannot find the baseline's folder")
    }
    let document: IndexedDocument
    do {
      document = try IndexedDocument.read(bytes, as: .json)
    } catch {
      throw ConfigurationError(path: path, line: error.line, column: error.column, message: error.message)
    }
    var baseline = Baseline(directory: directory)
    func fail(_ message: String, at node: IndexedDocument.Node) -> ConfigurationError {
      let (line, column) = document.lineAndColumn(ofOffset: document.byteRange(of: node).lowerBound)
      return ConfigurationError(path: path, line: line, column: column, message: message)
    }
    guard let root = document.root, document.isMap(root) else {
      throw ConfigurationError(path: path, line: 1, column: 1, message: "a baseline is an object with \"findings\"")
    }
    if let version = document.value(forKeyNamed: "version", in: root),
      document.double(of: version) != Double(Self.version)
    {
      throw fail("this baseline's version is not \(Self.version), the one this inertia-lint reads", at: version)
    }
    guard let findings = document.value(forKeyNamed: "findings", in: root), document.isArray(findings) else {
      throw fail("a baseline has \"findings\", an array of objects", at: root)
    }
    for element in document.elements(of: findings) {
      guard document.isMap(element) else { throw fail("a finding is an object", at: element) }
      func text(_ key: String, required: Bool = true) throws(ConfigurationError) -> String? {
        guard let node = document.value(forKeyNamed: key, in: element) else {
          if required { throw fail("a finding needs \"\(key)\"", at: element) }
          return nil
        }
        guard let text = document.string(of: node) else { throw fail("\"\(key)\" must be a string", at: node) }
        return text
      }
      guard var file = try text("file"), let rule = try text("rule"), let pointer = try text("pointer") else {
        continue
      }
      if try text("fileEncoding", required: false) == "percent" {
        guard let decoded = PathText.percentDecoded(file) else {
          throw fail("\"file\" is not percent-encoded", at: document.value(forKeyNamed: "file", in: element)!)
        }
        file = decoded
      }
      let location = Self.location(of: file, in: directory)
      baseline.byFile[Array(location.utf8), default: FindingSuppression()].ignore(
        rule, pointer: pointer, subject: try text("subject", required: false))
    }
    return baseline
  }

  /// The entries for one file's findings (not its `io-error`, nor a finding counting others past the
  /// limit); none for standard input, which has no place.
  static func entries(_ findings: [Finding], location: String?, directory: String) -> [Entry] {
    guard let location else { return [] }
    let file = relativePath(of: location, from: directory)
    return findings.compactMap { finding in
      guard finding.ruleID != IOErrorFinding.ruleID, finding.omittedCount == 0 else { return nil }
      return Entry(
        file: file, rule: finding.ruleID, pointer: finding.pointer.description, subject: finding.subject,
        message: finding.message)
    }
  }

  /// The path of `location` from `directory`, both physical paths (no links, no `.` or `..`): down from
  /// their common folder, after a `..` for each folder of `directory` below it.
  static func relativePath(of location: String, from directory: String) -> String {
    let target = FilePath.components(location)
    let base = FilePath.components(directory)
    var common = 0
    // Names are compared by their bytes: `é` and `e` + U+0301 are two names to the file system.
    while common < min(target.count, base.count) && FilePath.isSame(target[common], base[common]) { common += 1 }
    let up = Array(repeating: Substring(".."), count: base.count - common)
    return (up + target[common...]).joined(separator: "/")
  }

  /// Where an entry's `file` is: `directory` (a physical path) followed by it, each `..` taking off a folder,
  /// which is exact on a physical path.
  static func location(of file: String, in directory: String) -> String {
    var components = FilePath.isAbsolute(file) ? [] : FilePath.components(directory)
    for component in FilePath.components(file) {
      if FilePath.isSame(component, ".") { continue }
      if FilePath.isSame(component, "..") {
        _ = components.popLast()
      } else {
        components.append(component)
      }
    }
    return "/" + components.joined(separator: "/")
  }

  /// The baseline file's text: its entries sorted, one per line, so that a change to it reviews as a diff
  /// of the findings that came or went.
  static func text(_ entries: [Entry]) -> String {
    let writer = JSONWriter(options: .init(style: .compact))
    var lines: [String] = []
    for entry in Set(entries).sorted() {
      var fields: [MessagePackValue.MapEntry] = []
      if PathText.hasRawBytes(entry.file) {
        fields += [.init("file", .string(PathText.percentEncoded(entry.file))), .init("fileEncoding", "percent")]
      } else {
        fields.append(.init("file", .string(entry.file)))
      }
      fields += [.init("rule", .string(entry.rule)), .init("pointer", .string(entry.pointer))]
      if let subject = entry.subject { fields.append(.init("subject", .string(subject))) }
      fields.append(.init("message", .string(entry.message)))
      // Strings only, which JSON always holds.
      lines.append("    " + ((try? writer.writeString(.map(fields))) ?? "{}"))
    }
    let list = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n  ]"
    return "{\n  \"version\": \(version),\n  \"tool\": \"inertia-lint\",\n  \"findings\": \(list)\n}\n"
  }
}
