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

  /// `Corpus/editor/NAME/animation.inertia`: files as the editor writes them.
  static let editorFiles: [FixtureFile] = {
    let root = Fixtures.corpus.appendingPathComponent("editor")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.sorted().map {
      FixtureFile(url: root.appendingPathComponent($0).appendingPathComponent("animation.inertia"))
    }
  }()

  @Test("There are files as the editor writes them")
  func editorFilesExist() {
    #expect(Self.editorFiles.count >= 4)
  }

  @Test(
    "a file as the editor writes it comes back byte for byte through its plain JSON form, which is the one committed",
    arguments: editorFiles)
  func editorFile(_ file: FixtureFile) throws {
    let inertia = try Fixtures.bytes(file.url)
    let committedJSON = try Fixtures.bytes(file.sibling("json"))
    let toJSON = runConvert(["to-json", file.url.path])
    #expect(toJSON.status == 0 && toJSON.stderr.isEmpty, "\(toJSON.stderr)")
    #expect(toJSON.stdout == committedJSON, "\(file.url.path): the committed JSON form is stale")
    let back = runConvert(["to-msgpack", file.sibling("json").path])
    #expect(back.status == 0 && back.stderr.isEmpty, "\(back.stderr)")
    #expect(back.stdout == inertia, "\(file.url.path) does not come back byte for byte")
    // An Inertia document: the runtime's decoder reads it.
    #expect(InertiaSchema.isInertiaDocument(try IndexedDocument.read(inertia)))
    #expect(InertiaSchema.isInertiaDocument(try IndexedDocument.read(committedJSON)))
    // The extended form keeps it too.
    let extended = runConvert(["to-json", "--extended", file.url.path])
    let extendedBack = try Converter.toMessagePack(json: extended.stdout, extended: true)
    #expect(extendedBack == inertia)
    // Colours print as the user guide writes them (`0.33`): the shortest text of the float32, at most nine
    // significant digits, never the digits of the double it widens to (`0.33000001311302185`).
    let colourKeys = ["\"red\"", "\"green\"", "\"blue\"", "\"alpha\""]
    let colourLines = text(toJSON.stdout).split(separator: "\n").filter { line in
      colourKeys.contains { line.contains($0) }
    }
    for line in colourLines {
      let number = line.split(separator: ":")[1]
      let digits = number.filter { (c: Character) in c.isNumber }.drop { (c: Character) in c == "0" }
      #expect(digits.count <= 9, "\(file.url.path): \(line)")
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
