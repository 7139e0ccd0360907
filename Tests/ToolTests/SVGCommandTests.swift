import Foundation
import InertiaFormat
import InertiaPreview
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaTool

private func corpus(_ name: String) -> String { Fixtures.corpus.appendingPathComponent(name).path }

private func animations(_ name: String) throws -> [InertiaAnimation] {
  try MessagePackDecoder().decode(
    [InertiaAnimation].self, from: Fixtures.bytes(Fixtures.corpus.appendingPathComponent(name)))
}

/// The SVG the library draws for a corpus file, titled as the command titles it.
private func expected(_ name: String, _ adjust: (inout PreviewOptions) -> Void = { _ in }) throws -> String {
  var options = PreviewOptions()
  options.title = FilePath.name(of: name)
  adjust(&options)
  return try SVGPreview.animated(animations(name.replacingOccurrences(of: ".json", with: ".inertia")), options: options)
}

@Suite("inertia-convert to-svg")
struct SVGCommandTests {
  @Test("One input: the library's preview on standard output, from MessagePack or the JSON form alike")
  func standardOutput() throws {
    let result = runConvert(["to-svg", "--no-config", corpus("valid/card0-trigger.inertia")])
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(result.stdoutText == (try expected("valid/card0-trigger.inertia")))
    let json = runConvert(["to-svg", "--no-config", corpus("valid/card0-trigger.json")])
    #expect(json.stdoutText == (try expected("valid/card0-trigger.json")))
  }

  @Test("Several inputs are drawn next to themselves, or into --out-dir; -o writes one file")
  func outputs() throws {
    let directory = try TemporaryDirectory()
    let a = try directory.write(
      "a.inertia", Fixtures.bytes(Fixtures.corpus.appendingPathComponent("valid/card0-trigger.inertia")))
    let b = try directory.write("b.json", Fixtures.bytes(Fixtures.corpus.appendingPathComponent("valid/empty.json")))
    #expect(runConvert(["to-svg", "--no-config", a, b]).status == 0)
    #expect(try directory.contents() == ["a.inertia", "a.svg", "b.json", "b.svg"])
    let out = try TemporaryDirectory()
    #expect(runConvert(["to-svg", "--no-config", "--timeline", "--out-dir", out.path, a, b]).status == 0)
    #expect(try out.contents() == ["a.timeline.svg", "b.timeline.svg"])
    let timeline = String(decoding: try out.read("a.timeline.svg"), as: UTF8.self)
    var options = PreviewOptions()
    options.title = "a.inertia"
    #expect(timeline == SVGTimeline.svg(try animations("valid/card0-trigger.inertia"), options: options))
    let single = directory.file("still.svg")
    #expect(runConvert(["to-svg", "--no-config", "--at", "1.5", "-o", single, a]).status == 0)
    let still = String(decoding: try directory.read("still.svg"), as: UTF8.self)
    #expect(
      still == (try SVGPreview.still(animations("valid/card0-trigger.inertia"), atLoopTime: 1.5, options: options)))
    // Atomic writes leave no temporary file behind.
    #expect(try directory.contents() == ["a.inertia", "a.svg", "b.json", "b.svg", "still.svg"])
  }

  @Test("A file the SwiftUI container cannot decode gets the linter's positioned errors, and exit 1")
  func undecodable() throws {
    let directory = try TemporaryDirectory()
    let schema = runConvert(["to-svg", "--no-config", "-o", directory.file("x.svg"), corpus("lint/schema.json")])
    #expect(schema.status == 1 && schema.stdout.isEmpty)
    #expect(schema.stderr.count == 5)
    #expect(
      schema.stderr.first?.hasPrefix("\(corpus("lint/schema.json")):4:19: \"invokeType\" in an animation object")
        == true)
    #expect(schema.stderr.first?.hasSuffix("[schema] at /0/invokeType") == true)
    let broken = runConvert(["to-svg", "--no-config", corpus("broken/truncated-str8.inertia")])
    #expect(broken.status == 1)
    #expect(
      broken.stderr == [
        "\(corpus("broken/truncated-str8.inertia")): offset 5: not a valid file (read as MessagePack): str8 length 200 "
          + "runs past the end of the input (4 bytes left); the SwiftUI container traps on a file it cannot decode "
          + "[invalid-file] at /0/id"
      ])
    #expect(try directory.contents().isEmpty, "nothing written for a file that cannot be drawn")
  }

  @Test("A NaN pose value is drawn as the runtime repairs it; a NaN colour is an error at its offset and pointer")
  func nonFinite() throws {
    // NaN initial values play as the identity pose, all five (`initialValues.sanitized`,
    // Sources/Inertia/Inertia.swift:2682-2684 at e310d13): the preview draws them so, where it used to refuse.
    let path = corpus("lint/non-finite-value.inertia")
    let result = runConvert(["to-svg", "--no-config", path])
    #expect(result.status == 0 && result.stderr.isEmpty)
    let directory = try TemporaryDirectory()
    // A float32 NaN, which the SwiftUI runtime decodes (a float64 NaN it cannot: that is a `schema` error).
    let json = """
      [{"id": "card0", "invokeType": "auto", "initialValues": \(Documents.pose), "keyframes": [],
        "shapes": [{"id": "s", "shape": {"id": "d", "type": "circle", "width": 0.5, "height": 0.5,
          "fill": {"red": 1, "green": {"$float32": "NaN"}, "blue": 0, "alpha": 1}}}]}]
      """
    let file = try directory.write(
      "colour.inertia", try Converter.toMessagePack(json: Array(json.utf8), extended: true))
    let colour = runConvert(["to-svg", "--no-config", file])
    #expect(colour.status == 1 && colour.stdout.isEmpty)
    #expect(colour.stderr.count == 1)
    #expect(
      colour.stderr.first?.hasSuffix(
        "fill green is NaN: the colour on screen is not defined; no preview drawn at /0/shapes/0/shape/fill/green")
        == true, "\(colour.stderr)")
  }

  @Test("The loop duration: --loop-duration, else the configuration's loopDuration, else 3 s")
  func loopDuration() throws {
    let directory = try TemporaryDirectory()
    try directory.write(".inertia-lint.json", #"{"loopDuration": 5}"#)
    let input = corpus("valid/card0-trigger.inertia")
    func duration(_ arguments: [String]) -> String? {
      let stdout = CommandOutput.inMemory()
      let status = SVGCommand.run(
        arguments: arguments + [input], stdout: stdout, stderr: { _ in }, currentDirectory: directory.path)
      guard status == 0, let range = stdout.text.range(of: #"dur=""#) else { return nil }
      return String(stdout.text[range.upperBound...].prefix { $0 != "\"" })
    }
    #expect(duration([]) == "5s")
    #expect(duration(["--loop-duration", "4"]) == "4s")
    #expect(duration(["--no-config"]) == "3.001s")
    #expect(duration(["--config", directory.file(".inertia-lint.json")]) == "5s")
    try directory.write("bad.json", #"{"loopDuration": -1}"#)
    var errors: [String] = []
    let status = SVGCommand.run(
      arguments: ["--config", directory.file("bad.json"), input], stdout: .inMemory(), stderr: { errors.append($0) },
      currentDirectory: directory.path)
    #expect(status == 2 && errors.count == 1)
  }

  @Test("--trigger plays the named animations only; an id the file lacks is an error")
  func trigger() throws {
    let input = corpus("valid/onboarding-flow.inertia")
    let result = runConvert(["to-svg", "--no-config", "--trigger", "featureCard0", "--trigger", "doneBadge", input])
    #expect(result.status == 0)
    #expect(
      result.stdoutText
        == (try expected("valid/onboarding-flow.inertia") { $0.triggering = .only(["featureCard0", "doneBadge"]) }))
    let before = runConvert(["to-svg", "--no-config", "--at", "before", input])
    var options = PreviewOptions()
    options.title = "onboarding-flow.inertia"
    options.triggering = .none
    #expect(
      before.stdoutText
        == (try SVGPreview.still(animations("valid/onboarding-flow.inertia"), atLoopTime: 0, options: options)))
    let unknown = runConvert(["to-svg", "--no-config", "--trigger", "featureCardO", input])
    #expect(unknown.status == 2 && unknown.stdout.isEmpty)
    #expect(unknown.stderr.first?.contains("--trigger featureCardO: no animation of this file has that id") == true)
  }

  @Test("Sizes set the placeholders and the container")
  func sizes() throws {
    let result = runConvert([
      "to-svg", "--no-config", "--view-size", "150x80", "--container-size=600x400",
      corpus("valid/card0-trigger.inertia"),
    ])
    #expect(result.status == 0)
    #expect(
      result.stdoutText
        == (try expected("valid/card0-trigger.inertia") {
          $0.viewSize = .init(width: 150, height: 80)
          $0.containerSize = .init(width: 600, height: 400)
        }))
  }

  @Test(
    "Usage errors exit 2 with one line",
    arguments: [
      (["--at", "-1"], "--at takes a number of seconds, 0 or more, or 'before'"),
      (["--at", "soon"], "--at takes a number of seconds, 0 or more, or 'before'"),
      (["--at", "1", "--timeline"], "--at and --timeline each choose the picture; give one of them, once"),
      (["--timeline", "--trigger", "a"], "--trigger does not apply to --timeline"),
      (["--at", "before", "--trigger", "a"], "--trigger does not apply to --at before, where nothing is triggered"),
      (["--loop-duration", "0"], "--loop-duration takes a positive number of seconds"),
      (["--view-size", "96"], "--view-size takes a width and a height in points, such as 390x844"),
      (["--container-size", "0x10"], "--container-size takes a width and a height in points, such as 390x844"),
      (["--config", "a", "--no-config"], "--config and --no-config cannot be used together"),
      (["--timelin"], "unknown option '--timelin'; did you mean --timeline?"),
    ])
  func usage(arguments: [String], message: String) {
    let result = runConvert(["to-svg"] + arguments + ["x.inertia"])
    #expect(result.status == 2)
    #expect(result.stderr == ["inertia-convert: \(message) (see to-svg --help)"])
  }

  @Test("--help shows to-svg's options; the converter's help names the command")
  func help() {
    let help = runConvert(["to-svg", "--help"])
    #expect(help.status == 0 && help.stdoutText.hasPrefix("Usage: inertia-convert to-svg [OPTIONS] [FILE|-]..."))
    for option in ["--at", "--timeline", "--trigger", "--loop-duration", "--view-size", "--container-size"] {
      #expect(help.stdoutText.contains(option))
    }
    #expect(runConvert(["--help"]).stdoutText.contains("inertia-convert to-svg"))
  }

  @Test("Every option in to-svg --help is parsed")
  func everyOptionParses() throws {
    let directory = try TemporaryDirectory()
    for option in SVGCommand.arguments.options.map(\.name) where option != "--help" && option != "--version" {
      let value: [String]
      switch option {
      case "--output", "--config", "--trigger": value = ["x"]
      case "--out-dir": value = [directory.path]
      case "--at", "--loop-duration", "--max-depth": value = ["2"]
      case "--view-size", "--container-size": value = ["10x20"]
      default: value = []
      }
      #expect(throws: Never.self, "\(option)") {
        _ = try SVGCommand.options(from: SVGCommand.arguments.parse([option] + value + ["in.inertia"]))
      }
    }
  }

  @Test("An output that would overwrite its input is refused")
  func sameFile() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write(
      "x.svg", Fixtures.bytes(Fixtures.corpus.appendingPathComponent("valid/card0-trigger.inertia")))
    let result = runConvert(["to-svg", "--no-config", "-o", input, input])
    #expect(result.status == 2)
    #expect(
      result.stderr == [
        "inertia-convert: \(input): the output \(input) would overwrite the input \(input); nothing was written"
      ])
  }
}
