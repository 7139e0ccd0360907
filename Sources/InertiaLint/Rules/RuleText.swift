import InertiaFormat

/// Pieces the rules share: example fragments and wording.
enum RuleText {
  /// A pose with all five values, for examples.
  static let pose = #"{"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#

  /// A keyframe for examples.
  static func keyframe(_ id: String, _ duration: String) -> String {
    #"{"id": "\#(id)", "duration": \#(duration), "values": \#(pose)}"#
  }

  /// A file of one track whose keyframes (up to five: A, B, C…) take `durations`, marked at its `keyframes`
  /// array, where a finding about the track's length goes.
  static func trackMarkedAtKeyframes(_ durations: [String]) -> String {
    let keyframes = zip(["A", "B", "C", "D", "E"], durations).map { keyframe($0, $1) }
    return #"[{"id": "card0", "invokeType": "trigger", "initialValues": \#(pose), "keyframes": ↓["#
      + keyframes.joined(separator: ", ") + "]}]"
  }

  /// An animation object for examples, with the given keyframes and, optionally, shapes.
  static func animation(
    _ id: String = "card0", keyframes: [String] = [], shapes: String? = nil,
    invokeType: String = "trigger"
  ) -> String {
    let shapesField = shapes.map { #", "shapes": \#($0)"# } ?? ""
    return #"{"id": "\#(id)", "invokeType": "\#(invokeType)", "initialValues": \#(pose), "#
      + #""keyframes": [\#(keyframes.joined(separator: ", "))]\#(shapesField)}"#
  }

  /// A value as compact JSON, as a message shows a default: `0`, `"bottom"`, `[]`.
  static func json(_ value: MessagePackValue) -> String {
    (try? JSONWriter(options: .init(style: .compact)).writeString(value)) ?? "\(value)"
  }

  /// A number as a message shows it: `3`, `0.5`, `-0.001`, `nan`.
  static func number(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// Seconds as a message shows them, to the millisecond: `3 s`, `4.001 s`.
  static func seconds(_ value: Double) -> String {
    let milliseconds = (value * 1000).rounded()
    // Fast path, for every length below a hundred million seconds: the digits of the whole milliseconds, with the
    // point put in and the fraction's trailing zeros dropped. That is what `number` writes for them: a whole
    // number of seconds as an integer, and any other as the shortest decimal that reads back as the same
    // `Double` (the one nearest to the milliseconds over 1000, so that decimal itself, at most three
    // places, while a `Double` that large has a spacing far below a millisecond), never in exponent form
    // (which Swift uses below 0.0001).
    guard milliseconds.magnitude < 1e11 else { return number(milliseconds / 1000) + " s" }
    let whole = Int(milliseconds)
    let seconds = whole.magnitude / 1000
    var (places, placeCount) = (whole.magnitude % 1000, 3)
    while placeCount > 0 && places % 10 == 0 {
      places /= 10
      placeCount -= 1
    }
    var secondsDigits = 1
    var rest = seconds / 10
    while rest > 0 {
      rest /= 10
      secondsDigits += 1
    }
    // Written as bytes: a sign, at most eight digits, a point and three places, and " s", which fit in a
    // small string (15 bytes), made without an allocation.
    return String(unsafeUninitializedCapacity: 15) { buffer in
      var end = 0
      if whole < 0 {
        buffer[0] = UInt8(ascii: "-")
        end = 1
      }
      func write(_ number: UInt, digits: Int) {
        var rest = number
        for position in (end..<end + digits).reversed() {
          buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
        end += digits
      }
      write(seconds, digits: secondsDigits)
      if placeCount > 0 {
        buffer[end] = UInt8(ascii: ".")
        end += 1
        write(places, digits: placeCount)
      }
      buffer[end] = UInt8(ascii: " ")
      buffer[end + 1] = UInt8(ascii: "s")
      return end + 2
    }
  }

  /// How the outline names a track in messages.
  static func trackName(_ track: DocumentOutline.Track, _ context: LintContext) -> String {
    let name = trackNamePieces(track, context)
    return String(concatenating: { text in
      text.add(name.before)
      text.add(name.name)
      text.add(name.after)
    })
  }

  /// ``trackName(_:_:)`` in three pieces, for a message to join with its own in one string: the words
  /// before the track's id or pointer, the id or pointer, and what closes it.
  static func trackNamePieces(
    _ track: DocumentOutline.Track, _ context: LintContext
  ) -> (before: String, name: String, after: String) {
    if track.shapeIndex == nil, let animationID = track.id.flatMap(context.document.string(of:)) {
      return ("animation '", animationID, "'")
    }
    let pointer = context.pointer(of: track.object).description
    return (track.shapeIndex == nil ? "the animation at " : "the shape animation at ", pointer, "")
  }
}
