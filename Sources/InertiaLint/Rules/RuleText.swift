import InertiaFormat

/// Pieces the rules share: example fragments and wording.
enum RuleText {
  /// A pose with all five values, for examples.
  static let pose = #"{"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#

  /// What a finding of a rule about a file the SwiftUI runtime cannot decode says it does: the container
  /// decodes its file as it starts and calls `fatalError()` when that fails (Sources/Inertia/Inertia.swift of
  /// the SwiftUI runtime at e310d13).
  static let swiftUITrap =
    "the SwiftUI runtime cannot decode this, so a `dev: false` InertiaContainer traps at launch "
    + "(Inertia.swift:1020-1023 at e310d13)"

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

  /// A keyframe for MessagePack examples whose `scale` is NaN (in the extended JSON form), which the runtimes
  /// drop.
  static func nonFiniteKeyframe(_ id: String, _ duration: String) -> String {
    let values =
      #"{"scale": {"$float64": "NaN"}, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#
    return #"{"id": "\#(id)", "duration": \#(duration), "values": \#(values)}"#
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
    // Below a hundred million seconds, the whole milliseconds' digits with the point put in and the
    // fraction's trailing zeros dropped, which is what `number` writes for the rounded value (the shortest
    // decimal that reads back as it, at most three places, never in exponent form), without the cost of
    // writing a `Double`: many files have a track longer than the loop.
    guard milliseconds.magnitude < 1e11 else { return number(milliseconds / 1000) + " s" }
    let whole = Int(milliseconds)
    var (fraction, places) = (whole.magnitude % 1000, 3)
    while places > 0 && fraction % 10 == 0 { (fraction, places) = (fraction / 10, places - 1) }
    let sign = whole < 0 ? "-" : ""
    guard places > 0 else { return "\(sign)\(whole.magnitude / 1000) s" }
    let digits = String(fraction)
    return "\(sign)\(whole.magnitude / 1000).\(String(repeating: "0", count: places - digits.count))\(digits) s"
  }

  /// How the outline names a track in messages.
  static func trackName(_ track: DocumentOutline.Track, _ context: LintContext) -> String {
    if track.shapeIndex == nil, let animationID = track.id.flatMap(context.document.string(of:)) {
      return "animation '\(animationID)'"
    }
    let pointer = context.pointer(of: track.object).description
    return (track.shapeIndex == nil ? "the animation at " : "the shape animation at ") + pointer
  }
}

extension RuleText {
  /// A SwiftUI source making one container with `arguments` (and a `hierarchyId`), for app rules'
  /// examples; `marked` puts the marker at the container's name, where its findings go.
  static func swiftContainer(_ arguments: String, marked: Bool = false) -> String {
    """
    import Inertia
    let root = \(marked ? Example.marker : "")InertiaContainer(\(arguments), hierarchyId: "root") { Text("Hi") }
    """
  }

  /// A path as a shell reads it back: as it is when it holds only letters, digits and `_./-`, else in
  /// single quotes.
  static func shellQuoted(_ path: String) -> String {
    let plain =
      !path.isEmpty
      && path.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_./-".unicodeScalars.contains(scalar))
      }
    return plain
      ? path : "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
  }
}
