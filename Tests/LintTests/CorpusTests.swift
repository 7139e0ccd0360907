import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// `Corpus/lint/`: each file named for a rule breaks that rule, and the files under `clean/` break none.
@Suite("Corpus")
struct CorpusTests {
  static let directory = RegistryTests.repository.appendingPathComponent("Corpus/lint")

  /// The MessagePack corpus files and the JSON they are written from, as `inertia-convert to-msgpack` writes
  /// it: an Inertia document's numbers as the editor writes them (a colour as a float32), and the extended
  /// form's tags as the values they stand for. Run the tests with `RECORD_SNAPSHOTS=1` to write them afresh.
  static let messagePackFiles: [(name: String, json: String)] = [
    (
      "non-finite-value.inertia",
      #"""
      [{"id": "card0", "invokeType": "trigger",
        "initialValues": {"scale": {"$float64": "NaN"}, "translate": [0, 0], "rotate": 0, "rotateCenter": 0,
          "opacity": 1},
        "keyframes": [
          {"id": "1A9DA10A-9E90-49B6-943B-D10756FA3C2C", "duration": 0,
           "values": {"scale": 1, "translate": [{"$float64": "Infinity"}, 0], "rotate": 0, "rotateCenter": 0,
             "opacity": 1}},
          {"id": "F5F9E292-E987-442C-89CC-C2CB09B56971", "duration": {"$float64": "NaN"},
           "values": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0,
             "opacity": {"$float32": "-Infinity"}}}]}]
      """#
    ),
    (
      "duplicate-keyframe-id.inertia",
      #"""
      [{"id": "card0", "invokeType": "trigger",
        "initialValues": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1},
        "keyframes": [
          {"id": "1A9DA10A-9E90-49B6-943B-D10756FA3C2C", "duration": 0,
           "values": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}},
          {"id": "1A9DA10A-9E90-49B6-943B-D10756FA3C2C", "duration": 1,
           "values": {"scale": 2, "translate": [0.5, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}}]}]
      """#
    ),
    (
      "clean/animation.inertia",
      #"""
      [{"id": "card0", "invokeType": "trigger",
        "initialValues": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1},
        "keyframes": [],
        "shapes": [{"id": "B4E1C0F2-6C3E-4B0E-9E2C-6A0F1D2E3F44", "zIndex": 0, "position": "bottom", "ownCanvas": false,
          "transforms": {"scale": 1, "translate": [0.25, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1},
          "shape": {"id": "1F7A9C55-1D2B-4E6A-8C1F-7B3D9E0A5C21", "type": "circle", "width": 0.5, "height": 0.5,
            "fill": {"red": 0.33, "green": 0.35, "blue": 0.86, "alpha": 1}, "strokeWidth": 0},
          "shapes": [{"id": "9D2E4A17-88C0-4F3B-B5A9-0C6E1D7F2A38", "zIndex": 0,
            "shape": {"id": "C3B6E5D4-2A19-4870-9FE1-5B4C8D3A2E60", "type": "circle", "width": 0.3, "height": 0.3,
              "fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}]}]}]
      """#
    ),
  ]

  @Test("The MessagePack corpus files are written from their JSON")
  func messagePackFilesAreCurrent() throws {
    for (name, json) in Self.messagePackFiles {
      let extended = json.contains(#"{"$"#)
      let bytes = try Converter.toMessagePack(json: Array(json.utf8), extended: extended, numbers: .inertia)
      let url = Self.directory.appendingPathComponent(name)
      if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try Data(bytes).write(to: url)
      } else {
        #expect(try [UInt8](Data(contentsOf: url)) == bytes, "\(name) is stale: run with RECORD_SNAPSHOTS=1")
      }
    }
  }

  static let ruleFiles: [String] =
    (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
    .filter { !$0.hasPrefix(".") && $0.contains(".") }.sorted() ?? []

  @Test("Each file breaks the rule it is named for", arguments: ruleFiles)
  func breaksItsRule(_ name: String) throws {
    let stem = String(name.prefix { $0 != "." })
    let rule = try #require(
      RuleRegistry.identifiers.filter { stem == $0 || stem.hasPrefix($0 + "-") }.max { $0.count < $1.count })
    let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
    let findings = Linter().lint(bytes, file: name, fileName: name)
    #expect(findings.contains { $0.ruleID == rule }, "\(findings.map(\.ruleID))")
  }

  static let cleanFiles: [String] = {
    let root = directory.appendingPathComponent("clean")
    guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") || $0.hasSuffix(".inertia") }.sorted()
  }()

  @Test("Clean files have no findings at all", arguments: cleanFiles)
  func clean(_ path: String) throws {
    let url = Self.directory.appendingPathComponent("clean").appendingPathComponent(path)
    let findings = Linter().lint(try [UInt8](Data(contentsOf: url)), file: path, fileName: url.lastPathComponent)
    #expect(findings.isEmpty, "\(findings.map(\.message))")
  }
}
