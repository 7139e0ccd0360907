import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The `catch` examples at the top of the decoders' documentation compile, run, and print what their
/// comments say. Each example is copied here verbatim between markers, and a test fails when the copy and
/// the documentation differ.
@Suite("The decoders' documented catch examples")
struct DecoderDocumentationTests {
  /// What `MessagePackDecoder`'s example prints for `bytes`.
  static func messagePackExample(_ bytes: [UInt8]) throws -> [String] {
    var printed: [String] = []
    func print(_ item: Any) { printed.append("\(item)") }
    // Begin: MessagePackDecoder
    do {
      let animations = try MessagePackDecoder().decode([InertiaAnimation].self, from: bytes)
      print("\(animations.count) animations")
    } catch DecodingError.dataCorrupted(let context) where context.underlyingError is FormatError {
      let error = context.underlyingError as! FormatError
      print(error)  // offset 5: str8 length 200 runs past the end of the input (4 bytes left) at /0/id
    } catch DecodingError.keyNotFound(_, let context), DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context)
    {
      print(context.debugDescription)  // [0].keyframes[1].values.translate: expected at least 2 numbers, found 1
    }
    // End: MessagePackDecoder
    return printed
  }

  /// What `InertiaJSONDecoder`'s example prints for `json`.
  static func jsonExample(_ json: Data) throws -> [String] {
    var printed: [String] = []
    func print(_ item: Any) { printed.append("\(item)") }
    // Begin: InertiaJSONDecoder
    do {
      let animations = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: json)
      print("\(animations.count) animations")
    } catch DecodingError.dataCorrupted(let context) where context.underlyingError is FormatError {
      let error = context.underlyingError as! FormatError
      print(error)  // 2:24: expected ',' or '}', found '"' at /0
    } catch DecodingError.keyNotFound(_, let context), DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context)
    {
      print(context.debugDescription)  // [0].keyframes[1]: missing field "duration"
    }
    // End: InertiaJSONDecoder
    return printed
  }

  static let sourceDirectory = Fixtures.packageRoot.appendingPathComponent("Sources/InertiaFormat/Codable")

  @Test("The examples here are the documentation's, verbatim", arguments: ["MessagePackDecoder", "InertiaJSONDecoder"])
  func examplesAreVerbatim(_ type: String) throws {
    let documented = try Self.documentedExample(of: type)
    let copied = try Self.copiedExample(of: type)
    #expect(documented.count > 5)
    #expect(copied == documented)
  }

  @Test("MessagePackDecoder: a file decodes; broken bytes give the FormatError; a wrong value its path")
  func messagePack() throws {
    let outputs = try Self.documentedOutputs(of: "MessagePackDecoder")
    #expect(try Self.messagePackExample(MessagePackWriter().write(SpecExamples.animationFile)) == ["1 animations"])
    let truncated = try Fixtures.bytes(Fixtures.corpus.appendingPathComponent("broken/truncated-str8.inertia"))
    let broken = try Self.messagePackExample(truncated)
    #expect(broken == [outputs.formatError])
    let translate = JSONPointer(parsing: "/0/keyframes/1/values/translate")!
    let oneNumber = animationFile(replacing: translate, with: [1])
    let wrong = try Self.messagePackExample(MessagePackWriter().write(oneNumber))
    #expect(wrong == [outputs.path])
  }

  @Test("InertiaJSONDecoder: a file decodes; broken text gives the FormatError; a missing field its path")
  func json() throws {
    let outputs = try Self.documentedOutputs(of: "InertiaJSONDecoder")
    let card0 = try Data(contentsOf: Fixtures.corpus.appendingPathComponent("valid/card0-trigger.json"))
    #expect(try Self.jsonExample(card0) == ["1 animations"])
    let missingComma = Data("[{\"id\": \"card0\",\n  \"invokeType\": \"auto\" \"initialValues\": {}}]".utf8)
    let broken = try Self.jsonExample(missingComma)
    #expect(broken == [outputs.formatError])
    let noDuration = animationFile(replacing: JSONPointer(parsing: "/0/keyframes/1/duration")!, with: nil)
    let wrong = try Self.jsonExample(Data(JSONWriter().write(noDuration)))
    #expect(wrong == [outputs.path])
  }

  /// The second Swift code block of the type's documentation comment, without `/// ` and its fences.
  static func documentedExample(of type: String) throws -> [String] {
    let source = try String(contentsOf: sourceDirectory.appendingPathComponent("\(type).swift"), encoding: .utf8)
    let lines: [String] = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let comment: [String] = lines.prefix { !$0.hasPrefix("public struct") }.filter { $0.hasPrefix("///") }.map {
      String($0.dropFirst($0.hasPrefix("/// ") ? 4 : 3))
    }
    let blocks = DocumentedExamples.swiftBlocks(in: comment)
    guard blocks.count >= 2 else { throw CocoaError(.fileReadCorruptFile) }
    return blocks[1]
  }

  /// The lines between this file's `// Begin: TYPE` and `// End: TYPE`, without their common indentation.
  static func copiedExample(of type: String) throws -> [String] {
    try DocumentedExamples.copy(named: type, inFile: #filePath)
  }

  /// The outputs the example's comments promise: after `print(error)` and after `print(context…)`.
  static func documentedOutputs(of type: String) throws -> (formatError: String, path: String) {
    let example = try documentedExample(of: type)
    func comment(after call: String) -> String {
      let line = example.first { $0.contains(call) } ?? ""
      return line.components(separatedBy: "  // ").dropFirst().joined(separator: "  // ")
    }
    return (comment(after: "print(error)"), comment(after: "print(context.debugDescription)"))
  }
}
