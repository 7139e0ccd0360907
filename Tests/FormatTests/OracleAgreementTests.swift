import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The `schema` rule's verdict, ``InertiaSchema/isInertiaDocument(_:)``, against what the SwiftUI runtime's
/// decoder makes of the same bytes: the decode oracle's verdicts (`Tests/FormatFixtures/oracle/`), over the
/// targeted cases, the corpus and the fuzz corpora.
///
/// Every fixture the oracle decodes passes; every one it traps on fails, by our reader refusing it or by
/// the walk finding an error of the kind the oracle's error names (a float64 colour the oracle cannot make
/// a `Float` of is a ``SchemaWalk/Sort/float32Field`` error, a repeated key a
/// ``SchemaWalk/Sort/duplicateKey`` one, and so on), except the documented exceptions
/// (``OracleAgreementTests/exceptions``).
@Suite("The schema rule agrees with the runtime's decoder (the decode oracle)")
struct OracleAgreementTests {
  static let directory = Fixtures.directory.appendingPathComponent("oracle")

  /// A fixture: where it comes from, and the bytes the oracle decoded (a JSON file's as `to-msgpack` writes
  /// them; `nil` for one it refuses, which the oracle never saw).
  struct Fixture: Sendable, CustomStringConvertible {
    let name: String
    let bytes: [UInt8]?
    var description: String { name }
  }

  /// The fuzz targets whose inputs are documents (the others' are source code, paths, three versions at once
  /// or choices that make documents), whose kept corpora and regressions are fixtures too.
  static let documentTargets = ["messagepack-reader", "json-reader", "round-trip", "lint", "fix"]

  /// Every fixture: the cases, the corpus and the document targets' fuzz corpora.
  static let fixtures: [Fixture] = {
    var found: [Fixture] = []
    func add(_ folder: URL, _ label: String) {
      let paths = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []).sorted()
      for path in paths {
        let url = folder.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
          let bytes = try? Fixtures.bytes(url)
        else { continue }
        let name = "\(label)/\(path)"
        if label == "Corpus" || label == "oracle/cases" {
          if path.hasSuffix(".inertia") {
            found.append(Fixture(name: name, bytes: bytes))
          } else if path.hasSuffix(".json") && label == "Corpus" {
            found.append(Fixture(name: name, bytes: try? Converter.toMessagePack(json: bytes, numbers: .inertia)))
          }
        } else {
          found.append(Fixture(name: name, bytes: bytes))
        }
      }
    }
    add(directory.appendingPathComponent("cases"), "oracle/cases")
    add(Fixtures.corpus, "Corpus")
    for folder in ["Tests/Fuzz/Corpus", "Tests/Fuzz/Regressions"] {
      for target in documentTargets {
        add(Fixtures.packageRoot.appendingPathComponent("\(folder)/\(target)"), "\(folder)/\(target)")
      }
    }
    return found
  }()

  /// The oracle's verdict on each fixture, by the SHA-256 of its bytes: `nil` for `decodes`, else its error.
  static let verdicts: [String: String?] = {
    guard let file = try? JSONReader().read(Fixtures.bytes(directory.appendingPathComponent("verdicts.json"))),
      let errors = file["errors"]?.arrayValue?.map({ $0.stringValue ?? "" }), let entries = file["verdicts"]?.mapEntries
    else { return [:] }
    var verdicts: [String: String?] = [:]
    for entry in entries {
      guard let digest = entry.key.stringValue, let fields = entry.value.arrayValue else { continue }
      if fields.first == "decodes" {
        verdicts[digest] = .some(nil)
      } else if case .int(let index)? = fields.dropFirst().first, errors.indices.contains(Int(index)) {
        verdicts[digest] = .some(errors[Int(index)])
      }
    }
    return verdicts
  }()

  /// The fixtures where the two disagree by design: our reader refuses what the runtime's decoder reads
  /// because it sits inside a value the runtime never reads, where our limits are stricter than the
  /// runtime's (it reads 1,000 levels of nesting, on an 8 MiB stack, and crashes near 14,000 at the latest;
  /// we stop at 512), or our reader refuses invalid UTF-8 anywhere (the runtime only in a string it
  /// reads). Each would crash or mislead the other runtimes' decoders, and our tools, no differently.
  static let exceptions: [String: String] = [
    "oracle/cases/deep-nesting-1000-in-ignored-value.inertia":
      "1,000 levels inside an unknown field: the runtime's decoder reads them, our reader stops at 512",
    "oracle/cases/invalid-utf8-in-ignored-value.inertia":
      "invalid UTF-8 inside an unknown field: the runtime never decodes that string, our reader refuses any",
  ]

  /// What our side makes of a fixture: the reader's refusal, or the error sorts the walk finds (none for an
  /// Inertia document).
  enum Ours {
    case refused(String)
    case walked(Set<SchemaWalk.Sort>)
  }

  static func ours(_ bytes: [UInt8]) -> Ours {
    let document: IndexedDocument
    do {
      document = try IndexedDocument.read(bytes, as: .messagePack)
    } catch {
      return .refused(error.message)
    }
    let events = SchemaWalk.events(in: document, limit: 1)
    #expect(InertiaSchema.isInertiaDocument(document) == !events.hasError)
    return .walked(Set(events.sorts.filter(\.isError)))
  }

  /// The sorts of error that agree in kind with the oracle's error: what the runtime's decoder failed on,
  /// read from its message. `nil` for a failure only our reader can match: the bytes themselves (trailing or
  /// missing bytes, invalid UTF-8, an unknown format byte) or a crash of the decoder on them (an allocation
  /// for a huge declared count, a stack overflow).
  static func allowedSorts(for error: String) -> Set<SchemaWalk.Sort>? {
    let structural: Set<SchemaWalk.Sort> = [.schema, .vertexShape]
    // A fault of the whole document (`at <top>`) is the top-level value's: not an array is a schema error.
    let atTop = error.contains(" at <top>")
    if error.hasPrefix("runtime trap (SIGILL): Index out of range") { return [.translateLength] }
    if error.hasPrefix("runtime trap") { return nil }
    // The decoder's own error, not the errors its message quotes inside a key it could not use.
    let failure = error.components(separatedBy: "Failed to decode MessagePack bytes. (").dropFirst().first ?? ""
    // It checks a map's keys before the map's type: a map of the wrong type with a repeated key (the walk: a
    // schema error, and the repeat inside a value the runtime does not read) fails on the key.
    if failure.hasPrefix("duplicateMapKey") { return [.duplicateKey, .schema] }
    if failure.hasPrefix("unsupportedKeyType") { return [.mapKeyType, .schema] }
    // A uint64 beyond `Int64.max` as a key.
    if error.contains("unsignedIntegerValueExceedsSupportedBounds") {
      return atTop ? [.mapKeyType, .schema] : [.mapKeyType]
    }
    // The bytes: trailing or missing bytes (also where the decoder lost its place after a key it could not
    // read, a map-key-type error), invalid UTF-8, an unknown format byte.
    if error.contains("extraBytesAtEndOfMessage") || error.contains("notEnoughBytesRemainingForRequest") {
      return [.mapKeyType]
    }
    for reader in ["failedToDecodeUTF8Bytes", "unrecognizedFirstByte"] where error.contains(reader) { return nil }
    // A timestamp extension that is no timestamp, where a value of another type is read.
    if error.contains("nanosecondsComponentExceedsMax") || error.contains("unknownFormat") {
      return atTop ? [.schema, .mapKeyType] : [.schema, .vertexShape, .mapKeyType]
    }
    let numberFound = error.contains("Found value `signedInteger") || error.contains("Found value `unsignedInteger")
    let floatFound = error.contains("Found value `float32(") || error.contains("Found value `float64(")
    if error.hasPrefix("typeMismatch(Float)") {
      if error.contains("Found value `float64(") { return [.float32Field] }
      // A CGFloat reads a Double, then a Float: either holds the integer exactly or neither does.
      if numberFound { return [.integerPrecision] }
      return structural
    }
    if error.hasPrefix("typeMismatch(Double)") { return numberFound ? [.integerPrecision] : structural }
    if error.hasPrefix("typeMismatch(Int)") { return numberFound || floatFound ? [.integerField] : structural }
    if error.hasPrefix("keyNotFound") || error.hasPrefix("valueNotFound") || error.hasPrefix("typeMismatch")
      || error.contains("Cannot initialize")
    {
      return atTop ? structural : structural.union([.translateLength])
    }
    return nil
  }

  @Test("Every fixture has the oracle's verdict (a fixture added or changed: run oracle/make-verdicts.py)")
  func everyFixtureHasAVerdict() {
    #expect(Self.fixtures.count > 9_000)
    let missing = Self.fixtures.compactMap { fixture in
      fixture.bytes.flatMap { Self.verdicts[SHA256.hex($0)] == nil ? fixture.name : nil }
    }
    #expect(missing.isEmpty, "no verdict for \(missing.prefix(20))")
  }

  @Test("The schema rule passes what the runtime decodes and fails what it traps on, for the same reason")
  func agreement() {
    var disagreements: [String] = []
    var (decodes, traps, refused, exceptionsMet) = (0, 0, 0, Set<String>())
    for fixture in Self.fixtures {
      guard let bytes = fixture.bytes, let verdict = Self.verdicts[SHA256.hex(bytes)] else { continue }
      let ours = Self.ours(bytes)
      switch (verdict, ours) {
      case (nil, .walked(let errors)) where errors.isEmpty:
        decodes += 1
      case (nil, _):
        if Self.exceptions[fixture.name] != nil {
          exceptionsMet.insert(fixture.name)
        } else {
          disagreements.append("\(fixture.name): the runtime decodes it, but \(ours)")
        }
      case (let error?, .refused):
        // Our reader refuses it: a fail, whatever the reason.
        _ = error
        refused += 1
      case (let error?, .walked(let errors)):
        if errors.isEmpty {
          disagreements.append("\(fixture.name): the runtime traps (\(error)), but the schema rule passes it")
        } else if let allowed = Self.allowedSorts(for: error), allowed.isDisjoint(with: errors) {
          disagreements.append("\(fixture.name): the runtime traps (\(error)), the walk finds \(errors) instead")
        } else if Self.allowedSorts(for: error) == nil {
          disagreements.append("\(fixture.name): the runtime fails on the bytes (\(error)), which our reader reads")
        } else {
          traps += 1
        }
      }
    }
    #expect(
      disagreements.isEmpty,
      "\(disagreements.count) disagreements:\n\(disagreements.prefix(30).joined(separator: "\n"))")
    #expect(
      exceptionsMet == Set(Self.exceptions.keys),
      "exceptions no longer met: \(Set(Self.exceptions.keys).subtracting(exceptionsMet))")
    // The fixtures reach every side: files that decode, files the walk fails, files the reader refuses.
    #expect(decodes >= 70 && traps >= 1_000 && refused >= 1_000, "\(decodes) \(traps) \(refused)")
  }

  @Test("Each targeted case: the oracle's verdict is the one reading the runtime's code predicted")
  func cases() throws {
    let cases = Fixtures.files(in: "oracle/cases", withSuffix: ".json")
    #expect(cases.count >= 90)
    for url in cases {
      let description = try JSONReader().read(Fixtures.bytes(url))
      let bytes = try Fixtures.bytes(url.deletingPathExtension().appendingPathExtension("inertia"))
      let verdict = try #require(Self.verdicts[SHA256.hex(bytes)], "\(url.lastPathComponent)")
      #expect(
        description["oracle_verdict"]?.stringValue == (verdict == nil ? "decodes" : "traps"), "\(url.lastPathComponent)"
      )
      #expect(description["expected_from_code_reading"] == description["oracle_verdict"], "\(url.lastPathComponent)")
    }
  }
}
