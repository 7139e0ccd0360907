import Testing

@testable import InertiaLint

/// Messages' wording: the fast way `seconds` writes a length gives what writing the `Double` gives, and the
/// container message names the expected ids.
@Suite("Rule text")
struct RuleTextTests {
  /// What ``RuleText/seconds(_:)`` gave before its fast path: the number rounded to the millisecond,
  /// written by ``RuleText/number(_:)``.
  static func reference(_ value: Double) -> String {
    RuleText.number((value * 1000).rounded() / 1000) + " s"
  }

  @Test("Seconds are written as the rounded Double is, to the millisecond")
  func seconds() {
    var values: [Double] = [0, -0.0, 0.0004, 0.0005, 0.001, 0.01, 0.1, 3, 3.001, 3.0005, 3.601, 4.5, 16.7, 1e6 + 0.25]
    values += [
      99_999_999.999, 1e8 - 0.5, 1e8 + 0.5, 999_999_999.999, 1e12, 1e15 + 0.5, 1e20, .nan, .infinity, -.infinity,
    ]
    for milliseconds in -3000...12000 { values.append(Double(milliseconds) / 1000) }
    // Random values from a fixed seed (SplitMix64), so that a failure repeats.
    var generator = SplitMix64(seed: 13)
    for _ in 0..<5000 {
      values.append(Double.random(in: -100...100, using: &generator))
      values.append(Double.random(in: 0...1e9, using: &generator))
      values.append(Double.random(in: 1e8...1e13, using: &generator))
    }
    for value in values + values.map(-) {
      #expect(RuleText.seconds(value) == Self.reference(value), "\(value)")
    }
  }

  @Test(
    "Seconds are written to the millisecond, without trailing zeros",
    arguments: [
      (3.0, "3 s"), (3.0004, "3 s"), (3.0006, "3.001 s"), (4.5, "4.5 s"), (0.001, "0.001 s"), (-0.25, "-0.25 s"),
      (16.7, "16.7 s"), (1e6 + 0.25, "1000000.25 s"), (.nan, "NaN s"), (.infinity, "infinity s"),
    ])
  func seconds(_ value: Double, _ text: String) {
    #expect(RuleText.seconds(value) == text)
  }

  /// `unaddressable-id`'s container message, which names the expected ids quoted and
  /// joined with "or" (for no id, one and several).
  @Test("The container message names the expected ids as before", arguments: [[], ["animation"], ["a", "b", "c d"]])
  func containerMessage(_ ids: [String]) throws {
    var linter = Linter(settings: LintSettings(containerIDs: ids))
    linter.maxFindingsPerRule = 0
    let findings = linter.lint(Array("[]".utf8), file: "onboarding.inertia", fileName: "onboarding.inertia")
    let messages = findings.filter { $0.ruleID == "unaddressable-id" }.map(\.message)
    let expected = ids.map { "'\($0)'" }.joined(separator: " or ")
    #expect(
      messages == [
        "the file's container id 'onboarding' (its name) is not \(expected): the editor sends schemas only to the "
          + "container 'animation', so a container with this id loads the file but receives nothing from the editor"
      ])
  }
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): the seeded
/// generator of this module's tests, so that a failure names a round that fails again.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  mutating func coin() -> Bool { next() & 1 == 0 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
