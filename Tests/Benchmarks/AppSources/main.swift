// appsources-scan: reads app sources the way the app rules will, for the app sources benchmark
// (Tests/Benchmarks/appsources.sh) and for runs over real apps. Not a product: built by the script with
// swiftc against InertiaFormat and InertiaLint.
//
//   appsources-scan [--uses] [--failures] [--lex-all] PATH…
//                                                 files, or folders walked for app sources; --lex-all
//                                                 lexes every source, not only those that mention Inertia;
//                                                 --timing prints the processor time spent in AppSourceUses.find;
//                                                 --read-only reads the files and nothing more (the I/O floor);
//                                                 --repeat N reads them into memory, then times N passes of
//                                                 AppSourceUses.find over them (processor time)
//   appsources-scan --list FILE                   the paths to read, one a line
//
// Prints one summary line per language (files, bytes, failures, uses) and, on request, each use
// (`path:line:column: kind id`) and each failure (`path:line:column: failure: kind`).
import Foundation
import InertiaLint

#if canImport(Glibc)
  import Glibc
#endif

var printUses = false
var printFailures = false
var lexAll = false
var printTiming = false
var readOnly = false
var repeats = 0
/// The sources read into memory, for --repeat.
var loaded: [([UInt8], SourceLanguage)] = []
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--uses": printUses = true
  case "--failures": printFailures = true
  case "--lex-all": lexAll = true
  case "--timing": printTiming = true
  case "--read-only": readOnly = true
  case "--repeat": repeats = Int(arguments.popFirst() ?? "") ?? 1
  case "--list":
    guard let list = arguments.popFirst(), let text = try? String(contentsOfFile: list, encoding: .utf8) else {
      FileHandle.standardError.write(Data("appsources-scan: --list needs a readable file\n".utf8))
      exit(2)
    }
    paths += text.split(separator: "\n").map(String.init)
  default: paths.append(argument)
  }
}

/// The bytes of the file `name` in the folder open as `folder` (or of the path `name`, with `AT_FDCWD`).
func contents(of name: String, in folder: Int32 = AT_FDCWD) -> [UInt8]? {
  let descriptor = openat(folder, name, O_RDONLY)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var status = stat()
  guard fstat(descriptor, &status) == 0 else { return nil }
  let size = Int(status.st_size)
  var failed = false
  let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
    while count < size {
      let got = read(descriptor, buffer.baseAddress! + count, size - count)
      if got <= 0 {
        failed = got < 0
        break
      }
      count += got
    }
  }
  return failed ? nil : bytes
}

struct Tally {
  var files = 0
  var bytes = 0
  var failures = 0
  var uses = 0
}
var tallies = Array(repeating: Tally(), count: SourceLanguage.allCases.count)
var output = ""
/// The time spent in `AppSourceUses.find`, printed with `--timing`.
var libraryNanoseconds: UInt64 = 0

func cpuNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Reads one source, `name` in `folder`, shown as `path`.
func scan(_ name: String, in folder: Int32, path: String) {
  guard let language = SourceLanguage(fileName: name) else { return }
  guard let bytes = contents(of: name, in: folder) else {
    FileHandle.standardError.write(Data("appsources-scan: cannot read \(path)\n".utf8))
    return
  }
  let slot = SourceLanguage.allCases.firstIndex(of: language)!
  tallies[slot].files += 1
  tallies[slot].bytes += bytes.count
  // With --lex-all, every source is lexed, whether it mentions Inertia or not (for failure rates).
  if lexAll, case .failure(let failure) = AppSourceLexer.tokenize(bytes, language: language) {
    tallies[slot].failures += 1
    let located = failure.located(in: bytes)
    if printFailures { output += "\(path):\(located.line):\(located.column): failure: \(failure.kind.rawValue)\n" }
    return
  }
  if readOnly { return }
  if repeats > 0 {
    loaded.append((bytes, language))
    return
  }
  let started = printTiming ? cpuNanoseconds() : 0
  let result = AppSourceUses.find(in: bytes, language: language)
  if printTiming { libraryNanoseconds += cpuNanoseconds() - started }
  switch result {
  case .success(let uses):
    tallies[slot].uses += uses.count
    if printUses {
      for use in uses {
        output += "\(path):\(use.position): \(use.kind) \(use.id)\(use.isDebugOnly ? " debug-only" : "")\n"
      }
    }
  case .failure(let failure):
    tallies[slot].failures += 1
    if printFailures { output += "\(path):\(failure.line):\(failure.column): failure: \(failure.kind.rawValue)\n" }
  }
}

/// Reads every app source under the folder open as `folder`, shown as `path`, walking it as `grep -r`
/// does: `readdir`, and `openat` on the folder's descriptor.
func walk(_ folder: Int32, path: String) {
  guard let stream = fdopendir(folder) else {
    close(folder)
    return
  }
  defer { closedir(stream) }
  while let entry = readdir(stream) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    if name == "." || name == ".." { continue }
    if entry.pointee.d_type == DT_DIR {
      let child = openat(folder, name, O_RDONLY | O_DIRECTORY)
      if child >= 0 { walk(child, path: path + "/" + name) }
    } else {
      scan(name, in: folder, path: path + "/" + name)
    }
  }
}

for path in paths {
  let folder = open(path, O_RDONLY | O_DIRECTORY)
  if folder >= 0 {
    walk(folder, path: path)
  } else {
    scan(path, in: AT_FDCWD, path: path)
  }
}
for (language, tally) in zip(SourceLanguage.allCases, tallies) where tally.files > 0 {
  output +=
    "\(language.rawValue)\tfiles \(tally.files)\tbytes \(tally.bytes)\tfailures \(tally.failures)\tuses \(tally.uses)\n"
}
if repeats > 0 {
  // The library alone, over sources already in memory: the processor time of each pass, and their median.
  var passes: [Double] = []
  var uses = 0
  for _ in 0..<repeats {
    let started = cpuNanoseconds()
    for (bytes, language) in loaded {
      if case .success(let found) = AppSourceUses.find(in: bytes, language: language) { uses += found.count }
    }
    passes.append(Double(cpuNanoseconds() - started) / 1e6)
  }
  passes.sort()
  output +=
    "passes_ms=\(passes.map { String(format: "%.1f", $0) }.joined(separator: ",")) median_ms=\(passes[passes.count / 2]) uses=\(uses / repeats)\n"
}
if printTiming { output += "library_seconds=\(Double(libraryNanoseconds) / 1e9)\n" }
print(output, terminator: "")
