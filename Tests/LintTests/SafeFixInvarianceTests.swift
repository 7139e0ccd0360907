import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// A safe fix keeps what plays, so it must not make or unmake any other finding: after `--fix`, the
/// findings other than the fixed ones are exactly those before it.
@Suite("Safe fixes change no other finding")
struct SafeFixInvarianceTests {
  /// An animation file with durations around the 3 s loop and the 60 s timeline (zeros, negatives and
  /// tiny ones the runtime repairs), repeated keyframe ids and strokes wider than half a shape.
  static func document(seed: UInt64) -> String {
    var rng = SeededGenerator(seed: seed)
    let pose = #"{"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#
    let durations = ["0", "-1", "0.0004", "0.5", "1", "1.5", "2", "2.9995", "3", "2.995", "29.99", "59.99", "60"]
    var animations: [String] = []
    for index in 0..<Int.random(in: 1...3, using: &rng) {
      var keyframes: [String] = []
      for key in 0..<Int.random(in: 0...7, using: &rng) {
        let id = Int.random(in: 0..<6, using: &rng) == 0 ? "K0" : "K\(key)"
        let duration = durations.randomElement(using: &rng)!
        keyframes.append(#"{"id": "\#(id)", "duration": \#(duration), "values": \#(pose)}"#)
      }
      var shapes = ""
      if Bool.random(using: &rng) {
        let width = ["0.1", "0.3", "0.6"].randomElement(using: &rng)!
        shapes =
          #", "shapes": [{"id": "S\#(index)", "shape": {"id": "D\#(index)", "type": "circle", "width": 0.5, "#
          + #""height": 1, "stroke": {"red": 0, "green": 0, "blue": 0, "alpha": 1}, "strokeWidth": \#(width)}}]"#
      }
      animations.append(
        #"{"id": "card\#(index)", "invokeType": "trigger", "initialValues": \#(pose), "keyframes": ["#
          + keyframes.joined(separator: ", ") + "]\(shapes)}")
    }
    return "[" + animations.joined(separator: ",\n") + "]\n"
  }

  @Test(
    "Over generated documents, a safe fix leaves every other finding as it was", arguments: 0..<300 as Range<UInt64>)
  func invariant(_ seed: UInt64) throws {
    let text = Self.document(seed: seed)
    let result = FixTesting.fixer().fix(Array(text.utf8), file: "animation.json", fileName: "animation.json")
    #expect(result.failure == nil)
    func key(_ finding: Finding) -> String { "\(finding.ruleID) \(finding.pointer) \(finding.message)" }
    let fixed = Set(result.fixedFindings.map { "\($0.ruleID) \($0.pointer)" })
    let before = result.originalFindings.filter { !fixed.contains("\($0.ruleID) \($0.pointer)") }.map(key).sorted()
    let after = result.remainingFindings.map(key).sorted()
    #expect(before == after, "seed \(seed):\n\(text)")
  }

  @Test("The spec's card0 (durations 0 and 3, played 3.001 s) does not stretch the 3 s loop, fixed or not")
  func card0() throws {
    let pose = #"{"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#
    for first in ["0", "0.001"] {
      let text =
        #"[{"id": "card0", "invokeType": "trigger", "initialValues": \#(pose), "keyframes": [{"id": "A", "duration": \#(first), "values": \#(pose)}, {"id": "B", "duration": 3, "values": \#(pose)}]}]"#
      let findings = Linter().lint(Array(text.utf8), file: "animation.json", fileName: "animation.json")
      #expect(!findings.contains { $0.ruleID == "loop-stretched" }, "first duration \(first)")
    }
  }
}
