import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// Pairs of documents with known answers: what plays differently, in the diff's own terms.
@Suite("Motion diff")
struct MotionDiffTests {
  static let pose = #"{"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#

  static func keyframe(_ id: String?, _ duration: String, opacity: String = "1") -> String {
    let idField = id.map { #""id": "\#($0)", "# } ?? ""
    return
      #"{\#(idField)"duration": \#(duration), "values": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": \#(opacity)}}"#
  }

  static func animation(
    _ id: String, invokeType: String = "trigger", _ keyframes: [String], shapes: String? = nil
  ) -> String {
    #"{"id": "\#(id)", "invokeType": "\#(invokeType)", "initialValues": \#(pose), "keyframes": [\#(keyframes.joined(separator: ", "))]\#(shapes.map { #", "shapes": \#($0)"# } ?? "")}"#
  }

  /// card0: keyframes A, B, C, D at durations 0, 1, 1, 1 (0.001, 1.001, 2.001, 3.001 s), opacity 1, 0, 1, 0.5;
  /// title1: 0.5 s long.
  static func base(durations: [String] = ["0", "1", "1", "1"], shapes: String? = nil) -> String {
    let ids = ["A", "B", "C", "D"]
    let opacities = ["1", "0", "1", "0.5"]
    let card = animation(
      "card0", zip(ids, zip(durations, opacities)).map { keyframe($0, $1.0, opacity: $1.1) }, shapes: shapes)
    let title = animation("title1", invokeType: "auto", [keyframe("T", "0.5", opacity: "0")])
    return "[\(card), \(title)]"
  }

  static func diff(_ old: String, _ new: String) throws -> InertiaMotionDiff {
    InertiaMotionDiff(
      from: try .init(IndexedDocument.read(Array(old.utf8))), to: try .init(IndexedDocument.read(Array(new.utf8))))
  }

  @Test("One duration changed: every later keyframe moves, the track's end and the loop follow, others hold longer")
  func oneDurationChanged() throws {
    let diff = try Self.diff(Self.base(), Self.base(durations: ["0", "1.5", "1", "1"]))
    #expect(!diff.playsTheSame)
    #expect(diff.loop.before == 3.001 && diff.loop.after == 3.501)
    #expect(diff.loop.setAfter == InertiaMotionDiff.TrackName(animation: "card0", isShape: false, shape: nil))
    #expect(diff.animations.count == 1)
    let track = try #require(diff.animations[0].track)
    #expect(track.keyframes.map(\.id) == ["B", "C", "D"])
    #expect(track.keyframes.allSatisfy { $0.isMoved })
    #expect(track.keyframes.map(\.time.before) == [1.001, 2.001, 3.001])
    #expect(track.keyframes.map(\.time.after) == [1.501, 2.501, 3.501])
    #expect(track.keyframes[0].duration == .init(1, 1.5))
    #expect(track.keyframes[1].duration == .init(1, 1))
    #expect(track.end == .init(3.001, 3.501))
    #expect(diff.holds.count == 1 && diff.holds[0].track.animation == "title1" && diff.holds[0].from == 0.5)
    #expect(diff.holds[0].until == .init(3.001, 3.501))
  }

  @Test("Keyframes reordered and inserted are matched by id: the inserted one reads as added, the rest as moved")
  func reorderedAndInserted() throws {
    let old =
      "[\(Self.animation("card0", [Self.keyframe("A", "0"), Self.keyframe("B", "1"), Self.keyframe("C", "1", opacity: "0")]))]"
    let new =
      "[\(Self.animation("card0", [Self.keyframe("A", "0"), Self.keyframe("N", "0.5", opacity: "0.5"), Self.keyframe("C", "1", opacity: "0"), Self.keyframe("B", "1")]))]"
    let diff = try Self.diff(old, new)
    let keyframes = try #require(diff.animations.first?.track?.keyframes)
    let byID = Dictionary(uniqueKeysWithValues: keyframes.map { ($0.id!, $0) })
    #expect(Set(byID.keys) == ["N", "C", "B"])
    #expect(byID["N"]!.status == .added && byID["N"]!.time.after == 0.501)
    #expect(byID["N"]!.values.first { $0.name == "opacity" }?.after == .number(0.5))
    #expect(byID["C"]!.index == .init(2, 2) && byID["C"]!.time == .init(2.001, 1.501))
    #expect(byID["B"]!.index == .init(1, 3) && byID["B"]!.time == .init(1.001, 2.501))
    #expect(byID["C"]!.values.isEmpty && byID["B"]!.values.isEmpty)
    #expect(diff.positionMatches.isEmpty)
  }

  @Test("A shape restyled: its fill, by colour, and its width")
  func shapeRestyled() throws {
    let shape = { (fill: String, width: String) in
      #"[{"id": "S1", "zIndex": 1, "shape": {"id": "D", "type": "circle", "width": \#(width), "height": 0.5, "fill": \#(fill)}}]"#
    }
    let blue = #"{"red": 0.33, "green": 0.35, "blue": 0.86, "alpha": 1}"#
    let coral = #"{"red": 0.98, "green": 0.45, "blue": 0.38, "alpha": 1}"#
    let diff = try Self.diff(Self.base(shapes: shape(blue, "0.5")), Self.base(shapes: shape(coral, "0.75")))
    #expect(!diff.playsTheSame && !diff.loop.isChanged)
    let change = try #require(diff.animations.first)
    #expect(change.track == nil)
    #expect(change.shapes.count == 1 && change.shapes[0].id == "S1" && change.shapes[0].status == .changed)
    let fields = change.shapes[0].fields
    #expect(fields.map(\.name) == ["width", "fill"])
    #expect(fields[1].before?.hexColour == "#5459DB" && fields[1].after?.hexColour == "#FA7361")
    #expect(fields[0].before == .number(0.5) && fields[0].after == .number(0.75))
    // A zIndex change that leaves the drawing order as it was plays the same.
    let raised = Self.base(shapes: shape(blue, "0.5").replacingOccurrences(of: #""zIndex": 1"#, with: #""zIndex": 4"#))
    let same = try Self.diff(Self.base(shapes: shape(blue, "0.5")), raised)
    #expect(same.playsTheSame)
  }

  @Test("An animation added and another removed")
  func addedAndRemoved() throws {
    let old =
      "[\(Self.animation("card0", [Self.keyframe("A", "0")])), \(Self.animation("gone", [Self.keyframe("G", "2")]))]"
    let new =
      "[\(Self.animation("card0", [Self.keyframe("A", "0")])), \(Self.animation("badge", invokeType: "auto", [Self.keyframe("X", "0"), Self.keyframe("Y", "1")]))]"
    let diff = try Self.diff(old, new)
    #expect(diff.animations.map(\.status) == [.added, .removed])
    #expect(diff.animations.map(\.id) == ["badge", "gone"])
    #expect(diff.animations[0].invokeType == .init(nil, "auto"))
    #expect(diff.animations[0].track?.keyframes.map(\.status) == [.added, .added])
    #expect(diff.animations[0].track?.end == .init(nil, 1.001))
    #expect(diff.animations[1].track?.keyframes.map(\.time.before) == [2])
    #expect(diff.animations.allSatisfy { $0.shapes.isEmpty })
  }

  @Test("The file's own loopDuration sets each version's loop; a keyframe with a value that is not finite is dropped")
  func fileLoopDuration() throws {
    // The container seeds its loop from the file's loopDuration (Inertia.swift:401-403, 950-954 at e310d13).
    let longer = Self.base().replacingOccurrences(
      of: "\"invokeType\": \"auto\"", with: "\"invokeType\": \"auto\", \"loopDuration\": 5")
    let diff = try Self.diff(Self.base(), longer)
    #expect(diff.loopDuration == nil)
    #expect(diff.loop.before == 3.001 && diff.loop.after == 5)
    #expect(diff.loop.durationBefore == 3 && diff.loop.durationAfter == 5)
    #expect(diff.loop.setAfter == nil)
    // An app's loop duration plays both at it.
    let app = InertiaMotionDiff(
      from: try .init(IndexedDocument.read(Array(Self.base().utf8))),
      to: try .init(IndexedDocument.read(Array(longer.utf8))), loopDuration: 3)
    #expect(app.loop.durationAfter == 3 && app.loop.after == 3.001)
    // A NaN value drops its keyframe (Inertia.swift:2694): card0's track ends 1 s earlier (2.001 s), so the loop
    // falls back to the loop duration. Read from MessagePack, which can hold a NaN.
    let nan = Self.base().replacingOccurrences(of: "\"opacity\": 0.5", with: "\"opacity\": {\"$float64\": \"NaN\"}")
    let value = try JSONReader(extended: true).read(Array(nan.utf8))
    let dropped = InertiaMotionDiff(
      from: try .init(IndexedDocument.read(Array(Self.base().utf8))),
      to: try .init(IndexedDocument.read(MessagePackWriter().write(value))))
    #expect(dropped.loop.before == 3.001 && dropped.loop.after == 3)
  }

  @Test("A duration made 0 is a repair gained: the keyframe plays as 1 ms, and every later one moves")
  func durationMadeZero() throws {
    let diff = try Self.diff(Self.base(), Self.base(durations: ["0", "1", "0", "1"]))
    let keyframes = try #require(diff.animations.first?.track?.keyframes)
    let c = try #require(keyframes.first { $0.id == "C" })
    #expect(c.duration == .init(1, 0) && c.repaired == .init(false, true))
    #expect(c.time == .init(2.001, 0.001 + 1 + 0.001))
    #expect(keyframes.first { $0.id == "D" }?.time == .init(3.001, 0.001 + 1 + 0.001 + 1))
    #expect(
      diff.loop
        == .init(
          before: 3.001, after: 3, setBefore: .init(animation: "card0", isShape: false, shape: nil), setAfter: nil,
          durationBefore: 3, durationAfter: 3))
    // And back: the repair lost.
    let back = try Self.diff(Self.base(durations: ["0", "1", "0", "1"]), Self.base())
    #expect(back.animations.first?.track?.keyframes.first { $0.id == "C" }?.repaired == .init(true, false))
  }

  @Test("The same document in both encodings, keys reordered, float32s, 1 and 1.0: plays the same")
  func samePlayback() throws {
    let json = try String(
      contentsOf: Fixtures.corpus.appendingPathComponent("valid/onboarding-flow.json"), encoding: .utf8)
    let messagePack = try Converter.toMessagePack(json: Array(json.utf8))
    #expect(
      try Self.diff(json, String(decoding: Converter.toJSON(messagePack: messagePack), as: UTF8.self)).playsTheSame)
    let version = try InertiaMotionDiff.Version(IndexedDocument.read(Array(json.utf8)))
    let packed = try InertiaMotionDiff.Version(IndexedDocument.read(messagePack))
    #expect(InertiaMotionDiff(from: version, to: packed).playsTheSame)
    let wholeNumbers = Self.base()
    let floats = wholeNumbers.replacingOccurrences(of: #""duration": 1,"#, with: #""duration": 1.0,"#)
    #expect(floats != wholeNumbers)
    #expect(try Self.diff(wholeNumbers, floats).playsTheSame)
    // Key order, and every number as a float32 where that is exact.
    let value = try MessagePackReader().read(Converter.toMessagePack(json: Array(wholeNumbers.utf8)))
    func rewritten(_ value: MessagePackValue) -> MessagePackValue {
      switch value {
      case .int(let i): return .float32(Float(i))
      case .float64(let d) where Double(Float(d)) == d: return .float32(Float(d))
      case .array(let elements): return .array(elements.map(rewritten))
      case .map(let entries): return .map(entries.reversed().map { .init($0.key, rewritten($0.value)) })
      default: return value
      }
    }
    let other = try InertiaMotionDiff.Version(IndexedDocument.read(MessagePackWriter().write(rewritten(value))))
    #expect(InertiaMotionDiff(from: try .init(IndexedDocument.read(Array(wholeNumbers.utf8))), to: other).playsTheSame)
  }

  @Test(
    "What plays the same is no difference: keyframe ids renamed, a copy of the last pose appended, animations reordered"
  )
  func structuralButSame() throws {
    let renamed = Self.base().replacingOccurrences(of: #""id": "C""#, with: #""id": "C2""#)
    #expect(try Self.diff(Self.base(), renamed).playsTheSame)
    let card = Self.animation("card0", [Self.keyframe("A", "0"), Self.keyframe("B", "1", opacity: "0")])
    let held = Self.animation(
      "card0",
      [Self.keyframe("A", "0"), Self.keyframe("B", "1", opacity: "0"), Self.keyframe("H", "0.5", opacity: "0")])
    let title = Self.animation("title1", [Self.keyframe("T", "1")])
    #expect(try Self.diff("[\(card), \(title)]", "[\(title), \(held)]").playsTheSame)
    // A field no runtime reads.
    #expect(try Self.diff("[\(title)]", "[\(title.dropLast()), \"note\": \"x\"}]").playsTheSame)
  }

  @Test("Values read the same however encoded: key order, number forms, and a nil optional field as absent")
  func encodingsAside() throws {
    let plain = Self.base(shapes: #"[{"id": "S", "shape": {"id": "D", "type": "oval", "width": 1, "height": 0.5}}]"#)
    let other = Self.base(
      shapes: #"[{"shape": {"height": 0.5, "width": 1.0, "type": "oval", "id": "D", "fill": null}, "id": "S"}]"#)
    #expect(try Self.diff(plain, other).playsTheSame)
  }

  @Test("invokeType and initialValues are reported by field name")
  func invokeTypeAndInitialValues() throws {
    let old = "[\(Self.animation("card0", [Self.keyframe("A", "1")]))]"
    let new = old.replacingOccurrences(of: #""trigger""#, with: #""auto""#)
      .replacingOccurrences(of: #""initialValues": {"scale": 1"#, with: #""initialValues": {"scale": 2"#)
    let change = try #require(try Self.diff(old, new).animations.first)
    #expect(change.invokeType == .init("trigger", "auto"))
    #expect(change.track?.initialValues == [.init(name: "scale", before: .number(1), after: .number(2))])
  }

  @Test("Missing or repeated keyframe ids fall back to position, and the diff says so")
  func positionFallback() throws {
    let old = "[\(Self.animation("card0", [Self.keyframe(nil, "0"), Self.keyframe("B", "1", opacity: "0")]))]"
    let new = "[\(Self.animation("card0", [Self.keyframe(nil, "0"), Self.keyframe("B", "2", opacity: "0")]))]"
    let diff = try Self.diff(old, new)
    #expect(diff.positionMatches == [.init(list: .keyframes, animation: "card0", shapePath: [], idsMissing: true)])
    #expect(diff.animations.first?.track?.keyframes.map(\.index) == [.init(1, 1)])
    let repeated = try Self.diff(
      "[\(Self.animation("card0", [Self.keyframe("A", "0"), Self.keyframe("A", "1", opacity: "0")]))]",
      "[\(Self.animation("card0", [Self.keyframe("A", "0"), Self.keyframe("A", "2", opacity: "0")]))]")
    #expect(repeated.positionMatches.first?.idsMissing == false)
  }

  @Test("Animations sharing an id are matched in file order, and the change says which of them it is")
  func repeatedAnimationIDs() throws {
    let first = Self.animation("dup", [Self.keyframe("A", "1", opacity: "0")])
    let second = Self.animation("dup", [Self.keyframe("B", "1", opacity: "0.5")])
    let changed = Self.animation("dup", [Self.keyframe("B", "2", opacity: "0.5")])
    let diff = try Self.diff("[\(first), \(second)]", "[\(first), \(changed)]")
    #expect(diff.animations.count == 1 && diff.animations[0].id == "dup" && diff.animations[0].occurrence == 1)
    #expect(diff.positionMatches == [.init(list: .animations, animation: nil, shapePath: [], idsMissing: false)])
  }

  @Test("A side that is no animation file the runtimes read is an error naming the place; an id is not")
  func unreadable() throws {
    let broken = Self.base().replacingOccurrences(of: #""duration": 1,"#, with: #""duration": "1","#)
    let document = try IndexedDocument.read(Array(broken.utf8))
    #expect(throws: InertiaMotionReadError.self) { try InertiaMotionDiff.Version(document) }
    do {
      _ = try InertiaMotionDiff.Version(document)
    } catch {
      #expect(error.path == JSONPointer(parsing: "/0/keyframes/1/duration"))
      #expect(error.line == 1 && error.message.hasPrefix("expected a number, found"))
    }
    let noID = Self.base().replacingOccurrences(of: #""id": "B", "#, with: "")
    #expect(throws: Never.self) { try InertiaMotionDiff.Version(IndexedDocument.read(Array(noID.utf8))) }
  }

  @Test(
    "Every input the diff fuzz target kept or failed on holds its property",
    arguments: FuzzInput.all(of: ["diff"], in: ["Regressions", "Corpus"]))
  func fuzzInputs(_ input: FuzzInput) throws {
    try DiffFuzzChecks.diff(input.bytes())
  }
}
