// Properties the fuzz targets check on every input, shared with the test suite, which replays every
// input that ever failed (`Tests/Fuzz/Regressions`). This file is compiled into both: keep it free of
// the test framework.
@testable import InertiaFormat

/// A property that did not hold for an input.
struct PropertyViolation: Error, CustomStringConvertible {
  var description: String
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyViolation) {
  if !condition { throw PropertyViolation(description: message()) }
}

extension MessagePackValue {
  /// This value with every float32 replaced by the float64 of the same value.
  var widenedFloat32s: MessagePackValue {
    switch self {
    case .float32(let f): return .float64(Double(f))
    case .array(let elements): return .array(elements.map(\.widenedFloat32s))
    case .map(let entries): return .map(entries.map { .init($0.key.widenedFloat32s, $0.value.widenedFloat32s) })
    default: return self
    }
  }
}

enum FormatFuzzChecks {
  /// Reading arbitrary bytes as MessagePack either fails with a located error or gives a value that
  /// writes back canonically and reads back equal; a canonical input comes back byte for byte. The index
  /// (``IndexedDocument``), which reads the common values on fast paths of its own, agrees with the
  /// reader: the same value, or the same error at the same place.
  static func messagePackReader(_ bytes: [UInt8]) throws(PropertyViolation) {
    let value: MessagePackValue
    // The linter reads files through the index, which reads MessagePack with fast paths of its own: it
    // agrees with the reader, the same value or the same error at the same place.
    let indexed = Result { () throws(FormatError) in try IndexedDocument.read(bytes, as: .messagePack) }
    do {
      value = try MessagePackReader().read(bytes)
    } catch {
      try require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the input")
      try require(!error.message.isEmpty, "empty error message")
      guard case .failure(let indexError) = indexed else {
        throw PropertyViolation(description: "the index read MessagePack the reader rejects: \(error)")
      }
      try require(
        indexError.offset == error.offset && indexError.message == error.message,
        "the index's error (\(indexError)) is not the reader's (\(error))")
      return
    }
    switch indexed {
    case .success(let document):
      try require(document.root.map(document.value(of:)) == value, "the index reads a different value than the reader")
    case .failure(let indexError):
      throw PropertyViolation(description: "the index rejected MessagePack the reader reads: \(indexError)")
    }
    let canonical = MessagePackWriter().write(value)
    let again = try? MessagePackReader().read(canonical)
    try require(again == value, "canonical re-encoding reads back different")
    try require(MessagePackWriter().write(again!) == canonical, "canonical form is not stable")
  }

  /// Reading arbitrary bytes as JSON either fails with a located error, or gives a value that the
  /// writer prints and the reader reads back equal, in both layouts. The converter (`to-msgpack`), which
  /// reads JSON with fast paths of its own, agrees with the reader: the same value's canonical bytes, or
  /// the same error at the same place.
  static func jsonReader(_ bytes: [UInt8]) throws(PropertyViolation) {
    let value: MessagePackValue
    let converted = Result { () throws(FormatError) in try Converter.toMessagePack(json: bytes) }
    do {
      value = try JSONReader().read(bytes)
    } catch {
      try require(error.line != nil && error.column != nil, "JSON error without line and column")
      try require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the input")
      guard case .failure(let convertError) = converted else {
        throw PropertyViolation(description: "the converter accepted JSON the reader rejects: \(error)")
      }
      try require(
        convertError.offset == error.offset && convertError.message == error.message,
        "the converter's error (\(convertError)) is not the reader's (\(error))")
      return
    }
    switch converted {
    case .success(let packed):
      try require(
        packed == MessagePackWriter().write(value), "the converter's MessagePack is not the value the reader read")
    case .failure(let convertError):
      throw PropertyViolation(description: "the converter rejected JSON the reader accepts: \(convertError)")
    }
    for style in [JSONWriter.Options.Style.pretty, .compact] {
      let text: [UInt8]
      do {
        text = try JSONWriter(options: .init(style: style)).write(value)
      } catch {
        throw PropertyViolation(description: "a value read from JSON cannot be written as JSON: \(error)")
      }
      let again = try? JSONReader().read(text)
      try require(again == value, "JSON written in \(style) layout reads back different")
    }
  }

  /// MessagePack → JSON → MessagePack gives the canonical bytes of the input's value in plain JSON, when
  /// the value fits it; and always, in the extended form, the same value with every number in its format.
  static func roundTrip(_ bytes: [UInt8]) throws(PropertyViolation) {
    guard let value = try? MessagePackReader().read(bytes) else {
      try require((try? Converter.toJSON(messagePack: bytes)) == nil, "converter accepted input the reader rejects")
      return
    }
    let canonical = MessagePackWriter().write(value)
    // Plain JSON has one number type: a float32 comes back as the float64 of the same value.
    let widenedCanonical = MessagePackWriter().write(value.widenedFloat32s)
    for extended in [false, true] {
      for style in [JSONWriter.Options.Style.pretty, .compact] {
        let json: [UInt8]
        do {
          json = try Converter.toJSON(messagePack: bytes, options: .init(style: style, extended: extended))
        } catch {
          try require(!extended, "extended JSON failed on valid MessagePack: \(error)")
          try require(!error.message.isEmpty, "empty error message")
          continue
        }
        let back: [UInt8]
        do {
          back = try Converter.toMessagePack(json: json, extended: extended)
        } catch {
          throw PropertyViolation(description: "JSON from to-json does not convert back: \(error)")
        }
        guard extended else {
          try require(back == widenedCanonical, "round trip (extended: false, \(style)) changed the bytes")
          continue
        }
        // The extended form keeps each number in the format it was written in (`d0 74` stays an int8, a
        // float32 stays one) and writes the rest canonically: the same value, canonical bytes kept exactly,
        // and its own output a fixed point.
        try require(
          (try? MessagePackReader().read(back)) == value, "round trip (extended, \(style)) changed the value")
        try require(
          bytes != canonical || back == bytes, "round trip (extended, \(style)) changed canonical bytes")
        let twice = try? Converter.toMessagePack(
          json: Converter.toJSON(messagePack: back, options: .init(style: style, extended: true)), extended: true)
        try require(twice == back, "round trip (extended, \(style)) is not a fixed point")
      }
    }
  }
}
