// appsources-scan: reads app sources the way the app rules will, for the app sources benchmark
// (Tests/Benchmarks/appsources.sh) and for runs over real apps. Not a product: built by the script with
// swiftc against InertiaFormat and InertiaLint.
//
//   appsources-scan [--uses] [--failures] PATH…   files, or folders walked for app sources
//   appsources-scan --list FILE                   the paths to read, one a line
//
// Prints one summary line per language (files, bytes, failures, uses) and, on request, each use
// (`path:line:column: kind id`) and each failure (`path:line:column: failure: kind`).
import Foundation
import InertiaLint

var printUses = false
var printFailures = false
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--uses": printUses = true
  case "--failures": printFailures = true
  case "--list":
    guard let list = arguments.popFirst(), let text = try? String(contentsOfFile: list, encoding: .utf8) else {
      FileHandle.standardError.write(Data("appsources-scan: --list needs a readable file\n".utf8))
      exit(2)
    }
    paths += text.split(separator: "\n").map(String.init)
  default: paths.append(argument)
  }
}

/// Every app source under `path`, or `path` itself.
func sources(under path: String) -> [String] {
  var isFolder: ObjCBool = false
  guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
    return [path]
  }
  let names = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
  return names.filter { SourceLanguage(fileName: $0) != nil }.sorted().map { path + "/" + $0 }
}

struct Tally {
  var files = 0
  var bytes = 0
  var failures = 0
  var uses = 0
}
var tallies: [SourceLanguage: Tally] = [:]
var output = ""
for file in paths.flatMap(sources(under:)) {
  guard let language = SourceLanguage(fileName: file) else { continue }
  guard let data = FileManager.default.contents(atPath: file) else {
    FileHandle.standardError.write(Data("appsources-scan: cannot read \(file)\n".utf8))
    continue
  }
  let bytes = [UInt8](data)
  tallies[language, default: Tally()].files += 1
  tallies[language, default: Tally()].bytes += bytes.count
  switch AppSourceUses.find(in: bytes, language: language) {
  case .success(let uses):
    tallies[language, default: Tally()].uses += uses.count
    if printUses {
      for use in uses { output += "\(file):\(use.position): \(use.kind) \(use.id)\(use.isDebugOnly ? " debug-only" : "")\n" }
    }
  case .failure(let failure):
    tallies[language, default: Tally()].failures += 1
    if printFailures { output += "\(file):\(failure.line):\(failure.column): failure: \(failure.kind.rawValue)\n" }
  }
}
for language in SourceLanguage.allCases {
  guard let tally = tallies[language] else { continue }
  output += "\(language.rawValue)\tfiles \(tally.files)\tbytes \(tally.bytes)\tfailures \(tally.failures)\tuses \(tally.uses)\n"
}
print(output, terminator: "")
