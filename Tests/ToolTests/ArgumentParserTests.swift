import Testing

@testable import InertiaTool

/// The one command-line parser both tools use.
@Suite("Argument parser")
struct ArgumentParserTests {
  let parser = ArgumentParser([
    CommandOption("-o", "--output", value: "FILE", accumulates: true, help: "Output."),
    CommandOption("-j", "--jobs", value: "N", accumulates: true, help: "Jobs."),
    CommandOption("--strict", help: "Strict."),
    CommandOption("-h", "--help", help: "Help."),
  ])

  @Test("Values: separate, after '=', and attached to a short option")
  func values() throws {
    #expect(
      try parser.parse(["--output", "a", "--output=b", "-o", "c", "-od", "-j4", "--jobs=5"]) == [
        .option("--output", value: "a"), .option("--output", value: "b"), .option("--output", value: "c"),
        .option("--output", value: "d"), .option("--jobs", value: "4"), .option("--jobs", value: "5"),
      ])
  }

  @Test("An option that takes a value and does not accumulate is given once, by any of its names (issue 29)")
  func givenOnce() throws {
    let parser = ArgumentParser([CommandOption("--once", value: "N", help: "Once.")])
    #expect(try parser.parse(["--once", "1"]) == [.option("--once", value: "1")])
    for arguments in [["--once", "1", "--once", "2"], ["--once=1", "--once", "1"]] {
      #expect(throws: UsageError("--once is given more than once; give it once")) { try parser.parse(arguments) }
    }
    let real = ArgumentParser([CommandOption("-o", "--output", value: "FILE", help: "Output.")])
    #expect(throws: UsageError("-o or --output is given more than once; give it once")) {
      try real.parse(["-o", "a", "--output=b"])
    }
  }

  @Test("'-' is an operand and '--' makes everything after it one, even -h")
  func operands() throws {
    #expect(
      try parser.parse(["x", "-", "--strict", "--", "-h", "--strict", "--"]) == [
        .operand("x"), .operand("-"), .option("--strict", value: nil), .operand("-h"), .operand("--strict"),
        .operand("--"),
      ])
  }

  @Test(
    "Mistakes are usage errors that say what is wrong",
    arguments: [
      (["--stric"], "unknown option '--stric'; did you mean --strict?"),
      (["-x"], "unknown option '-x'"),
      (["-o"], "-o needs a file name"),
      (["--jobs"], "--jobs needs a number"),
      (["--strict=yes"], "--strict takes no value"),
      (["-hx"], "unknown option '-hx'"),
    ])
  func mistakes(_ arguments: [String], _ message: String) {
    #expect(throws: UsageError(message)) { try parser.parse(arguments) }
  }

  @Test("Help lists every spelling of every option, its value and what it does")
  func help() {
    let help = parser.help
    #expect(help.contains("  -o, --output FILE  Output."))
    #expect(help.contains("  --strict           Strict."))
    #expect(help.split(separator: "\n").count == 4)
  }
}
