import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaTool

/// `inertia-convert` over every file of the corpus: the valid files and their twins, and the broken ones.
@Suite("Converting the corpus")
struct CorpusConversionTests {
  static let corpusPairs: [FixtureFile] = Fixtures.files(in: "valid", withSuffix: ".json", under: Fixtures.corpus)
    .map(FixtureFile.init)

  /// Every file in `Corpus/broken` that is a document (not its README or generator script).
  static let brokenFiles: [FixtureFile] =
    (Fixtures.files(in: "broken", withSuffix: ".json", under: Fixtures.corpus)
    + Fixtures.files(in: "broken", withSuffix: ".inertia", under: Fixtures.corpus)).map(FixtureFile.init)

  @Test(
    "each corpus JSON converts to its .inertia twin byte for byte, and the twin converts back", arguments: corpusPairs)
  func corpusPair(_ file: FixtureFile) throws {
    let json = try Fixtures.bytes(file.url)
    let inertia = try Fixtures.bytes(file.sibling("inertia"))
    // JSON → MessagePack, with the command itself.
    let toMessagePack = runConvert(["to-msgpack", file.url.path])
    #expect(toMessagePack.status == 0 && toMessagePack.stderr.isEmpty, "\(toMessagePack.stderr)")
    #expect(toMessagePack.stdout == inertia, "to-msgpack \(file.name) differs from its .inertia twin")
    // MessagePack → JSON → MessagePack, with the commands' rule for an Inertia document's numbers.
    let toJSON = runConvert(["to-json", file.sibling("inertia").path])
    #expect(toJSON.status == 0 && toJSON.stderr.isEmpty)
    #expect(try Converter.toMessagePack(json: toJSON.stdout, numbers: .inertia) == inertia)
    // Both read as the same value, the twin's float32s widened (a colour's the float32 nearest the JSON's).
    #expect(try JSONReader().read(json) == (try MessagePackReader().read(Converter.toMessagePack(json: json))))
    // A source laid out as the writer lays out JSON comes back as the very same text.
    if try Converter.toJSON(messagePack: try Converter.toMessagePack(json: json)) == json {
      #expect(toJSON.stdout == json)
    }
    // The extended form keeps every format: it comes back byte for byte, and for a twin in the canonical
    // form (not an Inertia document, or one whose numbers the rule leaves alone) it is the plain form.
    let extended = try Converter.toJSON(messagePack: inertia, options: .init(extended: true))
    #expect(try Converter.toMessagePack(json: extended, extended: true) == inertia)
    if try Converter.toMessagePack(json: json) == inertia {
      #expect(extended == (try Converter.toJSON(messagePack: inertia)))
    }
  }

  @Test(
    "each broken corpus file fails to convert with status 1, one line on stderr and no output", arguments: brokenFiles)
  func corpusBroken(_ file: FixtureFile) throws {
    let bytes = try Fixtures.bytes(file.url)
    let result = runConvert(["to-json", file.url.path])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.count == 1)
    let line = result.stderr.first ?? ""
    #expect(line.hasPrefix(file.url.path + ":"))
    #expect(!line.contains("\n"))
    // Into a file, nothing is written.
    let directory = try TemporaryDirectory()
    let written = runConvert(["to-json", file.url.path, "-o", directory.file("out.json")])
    #expect(written.status == 1)
    #expect(try directory.contents().isEmpty)
    // `to-msgpack` refuses it too, unless it is valid MessagePack that only JSON cannot hold, which
    // it writes back canonically.
    let toMessagePack = runConvert(["to-msgpack", file.url.path])
    if file.name.hasSuffix(".inertia"), let value = try? MessagePackReader().read(bytes) {
      #expect(toMessagePack.status == 0)
      #expect(toMessagePack.stdout == MessagePackWriter().write(value))
    } else {
      #expect(toMessagePack.status == 1)
      #expect(toMessagePack.stderr.count == 1)
    }
  }
}
